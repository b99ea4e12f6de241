"""Boundary cases of `project.tests_parametrized` on a real catalogue package (library loans'
late_fee, tested by four near-identical functions), run in a bubblewrap sandbox: one parametrized
test with the four rows (as tuples or pytest.param), plus an asked row, passes; the last row wrong,
a row not asked, an asked row missing, the old tests kept, the rows split over two tests, rows that
assert nothing, arguments and results swapped, and a loop instead of rows fail."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._code_projects import project_case, seeded
from workflows.code._all_kinds import make_package

FILES, MODULE, TESTS = seeded(lambda rng, faker: make_package(rng, faker, "loans", neighbours=1))
SOURCE, TEST_SOURCE = FILES[MODULE], FILES[TESTS]
START, END = TEST_SOURCE.index("def test_late_fee_1"), TEST_SOURCE.index("def test_overdue")
ROWS = ["(0, 0.0)", "(3, 1.5)", "(400, 10.0)", "(-2, 0.0)"]


def folded(rows: list[str], name: str = "test_late_fee", check: str = "late_fee(days_late) == expected",
           names: str = "days_late, expected", keep: bool = False) -> str:
    test = (f"@pytest.mark.parametrize({names!r}, [{', '.join(rows)}])\ndef {name}({names}):\n"
            f"    assert {check}\n\n\n")
    return TEST_SOURCE[:END if keep else START] + test + TEST_SOURCE[END:]


def case(label: str, tests: str, passes: bool, says: str = "", **options: Any) -> Case:
    return project_case(label, FILES, {TESTS: tests}, {"file": f"proj/{MODULE}", "test_file": f"proj/{TESTS}",
                                                       "function": "late_fee", **options}, passes, says)


SPLIT = folded(ROWS[:2]).replace("def test_overdue", folded(ROWS[2:], "test_late_fee_more")[START:]
                                 .split("def test_overdue")[0] + "def test_overdue")
LOOP = (TEST_SOURCE[:START] + "def test_late_fee():\n    for days, want in [" + ", ".join(ROWS)
        + "]:\n        assert late_fee(days) == want\n\n\n" + TEST_SOURCE[END:])

CASES = {
    "project.tests_parametrized": [
        case("the four cases as rows", folded(ROWS), True),
        case("rows as pytest.param with ids", folded([f"pytest.param{r[:-1]}, id='c{n}')" for n, r in enumerate(ROWS)]),
             True),
        case("the asked case added as a fifth row", folded([*ROWS, "(1, 0.5)"]), True, extra="late_fee(1)"),
        case("the last row replaced by another case", folded([*ROWS[:3], "(5, 2.5)"]), False,
             "no row (-2, 0.0) for late_fee(-2)"),
        case("a row not asked for", folded([*ROWS, "(5, 2.5)"]), False,
             "rows that are not among the cases asked: [(5, 2.5)]"),
        case("the asked row missing", folded([*ROWS, "(5, 2.5)"]), False, "no row (1, 0.5) for late_fee(1)",
             extra="late_fee(1)"),
        case("the old tests kept beside the new one", folded(ROWS, keep=True), False, f"{TESTS} still has test_late_fee_"),
        case("the rows split over two tests", SPLIT, False, f"{TESTS} has 2 tests calling late_fee; one is asked"),
        case("rows that assert nothing", folded(ROWS, check="late_fee(days_late) == expected or True"), False,
             "with late_fee returning None only 0 of 4 rows fail"),
        case("results before arguments", folded([f"({r[1:-1].split(', ')[1]}, {r[1:-1].split(', ')[0]})" for r in ROWS],
                                                  check="late_fee(days_late) == expected",
                                                  names="expected, days_late"), False, "no row (3, 1.5) for late_fee(3)"),
        case("a loop instead of rows", LOOP, False, "tests ran, fewer than the project's"),
    ],
}
