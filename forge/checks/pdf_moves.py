"""Pages of a report PDF moved: a block of pages (named by number, or the section named by its
heading) moved to the end or to right after another page, or two pages swapped. The pages come
from the input PDF's own text (`PdfView`); which pages move and where only from the instruction."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from forge.checks.pdf_parts import heading_page
from forge.checks.pdf_replace import pages_verdict
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import PdfView

Move = Literal["end", "after", "swap"]


class PagesMoved(CheckOptions):
    file: OutputPath
    input_file: InputPath
    move: Move = Field(description="end: the pages moved go last; after: right after `after_page` (or the page "
                       "`after_heading` is on); swap: the two pages trade places.")
    pages: list[int] = Field(default_factory=list, description="The 1-based input pages moved, in order.")
    headings: list[str] = Field(default_factory=list, description="Or the sections moved, each the page its "
                                "heading is on.")
    after_page: int | None = Field(default=None, ge=1, description="The input page the moved pages follow (after).")
    after_heading: str | None = Field(default=None, description="Or the section they follow (after).")


def moved_order(count: int, moved: list[int], move: Move, target: int | None) -> list[int]:
    """The input page numbers in the order the output must hold them."""
    if move == "swap":
        if len(moved) != 2:
            raise CheckError(f"a swap needs two pages; the task names {moved}")
        order = list(range(1, count + 1))
        a, b = moved
        order[a - 1], order[b - 1] = b, a
        return order
    rest = [n for n in range(1, count + 1) if n not in moved]
    if move == "end":
        return rest + moved
    if target is None or target not in rest:
        raise CheckError(f"pages {moved} cannot go after page {target}")
    at = rest.index(target) + 1
    return rest[:at] + moved + rest[at:]


@register_check("pdf.pages_moved", PagesMoved, view="pdf")
def pages_moved(state: FinalState, opts: PagesMoved) -> Verdict:
    """The output holds every input page once, in the input's order except that the pages asked
    for moved (to the end, or right after the page asked, keeping their own order) or the two
    pages asked for traded places; each page's text as in the input."""
    host = input_view(state, opts.input_file, PdfView).pages
    moved = list(opts.pages) or [heading_page(host, h, 0) for h in opts.headings]
    if not moved or len(set(moved)) != len(moved) or any(not 1 <= n <= len(host) for n in moved):
        raise CheckError(f"the pages moved {moved} are not distinct pages of {opts.input_file} ({len(host)} pages)")
    target = opts.after_page or (heading_page(host, opts.after_heading, 0) if opts.after_heading else None)
    order = moved_order(len(host), moved, opts.move, target)
    expected = [(host[n - 1], f"page {n} of {opts.input_file}") for n in order]
    return pages_verdict(expected, output_view(state, opts.file, PdfView).pages, opts.file)
