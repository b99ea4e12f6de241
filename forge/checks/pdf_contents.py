"""A contents page added to a report PDF: one new page, at the front or after the cover, titled
Contents, listing every section heading in order with the page it starts on in the finished
file (numbered 1., 2., ... when asked); every other page is the input's, in order. The pages a
heading starts on come from the output itself; the headings from the task's report."""

from __future__ import annotations

import re

from pydantic import Field

from forge.checks.document import fold
from forge.checks.pdf_edits import _same_pages
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import PdfView

_PAGE = re.compile(r"(\d{1,4})\s*$")


def _lines(page: str) -> list[str]:
    return [fold(line).casefold() for line in page.splitlines() if line.strip()]


class ContentsPageAdded(CheckOptions):
    file: OutputPath
    input_file: InputPath
    headings: list[str] = Field(description="The sections' headings, in page order: one contents line each.")
    at_page: int = Field(default=1, ge=1, description="Where the contents page goes: 1 (the front) or after the "
                         "cover (2).")
    numbered: bool = Field(default=False, description="Each line starts with the section's number: '1.', '2.', ...")


def _entry_problem(line: str, k: int, heading: str, page: int, numbered: bool) -> str | None:
    """Why a contents line is not heading k's entry pointing at `page`, or None."""
    number = _PAGE.search(line)
    if not number or int(number.group(1)) != page:
        return f"gives page {number.group(1) if number else 'none'}, expected {page}"
    if numbered and not re.match(rf"{k}\s*[.)]\s*{re.escape(heading)}", line):
        return f"does not start with its number '{k}.'"
    return None


@register_check("pdf.contents_page_added", ContentsPageAdded, view="pdf")
def contents_page_added(state: FinalState, opts: ContentsPageAdded) -> Verdict:
    """The output is the input with one page added at `at_page`: a page with the line 'Contents'
    and, in the headings' order, one line per heading ending with the page number (in the output)
    its section starts on, numbered when asked; every other page keeps its text and order."""
    before = input_view(state, opts.input_file, PdfView)
    after = output_view(state, opts.file, PdfView)
    if len(after.pages) != len(before.pages) + 1:
        return Verdict.of(False, f"{opts.file} has {len(after.pages)} pages, expected {len(before.pages) + 1} (one "
                          "contents page added)")
    index = opts.at_page - 1
    contents = _lines(after.pages[index])
    rest = PdfView(source=after.source, pages=after.pages[:index] + after.pages[index + 1:])
    if problem := _same_pages(before, rest, opts.file):
        return Verdict.of(False, f"apart from page {opts.at_page}, {problem}")
    if "contents" not in contents and "table of contents" not in contents:
        return Verdict.of(False, f"page {opts.at_page} of {opts.file} has no line 'Contents'")
    cursor = 0
    for k, heading in enumerate(opts.headings, start=1):
        want = fold(heading).casefold()
        starts = next((n for n, page in enumerate(after.pages, start=1) if n != opts.at_page
                       and want in _lines(page)), None)
        found = next((i for i in range(cursor, len(contents)) if want in contents[i]), None)
        if found is None:
            return Verdict.of(False, f"the contents page lists no {heading!r} after the entries before it")
        if starts is not None and (why := _entry_problem(contents[found], k, want, starts, opts.numbered)):
            return Verdict.of(False, f"the contents line for {heading!r} {why}")
        cursor = found + 1
    return Verdict.of(True, f"a contents page at page {opts.at_page} lists {len(opts.headings)} sections")
