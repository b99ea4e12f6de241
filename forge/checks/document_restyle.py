"""Paragraphs restyled by a rule (Writer's Find & Replace with "Paragraph Styles", or by hand):
every paragraph that starts with a stated label such as 'Note:', or every paragraph that is a
quotation in double quotes, given a named paragraph style or set wholly in italics. The rule
decides which paragraphs change; the words, the other paragraphs' styles and italics, and the
tables stay as they were.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field

from forge.checks.document import DocumentEdit, blocks, fold, paragraphs_diff, tables_same
from forge.checks.document_edits import loose_paragraphs
from forge.checks.document_lists import changed_outside
from forge.checks.source import input_view, output_view
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.views import DocumentView, Paragraph

QUOTED = re.compile(r'^\s*["\u201c].*["\u201d]\s*$', re.S)


class ParagraphsRestyled(DocumentEdit):
    rule: Literal["prefix", "quoted"] = Field(description="prefix: paragraphs starting with `prefix`; quoted: "
                                              "paragraphs that are one quotation in double quotes.")
    prefix: str | None = Field(default=None, description="The label a paragraph starts with (case as written).")
    style: str | None = Field(default=None, description="The paragraph style they take; None: they go italic.")


def picked(p: Paragraph, opts: ParagraphsRestyled) -> bool:
    if opts.rule == "prefix":
        return bool(opts.prefix) and p.text.lstrip().startswith(opts.prefix or "")
    return p.heading_level is None and bool(QUOTED.match(p.text))


def _italics(p: Paragraph) -> list[bool]:
    return [bool(r.italic) for r in p.runs for _ in r.text]


@register_check("document.paragraphs_restyled", ParagraphsRestyled, view="document")
def paragraphs_restyled(state: FinalState, opts: ParagraphsRestyled) -> Verdict:
    """Each paragraph the rule picks has the style asked (or every character in italics) with its
    words unchanged; every other paragraph keeps its text, style and italics; tables unchanged."""
    original, output = input_view(state, opts.input_file, DocumentView), output_view(state, opts.file, DocumentView)
    before, after = blocks(original), blocks(output)
    chosen = [picked(p, opts) for p in before]
    if not any(chosen):
        return Verdict.of(False, f"no paragraph of {opts.input_file} matches the rule ({opts.rule})")
    if len(after) != len(before):
        return Verdict.of(False, paragraphs_diff(loose_paragraphs(before), loose_paragraphs(after), opts.file) or "")
    if msg := changed_outside(before, after, list(range(len(before))), opts.file):
        return Verdict.of(False, msg)
    for n, (was, p, pick) in enumerate(zip(before, after, chosen, strict=True), start=1):
        where = f"paragraph {n} of {opts.file} ({fold(p.text)[:40]!r})"
        if pick and opts.style is not None and p.style != opts.style:
            return Verdict.of(False, f"{where} has style {p.style!r}; the rule gives it {opts.style!r}")
        if pick and opts.style is None and not all(_italics(p)):
            return Verdict.of(False, f"{where} is not wholly in italics ({_italics(p).count(False)} characters upright)")
        if not pick and p.style != was.style:
            return Verdict.of(False, f"{where} changed style to {p.style!r} from {was.style!r}; the rule does not "
                              "pick it")
        if not pick and _italics(p) != _italics(was):
            return Verdict.of(False, f"{where} changed its italics; the rule does not pick it")
    if msg := tables_same(original, output, opts.file):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"{sum(chosen)} paragraphs restyled by the rule; the others unchanged")
