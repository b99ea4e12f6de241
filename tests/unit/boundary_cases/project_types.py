"""Boundary cases of `project.argument_types` on a real catalogue package (payroll's gross_pay(hours,
rate)), run in a bubblewrap sandbox: numeric text converted for both arguments, or text and bools
refused with a TypeError naming the argument, each with a test that fails on the original, pass;
the last argument forgotten, int() for a float, non-numbers let through, a conversion wrong on the
last asserted call only, a bool let through, a message naming no argument, and a missing or weak
test fail."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._code_projects import project_case, seeded
from workflows.code._all_kinds import make_package

FILES, MODULE, TESTS = seeded(lambda rng, faker: make_package(rng, faker, "payroll", neighbours=1))
SOURCE, TEST_SOURCE = FILES[MODULE], FILES[TESTS]
DOC = "rounded to cents.\"\"\"\n"


def guarded(*lines: str) -> str:
    return SOURCE.replace(DOC, DOC + "".join(f"    {line}\n" for line in lines), 1)


def convert(name: str, how: str = "float({n})") -> str:
    return f"{name} = {how.format(n=name)} if isinstance({name}, str) else {name}"


def refuse(name: str, check: str = "isinstance({n}, bool) or not isinstance({n}, (int, float))",
           message: str = "f'{n} must be a number'") -> str:
    return f"if {check.format(n=name)}: raise TypeError({message.format(n=name)})"


CONVERTED = "\n\ndef test_text_hours():\n    assert gross_pay('38', '15.0') == 570.0\n"
REFUSED = ("\n\ndef test_refused():\n    with pytest.raises(TypeError, match='hours'):\n        gross_pay('38', 15.0)\n"
           "    with pytest.raises(TypeError, match='hours'):\n        gross_pay(True, 15.0)\n")
TEXT_HOURS = "\n\ndef test_text_hours():\n    assert gross_pay('38', 15.0) == 570.0\n"
WEAK = "\n\ndef test_text():\n    with pytest.raises(TypeError):\n        gross_pay('38', 15.0)\n"


def case(label: str, source: str, passes: bool, says: str = "", tests: str = CONVERTED, **options: Any) -> Case:
    return project_case(label, FILES, {MODULE: source, TESTS: TEST_SOURCE + tests}, {
        "file": f"proj/{MODULE}", "test_file": f"proj/{TESTS}", "function": "gross_pay", "arguments": ["hours", "rate"],
        "convert": True, **options}, passes, says)


CASES = {
    "project.argument_types": [
        case("both arguments converted from text", guarded(convert("hours"), convert("rate")), True),
        case("the last argument left as text", guarded(convert("hours")), False,
             "gross_pay(38, str(15.0)) raises TypeError", tests=TEXT_HOURS),
        case("int() for a float argument", guarded(convert("hours"), convert("rate", "int({n})")), False,
             "gross_pay(38, str(15.0)) raises ValueError", tests=TEXT_HOURS),
        case("non-numbers turned into 0", guarded(convert("hours", "(float({n}) if {n}[:1].isdigit() else 0)"),
                                                  convert("rate")), False,
             "gross_pay('many', 15.0) raises nothing, not ValueError"),
        case("capped on conversion: only the last asserted call differs",
             guarded(convert("hours", "min(float({n}), 40)"), convert("rate")), False,
             "gross_pay(str(45), 20.0) returns 800.0, gross_pay(45, 20.0) returned 950.0"),
        case("text and bools refused, naming the argument", guarded(refuse("hours"), refuse("rate")), True,
             tests=REFUSED, convert=False),
        case("a bool let through", guarded(*(refuse(n, "not isinstance({n}, (int, float))") for n in ("hours", "rate"))),
             False, "gross_pay(True, 15.0) raises nothing, not TypeError", tests=WEAK, convert=False),
        case("a message that names no argument", guarded(refuse("hours", message="'not a number'"), refuse("rate")),
             False, "gross_pay(str(38), 15.0): the TypeError 'not a number' does not name hours", tests=WEAK,
             convert=False),
        case("the last argument left unguarded", guarded(refuse("hours")), False,
             "the TypeError \"can't multiply sequence by non-int of type 'float'\" does not name rate",
             tests=REFUSED, convert=False),
        case("no new test", guarded(convert("hours"), convert("rate")), False,
             f"{TESTS} has no new test that calls gross_pay()", tests=""),
        case("a test the original passes too", guarded(refuse("hours"), refuse("rate")), False,
             "the new tests also pass on the original module", tests=WEAK, convert=False),
    ],
}
