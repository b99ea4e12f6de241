"""The xlsx mutants' cell edits (`_xlsx_patch`) leave a workbook that reads as openpyxl's own edit of it.

Each test makes the same edit twice, once by the patch and once by openpyxl (load, edit, save), and
compares what checks read: openpyxl's values, number formats and data types, and calamine's grids.
"""

from __future__ import annotations

import datetime as dt
import io
import re
import zipfile
from collections.abc import Callable
from typing import Any

import openpyxl
import pytest
from openpyxl.utils.datetime import CALENDAR_MAC_1904
from python_calamine import CalamineWorkbook

from forge.errors import CheckError
from preparers.filetypes._xlsx_patch import WorkbookPatch


def _workbook(epoch: dt.datetime | None = None) -> bytes:
    """Two sheets with shared strings, styles, a date column, a formula and a gap (row 4)."""
    wb = openpyxl.Workbook()
    if epoch is not None:
        wb.epoch = epoch
    ws = wb.active
    ws.title = "Sales"
    for row in [["Region", "Units", "Day", "Share"], ["North", 3, dt.date(2024, 3, 1), 0.25],
                ["South", 4, dt.date(2024, 3, 2), 0.5], [], ["West", 9, dt.date(2024, 3, 4), "=B5/16"]]:
        ws.append(row)
    ws["D2"].number_format = "0.0%"
    ws["B3"].number_format = "#,##0"
    wb.create_sheet("Notes").append(["kept", 1])
    buffer = io.BytesIO()
    wb.save(buffer)
    return buffer.getvalue()


def _by_openpyxl(data: bytes, edit: Callable[[Any], None]) -> bytes:
    wb = openpyxl.load_workbook(io.BytesIO(data))
    edit(wb)
    buffer = io.BytesIO()
    wb.save(buffer)
    return buffer.getvalue()


def _read(data: bytes) -> tuple[dict[str, Any], dict[str, Any]]:
    """(openpyxl: title -> {(row, col): (value, number format, data type)} of cells with a value,
    calamine: title -> grid)."""
    wb = openpyxl.load_workbook(io.BytesIO(data))
    cells = {ws.title: {key: (c.value, c.number_format, c.data_type)
                        for key, c in ws._cells.items() if c.value is not None} for ws in wb.worksheets}
    book = CalamineWorkbook.from_filelike(io.BytesIO(data))
    grids = {name: book.get_sheet_by_name(name).to_python(skip_empty_area=False) for name in book.sheet_names}
    return cells, grids


EDITS: list[tuple[int, int, Any]] = [
    (2, 1, 17.5),                          # a shared string becomes a number
    (2, 2, "  padded text "),              # a number becomes a string, its spaces kept
    (3, 2, 5),                             # a formatted number keeps its format
    (2, 4, None),                          # a value cleared
    (3, 3, dt.date(2025, 1, 31)),          # a date into a date cell
    (2, 5, dt.date(2025, 2, 1)),           # a date into a new cell: it gets openpyxl's date format
    (3, 5, dt.datetime(2025, 2, 1, 13, 30)),
    (4, 2, True),                          # into the gap row
    (4, 3, "#N/A"),                        # an error code
    (5, 4, "=B5/8"),                       # a formula
    (9, 7, "far"),                         # beyond the dimension: a new row and column
    (5, 6, dt.time(9, 15)),
    (5, 7, dt.timedelta(hours=30)),
    (1, 1, ""),                            # "" reads as empty, as openpyxl writes it
]


@pytest.mark.parametrize("epoch", [None, CALENDAR_MAC_1904])
def test_cell_edits_read_as_openpyxl_s_edits(epoch: dt.datetime | None) -> None:
    data = _workbook(epoch)
    patch = WorkbookPatch(data)
    for row, col, value in EDITS:
        patch.sheet("Sales").set(row, col, value)

    def edit(wb: Any) -> None:
        for row, col, value in EDITS:
            wb["Sales"].cell(row, col).value = value

    got, expected = _read(patch.save()), _read(_by_openpyxl(data, edit))
    assert got == expected
    assert got[0]["Sales"][(2, 5)] == (dt.datetime(2025, 2, 1), "yyyy-mm-dd", "d")  # read back, not assumed
    assert got[0]["Sales"][(2, 2)][0] == "  padded text "


def test_only_the_edited_parts_are_rewritten() -> None:
    data = _workbook()
    patch = WorkbookPatch(data)
    patch.sheet("Sales").set(2, 2, 30)
    mutant = patch.save()
    with zipfile.ZipFile(io.BytesIO(data)) as before, zipfile.ZipFile(io.BytesIO(mutant)) as after:
        assert before.namelist() == after.namelist()
        changed = [n for n in before.namelist() if before.read(n) != after.read(n)]
    assert changed == ["xl/worksheets/sheet1.xml"]
    assert _read(mutant)[1]["Sales"][1] == ["North", 30.0, dt.date(2024, 3, 1), 0.25]


@pytest.mark.parametrize("row", [5, 3, 4])
def test_delete_row_moves_the_rows_below_up_as_openpyxl_does(row: int) -> None:
    data = _workbook()
    patch = WorkbookPatch(data)
    patch.sheet("Sales").delete_row(row)
    got, expected = _read(patch.save()), _read(_by_openpyxl(data, lambda wb: wb["Sales"].delete_rows(row)))
    assert got == expected
    assert len(got[1]["Sales"]) == (3 if row == 5 else 4)  # row 4 is empty: a reader drops it when last


def test_a_copied_sheet_is_a_new_last_sheet_with_the_same_cells() -> None:
    wb = openpyxl.load_workbook(io.BytesIO(_workbook()))
    wb.create_sheet("Sales (result)")  # the name is taken: the copy gets a number after it
    buffer = io.BytesIO()
    wb.save(buffer)
    patch = WorkbookPatch(buffer.getvalue())
    patch.copy_sheet("Sales", "Sales (result)")
    patch.sheet("Sales").set(2, 2, 99)  # after the copy: the copy keeps the value it had
    cells, grids = _read(patch.save())
    assert list(grids) == ["Sales", "Notes", "Sales (result)", "Sales (result)1"]
    assert cells["Sales (result)1"] == {**cells["Sales"], (2, 2): (3, "General", "n")}
    assert grids["Sales"][1][1] == 99 and grids["Sales (result)1"][1][1] == 3
    assert grids["Notes"] == [["kept", 1]]


def test_cells_and_rows_without_references_are_found_by_position() -> None:
    """A writer may leave out `r`: a cell is then the one after the previous one, a row the one its
    first cell names, or else the one after the previous row (as openpyxl and calamine read them)."""
    data = _workbook()
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        members = {n: archive.read(n) for n in archive.namelist()}
    sheet = members["xl/worksheets/sheet1.xml"].decode()
    sheet = re.sub(r'(<row r="3"[^>]*>.*?</row>)', lambda m: re.sub(r' r="[A-Z]+3"', "", m[1]), sheet)
    sheet = re.sub(r'<row r="2"', "<row", sheet)  # its cells still say A2, B2, ...
    members["xl/worksheets/sheet1.xml"] = re.sub(r'(<row r="5"[^>]*>.*?</row>)',
                                                 lambda m: re.sub(r' r="[A-Z]*5"', "", m[1]), sheet).encode()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as out:
        for name, body in members.items():
            out.writestr(name, body)
    hand_made = buffer.getvalue()
    assert _read(hand_made)[1]["Sales"][3][0] == "West"  # the row after row 3: row 4 to a reader
    patch = WorkbookPatch(hand_made)
    patch.sheet("Sales").set(2, 1, "Norte")
    patch.sheet("Sales").set(3, 2, 40)  # no reference: the second cell of row 3
    patch.sheet("Sales").set(4, 1, "East")
    grids = _read(patch.save())[1]["Sales"]
    assert grids[2][:2] == ["South", 40.0]
    assert [row[0] for row in grids] == ["Region", "Norte", "South", "East"]


def test_a_value_no_xml_can_hold_is_a_check_error() -> None:
    """The gate records it as an unreadable output (`oracle_output_unreadable`), not a crash."""
    patch = WorkbookPatch(_workbook())
    with pytest.raises(CheckError, match=r"cannot write 'bell\\x07' into a cell: All strings must be XML"):
        patch.sheet("Sales").set(2, 1, "bell\x07")
