"""A PDF's bookmarks (its outline) written out: as an indented text list (two spaces per level,
'(page N)' after each title when asked) or as a csv (level, title and page), every level or the
top level only. The bookmarks come from the input PDF (`PdfView.outline`); the format from the
instruction."""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.pdf_invoices import table_verdict
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import PdfView, TableView, TextView

_LINE = re.compile(r"^(?P<indent> *)(?P<title>.*?)(?: \(page (?P<page>\d+)\))?$")


class OutlineExported(CheckOptions):
    file: OutputPath = Field(description="The text list or the csv.")
    input_file: InputPath = Field(description="The PDF whose bookmarks are written out.")
    format: Literal["indented", "csv"] = Field(description="indented: one line per bookmark, two spaces per level "
                                               "below the top, then the title and ' (page N)' when pages are asked; "
                                               "csv: header level,title(,page), level 1 at the top.")
    top_only: bool = Field(default=False, description="Only the top-level bookmarks.")
    pages: bool = Field(default=True, description="Each bookmark's page, as the bookmark opens it.")


def _entries(state: FinalState, opts: OutlineExported) -> list[tuple[int, str, int]]:
    outline = input_view(state, opts.input_file, PdfView).outline
    if not outline:
        raise CheckError(f"{opts.input_file} has no bookmarks")
    return [e for e in outline if e[0] == 0 or not opts.top_only]


def _indented(entries: list[tuple[int, str, int]], text: str, opts: OutlineExported) -> Verdict:
    lines = [line.rstrip() for line in text.splitlines() if line.strip()]
    if len(lines) != len(entries):
        return Verdict.of(False, f"{opts.file} has {len(lines)} lines, expected {len(entries)} (one per bookmark)")
    for n, (line, (depth, title, page)) in enumerate(zip(lines, entries, strict=True), start=1):
        found = _LINE.match(line)
        assert found is not None  # the pattern matches any line
        want = f"{'  ' * depth}{title}" + (f" (page {page})" if opts.pages else "")
        if len(found["indent"]) != 2 * depth or fold(found["title"]) != fold(title) or \
                (found["page"] is not None) != opts.pages or (opts.pages and int(found["page"]) != page):
            return Verdict.of(False, f"line {n} of {opts.file} reads {line!r}, expected {want!r}")
    return Verdict.of(True, f"{len(entries)} bookmarks listed")


@register_check("pdf.outline_exported", OutlineExported, view="pdf")
def outline_exported(state: FinalState, opts: OutlineExported) -> Verdict:
    """One line (or csv row) per bookmark asked for, in the outline's order: its level (by the
    indentation, or the level column from 1), its title as the PDF has it, and the page it opens
    when asked; nothing else."""
    entries = _entries(state, opts)
    if opts.format == "indented":
        return _indented(entries, output_view(state, opts.file, TextView).text, opts)
    header: list[Any] = ["level", "title", *(["page"] if opts.pages else [])]
    want = [header, *([d + 1, t, *([p] if opts.pages else [])] for d, t, p in entries)]
    return table_verdict(want, output_view(state, opts.file, TableView).get().rows, opts.file, 0.0)
