"""Several PDFs combined into one with a bookmark per file (a meeting pack, a submission): each
bookmark titled by the file's name or by its own document title, opening the file's first page;
the files as listed or A-Z by that title. Pages and titles come from the inputs (`PdfView`); the
naming and order from the instruction."""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.pdf_replace import pages_verdict
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import PdfView


class CombinedBookmarked(CheckOptions):
    file: OutputPath
    first_file: InputPath = Field(description="The files combined, in the order the task lists them.")
    second_file: InputPath
    third_file: InputPath
    title: Literal["file_name", "doc_title"] = Field(description="file_name: each bookmark is the file's name without "
                                                     "'.pdf'; doc_title: the file's Title property.")
    alphabetical: bool = Field(default=False, description="The files A-Z by their bookmark titles.")


def bookmark_title(path: str, view: PdfView, title: str) -> str:
    if title == "file_name":
        return PurePosixPath(path).stem
    if not view.metadata.get("Title"):
        raise CheckError(f"{path} has no Title property to name its bookmark")
    return view.metadata["Title"]


@register_check("pdf.combined_bookmarked", CombinedBookmarked, view="pdf")
def combined_bookmarked(state: FinalState, opts: CombinedBookmarked) -> Verdict:
    """The output holds every input's pages, file after file in the order asked, and exactly one
    top-level bookmark per file, in the same order, titled as asked, opening that file's first page."""
    paths = [opts.first_file, opts.second_file, opts.third_file]
    views = {p: input_view(state, p, PdfView) for p in paths}
    titles = {p: bookmark_title(p, views[p], opts.title) for p in paths}
    if opts.alphabetical:
        paths.sort(key=lambda p: fold(titles[p]).casefold())
    expected = [(text, f"page {n} of {p}") for p in paths for n, text in enumerate(views[p].pages, start=1)]
    out = output_view(state, opts.file, PdfView)
    pages = pages_verdict(expected, out.pages, opts.file)
    if not pages.passed:
        return pages
    starts, at = [], 1
    for p in paths:
        starts.append(at)
        at += len(views[p].pages)
    want = [(0, titles[p], s) for p, s in zip(paths, starts, strict=True)]
    got = [(d, fold(t), page) for d, t, page in out.outline]
    if len(got) != len(want):
        return Verdict.of(False, f"{opts.file} has {len(got)} bookmarks, expected {len(want)} (one per file): "
                          + ", ".join(t for _, t, _ in want))
    for n, ((d, t, page), (wd, wt, wpage)) in enumerate(zip(got, want, strict=True), start=1):
        if d != wd or t.casefold() != fold(wt).casefold() or page != wpage:
            return Verdict.of(False, f"bookmark {n} of {opts.file} is {t!r} (level {d + 1}) opening page {page}, "
                              f"expected {wt!r} (top level) opening page {wpage}")
    return Verdict.of(True, f"{len(paths)} files combined, one bookmark each")
