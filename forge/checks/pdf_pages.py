"""Page-level PDF checks: pages kept, removed, reversed or picked by a word; page text extracted
to a text file; the pages (or the number of times) a word appears, reported. Expected pages come
from the input PDF's own text (`PdfView`), the options only from the instruction.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import PdfView, TextView

_INT = re.compile(r"(?<![\w.])\d+(?![\w.])")


def mentions(page: str, term: str) -> int:
    """How often `term` appears on the page as a whole word (case ignored, line breaks as spaces)."""
    return len(re.findall(rf"(?<!\w){re.escape(fold(term))}(?!\w)", fold(page), re.IGNORECASE))


def _need_pages(pages: list[int], count: int, source: str) -> None:
    bad = [p for p in pages if not 1 <= p <= count]
    if bad:
        raise CheckError(f"{source} has {count} pages; the task names pages {bad} outside it")


# --- pdf.pages_selected --------------------------------------------------------------------------


class PagesSelected(CheckOptions):
    file: OutputPath
    input_file: InputPath
    mode: Literal["keep", "remove", "reverse", "containing", "not_containing"]
    pages: list[int] = Field(default_factory=list, description="1-based page numbers to remove (remove).")
    from_page: int | None = Field(default=None, ge=1, description="First page of the range kept (keep).")
    to_page: int | None = Field(default=None, ge=1, description="Last page of the range kept (keep).")
    term: str | None = Field(default=None, description="The word a kept page mentions (containing) or a removed "
                             "page mentions (not_containing).")


@register_check("pdf.pages_selected", PagesSelected, view="pdf")
def pages_selected(state: FinalState, opts: PagesSelected) -> Verdict:
    """The output PDF's pages are the input's pages asked for: a range (from/to), all but the
    listed ones, all in reverse order, or those mentioning the word; each page's text as in
    the input."""
    source = input_view(state, opts.input_file, PdfView).pages
    first, last = opts.from_page or 1, opts.to_page or len(source)
    _need_pages([*opts.pages, first, last], len(source), opts.input_file)
    numbers = {
        "keep": list(range(first, last + 1)),
        "remove": [n for n in range(1, len(source) + 1) if n not in opts.pages],
        "reverse": list(range(len(source), 0, -1)),
        "containing": [n for n in range(1, len(source) + 1) if mentions(source[n - 1], opts.term or "")],
        "not_containing": [n for n in range(1, len(source) + 1) if not mentions(source[n - 1], opts.term or "")],
    }[opts.mode]
    if opts.mode.endswith("containing") and not opts.term:
        raise CheckError("pdf.pages_selected with mode 'containing' needs the term")
    got = output_view(state, opts.file, PdfView).pages
    if len(got) != len(numbers):
        return Verdict.of(False, f"{opts.file} has {len(got)} pages, expected {len(numbers)}: the input's pages "
                          f"{numbers}")
    for n, (want, have) in enumerate(zip(numbers, got, strict=True), start=1):
        if fold(source[want - 1]) != fold(have):
            return Verdict.of(False, f"page {n} of {opts.file} starts {fold(have)[:60]!r}, expected the input's page "
                              f"{want}, which starts {fold(source[want - 1])[:60]!r}")
    return Verdict.of(True, f"{opts.file} holds the input's pages {numbers}")


# --- pdf.text_extracted --------------------------------------------------------------------------


class TextExtracted(CheckOptions):
    file: OutputPath = Field(description="The text file the pages' text is written to.")
    input_file: InputPath
    from_page: int | None = Field(default=None, ge=1, description="First page extracted; None: page 1.")
    to_page: int | None = Field(default=None, ge=1, description="Last page extracted; None: the last page.")


def _bare(text: str) -> str:
    return re.sub(r"\s+", "", text)


@register_check("pdf.text_extracted", TextExtracted, view="pdf")
def text_extracted(state: FinalState, opts: TextExtracted) -> Verdict:
    """The text file holds the text of the pages asked for, page after page in order, and nothing
    else; line breaks and spacing are free (extraction tools lay text out differently)."""
    source = input_view(state, opts.input_file, PdfView).pages
    numbers = list(range(opts.from_page or 1, (opts.to_page or len(source)) + 1))
    _need_pages(numbers, len(source), opts.input_file)
    have = _bare(output_view(state, opts.file, TextView).text)
    at = 0
    for n in numbers:
        want = _bare(source[n - 1])
        if have[at:at + len(want)] != want:
            i = next((k for k, (a, b) in enumerate(zip(want, have[at:], strict=False)) if a != b), len(have) - at)
            return Verdict.of(False, f"{opts.file} differs from page {n}'s text after {want[max(0, i - 30):i]!r}: it has "
                              f"{have[at + i:at + i + 20]!r}, the page {want[i:i + 20]!r}")
        at += len(want)
    if at < len(have):
        return Verdict.of(False, f"{opts.file} has more than the pages' text: {have[at:at + 40]!r}...")
    return Verdict.of(True, f"the text of page(s) {numbers[0]}-{numbers[-1]} in order")


# --- pdf.term_reported ---------------------------------------------------------------------------


class TermReported(CheckOptions):
    file: OutputPath = Field(description="The text file with the answer.")
    input_file: InputPath
    term: str
    report: Literal["pages", "count", "first"] = Field(description=(
        "pages: every page number mentioning the term; count: how many times it appears; first: the first page."))


@register_check("pdf.term_reported", TermReported, view="pdf")
def term_reported(state: FinalState, opts: TermReported) -> Verdict:
    """The text file's numbers are the answer about the word in the PDF (whole word, case ignored):
    the page numbers mentioning it (any order, each once), the number of times it appears, or the
    first page mentioning it; no other numbers."""
    source = input_view(state, opts.input_file, PdfView).pages
    hits = [mentions(page, opts.term) for page in source]
    expected = {
        "pages": [n for n, h in enumerate(hits, start=1) if h],
        "count": [sum(hits)],
        "first": [next((n for n, h in enumerate(hits, start=1) if h), 0)],
    }[opts.report]
    numbers = [int(n) for n in _INT.findall(output_view(state, opts.file, TextView).text)]
    got = sorted(set(numbers)) if opts.report == "pages" and len(set(numbers)) == len(numbers) else numbers
    if got != expected:
        return Verdict.of(False, f"{opts.file} gives {numbers}, expected {expected} ({opts.report} for "
                          f"{opts.term!r})")
    return Verdict.of(True, f"{opts.report} for {opts.term!r}: {expected}")


def _sequence(expected: list[str], got: list[str], source: str, what: str) -> Verdict:
    if len(got) != len(expected):
        return Verdict.of(False, f"{source} has {len(got)} pages, expected {len(expected)} ({what})")
    for n, (want, have) in enumerate(zip(expected, got, strict=True), start=1):
        if fold(want) != fold(have):
            return Verdict.of(False, f"page {n} of {source} starts {fold(have)[:60]!r}, expected {fold(want)[:60]!r} "
                              f"({what})")
    return Verdict.of(True, f"{len(got)} pages: {what}")


# --- pdf.pages_spliced ---------------------------------------------------------------------------


class PagesSpliced(CheckOptions):
    file: OutputPath
    input_file: InputPath = Field(description="The PDF the pages go into.")
    insert_file: InputPath = Field(description="The PDF whose pages are inserted, all of them, in order.")
    after_page: int | None = Field(default=None, ge=1, description="Inserted after this page; None: at the end "
                                   "(or the start, with `at_start`).")
    at_start: bool = Field(default=False, description="Inserted before page 1.")


@register_check("pdf.pages_spliced", PagesSpliced, view="pdf")
def pages_spliced(state: FinalState, opts: PagesSpliced) -> Verdict:
    """The output PDF is the first PDF with all the second's pages inserted at the place asked for
    (at the start, after a page, or at the end), every page's text as in its source."""
    host = input_view(state, opts.input_file, PdfView).pages
    extra = input_view(state, opts.insert_file, PdfView).pages
    at = 0 if opts.at_start else len(host) if opts.after_page is None else opts.after_page
    _need_pages([at] if at else [], len(host), opts.input_file)
    where = "at the start" if opts.at_start else "at the end" if opts.after_page is None else f"after page {at}"
    return _sequence([*host[:at], *extra, *host[at:]], output_view(state, opts.file, PdfView).pages, opts.file,
                     f"{opts.insert_file}'s {len(extra)} pages {where}")


# --- pdf.pages_interleaved -----------------------------------------------------------------------


class PagesInterleaved(CheckOptions):
    file: OutputPath
    first_file: InputPath = Field(description="The front sides: pages 1, 3, 5, ...")
    second_file: InputPath = Field(description="The back sides: pages 2, 4, 6, ...")
    second_reversed: bool = Field(default=False, description="The back sides were scanned last page first.")


@register_check("pdf.pages_interleaved", PagesInterleaved, view="pdf")
def pages_interleaved(state: FinalState, opts: PagesInterleaved) -> Verdict:
    """The output PDF alternates the first PDF's pages with the second's (taken in reverse when the
    back sides were scanned last page first): front 1, back 1, front 2, back 2, ..."""
    front = input_view(state, opts.first_file, PdfView).pages
    back = input_view(state, opts.second_file, PdfView).pages
    back = list(reversed(back)) if opts.second_reversed else back
    merged = [page for pair in zip(front, back, strict=False) for page in pair]
    merged += front[len(back):] + back[len(front):]
    return _sequence(merged, output_view(state, opts.file, PdfView).pages, opts.file, "fronts and backs alternating")
