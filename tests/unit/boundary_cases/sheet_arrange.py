"""Boundary cases of `table.sheets_arranged` (`forge.checks.sheet_arrange`): the LAST two sheets
out of order, a sheet's content changed while moving it, names compared exactly (a one-digit
month, another year), the last empty sheet kept or a sheet with data deleted, the last hidden
sheet still hidden, a sheet hidden that was not named, a hidden sheet shown by a reorder, and A to
Z ignoring case."""

from __future__ import annotations

import io
from typing import Any

import openpyxl

from tests.unit.boundary_cases import Case

INPUT, OUTPUT = "inputs/data.xlsx", "outputs/result.xlsx"
Sheet = tuple[str, list[list[Any]]] | tuple[str, list[list[Any]], str]


def rows(label: str, n: int = 2) -> list[list[Any]]:
    return [["Item", "Units"], *[[f"{label} {i}", i * 3] for i in range(1, n + 1)]]


def book(*sheets: Sheet) -> bytes:
    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    for name, values, *state in sheets:
        ws = wb.create_sheet(name)
        for row in values:
            ws.append(row)
        ws.sheet_state = state[0] if state else "visible"
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def case(label: str, given: list[Sheet], made: list[Sheet], passes: bool, says: str = "", **options: Any) -> Case:
    original = book(*given)
    return Case(label, None, options, passes, says, files={INPUT: original, OUTPUT: book(*made)},
                originals={INPUT: original})


MONTHS = [("Mar", rows("m")), ("Jan", rows("j")), ("Apr", rows("a")), ("Feb", rows("f"))]
CALENDAR = [MONTHS[1], MONTHS[3], MONTHS[0], MONTHS[2]]
SITES = [("dublin", rows("d")), ("Berlin", rows("b")), ("Madrid", rows("m")), ("Athens", rows("a", 3), "hidden")]
EMPTY: list[list[Any]] = []
WITH_EMPTY = [("North", rows("n")), ("Sheet2", EMPTY), ("South", rows("s")), ("Sheet3", EMPTY)]
HIDDEN = [("North", rows("n")), ("South", rows("s"), "hidden"), ("East", rows("e")), ("West", rows("w"), "hidden")]
HELPERS = [("Staff", rows("s")), ("Lists", [["Dept"], ["HR"]]), ("Pay", rows("p")), ("Lookup", [["Code"], ["A"]])]


def state(sheets: list[Sheet], **states: str) -> list[Sheet]:
    return [(s[0], s[1], states.get(s[0], s[2] if len(s) > 2 else "visible")) for s in sheets]


CASES = {
    "table.sheets_arranged": [
        case("months in calendar order", MONTHS, CALENDAR, True, "4 sheets", arrangement="chronological"),
        case("the last two months swapped", MONTHS, [*CALENDAR[:2], CALENDAR[3], CALENDAR[2]], False,
             "expected ['Jan', 'Feb', 'Mar', 'Apr']", arrangement="chronological"),
        case("the last month's data changed while moving", MONTHS,
             [*CALENDAR[:3], ("Apr", rows("a")[:-1] + [["a 2", 7]])], False, "sheet 'Apr'", arrangement="chronological"),
        case("the input left as it was", MONTHS, MONTHS, False, "has the sheets ['Mar'", arrangement="chronological"),
        case("A to Z ignoring case, the hidden sheet still hidden", SITES,
             [SITES[3], SITES[1], SITES[0], SITES[2]], True, arrangement="alphabetical"),
        case("A to Z with capitals first (case not ignored)", SITES, [SITES[3], SITES[1], SITES[2], SITES[0]], False,
             "expected ['Athens', 'Berlin', 'dublin', 'Madrid']", arrangement="alphabetical"),
        case("a hidden sheet shown by the reorder", SITES, [state([SITES[3]], Athens="visible")[0], SITES[1],
                                                            SITES[0], SITES[2]], False, "'Athens' is shown",
             arrangement="alphabetical"),
        case("the summary moved to the front", [*MONTHS[:2], ("Summary", [["Month", "Rows"], ["Mar", 2]]), MONTHS[2]],
             [("Summary", [["Month", "Rows"], ["Mar", 2]]), *MONTHS[:3]], True, arrangement="first",
             sheets=["Summary"]),
        case("the summary first, the last two others swapped",
             [*MONTHS[:2], ("Summary", [["Month", "Rows"], ["Mar", 2]]), MONTHS[2]],
             [("Summary", [["Month", "Rows"], ["Mar", 2]]), MONTHS[0], MONTHS[2], MONTHS[1]], False,
             "expected ['Summary', 'Mar', 'Jan', 'Apr']", arrangement="first", sheets=["Summary"]),
        case("the empty sheets deleted", WITH_EMPTY, [WITH_EMPTY[0], WITH_EMPTY[2]], True, arrangement="remove_empty"),
        case("the last empty sheet kept", WITH_EMPTY, WITH_EMPTY[:3][::2] + [WITH_EMPTY[3]], False, "'Sheet3'",
             arrangement="remove_empty"),
        case("a sheet with data deleted too", WITH_EMPTY, [WITH_EMPTY[0]], False, "expected ['North', 'South']",
             arrangement="remove_empty"),
        case("months renamed year-MM", CALENDAR, [(f"2024-0{i}", s[1]) for i, s in enumerate(CALENDAR, start=1)], True,
             arrangement="rename_months", year=2024),
        case("the last month with one digit", CALENDAR,
             [*[(f"2024-0{i}", s[1]) for i, s in enumerate(CALENDAR[:3], start=1)], ("2024-4", CALENDAR[3][1])], False,
             "'2024-04'", arrangement="rename_months", year=2024),
        case("months renamed with another year", CALENDAR,
             [(f"2023-0{i}", s[1]) for i, s in enumerate(CALENDAR, start=1)], False, "'2024-01'",
             arrangement="rename_months", year=2024),
        case("every hidden sheet shown", HIDDEN, state(HIDDEN, South="visible", West="visible"), True,
             arrangement="unhide"),
        case("the last hidden sheet still hidden", HIDDEN, state(HIDDEN, South="visible"), False, "'West' is hidden",
             arrangement="unhide"),
        case("the named helpers hidden", HELPERS, state(HELPERS, Lists="hidden", Lookup="hidden"), True,
             arrangement="hide", sheets=["Lists", "Lookup"]),
        case("a helper very hidden counts as hidden", HELPERS, state(HELPERS, Lists="veryHidden", Lookup="hidden"),
             True, arrangement="hide", sheets=["Lists", "Lookup"]),
        case("the last named helper left visible", HELPERS, state(HELPERS, Lists="hidden"), False, "'Lookup' is shown",
             arrangement="hide", sheets=["Lists", "Lookup"]),
        case("a data sheet hidden as well", HELPERS, state(HELPERS, Lists="hidden", Lookup="hidden", Pay="hidden"),
             False, "'Pay' is hidden", arrangement="hide", sheets=["Lists", "Lookup"]),
        case("a helper deleted instead of hidden", HELPERS, [HELPERS[0], *state(HELPERS[1:3], Lists="hidden")], False,
             "expected ['Staff', 'Lists', 'Pay', 'Lookup']", arrangement="hide", sheets=["Lists", "Lookup"]),
    ],
}
