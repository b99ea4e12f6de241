"""The pages under one bookmark of a PDF saved as a PDF of their own: from the page the bookmark
opens up to the page before the next bookmark at its level or above (or the end), with the cover
page kept in front when asked. The bookmarks and pages come from the input PDF (`PdfView`); the
bookmark's title and the cover rule from the instruction."""

from __future__ import annotations

from pydantic import Field

from forge.checks.document import fold
from forge.checks.pdf_replace import pages_verdict
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import PdfView


class BookmarkPagesSaved(CheckOptions):
    file: OutputPath
    input_file: InputPath
    bookmark: str = Field(description="The bookmark's title, as the PDF has it.")
    with_cover: bool = Field(default=False, description="Page 1 (the cover) kept in front of the pages.")


def bookmark_span(outline: list[tuple[int, str, int]], title: str, count: int) -> tuple[int, int]:
    """The first and last page under the bookmark titled `title`."""
    found = [k for k, (_, t, _) in enumerate(outline) if fold(t).casefold() == fold(title).casefold()]
    if len(found) != 1:
        raise CheckError(f"{len(found)} bookmarks are titled {title!r}; the task must name exactly one")
    at = found[0]
    depth, _, first = outline[at]
    later = [page for d, _, page in outline[at + 1:] if d <= depth and page > first]
    return first, (later[0] - 1 if later else count)


@register_check("pdf.bookmark_pages_saved", BookmarkPagesSaved, view="pdf")
def bookmark_pages_saved(state: FinalState, opts: BookmarkPagesSaved) -> Verdict:
    """The output holds exactly the input's pages under the bookmark, in order (the cover first
    when asked), each page's text as in the input."""
    source = input_view(state, opts.input_file, PdfView)
    first, last = bookmark_span(source.outline, opts.bookmark, len(source.pages))
    numbers = ([1] if opts.with_cover and first > 1 else []) + list(range(first, last + 1))
    expected = [(source.pages[n - 1], f"page {n} of {opts.input_file}") for n in numbers]
    return pages_verdict(expected, output_view(state, opts.file, PdfView).pages, opts.file)
