"""Boundary cases of `table.cells_noted` (`forge.checks.sheet_notes`): the last matching cell
without its note, a value equal to the threshold (not above it), a note on a cell the rule does
not pick or left over from an earlier review, the text compared ignoring case and spaces, blanks
and repeats (in any case) as rules, and a value changed while noting."""

from __future__ import annotations

import datetime as dt
import io
from typing import Any

import openpyxl
from openpyxl.comments import Comment

from tests.unit.boundary_cases import Case

INPUT, OUTPUT, SHEET = "inputs/data.xlsx", "outputs/result.xlsx", "Orders"
ROWS = [["Region", "Units"], ["North", 3], ["South", 1], ["north ", 2], ["East", 5], ["South", 6]]
GAPS = [["Region", "Units"], ["North", 3], [None, 1], ["East", 2], ["West", 5], [None, 6]]
DAYS = [["Item", "Start"], ["a", dt.date(2024, 1, 31)], ["b", dt.date(2024, 2, 1)], ["c", dt.date(2023, 12, 5)],
        ["d", dt.datetime(2024, 1, 2, 0, 0)]]
BEFORE = {"column": "Start", "rule": "before", "values": ["2024-02-01"], "note": "Old"}
ABOVE = {"column": "Units", "rule": "greater_than", "values": [2], "note": "Check this"}


def book(rows: list[list[Any]], notes: dict[str, str]) -> bytes:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = SHEET
    for row in rows:
        ws.append(row)
    for ref, text in notes.items():
        ws[ref].comment = Comment(text, "Reviewer")
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def case(label: str, notes: dict[str, str], passes: bool, says: str = "", *, rows: list[list[Any]] = ROWS,
         given: dict[str, str] | None = None, out_rows: list[list[Any]] | None = None, **options: Any) -> Case:
    original = book(rows, given or {})
    return Case(label, None, {**ABOVE, **options}, passes, says,
                files={INPUT: original, OUTPUT: book(out_rows or rows, notes)}, originals={INPUT: original})


NOTED = {"B2": "Check this", "B5": "Check this", "B6": "Check this"}

CASES = {
    "table.cells_noted": [
        case("every cell above the threshold noted", NOTED, True, "3 Units cell(s)"),
        case("the last matching cell has no note", {"B2": "Check this", "B5": "Check this"}, False, "B6"),
        case("the first matching cell has no note", {"B5": "Check this", "B6": "Check this"}, False, "B2"),
        case("a value equal to the threshold noted too", {**NOTED, "B4": "Check this"}, False, "B4"),
        case("a note on another column's cell", {**NOTED, "A3": "Check this"}, False, "A3"),
        case("the text in other case and spacing", {"B2": "check  THIS", "B5": " Check this", "B6": "CHECK this "},
             True),
        case("one note with another text", {**NOTED, "B6": "Check this later"}, False, "B6"),
        case("no notes at all", {}, False, "B2"),
        case("a value changed while noting", NOTED, False, "changed",
             out_rows=[*ROWS[:-1], ["South", 7]]),
        case("an old review note kept", {**NOTED, "A4": "Old: verify"}, False, "A4", given={"A4": "Old: verify"}),
        case("an old review note removed", NOTED, True, given={"A4": "Old: verify"}),
        case("below a threshold", {"B3": "Low", "B4": "Low"}, True, values=[3], rule="less_than", note="Low"),
        case("below: the value at the threshold noted", {"B2": "Low", "B3": "Low", "B4": "Low"}, False, "B2",
             values=[3], rule="less_than", note="Low"),
        case("empty cells noted", {"A3": "Missing", "A6": "Missing"}, True, rows=GAPS, column="Region", rule="blank",
             values=[], note="Missing"),
        case("the last empty cell not noted", {"A3": "Missing"}, False, "A6", rows=GAPS, column="Region",
             rule="blank", values=[], note="Missing"),
        case("repeats in any case noted", {"A2": "Dup", "A3": "Dup", "A4": "Dup", "A6": "Dup"}, True,
             column="Region", rule="duplicates", values=[], note="Dup"),
        case("a single value noted as a repeat", {"A2": "Dup", "A3": "Dup", "A4": "Dup", "A5": "Dup", "A6": "Dup"},
             False, "A5", column="Region", rule="duplicates", values=[], note="Dup"),
        case("dates before the day noted", {"B2": "Old", "B4": "Old", "B5": "Old"}, True, rows=DAYS, **BEFORE),
        case("the date on the day noted too", {"B2": "Old", "B3": "Old", "B4": "Old", "B5": "Old"}, False, "B3",
             rows=DAYS, **BEFORE),
        case("the last date before the day not noted", {"B2": "Old", "B4": "Old"}, False, "B5", rows=DAYS, **BEFORE),
        case("one category noted (case and spaces ignored)", {"A2": "Move", "A4": "Move"}, True, column="Region",
             rule="equal_text", values=["North"], note="Move"),
    ],
}
