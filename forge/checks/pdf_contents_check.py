"""A report's contents page checked against where its sections really start: the entries whose
page number is wrong, each with the page its heading is on, or the whole list corrected. The
entries and pages come from the input PDF itself (page 1's 'Heading ..... N' lines, the later
pages' headings); the report asked for from the instruction."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.pdf_parts import heading_page
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import PdfView, TextView

ENTRY = re.compile(r"^(?P<title>.*?\S)[\s.]*?(?:\.{2,}|\s{2,})[\s.]*(?P<page>\d+)$")
_LINE = re.compile(r"^(?P<title>.*?)\s*:\s*(?:page\s*)?(?P<page>\d+)$", re.IGNORECASE)


def contents_entries(page: str) -> list[tuple[str, int]]:
    """The contents page's entries: a title, dots or spaces, then the page number it gives."""
    found = [ENTRY.match(fold(line)) for line in page.splitlines()]
    return [(m["title"].rstrip(" ."), int(m["page"])) for m in found if m]


class ContentsChecked(CheckOptions):
    file: OutputPath = Field(description="The text file, one 'Heading: page' line per entry reported.")
    input_file: InputPath = Field(description="The report; its first page holds the contents.")
    report: Literal["wrong", "all"] = Field(description="wrong: only the entries whose page is wrong, each with the "
                                            "page its heading is really on; all: every entry with its real page.")


@register_check("pdf.contents_checked", ContentsChecked, view="pdf")
def contents_checked(state: FinalState, opts: ContentsChecked) -> Verdict:
    """One 'Heading: page' line per entry asked for, in the contents' order, the page the heading
    is really on (the first page after the contents with that heading line); nothing else."""
    pages = input_view(state, opts.input_file, PdfView).pages
    entries = contents_entries(pages[0])
    if not entries:
        raise CheckError(f"{opts.input_file}'s first page lists no contents entries")
    real = [(title, heading_page(pages, title, 1), given) for title, given in entries]
    want = [(t, p) for t, p, given in real if opts.report == "all" or p != given]
    lines = [fold(line) for line in output_view(state, opts.file, TextView).text.splitlines() if line.strip()]
    if len(lines) != len(want):
        return Verdict.of(False, f"{opts.file} has {len(lines)} lines, expected {len(want)}: "
                          + ", ".join(f"{t}: {p}" for t, p in want))
    for n, (line, (title, page)) in enumerate(zip(lines, want, strict=True), start=1):
        got = _LINE.match(line.strip("-*• "))
        if not got or got["title"].casefold() != fold(title).casefold() or int(got["page"]) != page:
            return Verdict.of(False, f"line {n} of {opts.file} reads {line!r}, expected '{title}: {page}'")
    return Verdict.of(True, f"{len(want)} contents entries reported with their real pages")
