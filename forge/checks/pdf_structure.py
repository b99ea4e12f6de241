"""PDF structure checks: what a viewer shows beside the pages' text. Bookmarks (one per section,
flat, numbered or under one top bookmark), page labels (roman front matter, an appendix's
prefix), the pages' size or visible area, blank pages dropped from a scan, and a batch scan cut
at its separator pages. The expected pages come from the input PDF's own text (`PdfView`); the
options only from the instruction.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.pdf_edits import _same_pages
from forge.checks.pdf_pages import _sequence
from forge.checks.pdf_parts import heading_page
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import PdfView

OutlineLayout = Literal["flat", "numbered", "nested"]
RomanStyle = Literal["lower", "upper"]
Resize = Literal["letter", "a4", "trim"]
PAPER = {"letter": (612.0, 792.0), "a4": (595.28, 841.89)}
BLANK_NOTICE = "This page intentionally left blank"


def _same_title(have: str, want: str) -> bool:
    return " ".join(fold(have).split()).casefold() == " ".join(fold(want).split()).casefold()


def heading_pages(pages: list[str], headings: list[str]) -> list[int]:
    """The page each heading starts on, each found after the previous one's page (or on it)."""
    found: list[int] = []
    for heading in headings:
        found.append(heading_page(pages, heading, (found[-1] - 1) if found else 0))
    return found


# --- pdf.outline_added ---------------------------------------------------------------------------


class OutlineAdded(CheckOptions):
    file: OutputPath
    input_file: InputPath
    headings: list[str] = Field(description="The sections' headings, in page order: one bookmark each.")
    layout: OutlineLayout = Field(description="flat: one top-level bookmark per heading, titled as the heading; "
                                  "numbered: titled '1. Heading', '2. Heading', ...; nested: the heading bookmarks "
                                  "under one top-level bookmark titled `root_title` that opens page 1.")
    root_title: str | None = Field(default=None, description="The top bookmark's title (nested).")


@register_check("pdf.outline_added", OutlineAdded, view="pdf")
def outline_added(state: FinalState, opts: OutlineAdded) -> Verdict:
    """The output keeps the input's pages and has exactly the bookmarks asked for, in order: one per
    section heading, opening the page that heading is on (titles compared with spacing and case
    folded), flat, numbered or under one top bookmark; no other bookmark."""
    before = input_view(state, opts.input_file, PdfView)
    after = output_view(state, opts.file, PdfView)
    problem = _same_pages(before, after, opts.file)
    if problem:
        return Verdict.of(False, problem)
    targets = heading_pages(before.pages, opts.headings)
    if opts.layout == "nested":
        if not opts.root_title:
            raise CheckError("a nested outline needs the top bookmark's title")
        want = [(0, opts.root_title, 1), *((1, h, p) for h, p in zip(opts.headings, targets, strict=True))]
    else:
        want = [(0, f"{k}. {h}" if opts.layout == "numbered" else h, p)
                for k, (h, p) in enumerate(zip(opts.headings, targets, strict=True), start=1)]
    have = after.outline
    if len(have) != len(want):
        return Verdict.of(False, f"{opts.file} has {len(have)} bookmark(s) {[t for _, t, _ in have][:8]}, expected "
                          f"{len(want)}")
    for n, ((depth, title, page), (w_depth, w_title, w_page)) in enumerate(zip(have, want, strict=True), start=1):
        if not _same_title(title, w_title):
            return Verdict.of(False, f"bookmark {n} is titled {title!r}, expected {w_title!r}")
        if depth != w_depth:
            return Verdict.of(False, f"bookmark {title!r} is at level {depth + 1}, expected level {w_depth + 1}")
        if page != w_page:
            return Verdict.of(False, f"bookmark {title!r} opens page {page}, expected page {w_page}")
    return Verdict.of(True, f"{len(want)} bookmarks, each opening its section's page")


# --- pdf.pages_labelled --------------------------------------------------------------------------


def roman(n: int) -> str:
    """n (1..3999) in lower-case roman numerals."""
    out = ""
    for value, digits in ((1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"), (50, "l"),
                          (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i")):
        count, n = divmod(n, value)
        out += digits * count
    return out


class PagesLabelled(CheckOptions):
    file: OutputPath
    input_file: InputPath
    body_heading: str = Field(description="The heading the body starts with; the pages before it are front matter.")
    front_style: RomanStyle = Field(description="The front matter's labels: i, ii, iii (lower) or I, II, III (upper).")
    body_start: int = Field(default=1, ge=1, description="The body's first label (a volume continuing another).")
    appendix_heading: str | None = Field(default=None, description="The heading the appendix starts with; its pages "
                                         "are labelled `appendix_prefix` and 1, 2, ...")
    appendix_prefix: str | None = None


def expected_labels(pages: list[str], opts: PagesLabelled) -> list[str]:
    body = heading_page(pages, opts.body_heading, 0)
    if body == 1:
        raise CheckError(f"{opts.body_heading!r} is on page 1: there is no front matter to label")
    end = len(pages) + 1
    if opts.appendix_heading:
        end = heading_page(pages, opts.appendix_heading, body)
    front = [roman(n) for n in range(1, body)]
    labels = [s.upper() for s in front] if opts.front_style == "upper" else front
    labels += [str(n) for n in range(opts.body_start, opts.body_start + end - body)]
    labels += [f"{opts.appendix_prefix or ''}{n}" for n in range(1, len(pages) + 2 - end)]
    return labels


@register_check("pdf.pages_labelled", PagesLabelled, view="pdf")
def pages_labelled(state: FinalState, opts: PagesLabelled) -> Verdict:
    """The output keeps the input's pages, and each page's label is as asked: the front matter (the
    pages before the body's first heading) in roman numerals from i, the body from 1 (or the
    number asked, for a volume continuing another), and an
    appendix (from its heading on) numbered from 1 after its prefix. Labels compare exactly."""
    before = input_view(state, opts.input_file, PdfView)
    after = output_view(state, opts.file, PdfView)
    problem = _same_pages(before, after, opts.file)
    if problem:
        return Verdict.of(False, problem)
    want = expected_labels(before.pages, opts)
    have = after.page_labels
    if len(have) != len(want):
        return Verdict.of(False, f"{opts.file} labels {len(have)} pages, expected {len(want)}")
    for n, (h, w) in enumerate(zip(have, want, strict=True), start=1):
        if h != w:
            return Verdict.of(False, f"page {n} of {opts.file} is labelled {h!r}, expected {w!r}")
    return Verdict.of(True, f"pages labelled {want[0]}..{want[-1]} as asked")


# --- pdf.pages_resized ---------------------------------------------------------------------------


class PagesResized(CheckOptions):
    file: OutputPath
    input_file: InputPath
    target: Resize = Field(description="letter / a4: every page's visible area is that paper size (portrait); "
                           "trim: every page's visible area is its media box less `margin_mm` on each side.")
    margin_mm: float | None = Field(default=None, description="The margin trimmed off each side (trim), in mm.")
    tolerance: float = Field(default=1.0, description="Points a box edge may be off.")


@register_check("pdf.pages_resized", PagesResized, view="pdf")
def pages_resized(state: FinalState, opts: PagesResized) -> Verdict:
    """The output keeps the input's pages and text; every page shows the size asked (US Letter
    612x792 pt, A4 595x842 pt) or its original area with the margin trimmed off each side
    (crop box inset from the input's media box), each edge within the tolerance."""
    before = input_view(state, opts.input_file, PdfView)
    after = output_view(state, opts.file, PdfView)
    problem = _same_pages(before, after, opts.file)
    if problem:
        return Verdict.of(False, problem)
    if len(after.boxes) != len(after.pages) or len(before.sizes) != len(before.pages):
        raise CheckError(f"the page boxes of {opts.file} or {opts.input_file} could not be read")
    if opts.target == "trim" and not opts.margin_mm:
        raise CheckError("a trim needs its margin")
    inset = (opts.margin_mm or 0) * 72 / 25.4
    for n, (box, size) in enumerate(zip(after.boxes, before.sizes, strict=True), start=1):
        left, bottom, right, top = box
        if opts.target == "trim":
            base = before.boxes[n - 1] if len(before.boxes) == len(before.pages) else (0.0, 0.0, *size)
            want = (base[0] + inset, base[1] + inset, base[2] - inset, base[3] - inset)
            off = max(abs(a - b) for a, b in zip(box, want, strict=True))
            if off > opts.tolerance:
                return Verdict.of(False, f"page {n} of {opts.file} shows {tuple(round(v, 1) for v in box)}, expected "
                                  f"{tuple(round(v, 1) for v in want)} ({opts.margin_mm} mm trimmed off each side)")
            continue
        width, height = PAPER[opts.target]
        if abs((right - left) - width) > opts.tolerance or abs((top - bottom) - height) > opts.tolerance:
            return Verdict.of(False, f"page {n} of {opts.file} is {right - left:.1f} x {top - bottom:.1f} pt, expected "
                              f"{opts.target} {width:.0f} x {height:.0f} pt")
    return Verdict.of(True, f"{len(after.pages)} page(s) sized as asked ({opts.target})")


# --- pdf.blank_pages_dropped ---------------------------------------------------------------------


class BlankPagesDropped(CheckOptions):
    file: OutputPath
    input_file: InputPath
    notice_blank: bool = Field(default=False, description="A page whose only text is 'This page intentionally left "
                               "blank' counts as blank too.")
    number_blank: bool = Field(default=False, description="A page whose only text is its page number ('7', "
                               "'Page 7', '- 7 -') counts as blank too.")


def is_blank(text: str, notice_blank: bool, number_blank: bool = False) -> bool:
    bare = " ".join(fold(text).split()).casefold().rstrip(".")
    return not bare or (notice_blank and bare == BLANK_NOTICE.casefold()) or \
        (number_blank and re.fullmatch(r"(page )?\d{1,4}|- ?\d{1,4} ?-", bare) is not None)


@register_check("pdf.blank_pages_dropped", BlankPagesDropped, view="pdf")
def blank_pages_dropped(state: FinalState, opts: BlankPagesDropped) -> Verdict:
    """The output is the input's pages in order without its blank ones: no text at all, or (when
    asked) only the 'intentionally left blank' notice or only a page number; every other page
    kept once."""
    pages = input_view(state, opts.input_file, PdfView).pages
    kept = [p for p in pages if not is_blank(p, opts.notice_blank, opts.number_blank)]
    if len(kept) == len(pages):
        raise CheckError(f"{opts.input_file} has no blank page to drop")
    return _sequence(kept, output_view(state, opts.file, PdfView).pages, opts.file,
                     f"the input's {len(kept)} pages that are not blank")


# --- pdf.split_at_separators ---------------------------------------------------------------------

Separator = Literal["blank", "sheet"]


class SplitAtSeparators(CheckOptions):
    input_file: InputPath = Field(description="The batch scan.")
    first_file: OutputPath
    second_file: OutputPath
    third_file: OutputPath
    separator: Separator = Field(description="blank: an empty page separates two documents; sheet: a page whose "
                                 "only text is `sheet_text`.")
    sheet_text: str | None = Field(default=None, description="The separator sheet's text (sheet).")


def separated(pages: list[str], opts: SplitAtSeparators) -> list[list[str]]:
    """The runs of pages between separator pages (separators dropped, empty runs ignored)."""
    want = " ".join(fold(opts.sheet_text or "").split()).casefold()
    runs: list[list[str]] = [[]]
    for page in pages:
        bare = " ".join(fold(page).split()).casefold()
        if (not bare) if opts.separator == "blank" else bare == want:
            runs.append([])
        else:
            runs[-1].append(page)
    return [run for run in runs if run]


@register_check("pdf.split_at_separators", SplitAtSeparators, view="pdf")
def split_at_separators(state: FinalState, opts: SplitAtSeparators) -> Verdict:
    """The batch scan is cut at its separator pages (empty pages, or sheets carrying only the
    separator text): each output holds one document's pages in order, the documents in scan
    order, and no separator page."""
    if opts.separator == "sheet" and not opts.sheet_text:
        raise CheckError("a separator sheet needs its text")
    runs = separated(input_view(state, opts.input_file, PdfView).pages, opts)
    files = [opts.first_file, opts.second_file, opts.third_file]
    if len(runs) != len(files):
        raise CheckError(f"{opts.input_file} holds {len(runs)} documents between separators, not {len(files)}")
    for k, (path, run) in enumerate(zip(files, runs, strict=True), start=1):
        verdict = _sequence(run, output_view(state, path, PdfView).pages, path, f"document {k} of the scan")
        if not verdict.passed:
            return verdict
    return Verdict.of(True, f"{len(files)} documents split at the separators")
