"""Boundary cases of `project.tests_updated` on a real catalogue package (library loans: late_fee
reads FEE_PER_DAY, can_borrow MAX_LOANS), run in a bubblewrap sandbox: the constant set and the one
affected expected value corrected passes (also when the change came already made, with a new test
added, with 1 written for 1.0, and with a pinning test asked); another value, a module changed
beyond the constant, a removed or dropped constant, a removed test, a changed call, a computed or
dropped expected value, a stale expected value, a pinning test asked but missing or passing with
the old value too, and another test module edited fail."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._code_projects import project_case, seeded
from workflows.code._all_kinds import make_package

FILES, MODULE, TESTS = seeded(lambda rng, faker: make_package(rng, faker, "loans", neighbours=1))
SOURCE, TEST_SOURCE = FILES[MODULE], FILES[TESTS]
OTHER_TESTS = next(p for p in FILES if p.startswith("tests/test_") and p != TESTS)
MADE = {**FILES, MODULE: SOURCE.replace("MAX_LOANS = 6", "MAX_LOANS = 8")}
QUARTER = SOURCE.replace("FEE_PER_DAY = 0.5", "FEE_PER_DAY = 0.25")
FEE_FIXED = TEST_SOURCE.replace("late_fee(3) == 1.5", "late_fee(3) == 0.75")
PIN = "\n\ndef test_new_fee():\n    assert late_fee(4) == 1.0\n"
LOOSE = "\n\ndef test_fee_cap():\n    assert late_fee(1000) == 10.0\n"
LOANS_FIXED = TEST_SOURCE.replace("can_borrow(6) == False", "can_borrow(6) == True")


def case(label: str, edits: dict[str, str], passes: bool, says: str = "", given: dict[str, str] = FILES,
         **options: Any) -> Case:
    return project_case(label, given, edits, {"file": f"proj/{MODULE}", "test_file": f"proj/{TESTS}",
                                              "constant": "FEE_PER_DAY", "value": 0.25, **options}, passes, says)


def made(label: str, tests: str, passes: bool, says: str = "", **edits: str) -> Case:
    return case(label, {TESTS: tests, **edits}, passes, says, given=MADE, constant="MAX_LOANS", value=8)


CASES = {
    "project.tests_updated": [
        case("the fee set to 0.25 and late_fee(3)'s result corrected", {MODULE: QUARTER, TESTS: FEE_FIXED}, True),
        made("the limit already 8, can_borrow(6)'s result corrected", LOANS_FIXED, True),
        made("corrected, with a new test added", LOANS_FIXED + "\n\ndef test_can_borrow_eight():\n"
             "    assert can_borrow(8) == False\n", True),
        case("1 asked, 1.0 written", {MODULE: SOURCE.replace("FEE_PER_DAY = 0.5", "FEE_PER_DAY = 1.0"),
                                      TESTS: TEST_SOURCE.replace("late_fee(3) == 1.5", "late_fee(3) == 3.0")},
             True, value=1),
        case("the fee set to 0.3", {MODULE: SOURCE.replace("FEE_PER_DAY = 0.5", "FEE_PER_DAY = 0.3"),
                                    TESTS: TEST_SOURCE.replace("late_fee(3) == 1.5", "late_fee(3) == 0.9")},
             False, f"proj/{MODULE} sets FEE_PER_DAY = 0.3, not 0.25"),
        case("the fee not changed at all", {}, False, f"proj/{MODULE} sets FEE_PER_DAY = 0.5, not 0.25"),
        case("the constant replaced by a literal in the code", {
            MODULE: QUARTER.replace("FEE_PER_DAY = 0.25\n", "").replace("days_late * FEE_PER_DAY", "days_late * 0.25"),
            TESTS: FEE_FIXED}, False, f"proj/{MODULE} no longer assigns FEE_PER_DAY a value"),
        case("the cap changed too", {MODULE: QUARTER.replace("10.0)", "20.0)"), TESTS: FEE_FIXED}, False,
             f"proj/{MODULE} was changed beyond FEE_PER_DAY"),
        made("the code bent back so the old tests pass", TEST_SOURCE, False,
             f"proj/{MODULE} was changed beyond MAX_LOANS",
             **{MODULE: MADE[MODULE].replace("current_loans < MAX_LOANS", "current_loans < MAX_LOANS - 2")}),
        made("the failing test deleted", TEST_SOURCE.replace("def test_can_borrow_2():\n    assert can_borrow(6) == "
                                                             "False\n\n\n", ""), False,
             f"proj/{TESTS}: test_can_borrow_2 was removed"),
        made("the call changed to keep the old result", TEST_SOURCE.replace("can_borrow(6) ==", "can_borrow(8) =="),
             False, f"proj/{TESTS}: test_can_borrow_2 asserts can_borrow(8) instead of can_borrow(6)"),
        made("the expected value computed by the code", TEST_SOURCE.replace("can_borrow(6) == False",
                                                                            "can_borrow(6) == can_borrow(6)"),
             False, f"proj/{TESTS}: test_can_borrow_2 does not write out the expected result of can_borrow(6)"),
        made("the comparison dropped", TEST_SOURCE.replace("can_borrow(6) == False", "can_borrow(6)"), False,
             f"proj/{TESTS}: test_can_borrow_2 does not write out the expected result of can_borrow(6)"),
        case("the fee set, late_fee(3)'s old result left", {MODULE: QUARTER}, False, "the tests do not pass"),
        case("a pinning test asked and added", {MODULE: QUARTER, TESTS: FEE_FIXED + PIN}, True, test=True),
        case("a pinning test asked, none added", {MODULE: QUARTER, TESTS: FEE_FIXED}, False,
             f"proj/{TESTS} has no new test", test=True),
        case("a pinning test that passes with the old fee too", {MODULE: QUARTER, TESTS: FEE_FIXED + LOOSE}, False,
             "the new tests also pass with the old FEE_PER_DAY: none pins the new value", test=True),
        case("another test module edited", {MODULE: QUARTER, TESTS: FEE_FIXED,
                                            OTHER_TESTS: FILES[OTHER_TESTS] + "\n# reviewed\n"},
             False, f"proj/{OTHER_TESTS} was changed; only proj/{TESTS} is to be updated"),
    ],
}
