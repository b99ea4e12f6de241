"""A house-style word list applied to a document: every word or phrase the list says to avoid
('e-mail', 'web site') replaced by the form it says to use, as whole words, an occurrence with a
capital first letter given a capital too; in the body text only, or in the tables, the page
header and the footer as well. The list is a table (a CSV export or a Word document's table) read
through its view; everything else stays as it was.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field

from forge.checks.document import DocumentEdit, blocks, fold, paragraphs_diff
from forge.checks.source import input_view, output_view
from forge.checks.spec import InputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import DocumentView, TableView


class WordListApplied(DocumentEdit):
    list_file: InputPath = Field(description="The word list: a table whose columns name the forms.")
    avoid_column: str = Field(description="The list's column of the forms to avoid.")
    use_column: str = Field(description="The list's column of the forms to use instead.")
    scope: Literal["body", "everywhere"] = Field(description="body: the paragraphs only (tables, header and footer "
                                                 "unchanged); everywhere: also table cells, headers and footers.")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def replacer(pairs: dict[str, str]) -> tuple[re.Pattern[str], dict[str, str]]:
    """One pattern over every form to avoid (longest first, as whole words, lower or capitalised)
    and the replacement of each matched form."""
    swaps = {**pairs, **{_capital(a): _capital(u) for a, u in pairs.items()}}
    forms = sorted(swaps, key=len, reverse=True)
    return re.compile(r"(?<!\w)(" + "|".join(re.escape(f) for f in forms) + r")(?!\w)"), swaps


@register_check("document.word_list_applied", WordListApplied, view="document")
def word_list_applied(state: FinalState, opts: WordListApplied) -> Verdict:
    """Every listed form to avoid reads as the form to use (capitalised where it was), in one pass,
    in the paragraphs and - with scope 'everywhere' - the table cells, headers and footers; the
    rest of the text, paragraph styles and levels, and (with scope 'body') the tables and margins
    unchanged."""
    listing = input_view(state, opts.list_file, TableView).get()
    avoid, use = listing.need_col(opts.avoid_column, opts.list_file), listing.need_col(opts.use_column, opts.list_file)
    pairs = {fold(str(r[avoid])): fold(str(r[use])) for r in listing.body if r[avoid] is not None and r[use] is not None}
    if not pairs:
        return Verdict.of(False, f"{opts.list_file} lists no forms to avoid")
    pattern, swaps = replacer(pairs)

    def fix(text: str) -> str:
        return pattern.sub(lambda m: swaps[m.group(1)], text)

    original, output = input_view(state, opts.input_file, DocumentView), output_view(state, opts.file, DocumentView)
    everywhere = opts.scope == "everywhere"
    texts = [p.text for p in original.paragraphs]
    if everywhere:
        texts += original.headers + original.footers + [str(c) for t in original.tables for r in t.rows for c in r]
    if not any(pattern.search(t) for t in texts):
        return Verdict.of(False, f"{opts.input_file} holds none of the forms {opts.list_file} lists")
    expected = [p.model_copy(update={"text": fix(p.text)}) for p in blocks(original)]
    if msg := paragraphs_diff(expected, blocks(output), opts.file):
        return Verdict.of(False, msg)
    for what, want, have in (("header", original.headers, output.headers), ("footer", original.footers,
                                                                             output.footers)):
        wanted = [fold(fix(t) if everywhere else t) for t in want]
        if [fold(t) for t in have] != wanted:
            return Verdict.of(False, f"the {what}s of {opts.file} read {[fold(t) for t in have]}, expected {wanted}")
    if len(output.tables) != len(original.tables):
        return Verdict.of(False, f"{opts.file} has {len(output.tables)} tables, expected {len(original.tables)}")
    for n, (a, b) in enumerate(zip(original.tables, output.tables, strict=True), start=1):
        for r, (row_a, row_b) in enumerate(zip(a.rows, b.rows, strict=False), start=1):
            want_row = [fold(fix(str(c or "")) if everywhere else str(c or "")) for c in row_a]
            if [fold(str(c or "")) for c in row_b] != want_row:
                return Verdict.of(False, f"row {r} of table {n} of {opts.file} reads {[fold(str(c or '')) for c in row_b]}"
                                  f", expected {want_row}")
        if len(a.rows) != len(b.rows):
            return Verdict.of(False, f"table {n} of {opts.file} has {len(b.rows)} rows, expected {len(a.rows)}")
    return Verdict.of(True, f"{len(pairs)} listed forms applied ({opts.scope})")
