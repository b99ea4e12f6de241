"""Pages of a report PDF replaced by corrected versions from another PDF: the pages named by
number, the pages whose heading a corrected page carries, or the last page (an approval page
swapped for its signed copy). The expected pages come from both inputs' own text (`PdfView`);
the page numbers only from the instruction."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.pdf_parts import heading_page
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import PdfView

ReplaceMatch = Literal["pages", "headings", "last"]


def first_line(page: str) -> str:
    """A page's first non-empty line, spacing folded: its heading in a report with one section per page."""
    return next((fold(line) for line in page.splitlines() if line.strip()), "")


def pages_verdict(expected: list[tuple[str, str]], got: list[str], file: str) -> Verdict:
    """The output's pages against the expected (text, where it comes from) pairs, pointing at the
    first page that differs and saying which source page belonged there."""
    if len(got) != len(expected):
        return Verdict.of(False, f"{file} has {len(got)} pages, expected {len(expected)}")
    for n, ((want, origin), have) in enumerate(zip(expected, got, strict=True), start=1):
        if fold(want) != fold(have):
            return Verdict.of(False, f"page {n} of {file} starts {fold(have)[:60]!r}, expected {origin}, which starts "
                              f"{fold(want)[:60]!r}")
    return Verdict.of(True, f"{file}'s {len(got)} pages are in place")


class PagesReplaced(CheckOptions):
    file: OutputPath
    input_file: InputPath = Field(description="The report whose pages are replaced.")
    replacement_file: InputPath = Field(description="The corrected pages, every one of them used, in order.")
    match: ReplaceMatch = Field(description="pages: the replacement's pages go, in order, to the input pages "
                                "`pages`; headings: each replaces the input page with the same heading (first line); "
                                "last: they replace the input's last pages.")
    pages: list[int] = Field(default_factory=list, description="The 1-based input pages replaced (pages).")


def replaced_at(host: list[str], fixes: list[str], opts: PagesReplaced) -> list[int]:
    """The input page each replacement page goes to, in the replacement's order."""
    if opts.match == "pages":
        at = list(opts.pages)
    elif opts.match == "headings":
        at = [heading_page(host, first_line(page), 0) for page in fixes]
    else:
        at = list(range(len(host) - len(fixes) + 1, len(host) + 1))
    if len(at) != len(fixes) or len(set(at)) != len(at) or any(not 1 <= n <= len(host) for n in at):
        raise CheckError(f"{opts.replacement_file}'s {len(fixes)} pages cannot replace pages {at} of "
                         f"{opts.input_file} ({len(host)} pages)")
    return at


@register_check("pdf.pages_replaced", PagesReplaced, view="pdf")
def pages_replaced(state: FinalState, opts: PagesReplaced) -> Verdict:
    """The output is the input with the pages asked for swapped for the replacement's pages (by
    number, by heading, or the last ones), every other page in its place, each page's text as in
    its source; no page added or lost."""
    host = input_view(state, opts.input_file, PdfView).pages
    fixes = input_view(state, opts.replacement_file, PdfView).pages
    at = dict(zip(replaced_at(host, fixes, opts), range(len(fixes)), strict=True))
    expected = [(fixes[at[n]], f"page {at[n] + 1} of {opts.replacement_file}") if n in at
                else (text, f"page {n} of {opts.input_file}") for n, text in enumerate(host, start=1)]
    return pages_verdict(expected, output_view(state, opts.file, PdfView).pages, opts.file)
