"""A text or markdown file turned into a PDF: every word of the source, in order (markdown's
markup symbols and the layout are free), on the paper size asked, with the document title
asked (given, or the source's first line). The words come from the task's source file; the
paper and title from the instruction."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.pdf_reports import paper_name
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import PdfView, TextView

_WORD = re.compile(r"[^\W_]+")
PAPER_NAMES = {"a4": "A4", "letter": "Letter"}


def words(text: str) -> list[str]:
    """The words and numbers of a text, case folded: what survives any layout or markup."""
    return [w.casefold() for w in _WORD.findall(text)]


def first_line(text: str) -> str:
    """The first non-empty line without a markdown heading's hashes."""
    line = next((line for line in text.splitlines() if line.strip()), "")
    return fold(line.lstrip("#"))


class TextConverted(CheckOptions):
    file: OutputPath = Field(description="The PDF written.")
    source_file: InputPath = Field(description="The text or markdown file converted.")
    paper: Literal["a4", "letter"] = Field(description="Every page's size (portrait or landscape, within 2 pt).")
    title: str | None = Field(default=None, description="The PDF's Title property.")
    title_from_first_line: bool = Field(default=False, description="The Title is the source's first line (a "
                                        "heading's hashes left off).")


@register_check("pdf.text_converted", TextConverted, view="pdf")
def text_converted(state: FinalState, opts: TextConverted) -> Verdict:
    """The PDF's text is the source's words in order (case, punctuation, markup and line breaks
    free), every page is the paper asked, and its Title is the one asked for."""
    source = input_view(state, opts.source_file, TextView).text
    pdf = output_view(state, opts.file, PdfView)
    want, got = words(source), words(" ".join(pdf.pages))
    for n, (w, g) in enumerate(zip(want, got), start=1):
        if w != g:
            return Verdict.of(False, f"word {n} of {opts.file} is {g!r}, expected {w!r} (after "
                              f"{' '.join(want[max(0, n - 5):n - 1])!r})")
    if len(got) != len(want):
        return Verdict.of(False, f"{opts.file} has {len(got)} words, the source {len(want)}: "
                          + (f"it stops before {' '.join(want[len(got):len(got) + 5])!r}" if len(got) < len(want)
                             else f"{' '.join(got[len(want):len(want) + 5])!r} is extra"))
    for n, size in enumerate(pdf.sizes, start=1):
        if paper_name(*size) != PAPER_NAMES[opts.paper]:
            return Verdict.of(False, f"page {n} of {opts.file} is {size[0]:.0f} x {size[1]:.0f} pt, not "
                              f"{PAPER_NAMES[opts.paper]}")
    title = first_line(source) if opts.title_from_first_line else opts.title
    if title is not None and fold(pdf.metadata.get("Title", "")) != fold(title):
        return Verdict.of(False, f"{opts.file}'s Title is {pdf.metadata.get('Title')!r}, expected {title!r}")
    return Verdict.of(True, f"{len(want)} words on {len(pdf.pages)} {PAPER_NAMES[opts.paper]} page(s)")
