"""The pages of several report PDFs that mention a word (or both of two words, or either) put
together in one PDF for a briefing: report by report in the order listed, each report's pages in
order, each report's first page in front of its matching pages when asked (only for the reports
with a match). Expected pages come from the reports' own text; the words and what counts as a
match from the instruction."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from forge.checks.pdf_pages import mentions
from forge.checks.pdf_replace import pages_verdict
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import PdfView


class MentionsGathered(CheckOptions):
    file: OutputPath = Field(description="The PDF of the matching pages.")
    first_file: InputPath = Field(description="The reports, in the order the task lists them.")
    second_file: InputPath
    third_file: InputPath | None = None
    fourth_file: InputPath | None = None
    terms: list[str] = Field(min_length=1, description="The words looked for, each as a whole word, case ignored.")
    every_term: bool = Field(default=True, description="A page matches when it mentions every term; else any.")
    with_first_page: bool = Field(default=False, description="Each report with a match also gives its first page, "
                                  "in front of its matching pages (once).")


def matching(pages: list[str], opts: MentionsGathered) -> list[int]:
    """The 1-based pages that match, the first page in front when asked."""
    test = all if opts.every_term else any
    hits = [n for n, page in enumerate(pages, start=1) if test(mentions(page, t) for t in opts.terms)]
    return ([1] if opts.with_first_page and hits and hits[0] != 1 else []) + hits


@register_check("pdf.mentions_gathered", MentionsGathered, view="pdf")
def mentions_gathered(state: FinalState, opts: MentionsGathered) -> Verdict:
    """The output holds exactly the matching pages of each report (whole words, case ignored),
    report by report in the order listed, each report's first page in front of its pages when
    asked; each page's text as in its report; nothing else."""
    expected: list[tuple[str, str]] = []
    for path in (p for p in (opts.first_file, opts.second_file, opts.third_file, opts.fourth_file) if p):
        pages = input_view(state, path, PdfView).pages
        expected += [(pages[n - 1], f"page {n} of {path}") for n in matching(pages, opts)]
    if not expected:
        raise CheckError(f"no page of the reports mentions {' and '.join(opts.terms)}")
    return pages_verdict(expected, output_view(state, opts.file, PdfView).pages, opts.file)
