"""A small index of a report PDF: for each word asked about, one `word: ...` line with the pages
that mention it, how many times it appears, or the first page it is on; in the order asked or
A-Z. The answers come from the task's input PDF (whole words, case ignored); the words and the
order from the instruction."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.pdf_pages import mentions
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import PdfView, TextView

_INT = re.compile(r"(?<![\w.])\d+(?!\w|\.\d)")


class IndexListed(CheckOptions):
    file: OutputPath = Field(description="The text file, one `word: answer` line per word.")
    input_file: InputPath
    terms: list[str] = Field(min_length=1, description="The words asked about, in the order asked.")
    report: Literal["pages", "count", "first"] = Field(description="pages: every page mentioning the word, "
                                                       "ascending; count: how many times it appears; first: the "
                                                       "first page mentioning it.")
    alphabetical: bool = Field(default=False, description="The lines A-Z by word, not in the order asked.")


@register_check("pdf.index_listed", IndexListed, view="pdf")
def index_listed(state: FinalState, opts: IndexListed) -> Verdict:
    """The file's non-empty lines are one per word, `word: numbers`, in the order asked (or A-Z),
    each giving exactly the answer for that word in the PDF (pages ascending); nothing else."""
    pages = input_view(state, opts.input_file, PdfView).pages
    lines = [fold(line) for line in output_view(state, opts.file, TextView).text.splitlines() if line.strip()]
    terms = sorted(opts.terms, key=str.casefold) if opts.alphabetical else list(opts.terms)
    if len(lines) != len(terms):
        return Verdict.of(False, f"{opts.file} has {len(lines)} lines, expected {len(terms)} (one per word)")
    for n, (term, line) in enumerate(zip(terms, lines, strict=True), start=1):
        word, _, answer = line.partition(":")
        if word.strip().casefold() != term.casefold():
            return Verdict.of(False, f"line {n} of {opts.file} is about {word.strip()!r}, expected {term!r}")
        hits = [mentions(page, term) for page in pages]
        want = {"pages": [k for k, h in enumerate(hits, start=1) if h], "count": [sum(hits)],
                "first": [next((k for k, h in enumerate(hits, start=1) if h), 0)]}[opts.report]
        got = [int(x) for x in _INT.findall(answer)]
        if got != want:
            return Verdict.of(False, f"line {n} of {opts.file} gives {got} for {term!r}, expected {want}")
    return Verdict.of(True, f"{len(terms)} words indexed ({opts.report})")
