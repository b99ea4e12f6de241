"""PDF checks over several files at once: one PDF split into parts (at pages, before headings, or
in equal parts, a cover page kept, repeated or dropped), and several PDFs merged in an order the
instruction names by rule (as listed, by the date in their names, by the date they print), some
left out. Expected pages come from the input PDFs' own text; the options only from the instruction.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import PurePosixPath
from typing import Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.pdf_pages import _sequence, mentions
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import PdfView

SplitRule = Literal["pages", "headings", "equal"]
Cover = Literal["none", "repeat", "drop"]


# --- pdf.pages_split -----------------------------------------------------------------------------


class PagesSplit(CheckOptions):
    input_file: InputPath = Field(description="The PDF that is split.")
    first_file: OutputPath
    second_file: OutputPath
    third_file: OutputPath | None = Field(default=None, description="The third part, when split in three.")
    rule: SplitRule = Field(description="pages: a part starts at each of `at_pages`; headings: before each of "
                            "`at_headings`; equal: parts as equal as possible, earlier ones taking the extra pages.")
    at_pages: list[int] = Field(default_factory=list, description="The input page each later part starts at.")
    at_headings: list[str] = Field(default_factory=list, description="The heading each later part starts with.")
    cover: Cover = Field(default="none", description="Page 1 as a cover: repeated at the front of every part, "
                         "or dropped; none: page 1 is a page like the others.")


def heading_page(pages: list[str], heading: str, after: int) -> int:
    """The first page number past `after` that has a line reading `heading` (spacing and case folded)."""
    want = fold(heading).casefold()
    for n in range(after + 1, len(pages) + 1):
        if any(fold(line).casefold() == want for line in pages[n - 1].splitlines()):
            return n
    raise CheckError(f"no page after page {after} has the heading {heading!r}")


def split_starts(pages: list[str], opts: PagesSplit, body: list[int], parts: int) -> list[int]:
    """The input page each part starts at, the first part's included."""
    if opts.rule == "equal":
        size, extra = divmod(len(body), parts)
        if size == 0:
            raise CheckError(f"{len(body)} pages cannot make {parts} parts")
        starts, at = [], 0
        for k in range(parts):
            starts.append(body[at])
            at += size + (k < extra)
        return starts
    later = opts.at_pages if opts.rule == "pages" else []
    if opts.rule == "headings":
        for heading in opts.at_headings:
            later.append(heading_page(pages, heading, later[-1] if later else body[0]))
    if len(later) != parts - 1:
        raise CheckError(f"a split in {parts} parts needs {parts - 1} start(s); the task gives {later}")
    if any(not body[0] < a <= body[-1] for a in later) or later != sorted(set(later)):
        raise CheckError(f"part starts {later} must rise within pages {body[0] + 1}-{body[-1]} of the input")
    return [body[0], *later]


@register_check("pdf.pages_split", PagesSplit, view="pdf")
def pages_split(state: FinalState, opts: PagesSplit) -> Verdict:
    """Each part file holds its run of the input's pages, in order, the parts together every page
    once: split at the pages or before the headings named, or in equal parts (earlier parts one
    page longer when the pages do not divide evenly); a cover page (page 1) at the front of every
    part, or in none, when asked."""
    pages = input_view(state, opts.input_file, PdfView).pages
    files = [f for f in (opts.first_file, opts.second_file, opts.third_file) if f]
    body = list(range(2 if opts.cover != "none" else 1, len(pages) + 1))
    if not body:
        raise CheckError(f"{opts.input_file} has no pages to split")
    starts = [*split_starts(pages, opts, body, len(files)), body[-1] + 1]
    for k, path in enumerate(files):
        numbers = list(range(starts[k], starts[k + 1]))
        if opts.cover == "repeat":
            numbers = [1, *numbers]
        verdict = _sequence([pages[n - 1] for n in numbers], output_view(state, path, PdfView).pages, path,
                            f"part {k + 1}: the input's pages {numbers}")
        if not verdict.passed:
            return verdict
    return Verdict.of(True, f"{len(files)} parts starting at pages {starts[:-1]} of {opts.input_file}")


# --- pdf.merged_in_order -------------------------------------------------------------------------

MergeOrder = Literal["listed", "name_date", "printed_date"]
_ISO = re.compile(r"(\d{4})-(\d{2})-(\d{2})")


class MergedInOrder(CheckOptions):
    file: OutputPath
    first_file: InputPath = Field(description="The inputs, in the order the task lists them.")
    second_file: InputPath
    third_file: InputPath
    fourth_file: InputPath | None = None
    order: MergeOrder = Field(description="listed: as the task lists them; name_date: by the YYYY-MM-DD date in "
                              "each file's name; printed_date: by the date each prints after `date_label`.")
    descending: bool = Field(default=False, description="Newest first (the date orders).")
    date_label: str | None = Field(default=None, description="The label the date follows, e.g. 'Invoice date'.")
    skip_term: str | None = Field(default=None, description="A file mentioning this word is left out.")


def _date_of(path: str, pages: list[str], opts: MergedInOrder) -> dt.date:
    if opts.order == "name_date":
        found = _ISO.search(PurePosixPath(path).name)
        where = "its name"
    else:
        label = re.escape(opts.date_label or "")
        found = next((m for p in pages if (m := re.search(rf"{label}\s*:\s*{_ISO.pattern}", p, re.IGNORECASE))), None)
        where = f"a {opts.date_label!r} line"
    if found is None:
        raise CheckError(f"{path} has no YYYY-MM-DD date in {where}")
    return dt.date(*(int(g) for g in found.groups()))


@register_check("pdf.merged_in_order", MergedInOrder, view="pdf")
def merged_in_order(state: FinalState, opts: MergedInOrder) -> Verdict:
    """The output PDF is the input PDFs' pages, file after file, in the order asked (as listed, or
    by the date in each name or printed inside, oldest or newest first), each file's pages in
    their own order; a file mentioning the skip word (whole word, case ignored) is left out."""
    paths = [p for p in (opts.first_file, opts.second_file, opts.third_file, opts.fourth_file) if p]
    pages = {p: input_view(state, p, PdfView).pages for p in paths}
    kept = [p for p in paths if not (opts.skip_term and any(mentions(t, opts.skip_term) for t in pages[p]))]
    if opts.order != "listed":
        dates = {p: _date_of(p, pages[p], opts) for p in kept}
        if len(set(dates.values())) < len(dates):
            raise CheckError(f"two inputs share a date: {dates}")
        kept.sort(key=dates.__getitem__, reverse=opts.descending)
    expected = [page for p in kept for page in pages[p]]
    return _sequence(expected, output_view(state, opts.file, PdfView).pages, opts.file,
                     "the files " + ", ".join(PurePosixPath(p).name for p in kept) + " in that order")
