"""Boundary cases of `project.keyword_only` on a real catalogue package (payroll's gross_pay(hours,
rate)), run in a bubblewrap sandbox: the rate alone or both parameters keyword-only with the tests
calling by name pass; one parameter short or one too far, a renamed, reordered or newly defaulted
parameter, tests left positional, tests that stop calling it, and a result changed on the last
asserted call only fail."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._code_projects import project_case, seeded
from workflows.code._all_kinds import make_package

FILES, MODULE, TESTS = seeded(lambda rng, faker: make_package(rng, faker, "payroll", neighbours=1))
SOURCE, TEST_SOURCE = FILES[MODULE], FILES[TESTS]
CALLS = [("gross_pay(38, 15.0)", "570.0"), ("gross_pay(40, 12.5)", "500.0"), ("gross_pay(45, 20.0)", "950.0")]


def signature(params: str) -> str:
    return SOURCE.replace("def gross_pay(hours, rate):", f"def gross_pay({params}):")


def calls(template: str, last: str = "950.0") -> str:
    """The tests with each gross_pay call written by `template` ({h}, {r}); the last expecting `last`."""
    text = TEST_SOURCE
    for n, (call, result) in enumerate(CALLS):
        hours, rate = call.removeprefix("gross_pay(").removesuffix(")").split(", ")
        new = f"assert gross_pay({template.format(h=hours, r=rate)}) == {last if n == 2 else result}"
        text = text.replace(f"assert {call} == {result}", new)
    return text


RATE, BOTH = calls("{h}, rate={r}"), calls("hours={h}, rate={r}")


def case(label: str, source: str, tests: str, passes: bool, says: str = "", **options: Any) -> Case:
    return project_case(label, FILES, {MODULE: source, TESTS: tests}, {
        "file": f"proj/{MODULE}", "test_file": f"proj/{TESTS}", "function": "gross_pay", "keyword": ["rate"],
        **options}, passes, says)


CASES = {
    "project.keyword_only": [
        case("the rate keyword-only, the tests naming it", signature("hours, *, rate"), RATE, True),
        case("every parameter keyword-only, the tests naming both", signature("*, hours, rate"), BOTH, True,
             keyword=["hours", "rate"]),
        case("both asked, only the rate keyword-only", signature("hours, *, rate"), BOTH, False,
             "gross_pay's parameter hours is not keyword-only", keyword=["hours", "rate"]),
        case("the rate asked, the hours made keyword-only too", signature("*, hours, rate"), BOTH, False,
             "parameter hours is not a positional-or-keyword parameter, as it was"),
        case("the rate renamed on the way", signature("hours, *, hourly_rate").replace(" rate", " hourly_rate"),
             calls("{h}, hourly_rate={r}"), False,
             "gross_pay(hours, hourly_rate) changed its parameters' names, order or defaults"),
        case("the parameters reordered", signature("*, rate, hours"), BOTH, False,
             "gross_pay(rate, hours) changed", keyword=["hours", "rate"]),
        case("a default rate added", signature("hours, *, rate=15.0"), RATE, False,
             "gross_pay(hours, rate=15.0) changed its parameters' names, order or defaults"),
        case("the tests still call it positionally", signature("hours, *, rate"), TEST_SOURCE, False,
             "the tests do not pass"),
        case("the tests no longer call it", signature("hours, *, rate"),
             TEST_SOURCE.split("def test_gross_pay_1")[0] + "def test_highest" + TEST_SOURCE.split("def test_highest")[1],
             False, f"{TESTS} no longer calls gross_pay"),
        case("overtime changed: only the last asserted call differs, its test edited to agree",
             signature("hours, *, rate").replace("rate * 1.5", "rate * 1.25"), calls("{h}, rate={r}", "925.0"), False,
             "gross_pay(hours=45, rate=20.0) returns 925.0, the original gross_pay(45, 20.0) returned 950.0"),
    ],
}
