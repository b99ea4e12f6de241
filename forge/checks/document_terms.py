"""A glossary built from a document's bold terms: every term the author set in bold in the body,
once, listed as bullets or tabled with the sentence that defines it, alphabetically or in the
order the terms first appear; under a heading at the end of the document, or in a document of its
own. Bold is read per character, so however Writer splits the runs the terms are the same.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field

from forge.checks.document import DocumentEdit, tables_same, blocks, fold, paragraphs_diff
from forge.checks.document_edits import LIST_STYLES, loose_paragraphs
from forge.checks.source import input_view, output_view
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.views import DocumentView, Paragraph

SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def bold_terms(view: DocumentView) -> list[tuple[str, str]]:
    """(term, the sentence it stands in) for each distinct bold stretch of the body text, in order."""
    found: dict[str, tuple[str, str]] = {}
    for p in view.paragraphs:
        if p.heading_level is not None:
            continue
        flags = [bool(r.bold) for r in p.runs for _ in r.text]
        text = "".join(r.text for r in p.runs)
        for match in re.finditer(r"1+", "".join("1" if f else "0" for f in flags)):
            term = fold(text[match.start():match.end()]).strip(" ,;:.")
            if not term:
                continue
            cut = [0, *(m.end() for m in SENTENCE_END.finditer(text)), len(text)]
            start = max(c for c in cut if c <= match.start())
            end = min(c for c in cut if c > match.start())
            found.setdefault(term.casefold(), (term, fold(text[start:end])))
    return list(found.values())


class GlossaryBuilt(DocumentEdit):
    heading: str = Field(description="The glossary's heading (a Heading 1, or the new document's title line).")
    form: Literal["list", "table"] = Field(description="list: one bullet per term; table: Term | Definition, the "
                                           "definition the sentence the term is bold in.")
    order: Literal["alphabetical", "appearance"]
    separate: bool = Field(default=False, description="The glossary is a document of its own (the input untouched).")


def _expected(original: DocumentView, opts: GlossaryBuilt) -> list[tuple[str, str]]:
    terms = bold_terms(original)
    return sorted(terms, key=lambda t: t[0].casefold()) if opts.order == "alphabetical" else terms


@register_check("document.glossary_built", GlossaryBuilt, view="document")
def glossary_built(state: FinalState, opts: GlossaryBuilt) -> Verdict:
    """The glossary heading, then every bold term of the body exactly once in the order asked: as
    bulleted paragraphs, or as the rows of a new Term | Definition table under a header row; at the
    end of the document with everything before it as it was, or as a document of its own."""
    original, output = input_view(state, opts.input_file, DocumentView), output_view(state, opts.file, DocumentView)
    terms = _expected(original, opts)
    if not terms:
        return Verdict.of(False, f"{opts.input_file} has no bold terms in its body")
    after = blocks(output)
    kept = [] if opts.separate else loose_paragraphs(blocks(original))
    items = [Paragraph(text=t) for t, _ in terms] if opts.form == "list" else []
    if opts.separate and after and after[0].heading_level in (0, 1):
        after[0] = after[0].model_copy(update={"heading_level": 1, "style": ""})
    head = Paragraph(text=opts.heading, heading_level=1)
    if msg := paragraphs_diff([*kept, head, *items], loose_paragraphs(after), opts.file):
        return Verdict.of(False, msg)
    for n, p in enumerate(after[len(kept) + 1:], start=len(kept) + 2):
        if not p.style.startswith(LIST_STYLES["bullet"]):
            return Verdict.of(False, f"paragraph {n} ({fold(p.text)[:40]!r}) has style {p.style!r}; a glossary "
                              f"bullet uses {LIST_STYLES['bullet'][0]!r}")
    given = [] if opts.separate else original.tables
    if opts.form == "list":
        if msg := tables_same(original.model_copy(update={"tables": given}), output, opts.file):
            return Verdict.of(False, msg)
        return Verdict.of(True, f"a glossary of {len(terms)} bold terms ({opts.order}) under {opts.heading!r}")
    if len(output.tables) != len(given) + 1:
        return Verdict.of(False, f"{opts.file} has {len(output.tables)} tables; expected {len(given) + 1} (the "
                          "glossary table added)")
    if msg := tables_same(original.model_copy(update={"tables": given}),
                           output.model_copy(update={"tables": output.tables[:-1]}), opts.file):
        return Verdict.of(False, msg)
    rows = [[fold(str(c or "")) for c in row] for row in output.tables[-1].rows]
    want = [["Term", "Definition"], *([fold(t), d] for t, d in terms)]
    for n, (w, h) in enumerate(zip(want, rows, strict=False), start=1):
        if [c.casefold() for c in w] != [c.casefold() for c in h]:
            return Verdict.of(False, f"row {n} of the glossary table reads {h}, expected {w}")
    if len(rows) != len(want):
        return Verdict.of(False, f"the glossary table has {len(rows) - 1} terms, expected {len(terms)}")
    return Verdict.of(True, f"a glossary table of {len(terms)} bold terms ({opts.order}) under {opts.heading!r}")
