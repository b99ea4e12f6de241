"""Boundary cases of the spreadsheet library's checks (`forge.checks.table_ops`, `table_joins`):
the last group, row or stacked sheet is where a loop that stops one short passes; group labels
and lookup keys that differ only in case; a summary row that is a total, not a group; rounding of
percentages; ranks with ties; a source sheet dropped while consolidating."""

from __future__ import annotations

import datetime as dt
import io
from typing import Any

import openpyxl

from tests.unit.boundary_cases import Case

INPUT, OUTPUT, SHEET = "inputs/data.xlsx", "outputs/result.xlsx", "Orders"
SALES = [["Region", "Units"], ["North", 3], ["South", 1], ["north ", 2], ["East", 5], ["South", 6]]


def book(*sheets: tuple[str, list[list[Any]]]) -> bytes:
    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    for name, rows in sheets:
        ws = wb.create_sheet(name)
        for row in rows:
            ws.append(row)
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def summary(label: str, rows: list[list[Any]], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    out = book((SHEET, SALES), ("By Region", rows))
    return Case(label, None, {"summary": "By Region", "group_column": "Region", **options}, passes, says,
                input=SALES, files={OUTPUT: out})


SUM = {"value_column": "Units", "aggregate": "sum"}
GOOD = [["Region", "Units"], ["East", 5], ["North", 5], ["South", 7]]

DATES = [["Item", "Date"], ["a", "2024-03-01"], ["b", "03/14/2024"], ["c", "14 Mar 2024"]]
REAL = [["Item", "Date"], ["a", dt.date(2024, 3, 1)], ["b", dt.date(2024, 3, 14)], ["c", dt.date(2024, 3, 14)]]
GAPS = [["Region", "Units"], ["North", 3], [None, 1], [None, 2], ["South", 5], [None, 6]]
FILLED = [["Region", "Units"], ["North", 3], ["North", 1], ["North", 2], ["South", 5], ["South", 6]]

SHARE = {"new_header": "Share", "column": "Units", "operation": "percent_of_total", "decimals": 1}
UNITS = [["Region", "Units"], ["North", 3], ["South", 1], ["North", 2], ["East", 4]]  # total 10
RANK = {"new_header": "Rank", "column": "Units", "operation": "rank_desc"}
TIES = [["Region", "Units"], ["North", 3], ["South", 5], ["North", 5], ["East", 1]]

PRODUCTS = [["Product", "Category"], ["laptop", "Computing"], ["Mouse", "Peripherals"]]
ORDERS = [["Order", "Product"], ["A1", "Laptop"], ["A2", "Mouse"], ["A3", "Webcam"]]
LOOKUP_IN = book((SHEET, ORDERS), ("Products", PRODUCTS))
LOOKUP = {"new_header": "Category", "key_column": "Product", "lookup_table": "Products", "lookup_key": "Product",
          "lookup_value": "Category", "missing": "N/A"}


def looked(label: str, values: list[Any], passes: bool, says: str = "", **options: Any) -> Case:
    rows = [[*ORDERS[0], "Category"], *[[*r, v] for r, v in zip(ORDERS[1:], values, strict=True)]]
    return Case(label, None, {**LOOKUP, **options}, passes, says, files={INPUT: LOOKUP_IN, OUTPUT: book((SHEET, rows),
                ("Products", PRODUCTS))}, originals={INPUT: LOOKUP_IN})


JAN, FEB = [["Item", "Units"], ["a", 1], ["b", 2]], [["Item", "Units"], ["c", 3], ["d", 4]]
MONTHS = book(("Jan", JAN), ("Feb", FEB))
STACK = {"sheets": ["Jan", "Feb"], "into": "All", "source_column": "Month"}
ALL = [["Item", "Units", "Month"], ["a", 1, "Jan"], ["b", 2, "Jan"], ["c", 3, "Feb"], ["d", 4, "Feb"]]


def stacked(label: str, sheets: list[tuple[str, list[list[Any]]]], passes: bool, says: str = "") -> Case:
    return Case(label, None, STACK, passes, says, files={INPUT: MONTHS, OUTPUT: book(*sheets)},
                originals={INPUT: MONTHS})


NAMES = [["Name", "Units"], ["Smith, Ann", 1], ["Lee, Bo", 2]]
SPLIT = {"column": "Name", "pattern": "last_comma_first", "new_headers": ["First Name", "Last Name"]}

DATED = [["Item", "Date"], ["a", dt.date(2024, 3, 1)], ["b", "03/14/2024"], ["c", dt.date(2024, 12, 30)]]


def dated(label: str, values: list[Any], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    rows = [[*DATED[0], "Part"], *[[*r, v] for r, v in zip(DATED[1:], values, strict=True)]]
    return Case(label, rows, {"new_header": "Part", "column": "Date", **options}, passes, says, input=DATED)


ASKED = {"sheet": "Answer", "cell": "B1", "where_column": "Region"}


def answered(label: str, value: Any, options: dict[str, Any], passes: bool, says: str = "") -> Case:
    out = book((SHEET, SALES), ("Answer", [["Result", value]]))
    return Case(label, None, {**ASKED, **options}, passes, says, input=SALES, files={OUTPUT: out})


PAIRS = [["Region", "Item", "Units"], ["North", "a", 3], ["South", "a", 1], ["north", "b", 2], ["East", "b", 5]]
CROSS = {"summary": "Pivot", "row_field": "Region", "column_field": "Item", "value_column": "Units", "aggregate": "sum"}
GRID = [["Region", "a", "b"], ["East", None, 5], ["North", 3, 2], ["South", 1, 0]]


def crossed(label: str, grid: list[list[Any]], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {**CROSS, **options}, passes, says, input=PAIRS,
                files={OUTPUT: book((SHEET, PAIRS), ("Pivot", grid))})


SCORES = [["Region", "Units"], ["North", 3], ["South", 1], ["North", 7], ["East", 5], ["South", 6]]


def picked(label: str, rows: list[list[Any]], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    out = book((SHEET, SCORES), ("Top", [SCORES[0], *rows]))
    return Case(label, None, {"into": "Top", "column": "Units", "count": 2, **options}, passes, says, input=SCORES,
                files={OUTPUT: out})


BAND = {"new_header": "Band", "column": "Units", "bounds": [3, 6], "labels": ["Low", "Mid", "High"]}
TWO = {"first": "Region", "second": "Units", "second_descending": True}
TWO_SORTED = [SCORES[0], ["East", 5], ["North", 7], ["North", 3], ["South", 6], ["South", 1]]

WIDE = [["Region", "Jan", "Feb"], ["North", 3, None], ["South", 1, 4]]
LONG = {"into": "Long", "id_column": "Region", "variable_header": "Month", "value_header": "Units"}


def longed(label: str, rows: list[list[Any]], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    out = book((SHEET, WIDE), ("Long", [["Region", "Month", "Units"], *rows]))
    return Case(label, None, {**LONG, **options}, passes, says, input=WIDE, files={OUTPUT: out})


CASES: dict[str, list[Case]] = {
    "table.group_summary": [
        summary("sum per region, case folded", GOOD, SUM, True),
        summary("the last group's figure wrong", [*GOOD[:3], ["South", 6]], SUM, False, "By Region!B4"),
        summary("a variant spelling kept as its own group", [*GOOD, ["north", 2]], SUM, False, "appears twice"),
        summary("a total row added", [*GOOD, ["Total", 17]], SUM, False, "not a 'Region'"),
        summary("the last group missing", GOOD[:3], SUM, False, "no row for the group 'south'"),
        summary("count in alphabetical order", [["Region", "Orders"], ["East", 1], ["North", 2], ["South", 2]],
                {"order": "group"}, True),
        summary("largest first, out of order", [GOOD[0], GOOD[2], GOOD[1], GOOD[3]], {**SUM, "order": "value_desc"},
                False, "largest first"),
    ],
    "table.column_cleaned": [
        Case("text dates made real dates", REAL, {"column": "Date", "operation": "date_text"}, True, input=DATES),
        Case("the last date left as text", [*REAL[:3], ["c", "14 Mar 2024"]], {"column": "Date", "operation": "date_text"},
             False, "Orders!B4", input=DATES),
        Case("blanks filled down", FILLED, {"column": "Region", "operation": "fill_down"}, True, input=GAPS),
        Case("the last blank not filled", [*FILLED[:5], [None, 6]], {"column": "Region", "operation": "fill_down"},
             False, "Orders!A6", input=GAPS),
        Case("upper case, one cell missed", [["Region", "Units"], ["NORTH", 3], ["SOUTH", 1], ["north", 2], ["EAST", 5],
             ["SOUTH", 6]], {"column": "Region", "operation": "upper"}, False, "Orders!A4", input=SALES),
    ],
    "table.column_from_column": [
        Case("percent of total, 1 decimal", [[*UNITS[0], "Share"], *[[*r, 10.0 * r[1]] for r in UNITS[1:]]], SHARE, True,
             input=UNITS),
        Case("fractions formatted as percent pass", [[*UNITS[0], "Share"], *[[*r, r[1] / 10] for r in UNITS[1:]]], SHARE,
             True, input=UNITS),
        Case("the last share off", [[*UNITS[0], "Share"], *[[*r, 10.0 * r[1]] for r in UNITS[1:4]], ["East", 4, 41.0]],
             SHARE, False, "Orders!C5", input=UNITS),
        Case("ties share the best rank", [[*TIES[0], "Rank"], *[[*r, k] for r, k in zip(TIES[1:], [3, 1, 1, 4])]], RANK,
             True, input=TIES),
        Case("ties ranked apart", [[*TIES[0], "Rank"], *[[*r, k] for r, k in zip(TIES[1:], [3, 1, 2, 4])]], RANK, False,
             "Orders!C4", input=TIES),
        Case("running total within region", [[*UNITS[0], "Run"], *[[*r, k] for r, k in zip(UNITS[1:], [3, 1, 5, 4])]],
             {"new_header": "Run", "column": "Units", "operation": "running_total", "group_column": "Region"}, True,
             input=UNITS),
    ],
    "table.lookup_filled": [
        looked("found case-insensitively, N/A for the missing", ["Computing", "Peripherals", "N/A"], True),
        looked("the last row's missing key left empty", ["Computing", "Peripherals", None], False, "Orders!C4"),
        looked("the first key not matched across case", ["N/A", "Peripherals", "N/A"], False, "Orders!C2"),
        looked("empty for the missing when no text is asked", ["Computing", "Peripherals", None], True, missing=None),
    ],
    "table.consolidated": [
        stacked("stacked with the source sheet", [("Jan", JAN), ("Feb", FEB), ("All", ALL)], True),
        stacked("the last row of the last sheet missing", [("Jan", JAN), ("Feb", FEB), ("All", ALL[:4])], False,
                "missing"),
        stacked("sheets in the wrong order", [("Jan", JAN), ("Feb", FEB), ("All", [ALL[0], *ALL[3:], *ALL[1:3]])],
                False, "stacked row 1"),
        stacked("a source sheet deleted", [("Jan", JAN), ("All", ALL)], False, "'Feb' is gone"),
    ],
    "table.column_split": [
        Case("Last, First split and kept", [[*NAMES[0], "First Name", "Last Name"], [*NAMES[1], "Ann", "Smith"],
             [*NAMES[2], "Bo", "Lee"]], SPLIT, True, input=NAMES),
        Case("the last row's parts swapped", [[*NAMES[0], "First Name", "Last Name"], [*NAMES[1], "Ann", "Smith"],
             [*NAMES[2], "Lee", "Bo"]], SPLIT, False, "Orders!C3", input=NAMES),
        Case("original kept though asked to replace", [[*NAMES[0], "First Name", "Last Name"],
             [*NAMES[1], "Ann", "Smith"], [*NAMES[2], "Bo", "Lee"]], {**SPLIT, "keep_original": False}, False,
             "still has the column", input=NAMES),
        Case("replaced in place", [["First Name", "Last Name", "Units"], ["Ann", "Smith", 1], ["Bo", "Lee", 2]],
             {**SPLIT, "keep_original": False}, True, input=NAMES),
    ],
    "table.date_part_column": [
        dated("quarters, text dates parsed", ["Q1", "Q1", "Q4"], {"part": "quarter"}, True),
        dated("the last quarter wrong", ["Q1", "Q1", "Q3"], {"part": "quarter"}, False, "Orders!C4"),
        dated("days until a date", [305, 292, 1], {"part": "days_until", "until": "2024-12-31"}, True),
        dated("days as text", [305, 292, "1"], {"part": "days_until", "until": "2024-12-31"}, False, "as a number"),
    ],
    "table.conditional_value": [
        answered("sum where Region is North, case folded", 5, {"aggregate": "sum", "value_column": "Units",
                 "condition": "equals", "target": "North"}, True),
        answered("only the exact-case rows summed", 3, {"aggregate": "sum", "value_column": "Units",
                 "condition": "equals", "target": "North"}, False, "Answer!B1"),
        answered("count of rows with at least 3 units", 3, {"aggregate": "count", "where_column": "Units",
                 "condition": "at_least", "target": 3}, True),
        answered("the threshold row left out", 2, {"aggregate": "count", "where_column": "Units",
                 "condition": "at_least", "target": 3}, False, "expected the count 3"),
    ],
    "table.crosstab": [
        crossed("sums per pair, empty or 0 where none", GRID, {}, True),
        crossed("the last cell wrong", [*GRID[:3], ["South", 1, 4]], {}, False, "Pivot!C4"),
        crossed("with totals", [[*GRID[0], "Total"], ["East", None, 5, 5], ["North", 3, 2, 5], ["South", 1, 0, 1],
                                ["Total", 4, 7, 11]], {"totals": True}, True),
        crossed("the Total row missing", [[*GRID[0], "Total"], ["East", None, 5, 5], ["North", 3, 2, 5],
                                          ["South", 1, 0, 1]], {"totals": True}, False, "column A"),
    ],
    "table.top_rows": [
        picked("the top two", [["North", 7], ["South", 6]], {}, True),
        picked("the second best missing", [["North", 7]], {}, False, "missing"),
        picked("the top one per region", [["North", 7], ["South", 6], ["East", 5]], {"count": 1, "group_column": "Region"},
               True),
        picked("the bottom two, best first", [["South", 1], ["North", 3]], {"smallest": True}, True),
        picked("the bottom two in the wrong order", [["North", 3], ["South", 1]], {"smallest": True}, False, "Top!A2"),
    ],
    "table.banded_column": [
        Case("three bands, bounds inclusive", [[*SCORES[0], "Band"], *[[*r, b] for r, b in
             zip(SCORES[1:], ["Mid", "Low", "High", "Mid", "High"])]], BAND, True, input=SCORES),
        Case("the last row at the bound put below it", [[*SCORES[0], "Band"], *[[*r, b] for r, b in
             zip(SCORES[1:], ["Mid", "Low", "High", "Mid", "Mid"])]], BAND, False, "Orders!C6", input=SCORES),
    ],
    "table.sorted_by_keys": [
        Case("region A-Z, units largest first", TWO_SORTED, TWO, True, input=SCORES),
        Case("the last region's rows in the wrong order", [*TWO_SORTED[:4], TWO_SORTED[5], TWO_SORTED[4]], TWO, False,
             "row 5", input=SCORES),
    ],
    "table.subtotals": [
        Case("sums per region A to Z, grand total", [SCORES[0], ["East", 5], ["East Total", 5], ["North", 3], ["North", 7],
             ["North Total", 10], ["South", 1], ["South", 6], ["South Total", 7], ["Grand Total", 22]],
             {"group_column": "Region", "columns": ["Units"], "grand_total": True}, True, input=SCORES),
        Case("the last group's subtotal wrong", [SCORES[0], ["East", 5], ["East Total", 5], ["North", 3], ["North", 7],
             ["North Total", 10], ["South", 1], ["South", 6], ["South Total", 6]],
             {"group_column": "Region", "columns": ["Units"]}, False, "Orders!B9", input=SCORES),
    ],
    "table.unpivoted": [
        longed("row by row, blanks kept", [["North", "Jan", 3], ["North", "Feb", None], ["South", "Jan", 1],
                                           ["South", "Feb", 4]], {}, True),
        longed("column by column, blanks skipped", [["North", "Jan", 3], ["South", "Jan", 1], ["South", "Feb", 4]],
               {"by_column": True, "skip_blank": True}, True),
        longed("the last figure missing", [["North", "Jan", 3], ["South", "Jan", 1]],
               {"by_column": True, "skip_blank": True}, False, "missing"),
        longed("row order when column order was asked", [["North", "Jan", 3], ["South", "Feb", 4], ["South", "Jan", 1]],
               {"by_column": True, "skip_blank": True}, False, "Long!B3"),
    ],
}
