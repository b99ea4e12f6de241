"""A one-page PDF (a company letterhead) laid onto chosen pages of another: every page, the first
only, or every page but the first (continuation sheets). A merged page's text holds the
letterhead's words and its own, in whatever order the viewer extracts them, so pages are
compared as word counts. The pages come from the inputs' own text (`PdfView`); which pages from
the instruction."""

from __future__ import annotations

import re
from collections import Counter
from typing import Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import PdfView

OverlayPages = Literal["all", "first", "all_but_first"]


def word_counts(text: str) -> Counter[str]:
    return Counter(re.findall(r"\w+", fold(text).casefold()))


class PagesOverlaid(CheckOptions):
    file: OutputPath
    input_file: InputPath = Field(description="The document the letterhead goes on.")
    overlay_file: InputPath = Field(description="The one-page letterhead.")
    pages: OverlayPages = Field(description="all: every page; first: page 1 only; all_but_first: every page but 1.")


def _chosen(n: int, rule: OverlayPages) -> bool:
    return {"all": True, "first": n == 1, "all_but_first": n > 1}[rule]


@register_check("pdf.pages_overlaid", PagesOverlaid, view="pdf")
def pages_overlaid(state: FinalState, opts: PagesOverlaid) -> Verdict:
    """The output has the input's pages in order; each chosen page holds exactly its own words
    and the letterhead's, every other page exactly its own (word counts, case and order aside)."""
    host = input_view(state, opts.input_file, PdfView).pages
    head = input_view(state, opts.overlay_file, PdfView).pages
    if len(head) != 1:
        raise CheckError(f"{opts.overlay_file} has {len(head)} pages; a letterhead is one page")
    got = output_view(state, opts.file, PdfView).pages
    if len(got) != len(host):
        return Verdict.of(False, f"{opts.file} has {len(got)} pages, expected {len(host)}")
    for n, (before, after) in enumerate(zip(host, got, strict=True), start=1):
        want = word_counts(before) + (word_counts(head[0]) if _chosen(n, opts.pages) else Counter())
        have = word_counts(after)
        if have != want:
            missing, extra = sorted((want - have).elements()), sorted((have - want).elements())
            what = "with" if _chosen(n, opts.pages) else "without"
            gaps = [f"missing {' '.join(missing[:6])!r}"] if missing else []
            gaps += [f"extra {' '.join(extra[:6])!r}"] if extra else []
            return Verdict.of(False, f"page {n} of {opts.file} is not the input's page {n} {what} the letterhead: "
                              + "; ".join(gaps))
    return Verdict.of(True, f"the letterhead on the pages asked ({opts.pages}) of {len(got)}")
