"""One group's pages gathered from several periodic report PDFs into a pack of its own: each
report has a page per site (or team, or region) headed by its name, a site's section may run on
to pages headed '<name> (continued)', and the reports go in period order (the month and year
their first page names), oldest or newest first, optionally with a page every report carries
(its summary) in front of that report's pages. Expected pages come from the reports' own text;
the group, the order and the extra page's heading only from the instruction."""

from __future__ import annotations

import calendar
import re
from typing import Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.pdf_replace import first_line, pages_verdict
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import PdfView

PeriodOrder = Literal["oldest", "newest"]
_PERIOD = re.compile(r"\b(" + "|".join(calendar.month_name[1:]) + r")\s+(\d{4})\b", re.IGNORECASE)
_MONTHS = {name.casefold(): n for n, name in enumerate(calendar.month_name) if name}


class PagesGathered(CheckOptions):
    file: OutputPath = Field(description="The pack: the group's pages from every report.")
    first_file: InputPath = Field(description="The reports, one per period, in any order.")
    second_file: InputPath
    third_file: InputPath | None = None
    group: str = Field(description="The heading of the group's pages; a page headed '<group> (continued)' "
                       "belongs to it too.")
    order: PeriodOrder = Field(description="The reports by the month their first page names: oldest or newest first.")
    also: str | None = Field(default=None, description="The heading of one page of each report taken as well, in "
                             "front of that report's group pages (its summary page).")


def period(pages: list[str], path: str) -> tuple[int, int]:
    """(year, month) of the first 'Month YYYY' on a report's first page."""
    found = _PERIOD.search(pages[0] if pages else "")
    if found is None:
        raise CheckError(f"{path}'s first page names no month and year")
    return int(found.group(2)), _MONTHS[found.group(1).casefold()]


def group_pages(pages: list[str], group: str) -> list[int]:
    """The 1-based pages headed by the group's name or '<group> (continued)', case and spacing folded."""
    names = {fold(group).casefold(), f"{fold(group)} (continued)".casefold()}
    return [n for n, page in enumerate(pages, start=1) if first_line(page).casefold() in names]


def gathered(reports: list[tuple[str, list[str]]], opts: PagesGathered) -> list[tuple[str, str]]:
    """The pack's pages as (text, where it comes from), report by report in the order asked."""
    dated = sorted(reports, key=lambda r: period(r[1], r[0]), reverse=opts.order == "newest")
    expected: list[tuple[str, str]] = []
    for path, pages in dated:
        numbers = group_pages(pages, opts.group)
        if opts.also is not None:
            extra = group_pages(pages, opts.also)[:1]
            if not extra:
                raise CheckError(f"{path} has no page headed {opts.also!r}")
            numbers = extra + numbers
        expected += [(pages[n - 1], f"page {n} of {path}") for n in numbers]
    return expected


@register_check("pdf.pages_gathered", PagesGathered, view="pdf")
def pages_gathered(state: FinalState, opts: PagesGathered) -> Verdict:
    """The output holds exactly the group's pages (its continuation pages too) from every report,
    report by report in period order as asked, each report's extra page first when asked, each
    page's text as in its report; nothing else."""
    paths = [p for p in (opts.first_file, opts.second_file, opts.third_file) if p]
    expected = gathered([(p, input_view(state, p, PdfView).pages) for p in paths], opts)
    if not expected:
        raise CheckError(f"no report has a page headed {opts.group!r}")
    return pages_verdict(expected, output_view(state, opts.file, PdfView).pages, opts.file)
