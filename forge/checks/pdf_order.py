"""Pages put back in order: a scan whose pages came out shuffled (and perhaps with a page fed
twice) reordered by what the pages themselves say: the contents page's list of sections, the
page number printed in each footer, or the number in each section's heading. The expected order
comes from the task's input PDF alone; the options say only which rule the instruction names."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import PdfView

OrderBy = Literal["contents", "printed_number", "heading_number"]
_PRINTED = re.compile(r"\bpage\s+(\d{1,4})\b", re.IGNORECASE)
_NUMBERED = re.compile(r"^\s*(\d{1,3})[.)]\s+\S")
_ENTRY = re.compile(r"^\s*(?:\d{1,3}[.)]\s*)?(.*?)[\s.]*\d*\s*$")


def _lines(page: str) -> list[str]:
    return [fold(line) for line in page.splitlines() if line.strip()]


def _entry(line: str) -> str:
    """A contents line without its number and its dot leaders and page number."""
    match = _ENTRY.match(line)
    return (match.group(1) if match else line).casefold()


def page_keys(pages: list[str], by: OrderBy) -> list[int | None]:
    """Each page's place by the rule (None: the page says nothing the rule can use). With
    `contents`, page 1 is the contents page (place -1), its entries are its lines after the one
    reading 'Contents', and a page's place is that of its first line the contents page lists."""
    if by == "printed_number":
        return [int(found[-1]) if (found := _PRINTED.findall(p)) else None for p in pages]
    if by == "heading_number":
        return [next((int(m.group(1)) for line in _lines(p) if (m := _NUMBERED.match(line))), None) for p in pages]
    listed = _lines(pages[0]) if pages else []
    folded = [line.casefold() for line in listed]
    entries = [_entry(line) for line in listed[folded.index("contents") + 1 if "contents" in folded else 0:]]
    return [-1, *(next((entries.index(line.casefold()) for line in _lines(page) if line.casefold() in entries), None)
                  for page in pages[1:])]


def _bare(text: str) -> str:
    return re.sub(r"\s+", "", text)


class PagesReordered(CheckOptions):
    file: OutputPath
    input_file: InputPath = Field(description="The scan with its pages out of order.")
    by: OrderBy = Field(description="contents: in the order page 1 (the contents page, kept first) lists the "
                        "sections by their headings; printed_number: by the 'Page N' printed on each page; "
                        "heading_number: by the number each page's section heading starts with.")


@register_check("pdf.pages_reordered", PagesReordered, view="pdf")
def pages_reordered(state: FinalState, opts: PagesReordered) -> Verdict:
    """The output holds each of the input's pages once (a page scanned twice, the same text,
    kept once), in the order the rule asked for gives them; each page's text as in the input."""
    pages = input_view(state, opts.input_file, PdfView).pages
    keys = page_keys(pages, opts.by)
    if None in keys:
        return Verdict.of(False, f"page {keys.index(None) + 1} of {opts.input_file} gives no place by {opts.by}; "
                          "the check cannot order it")
    unique: dict[str, tuple[int, str]] = {}
    for key, page in zip(keys, pages, strict=True):
        unique.setdefault(_bare(page), (key, page))  # type: ignore[arg-type]
    want = [page for _, page in sorted(unique.values(), key=lambda kp: kp[0])]
    got = output_view(state, opts.file, PdfView).pages
    if len(got) != len(want):
        return Verdict.of(False, f"{opts.file} has {len(got)} pages, expected {len(want)} (each page of the scan "
                          "once)")
    for n, (w, g) in enumerate(zip(want, got, strict=True), start=1):
        if _bare(w) != _bare(g):
            return Verdict.of(False, f"page {n} of {opts.file} starts {' '.join(_lines(g)[:1])!r}, expected "
                              f"{' '.join(_lines(w)[:1])!r}")
    return Verdict.of(True, f"{len(want)} pages in order by {opts.by}")
