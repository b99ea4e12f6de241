"""Boundary cases of `table.sheet_protected` (`forge.checks.sheet_protection`): the LAST data
cell of the editable column still locked, its header unlocked too, a cell of another column
unlocked, the entry rows one row short or unlocked through a row format, the password right in
either hash (legacy or salted SHA-512), wrong, missing or not asked for, and a value changed."""

from __future__ import annotations

import base64
import hashlib
import io
from typing import Any

import openpyxl
from openpyxl.styles import Protection

from tests.unit.boundary_cases import Case

INPUT, OUTPUT, SHEET = "inputs/data.xlsx", "outputs/result.xlsx", "Orders"
ROWS = [["Region", "Units"], ["North", 3], ["South", 1], ["north ", 2], ["East", 5], ["South", 6]]
UNITS = [f"B{r}" for r in range(2, 7)]


def book(open_cells: list[str], *, protect: bool = True, password: str | None = None, salted: bool = False,
         rows: list[list[Any]] = ROWS, open_rows: list[int] = ()) -> bytes:  # type: ignore[assignment]
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = SHEET
    for row in rows:
        ws.append(row)
    for ref in open_cells:
        ws[ref].protection = Protection(locked=False)
    for r in open_rows:  # a whole row unlocked through its format, no cells made
        ws.row_dimensions[r].protection = Protection(locked=False)
    ws.protection.sheet = protect
    if password and salted:
        salt = b"0123456789abcdef"
        digest = hashlib.sha512(salt + password.encode("utf-16-le")).digest()
        for i in range(1000):
            digest = hashlib.sha512(digest + i.to_bytes(4, "little")).digest()
        guard = ws.protection
        guard.algorithmName, guard.spinCount = "SHA-512", 1000
        guard.saltValue, guard.hashValue = base64.b64encode(salt).decode(), base64.b64encode(digest).decode()
    elif password:
        ws.protection.password = password
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def case(label: str, output: bytes, passes: bool, says: str = "", **options: Any) -> Case:
    return Case(label, None, {"editable": ["Units"], **options}, passes, says, input=ROWS, files={OUTPUT: output})


ENTRY = {"editable": [], "through_row": 9}
ROWS_7_TO_9 = [f"{c}{r}" for r in range(7, 10) for c in "AB"]

CASES = {
    "table.sheet_protected": [
        case("the column's data cells unlocked, the sheet protected", book(UNITS), True, "1 column(s) editable"),
        case("the sheet not protected", book(UNITS, protect=False), False, "not protected"),
        case("the last data cell still locked", book(UNITS[:-1]), False, "B6 should be editable"),
        case("the first data cell still locked", book(UNITS[1:]), False, "B2 should be editable"),
        case("the header unlocked too", book(["B1", *UNITS]), False, "B1 should be locked"),
        case("another column's cell unlocked", book([*UNITS, "A6"]), False, "A6 should be locked"),
        case("a value changed", book(UNITS, rows=[*ROWS[:-1], ["South", 7]]), False, "changed"),
        case("two columns unlocked", book([*UNITS, *[f"A{r}" for r in range(2, 7)]]), True,
             editable=["Region", "Units"]),
        case("the entry rows unlocked down to the row asked", book(ROWS_7_TO_9), True, "rows 7-9", **ENTRY),
        case("the entry rows one row short", book(ROWS_7_TO_9[:-2]), False, "A9 should be editable", **ENTRY),
        case("the entry rows unlocked through row formats", book([], open_rows=[7, 8, 9]), True, **ENTRY),
        case("a data row unlocked with the entry rows", book(["A6", "B6", *ROWS_7_TO_9]), False, "A6 should be locked",
             **ENTRY),
        case("the password asked (legacy hash)", book(UNITS, password="keep-out"), True, password="keep-out"),
        case("the password asked (salted SHA-512)", book(UNITS, password="keep-out", salted=True), True,
             password="keep-out"),
        case("another password (salted SHA-512)", book(UNITS, password="keep-ou", salted=True), False,
             "another password", password="keep-out"),
        case("another password (case differs)", book(UNITS, password="Keep-out"), False, "another password",
             password="keep-out"),
        case("no password where one was asked", book(UNITS), False, "no password", password="keep-out"),
        case("a password nobody asked for", book(UNITS, password="keep-out"), False, "none was asked"),
    ],
}
