"""The check registry's contract: every registered check has cases on BOTH sides of each boundary
it enforces, with real files. A check registered later (by an app or a plugin) fails
`test_every_registered_check_has_boundary_cases` until it has cases: in CASES here, or in a module
of its own under `tests/unit/boundary_cases/` (see that package's docstring).

The boundaries tried where a check has them: a discrepancy only in the LAST row (a loop that
stops one short, or compares a prefix, passes everything else), an extra or missing row or
column, a value just inside and just outside the tolerance, and rounding (rounded either way
passes; unrounded or one step off fails).
"""

from __future__ import annotations

import datetime as dt
import types
from pathlib import Path
from typing import Any

import pytest

from forge.checks import CHECKS, FinalState, run_check
from forge.models import Check
from tests.unit.boundary_cases import Case, DuplicateCases, collect, module_cases
from tests.xlsx import xlsx_bytes

INPUT, OUTPUT, SHEET = "inputs/data.xlsx", "outputs/result.xlsx", "Orders"
HEADER = ["Item", "Units", "Price"]
A, B, C, D, E = ["a", 3, 2.5], ["b", 1, 4.0], ["c", 7, 1.25], ["d", 5, 10.0], ["e", 2, 1.255]
ROWS = [A, B, C, D, E]  # Units sum 18; Price sum 19.005; Units * Price of the LAST row: 2.51


def table(*rows: list[Any], header: list[Any] = HEADER) -> list[list[Any]]:
    return [list(header), *[list(r) for r in rows]]


def with_col(rows: list[list[Any]], name: str, values: list[Any]) -> list[list[Any]]:
    return [[*rows[0], name], *[[*r, v] for r, v in zip(rows[1:], values, strict=True)]]


def changed(row: list[Any], index: int, value: Any) -> list[Any]:
    out = list(row)
    out[index] = value
    return out


SORT = {"column": "Units"}
SORT_DESC = {"column": "Units", "descending": True}
TOTAL = {"label_column": "Item", "columns": ["Units", "Price"], "tolerance": 0.01}
REVENUE = {"new_header": "Revenue", "left": "Units", "right": "Price", "operation": "product", "decimals": 2}
EXACT_REVENUE = [7.5, 4.0, 8.75, 50.0]  # rows a..d; e's exact product is 2.51 (2.5100000000000002 in floats)
NEAR = {"new_header": "Revenue", "left": "Units", "right": "Price", "operation": "product", "tolerance": 0.1}
KEEP_GT = {"column": "Units", "operator": ">", "threshold": 2}  # e (Units 2, the LAST row) is the boundary
KEEP_GE = {"column": "Units", "operator": ">=", "threshold": 2}
KEEP_TEXT = {"column": "Item", "operator": ">=", "threshold": "c"}
RATIO = {"new_header": "Per", "left": "Units", "right": "Price", "operation": "ratio", "decimals": 2}
RATIO_IN = table(["a", 3, 2.0], ["b", 5, 0], ["c", 6, -1.5], ["d", 7, 1])  # b has no ratio; c and d divide by -1.5, 1
DIFF_IN = table(["a", 3, 2.0], ["d", 7, 0])  # a difference with 0 is defined (only a ratio's is not)
DIFFERENCE = {**RATIO, "new_header": "Gap", "operation": "difference"}
PLAIN = {"new_header": "Revenue", "left": "Units", "right": "Price", "operation": "product"}  # default tolerance 1e-6
MANY = [[f"i{n:03d}", n, 1.0] for n in range(300)]  # past CPython's small-int cache: lengths compared by value
SIX = [*ROWS, ["f", 1, 1.0]]
WHEN = ["Item", "When"]
NOON = dt.datetime(2024, 1, 2, 0, 30)  # half an hour after the date 2024-01-02 (a date is its midnight)
TRAILING = table(*[[*r, None, "m"] for r in ROWS], header=[*HEADER, None, None])  # two unnamed columns at the end

CASES: dict[str, list[Case]] = {
    "file.exists": [
        Case("the output exists", table(A), {}, True),
        Case("no output file", None, {}, False),
        Case("a path escaping the job dir", table(A), {"file": "../result.xlsx"}, False),
    ],
    "table.sorted_by": [
        Case("sorted ascending", table(B, E, A, D, C), SORT, True),
        Case("sorted descending", table(C, D, A, E, B), SORT_DESC, True),
        Case("only the last two rows swapped", table(B, E, A, C, D), SORT, False,
             "Orders!B5 is 7.0 but Orders!B6 is 5.0"),
        Case("only the first two rows swapped", table(E, B, A, D, C), SORT, False),
        Case("descending, last two swapped", table(C, D, A, B, E), SORT_DESC, False),
        Case("ascending asked, descending given", table(C, D, A, E, B), SORT, False),
        Case("the last row dropped", table(B, E, A, D), SORT, False),
        Case("an extra row at the end", table(B, E, A, D, C, C), SORT, False, "has 6 data rows, the input has 5"),
        Case("numbers, then dates, then text, each in order",
             table(["x", 2], ["y", 10], ["z", dt.date(2024, 1, 2)], ["w", dt.date(2024, 3, 1)], ["v", "soon"],
                   header=["Item", "When"]), {"column": "When"}, True,
             input=table(["z", dt.date(2024, 1, 2)], ["v", "soon"], ["y", 10], ["w", dt.date(2024, 3, 1)], ["x", 2],
                         header=["Item", "When"])),
        Case("a date before a number", table(["x", 2], ["z", dt.date(2024, 1, 2)], ["y", 10],
                                             ["w", dt.date(2024, 3, 1)], header=["Item", "When"]),
             {"column": "When"}, False,
             input=table(["z", dt.date(2024, 1, 2)], ["y", 10], ["w", dt.date(2024, 3, 1)], ["x", 2],
                         header=["Item", "When"])),
        Case("an extra column", with_col(table(B, E, A, D, C), "Note", [1, 2, 3, 4, 5]), SORT, False,
             "extra columns ['Note']"),
        Case("the last two columns dropped", [["Item"], ["b"], ["e"], ["a"], ["d"], ["c"]], {"column": "Item"}, False,
             "header cell B1 is None, expected 'Units'"),
        Case("the second header cell renamed", table(B, E, A, D, C, header=["Item", "units", "Price"]), SORT, False,
             "header cell B1 is 'units', expected 'Units'"),
        Case("a row doubled at the fourth place", table(B, A, C, C), SORT, False,
             "row 4 ['c', 7.0, 1.25] is not one of the input's rows", input=table(B, A, C, D)),
        Case("blank text sorts last", table(A, B, C, D, E, [None, 4, 4.0]), {"column": "Item"}, True,
             input=table([None, 4, 4.0], *ROWS)),
        Case("the last row's price changed beyond float noise", table(B, E, A, D, changed(C, 2, 1.25 + 5e-6)), SORT,
             False),
        Case("the last row's price within float noise", table(B, E, A, D, changed(C, 2, 1.25 + 1e-9)), SORT, True),
        Case("the last row's text changed", table(B, E, A, D, changed(C, 0, "C")), SORT, False),
        Case("the last row's price changed by 3e-6", table(B, E, A, D, changed(C, 2, 1.25 + 3e-6)), SORT, False),
        Case("nine cents changed at 1e8", table(B, E, A, D, changed(C, 2, 100000000.09)), SORT, False,
             input=table(*ROWS[:2], changed(C, 2, 100000000.0), *ROWS[3:])),
        Case("text sorted, case-insensitively", table(A, B, C, D, E), {"column": "Item"}, True),
        Case("text, descending, the last two swapped", table(E, D, C, A, B), {"column": "Item", "descending": True},
             False, "Orders!A5 is 'a' but Orders!A6 is 'b'"),
        Case("one row doubled in place of its twin", table(A, B, B), {"column": "Units"}, False,
             "row 3 ['b', 1.0, 4.0] is not one of the input's rows", input=table(B, A, A)),
        Case("300 rows sorted", table(*MANY), SORT, True, "300 rows sorted", input=table(*MANY[::-1])),
        Case("a date before a datetime of the same day, then text",
             table(["x", 2], ["z", dt.date(2024, 1, 2)], ["y", NOON], ["w", "soon"], header=WHEN), {"column": "When"},
             True, input=table(["w", "soon"], ["y", NOON], ["x", 2], ["z", dt.date(2024, 1, 2)], header=WHEN)),
        Case("a datetime before the date of its own day",
             table(["x", 2], ["y", NOON], ["z", dt.date(2024, 1, 2)], ["w", "soon"], header=WHEN), {"column": "When"},
             False, "is 2024-01-02T00:30:00 but",
             input=table(["w", "soon"], ["y", NOON], ["x", 2], ["z", dt.date(2024, 1, 2)], header=WHEN)),
        Case("the last row's price changed by 3e-7 (under the 6-place rounding)",
             table(B, E, A, D, changed(C, 2, 1.25 + 3e-7)), SORT, True),
        Case("two unnamed trailing columns dropped", table(B, E, A, D, C), SORT, False, input=TRAILING),
    ],
    "table.total_row": [
        Case("exact totals", table(*ROWS, ["Total", 18, 19.005]), TOTAL, True, "row 7 is a 'Total' row"),
        Case("the label in other case", table(*ROWS, ["TOTAL", 18, 19.005]), TOTAL, True),
        Case("just inside the tolerance", table(*ROWS, ["Total", 18, 19.014]), TOTAL, True),
        Case("just outside the tolerance", table(*ROWS, ["Total", 18, 19.016]), TOTAL, False),
        Case("just outside, below", table(*ROWS, ["Total", 18, 18.994]), TOTAL, False),
        Case("the last column's total missing", table(*ROWS, ["Total", 18, None]), TOTAL, False),
        Case("the total without the last data row", table(*ROWS, ["Total", 16, 17.75]), TOTAL, False),
        Case("the last data row changed", table(A, B, C, D, changed(E, 1, 3), ["Total", 18, 19.005]), TOTAL, False),
        Case("the last data row dropped", table(A, B, C, D, ["Total", 18, 19.005]), TOTAL, False),
        Case("a blank row before the total", table(*ROWS, [None, None, None], ["Total", 18, 19.005]), TOTAL, False),
        Case("extra rows below the total", table(*ROWS, ["Total", 18, 19.005], ["x", 1, 1], ["y", 2, 2]), TOTAL,
             False, "2 unexpected row(s) below the 'Total' row, e.g. ['x', 1.0, 1.0]"),
        Case("no total row", table(*ROWS), TOTAL, False, "(row 6); expected a 'Total' row at row 7"),
        Case("no total row below six rows", table(*ROWS, ["f", 1, 1.0]), TOTAL, False,
             "(row 7); expected a 'Total' row at row 8", input=table(*ROWS, ["f", 1, 1.0])),
        Case("an extra column", with_col(table(*ROWS, ["Total", 18, 19.005]), "N", [1] * 6), TOTAL, False),
        Case("the wrong label", table(*ROWS, ["Sum", 18, 19.005]), TOTAL, False),
        Case("the average, exact", table(*ROWS, ["Average", 3.6, 3.801]),
             {**TOTAL, "label": "Average", "aggregate": "average"}, True),
        Case("the sum where the average is asked", table(*ROWS, ["Average", 18, 19.005]),
             {**TOTAL, "label": "Average", "aggregate": "average"}, False),
        Case("max", table(*ROWS, ["Max", 7, 10.0]), {**TOTAL, "label": "Max", "aggregate": "max"}, True),
        Case("min", table(*ROWS, ["Min", 1, 1.25]), {**TOTAL, "label": "Min", "aggregate": "min"}, True),
        Case("max where min is asked", table(*ROWS, ["Min", 7, 10.0]), {**TOTAL, "label": "Min", "aggregate": "min"},
             False),
        Case("a label sorting after 'Total'", table(*ROWS, ["Totals", 18, 19.005]), TOTAL, False,
             "is 'Totals', expected the label 'Total'"),
        Case("six rows: the total at row 8", table(*SIX, ["Total", 19, 20.005]), TOTAL, True, "row 8 is a 'Total' row",
             input=table(*SIX)),
        Case("300 rows and no total row", table(*MANY), {**TOTAL, "columns": ["Units"]}, False,
             "expected a 'Total' row at row 302", input=table(*MANY)),
    ],
    "table.derived_column": [
        Case("rounded half up", with_col(table(*ROWS), "Revenue", [*EXACT_REVENUE, 2.51]), REVENUE, True,
             "rounded to 2 decimal places on all 5 rows"),
        Case("a value in the last row one step off", with_col(table(*ROWS), "Revenue", [*EXACT_REVENUE, 2.52]),
             REVENUE, False),
        Case("the last row unrounded", with_col(table(*ROWS), "Revenue", [*EXACT_REVENUE, 2.5101]), REVENUE, False),
        Case("the last row missing its value", with_col(table(*ROWS), "Revenue", [*EXACT_REVENUE, None]), REVENUE,
             False),
        Case("the last row's original value changed",
             with_col(table(A, B, C, D, changed(E, 2, 1.26)), "Revenue", [*EXACT_REVENUE, 2.52]), REVENUE, False),
        Case("an extra row at the end", [*with_col(table(*ROWS), "Revenue", [*EXACT_REVENUE, 2.51]), ["f", 1, 1, 1]],
             REVENUE, False),
        Case("the last row dropped", with_col(table(A, B, C, D), "Revenue", EXACT_REVENUE), REVENUE, False),
        Case("no new column", table(*ROWS), REVENUE, False, "its header row is ['Item', 'Units', 'Price']"),
        Case("a last row without a number has no result to check", with_col(table(A, B, C, D, ["e", None, 1.255]),
             "Revenue", [*EXACT_REVENUE, None]), REVENUE, True, input=table(A, B, C, D, ["e", None, 1.255])),
        Case("0 decimal places", with_col(table(*ROWS), "Square", [9, 1, 49, 25, 4]),
             {**REVENUE, "new_header": "Square", "right": "Units", "decimals": 0}, True),
        Case("0 decimal places, one unrounded", with_col(table(*ROWS), "Square", [9, 1, 49, 25, 4.5]),
             {**REVENUE, "new_header": "Square", "right": "Units", "decimals": 0}, False),
        Case("an unnamed original column is kept by position",
             with_col(table(*[[*r, "n"] for r in ROWS], header=[*HEADER, None]), "Revenue", [*EXACT_REVENUE, 2.51]),
             REVENUE, True, input=table(*[[*r, "n"] for r in ROWS], header=[*HEADER, None])),
        Case("an unnamed original column changed in the last row",
             with_col(table(*[[*r, "n"] for r in ROWS[:4]], [*E, "m"], header=[*HEADER, None]), "Revenue",
                      [*EXACT_REVENUE, 2.51]),
             REVENUE, False, input=table(*[[*r, "n"] for r in ROWS], header=[*HEADER, None])),
        Case("the new column under another name", with_col(table(*ROWS), "Revenu", [*EXACT_REVENUE, 2.51]), REVENUE,
             False),
        Case("just inside a tolerance", with_col(table(*ROWS), "Revenue", [*EXACT_REVENUE, 2.51 + 0.09]), NEAR, True),
        Case("just outside a tolerance", with_col(table(*ROWS), "Revenue", [*EXACT_REVENUE, 2.51 + 0.11]), NEAR,
             False),
        Case("just outside below", with_col(table(*ROWS), "Revenue", [*EXACT_REVENUE, 2.51 - 0.11]), NEAR, False),
        Case("a ratio: a 0 divisor has no result, -1.5 and 1 do", with_col(RATIO_IN, "Per", [1.5, None, -4.0, 7.0]),
             RATIO, True, input=RATIO_IN),
        Case("a ratio: the last row (divisor 1) off by a step", with_col(RATIO_IN, "Per", [1.5, None, -4.0, 7.01]),
             RATIO, False, "Orders!D5", input=RATIO_IN),
        Case("a ratio: a negative divisor's result off by a step", with_col(RATIO_IN, "Per", [1.5, None, -4.01, 7.0]),
             RATIO, False, "Orders!D4", input=RATIO_IN),
        Case("a difference with 0 is checked", with_col(DIFF_IN, "Gap", [1.0, 7.0]), DIFFERENCE, True, input=DIFF_IN),
        Case("a difference with 0, wrong in the last row", with_col(DIFF_IN, "Gap", [1.0, 7.5]), DIFFERENCE, False,
             "Orders!D3", input=DIFF_IN),
        Case("a sum with 0, wrong in the last row", with_col(DIFF_IN, "Gap", [5.0, 7.5]),
             {**DIFFERENCE, "operation": "sum"}, False, "Orders!D3", input=DIFF_IN),
        Case("a sum with 0", with_col(DIFF_IN, "Gap", [5.0, 7.0]), {**DIFFERENCE, "operation": "sum"}, True,
             input=DIFF_IN),
        Case("an exact half stored just below it (1.115 is 1.11499999...): half-up passes",
             with_col(table(["a", 1, 1.115]), "Revenue", [1.12]), REVENUE, True, input=table(["a", 1, 1.115])),
        Case("at 1e8, where float noise exceeds 1e-9: half-up passes",
             with_col(table(["a", 1, 100000000.115]), "Revenue", [100000000.12]), REVENUE, True,
             input=table(["a", 1, 100000000.115])),
        Case("at 1e8, half-down passes", with_col(table(["a", 1, 100000000.115]), "Revenue", [100000000.11]), REVENUE,
             True, input=table(["a", 1, 100000000.115])),
        Case("at 1e8, one step off fails", with_col(table(["a", 1, 100000000.115]), "Revenue", [100000000.13]),
             REVENUE, False, input=table(["a", 1, 100000000.115])),
        Case("at 1e8, ten cents off fails", with_col(table(["a", 1, 100000000.115]), "Revenue", [100000000.21]),
             REVENUE, False, input=table(["a", 1, 100000000.115])),
        Case("no rounding asked: float noise passes", with_col(table(*ROWS), "Revenue", [*EXACT_REVENUE, 2.51 + 5e-7]),
             PLAIN, True),
        Case("no rounding asked: 1e-5 off in the last row fails",
             with_col(table(*ROWS), "Revenue", [*EXACT_REVENUE, 2.51 + 1e-5]), PLAIN, False, "Orders!D6"),
    ],
    "table.rows_where": [
        Case("the rows over the threshold, in order", table(A, C, D), KEEP_GT, True),
        Case("the boundary row (the last) kept wrongly", table(A, C, D, E), KEEP_GT, False,
             "has 4 data rows, expected 3: row 5 ['e', 2.0, 1.255] should not be there"),
        Case(">= keeps the boundary row", table(A, C, D, E), KEEP_GE, True),
        Case(">= without the boundary row", table(A, C, D), KEEP_GE, False),
        Case("the last kept row dropped", table(A, C), KEEP_GT, False,
             "has 2 data rows, expected 3: the row that should be ['d', 5.0, 10.0] is missing"),
        Case("the last two kept rows swapped", table(A, D, C), KEEP_GT, False),
        Case("an extra column", with_col(table(A, C, D), "N", [1, 2, 3]), KEEP_GT, False),
        Case("the last kept row changed", table(A, C, changed(D, 2, 10.5)), KEEP_GT, False),
        Case("the second kept row changed", table(A, changed(C, 2, 1.5), D), KEEP_GT, False, "kept row 2 ("),
        Case("the last kept row's price blank", table(A, C, changed(D, 2, None)), KEEP_GT, False, "is None"),
        Case("a text cell in a number column is not over the threshold", table(A, C, D), KEEP_GT, True,
             input=table(*ROWS, ["f", "n/a", 1.0])),
        Case("a text cell in a number column kept wrongly", table(A, C, D, ["f", "n/a", 1.0]), KEEP_GT, False,
             input=table(*ROWS, ["f", "n/a", 1.0])),
        Case("equal to 1, exactly", table(B), {**KEEP_GT, "operator": "==", "threshold": 1}, True),
        Case("equal to 1: a multiple kept wrongly", table(A, B), {**KEEP_GT, "operator": "==", "threshold": 1}, False),
        Case("text compared case-insensitively", table(C, D, E), KEEP_TEXT, True),
        Case("text: the first row kept wrongly", table(A, C, D, E), KEEP_TEXT, False),
        Case("text equal, in another case", table(C), {**KEEP_TEXT, "operator": "==", "threshold": "C"}, True),
        Case("text equal: another row kept", table(C, D), {**KEEP_TEXT, "operator": "==", "threshold": "C"}, False),
        Case("two unnamed trailing columns dropped", table(A, C, D), KEEP_GT, False, "column ''", input=TRAILING),
        Case("a kept price of 1e8 changed by nine cents", table(A, changed(C, 2, 100000000.09), D), KEEP_GT, False,
             "is 100000000.09, expected 100000000.0", input=table(A, B, changed(C, 2, 100000000.0), D, E)),
    ],
}

# every case, from here and from each module of tests/unit/boundary_cases: check -> (owner, cases)
ALL = collect([(__name__, CASES), *module_cases()])


def test_every_registered_check_has_boundary_cases() -> None:
    missing = sorted(set(CHECKS) - set(ALL))
    assert not missing, (f"registered checks without boundary cases: {missing}; add passing AND failing Cases in a "
                         "module of tests/unit/boundary_cases (see its docstring)")


def test_a_check_with_cases_in_two_modules_fails_naming_both() -> None:
    one = types.ModuleType("tests.unit.boundary_cases.one")
    two = types.ModuleType("tests.unit.boundary_cases.two")
    one.CASES = {"file.exists": [Case("exists", table(A), {}, True)]}
    two.CASES = {"table.sorted_by": [Case("sorted", table(B), SORT, True)],
                 "file.exists": [Case("missing", None, {}, False)]}
    with pytest.raises(DuplicateCases, match=r"'file\.exists'.*boundary_cases\.one and .*boundary_cases\.two"):
        collect([(one.__name__, one.CASES), (two.__name__, two.CASES)])
    assert set(collect([(one.__name__, one.CASES)])) == {"file.exists"}


@pytest.mark.parametrize("name", sorted(ALL))
def test_each_check_has_both_sides(name: str) -> None:
    owner, cases = ALL[name]
    assert name in CHECKS, f"{name} has cases in {owner} but is not registered"
    sides = {case.passes for case in cases}
    assert sides == {True, False}, f"{name} needs at least one passing and one failing case (in {owner})"


def _write(root: Path, files: dict[str, bytes]) -> None:
    for path, data in files.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)


def _state(tmp_path: Path, case: Case) -> FinalState:
    original = xlsx_bytes(case.input or table(*ROWS), SHEET)
    _write(tmp_path, {INPUT: original})
    if case.output is not None:
        _write(tmp_path, {OUTPUT: xlsx_bytes(case.output, SHEET)})
    _write(tmp_path, dict(case.files))
    return FinalState(tmp_path, {INPUT: original} if case.originals is None else dict(case.originals))


def _options(name: str, case: Case) -> dict[str, Any]:
    fields = CHECKS.get(name).options.model_fields
    base = {"file": OUTPUT, "input_file": INPUT, "table": SHEET}
    return {**{k: v for k, v in base.items() if k in fields}, **case.options}


@pytest.mark.parametrize(("name", "case"), [(n, c) for n, (_, cases) in sorted(ALL.items()) for c in cases],
                         ids=lambda v: v.label if isinstance(v, Case) else v)
def test_boundary(tmp_path: Path, name: str, case: Case) -> None:
    result = run_check(Check(func=name, options=_options(name, case)), _state(tmp_path, case))
    assert not result.error, result.message  # a case that cannot be evaluated is a bug in the case
    assert result.passed == case.passes, f"{name} / {case.label}: {result.message}"
    assert case.says in result.message and result.message  # a verdict always says why, and where
