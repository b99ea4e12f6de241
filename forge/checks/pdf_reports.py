"""A report over several PDFs as a table (csv): one row per file with its page count and, when
asked, its paper size or its stored title; sorted by name or by page count; a total row when
asked. The expected rows come from the input PDFs themselves (pages, media boxes, metadata);
the options only from the instruction."""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Any, Literal

from pydantic import Field

from forge.checks._compare import same_value, show
from forge.checks.document import fold
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import PdfView, TableView

ReportColumn = Literal["none", "paper", "title"]
ReportOrder = Literal["name", "pages"]
PAPERS = {"A4": (595.28, 841.89), "Letter": (612.0, 792.0)}


def paper_name(width: float, height: float) -> str:
    """'A4' or 'Letter' (either way up, within 2 pt), else 'other'."""
    small, large = sorted((width, height))
    for name, (w, h) in PAPERS.items():
        if abs(small - w) <= 2 and abs(large - h) <= 2:
            return name
    return "other"


class FolderReported(CheckOptions):
    file: OutputPath = Field(description="The csv report.")
    first_file: InputPath = Field(description="The PDFs reported on.")
    second_file: InputPath
    third_file: InputPath
    fourth_file: InputPath | None = None
    column: ReportColumn = Field(description="The third column: none; paper ('A4' / 'Letter', from page 1's media "
                                 "box); title (the PDF's stored Title).")
    order: ReportOrder = Field(description="name: by file name A-Z; pages: most pages first, ties by name A-Z.")
    total: bool = Field(default=False, description="A last row 'Total' with the pages' sum (other cells empty).")


def expected_rows(state: FinalState, opts: FolderReported) -> list[list[Any]]:
    paths = [p for p in (opts.first_file, opts.second_file, opts.third_file, opts.fourth_file) if p]
    rows: list[list[Any]] = []
    for path in paths:
        view = input_view(state, path, PdfView)
        row: list[Any] = [PurePosixPath(path).name, len(view.pages)]
        if opts.column == "paper":
            row.append(paper_name(*view.sizes[0]) if view.sizes else "other")
        elif opts.column == "title":
            row.append(view.metadata.get("Title", ""))
        rows.append(row)
    rows.sort(key=lambda r: r[0].casefold())
    if opts.order == "pages":
        rows.sort(key=lambda r: -r[1])
    if opts.total:
        rows.append(["Total", sum(r[1] for r in rows), *([""] if opts.column != "none" else [])])
    return rows


def _same_cell(have: Any, want: Any) -> bool:
    if isinstance(want, int):
        return not isinstance(have, str) and same_value(have, want)
    return " ".join(fold(str(have if have is not None else "")).split()).casefold() == \
        " ".join(fold(want).split()).casefold()


@register_check("pdf.folder_reported", FolderReported, view="table")
def folder_reported(state: FinalState, opts: FolderReported) -> Verdict:
    """The csv has the header `file,pages` (and the third column asked), then one row per PDF with
    its file name and page count (and paper size or title), in the order asked, and a total row
    when asked; nothing else. Text compares with spacing and case folded; numbers as numbers."""
    header = ["file", "pages", *([opts.column] if opts.column != "none" else [])]
    want = [header, *expected_rows(state, opts)]
    got = output_view(state, opts.file, TableView).get()
    if len(got.rows) != len(want):
        return Verdict.of(False, f"{opts.file} has {len(got.rows) - 1} rows under its header, expected "
                          f"{len(want) - 1}")
    for r, (w_row, g_row) in enumerate(zip(want, got.rows, strict=True)):
        if len(g_row) != len(w_row):
            return Verdict.of(False, f"row {r + 1} of {opts.file} has {len(g_row)} cells, expected {len(w_row)}: "
                              f"{w_row}")
        for c, (w, g) in enumerate(zip(w_row, g_row, strict=True)):
            if not _same_cell(g, w):
                return Verdict.of(False, f"row {r + 1}, column {c + 1} of {opts.file} is {show(g)}, expected "
                                  f"{show(w)}")
    return Verdict.of(True, f"{len(want) - 1} rows as asked")
