"""Blank pages added to a report PDF for printing: before each section that would start on a
left-hand (even) page, so every section opens on a right-hand page of a double-sided print; or at
the end, up to a multiple of four pages for a folded booklet. A blank page is empty or reads 'This
page intentionally left blank', as asked. The pages come from the input PDF's own text
(`PdfView`); the rule from the instruction."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from forge.checks.pdf_replace import first_line, pages_verdict
from forge.checks.pdf_structure import BLANK_NOTICE
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import PdfView

PadRule = Literal["sections_odd", "multiple_of_4"]
CONTINUED = "(continued)"


class BlankPagesAdded(CheckOptions):
    file: OutputPath
    input_file: InputPath
    rule: PadRule = Field(description="sections_odd: a blank page before each section start (a page whose heading, "
                          "its first line, does not end '(continued)') that would fall on an even page; "
                          "multiple_of_4: blank pages at the end up to a multiple of four pages.")
    notice: bool = Field(default=False, description="Each blank page reads 'This page intentionally left blank' "
                         "(otherwise it has no text).")


def padded(pages: list[str], rule: PadRule) -> list[str | None]:
    """The output's pages: the input's texts in order, None where a blank page goes (fewest blanks)."""
    out: list[str | None] = []
    for text in pages:
        starts = not first_line(text).casefold().endswith(CONTINUED)
        if rule == "sections_odd" and starts and len(out) % 2 == 1:
            out.append(None)
        out.append(text)
    while rule == "multiple_of_4" and len(out) % 4:
        out.append(None)
    return out


@register_check("pdf.blank_pages_added", BlankPagesAdded, view="pdf")
def blank_pages_added(state: FinalState, opts: BlankPagesAdded) -> Verdict:
    """The output is the input's pages in order with blank pages exactly where the rule needs
    them (no more): each blank page empty, or only the notice when asked; every other page's text
    as in the input."""
    pages = input_view(state, opts.input_file, PdfView).pages
    plan = padded(pages, opts.rule)
    if len(plan) == len(pages):
        raise CheckError(f"{opts.input_file} needs no blank page under the rule {opts.rule!r}")
    blank = BLANK_NOTICE if opts.notice else ""
    where = iter(range(1, len(pages) + 1))
    expected = [(blank, f"a blank page{' reading ' + repr(BLANK_NOTICE) if opts.notice else ''}") if text is None
                else (text, f"page {next(where)} of {opts.input_file}") for text in plan]
    return pages_verdict(expected, output_view(state, opts.file, PdfView).pages, opts.file)
