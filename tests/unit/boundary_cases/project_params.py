"""Boundary cases of `project.constant_parameter` on a real catalogue package (library loans'
late_fee, which reads FEE_PER_DAY), run in a bubblewrap sandbox: a last parameter per_day defaulting
to FEE_PER_DAY and used in the body passes (keyword-only too, and with a new test passing it); a
literal default, a dropped or changed constant, another name, a parameter the body ignores, and a
missing, weak or unasked-for test fail."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._code_projects import project_case, seeded
from workflows.code._all_kinds import make_package

FILES, MODULE, TESTS = seeded(lambda rng, faker: make_package(rng, faker, "loans", neighbours=1))
SOURCE, TEST_SOURCE = FILES[MODULE], FILES[TESTS]
BODY = "days_late * FEE_PER_DAY"


def edited(signature: str = "days_late, per_day=FEE_PER_DAY", body: str = "days_late * per_day",
           constant: str = "FEE_PER_DAY = 0.5\n") -> str:
    text = SOURCE.replace("def late_fee(days_late):", f"def late_fee({signature}):").replace(BODY, body)
    return text.replace("FEE_PER_DAY = 0.5\n", constant)


PASSED = "\n\ndef test_late_fee_per_day():\n    assert late_fee(3, per_day=1.0) == 3.0\n"
WEAK = "\n\ndef test_late_fee_four_days():\n    assert late_fee(4) == 2.0\n"


def case(label: str, source: str, passes: bool, says: str = "", tests: str = "", **options: Any) -> Case:
    return project_case(label, FILES, {MODULE: source, TESTS: TEST_SOURCE + tests}, {
        "file": f"proj/{MODULE}", "test_file": f"proj/{TESTS}", "function": "late_fee", "constant": "FEE_PER_DAY",
        "parameter": "per_day", "test": False, **options}, passes, says)


CASES = {
    "project.constant_parameter": [
        case("per_day=FEE_PER_DAY, used in the body", edited(), True),
        case("keyword-only per_day=FEE_PER_DAY", edited("days_late, *, per_day=FEE_PER_DAY"), True),
        case("with a new test passing per_day", edited(), True, tests=PASSED, test=True),
        case("the constant's value copied as the default", edited("days_late, per_day=0.5"), False,
             "late_fee(days_late, per_day=0.5) should read late_fee(days_late, per_day=FEE_PER_DAY)"),
        case("the constant dropped", edited("days_late, per_day=0.5", constant="").replace(
            "FEE_PER_DAY for", "The fee for"), False, f"{MODULE} no longer defines FEE_PER_DAY = 0.5"),
        case("the constant's value changed", edited(constant="FEE_PER_DAY = 0.25\n"), False,
             "no longer defines FEE_PER_DAY = 0.5"),
        case("another parameter name", edited("days_late, fee_per_day=FEE_PER_DAY", "days_late * fee_per_day"),
             False, "late_fee(days_late, fee_per_day=FEE_PER_DAY) should read"),
        case("the parameter added, the body still on the constant", edited(body=BODY), False,
             "late_fee(3, per_day=1.0) returns 1.5; with FEE_PER_DAY = 1.0 the original returned 3.0"),
        case("a test asked, none added", edited(), False, f"{TESTS} has no new test that calls late_fee()", test=True),
        case("a new test that never passes per_day", edited(), False,
             "the new tests also pass on the original module: none passes per_day", tests=WEAK, test=True),
        case("no test asked, the tests edited", edited(), False, f"proj/{TESTS} was changed", tests=PASSED),
    ],
}
