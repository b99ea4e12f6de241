"""Boundary cases of `project.function_extracted` and `project.function_cached` on a real catalogue package (payroll) whose tests
run in a bubblewrap sandbox: gross_pay's `max(hours - 40, 0)` pulled out into
hours_over_standard(hours). A helper with another parameter name, the code left inline, a helper
the function calls only where it never runs, a helper wrong on the last example, tests edited in a
pure refactor, and a new test that asserts nothing all fail. gross_pay memoised: functools' default
LRU size where an unbounded cache was asked, another size, or a hand-made dict cache fail."""

from __future__ import annotations

import random
from typing import Any

from faker import Faker

from preparers.filetypes.project import pack_project
from tests.unit.boundary_cases import Case
from workflows.code._all_kinds import make_package


def _package() -> Any:
    faker = Faker()
    faker.seed_instance(5)
    return make_package(random.Random(5), faker, "payroll", neighbours=1)


PROJECT = _package()
MODULE, TESTS = PROJECT.module, PROJECT.test_file
SOURCE = PROJECT.files[MODULE]
BEFORE = "max(hours - 40, 0)"
HELPER = 'def hours_over_standard(hours):\n    """Hours beyond a 40-hour week."""\n    return {body}\n\n\n'
OPTIONS = {"test_file": f"proj/{TESTS}", "function": "gross_pay", "before": BEFORE, "helper": "hours_over_standard",
           "args": ["hours"], "calls": ["hours_over_standard(45)", "hours_over_standard(38)", "hours_over_standard(40.5)"],
           "results": [5, 0, 0.5], "with_test": False}


def refactored(body: str = BEFORE, call: str = "hours_over_standard(hours)", arg: str = "hours") -> str:
    source = SOURCE.replace(BEFORE, call, 1)
    helper = HELPER.format(body=body).replace("(hours)", f"({arg})", 1)
    return source.replace("def gross_pay(", helper + "def gross_pay(", 1)


GOOD = {**PROJECT.files, MODULE: refactored()}
NEW_TEST = "\n\ndef test_hours_over_standard():\n    {body}\n"
IMPORTED = PROJECT.files[TESTS].replace(" import ", " import hours_over_standard, ", 1)


def case(label: str, files: dict[str, str], passes: bool, says: str = "", **options: Any) -> Case:
    return Case(label, None, {"folder": "proj", "file": f"proj/{MODULE}", **OPTIONS, **options}, passes, says,
                files={f"proj/{k}": v.encode() for k, v in files.items()},
                originals={"proj": pack_project(PROJECT.files)})


CASES = {
    "project.function_extracted": [
        case("extracted, the function calls it, tests untouched", GOOD, True),
        case("the helper takes another parameter name", {**PROJECT.files, MODULE: refactored(
            body="max(h - 40, 0)", arg="h")}, False, "hours_over_standard takes ['h'], expected ['hours']"),
        case("the helper added but the code left inline", {**PROJECT.files, MODULE: refactored(
            call=f"{BEFORE} + 0 * hours_over_standard(hours)")}, False, "gross_pay still computes `max(hours - 40, 0)`"),
        case("called only where it never runs, the work respelt inline", {**PROJECT.files, MODULE: refactored(
            call="(hours_over_standard(hours) if hours < 0 else (hours - 40 if hours > 40 else 0))")}, False,
             "the original tests still pass with hours_over_standard broken"),
        case("the helper wrong on the last example (40.5 hours)", {**PROJECT.files, MODULE: refactored(
            body="max(round(hours) - 40, 0)")}, False, "hours_over_standard(40.5) returns 0, expected 0.5"),
        case("a test edited in a pure refactor", {**GOOD, TESTS: IMPORTED}, False, "was changed"),
        case("a new test of the helper, as asked", {**GOOD, TESTS: IMPORTED + NEW_TEST.format(
            body="assert hours_over_standard(45) == 5")}, True, with_test=True),
        case("a new test that asserts nothing", {**GOOD, TESTS: IMPORTED + NEW_TEST.format(
            body="hours_over_standard(45)")}, False, "the new test still passes when hours_over_standard returns None",
             with_test=True),
    ],
}


def cached(decorator: str) -> str:
    return SOURCE.replace("def gross_pay(", f"{decorator}\ndef gross_pay(", 1).replace('"""\n', '"""\n\nimport functools\n', 1)


HAND_MADE = SOURCE.replace("def gross_pay(hours, rate):", "_SEEN = {}\n\n\ndef gross_pay(hours, rate):", 1)
CACHE = {"function": "gross_pay", "call": "gross_pay(38, 15.0)", "maxsize": None}


def cache_case(label: str, module: str, passes: bool, says: str = "", **options: Any) -> Case:
    return Case(label, None, {"folder": "proj", "file": f"proj/{MODULE}", **CACHE, **options}, passes, says,
                files={f"proj/{k}": v.encode() for k, v in {**PROJECT.files, MODULE: module}.items()},
                originals={"proj": pack_project(PROJECT.files)})


CASES["project.function_cached"] = [
    cache_case("functools.cache, unbounded as asked", cached("@functools.cache"), True),
    cache_case("lru_cache's default size (128) where unbounded was asked", cached("@functools.lru_cache"), False,
               "not memoised with an unbounded cache"),
    cache_case("lru_cache(maxsize=256) as asked", cached("@functools.lru_cache(maxsize=256)"), True, maxsize=256),
    cache_case("maxsize 255 where 256 was asked", cached("@functools.lru_cache(maxsize=255)"), False,
               "maxsize is 255", maxsize=256),
    cache_case("a hand-made dict, not functools", HAND_MADE, False, "gross_pay is not memoised with an unbounded cache"),
]
