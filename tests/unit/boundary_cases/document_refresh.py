"""Boundary cases of `forge.checks.document_refresh` on a real report and export: the LAST cell
left at its old figure, the export's new last row missing, the table's old row order kept, the
export's column order or extra column taken over, a figure just inside and just outside the
tolerance, thousands separators, a paragraph or an extra table touched on the way."""

from __future__ import annotations

import io
from typing import Any

import docx

from preparers.document import Section, TableBlock, make_document, write_docx
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.office_edits import _saved, _seeded

BASE = make_document(*_seeded(81), kind="report")
OLD = TableBlock(headers=["Region", "Orders", "Revenue"],
                 rows=[["North", "40", "1,200.00"], ["South", "35", "950.00"], ["East", "50", "2,100.00"]])
REPORT = write_docx(BASE.model_copy(update={"sections": [
    *BASE.sections[:1], Section(heading="Results by Region", paragraphs=BASE.sections[0].paragraphs, table=OLD),
    *BASE.sections[1:]]}))
EXPORT = b"Region,Revenue,Orders,Manager\nNorth,1234.5,41,Ann Lee\nSouth,980,37,Bo Chen\n" \
         b"East,2210.75,52,Cy Diaz\nWest,1500,48,Di Eze\n"
OTHER = b"Product,Units\nDesk,4\n"
RIGHT = [["North", "41", "1234.5"], ["South", "37", "980"], ["East", "52", "2210.75"], ["West", "48", "1500"]]


def table_rows(rows: list[list[str]], *, header: list[str] | None = None, note: bool = False,
               extra_table: bool = False) -> bytes:
    """The report with the Region table's body replaced by `rows` (and its header by `header`)."""
    document = docx.Document(io.BytesIO(REPORT))
    grid = document.tables[0]
    for row in list(grid.rows)[1:]:
        grid._tbl.remove(row._tr)
    if header is not None:
        for _ in range(len(header) - len(grid.columns)):
            grid.add_column(grid.columns[0].width)
        for cell, text in zip(grid.rows[0].cells, header, strict=True):
            cell.text = text
    for row in rows:
        for cell, text in zip(grid.add_row().cells, row, strict=True):
            cell.text = text
    if note:
        document.paragraphs[-1].runs[-1].text += " Updated."
    if extra_table:
        document.add_table(rows=1, cols=1).rows[0].cells[0].text = "Source: export"
    return _saved(document)


def case(label: str, output: bytes, passes: bool, says: str = "", export: bytes = EXPORT,
         options: dict[str, Any] | None = None) -> Case:
    opts = {"file": "out.docx", "input_file": "in.docx", "data_file": "export.csv", **(options or {})}
    return Case(label, None, opts, passes, says, files={"out.docx": output, "export.csv": export},
                originals={"in.docx": REPORT, "export.csv": export})


REFRESHED = [
    case("every export row, the table's columns", table_rows(RIGHT), True),
    case("printed with thousands separators and cents", table_rows(
        [["North", "41", "1,234.50"], ["South", "37", "980.00"], ["East", "52", "2,210.75"], ["West", "48",
                                                                                             "1,500.00"]]), True),
    case("the report handed back as it was", REPORT, False, "row 2"),
    case("the last cell left at its old figure", table_rows([*RIGHT[:3], ["West", "48", "1400"]]), False,
         "row 5, column 'Revenue'"),
    case("the export's new last row left out", table_rows(RIGHT[:3]), False, "3 data rows"),
    case("the table's old order kept, the new row first", table_rows([RIGHT[3], *RIGHT[:3]]), False, "row 2"),
    case("the export's column order taken over", table_rows([[r[0], r[2], r[1]] for r in RIGHT],
                                                            header=["Region", "Revenue", "Orders"]), False,
         "row 1"),
    case("the export's extra column taken over", table_rows([[*r, "x"] for r in RIGHT],
                                                           header=["Region", "Orders", "Revenue", "Manager"]),
         False, "cells"),
    case("a figure just inside the tolerance", table_rows([*RIGHT[:3], ["West", "48", "1500.004"]]), True),
    case("a figure just outside the tolerance", table_rows([*RIGHT[:3], ["West", "48", "1500.01"]]), False,
         "1500.01"),
    case("a paragraph touched on the way", table_rows(RIGHT, note=True), False, "paragraph"),
    case("a table added on the way", table_rows(RIGHT, extra_table=True), False, "tables"),
    case("an export whose columns the table does not have", REPORT, False, "no table", export=OTHER),
]

CASES = {"document.table_refreshed": REFRESHED}
