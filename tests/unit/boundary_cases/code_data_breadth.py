"""Boundary cases of the probing project checks (`forge.checks.project_probes`) on a real catalogue
package whose tests run in a bubblewrap sandbox: a fix without a test, a test that would not have
caught the bug, a fix right on the reported call but wrong on the last one, a bare number left in
the function, a log record at the wrong level, on the root logger, or on the quiet call too."""

from __future__ import annotations

import random
from typing import Any

from faker import Faker

from preparers.filetypes.project import pack_project
from tests.unit.boundary_cases import Case
from workflows.code._all_kinds import KINDS, make_package
from workflows.code._catalogue import without_catching


def _package() -> Any:
    faker = Faker()
    faker.seed_instance(5)
    return make_package(random.Random(5), faker, "inventory", neighbours=1)


PROJECT = _package()
MODULE, TESTS = PROJECT.module, PROJECT.test_file
SOURCE = PROJECT.files[MODULE]
LEVEL = int(SOURCE.split("REORDER_LEVEL = ", 1)[1].split("\n", 1)[0])
BUG = next(b for b in KINDS["inventory"].bugs if b.id == "reorder_boundary")
UNTESTED = {**PROJECT.files, TESTS: without_catching(PROJECT, BUG)}
BUGGY = {**UNTESTED, MODULE: SOURCE.replace(BUG.before, BUG.after)}


def case(label: str, files: dict[str, str], options: dict[str, Any], passes: bool, says: str = "",
         given: dict[str, str] | None = None, file: str = MODULE) -> Case:
    return Case(label, None, {"folder": "proj", "file": f"proj/{file}", **options}, passes, says,
                files={f"proj/{k}": v.encode() for k, v in files.items()},
                originals={"proj": pack_project(given or PROJECT.files)})


def with_test(files: dict[str, str], body: str, module: str | None = None) -> dict[str, str]:
    out = {**files, TESTS: files[TESTS] + f"\n\ndef test_needs_reorder_new():\n    {body}\n"}
    return {**out, MODULE: module} if module is not None else out


CATCHES = f"assert needs_reorder({LEVEL}) is True"
MISSES = "assert needs_reorder(0) is True"

# regression_fixed: the reported call needs_reorder(LEVEL) must be True; LEVEL + 1 must stay False
FIXED = {"test_file": f"proj/{TESTS}", "function": "needs_reorder", "calls": [f"needs_reorder({LEVEL})"],
         "results": [True]}
TWO_CALLS = {**FIXED, "calls": [f"needs_reorder({LEVEL})", "needs_reorder(-5)"], "results": [True, True]}
LOOSE = SOURCE.replace(BUG.before, "0 <= quantity <= REORDER_LEVEL")


def fixed_case(label: str, files: dict[str, str], passes: bool, says: str = "", options: dict | None = None) -> Case:
    return case(label, files, options or FIXED, passes, says, given=BUGGY)


# bug_caught: a test that fails once `quantity < REORDER_LEVEL` is planted back
CAUGHT = {"module": f"proj/{MODULE}", "function": "needs_reorder", "before": BUG.before, "after": BUG.after}


def caught_case(label: str, files: dict[str, str], passes: bool, says: str = "") -> Case:
    return case(label, files, CAUGHT, passes, says, given=UNTESTED, file=TESTS)


# constant_named: shelf_life_left's 90 becomes SHELF_LIFE_DAYS
NAMED = {"function": "shelf_life_left", "constant": "SHELF_LIFE_DAYS", "literal": "90"}


def named(value: str = "90", use: str = "SHELF_LIFE_DAYS", extra: str = "") -> str:
    body = SOURCE.replace("max(90 - days_in_stock, 0)", f"max({use} - days_in_stock, 0)")
    return body.replace("\n\n\ndef stock_value", f"\n{extra}SHELF_LIFE_DAYS = {value}\n\n\ndef stock_value", 1)


# logs_added: restock warns when given no deliveries
LOGS = {"function": "restock", "level": "warning", "trigger": "restock({'A': 1}, [])",
        "quiet": "restock({'A': 1}, [('A', 2)])"}


def logged(call: str = "logger.warning", condition: str = "not deliveries") -> str:
    head, rest = SOURCE.split("\n", 1)
    source = f"{head}\nimport logging\n\nlogger = logging.getLogger(__name__)\n{rest}"
    marker = '"""New stock levels: each (sku, quantity) delivery added to `levels`; unknown SKUs are added."""\n'
    return source.replace(marker, marker + f"    if {condition}:\n        {call}('no deliveries')\n")


CASES: dict[str, list[Case]] = {
    "project.regression_fixed": [
        fixed_case("fixed with a test that fails on the old code", with_test(UNTESTED, CATCHES), True),
        fixed_case("fixed without a new test", UNTESTED, False, "no new test"),
        fixed_case("a new test but the bug left in", with_test(BUGGY, CATCHES), False, "do not pass"),
        fixed_case("fixed, but the new test passes on the old code too", with_test(UNTESTED, MISSES), False,
                   "would not have caught"),
        fixed_case("right on the reported call, wrong on the last one", with_test(UNTESTED, CATCHES, LOOSE), False,
                   "needs_reorder(-5) returns False", TWO_CALLS),
        fixed_case("right on both calls", with_test(UNTESTED, CATCHES), True, options=TWO_CALLS),
    ],
    "project.bug_caught": [
        caught_case("a test that catches the bug", with_test(UNTESTED, CATCHES), True),
        caught_case("a test that misses the bug", with_test(UNTESTED, MISSES), False, "does not catch"),
        caught_case("no new test", UNTESTED, False, "no new test"),
        caught_case("the module changed too", with_test(UNTESTED, CATCHES, SOURCE + "\n# touched\n"), False,
                    "was changed"),
    ],
    "project.constant_named": [
        case("named and used", {**PROJECT.files, MODULE: named()}, NAMED, True),
        case("named but the bare number left", {**PROJECT.files, MODULE: named(use="90")}, NAMED, False,
             "bare number"),
        case("named with another value", {**PROJECT.files, MODULE: named(value="91")}, NAMED, False, "does not set"),
        case("another name used", {**PROJECT.files, MODULE: named(use="DAYS", extra="DAYS = 90\n")}, NAMED, False,
             "does not use"),
        case("named, but a test edited", {**PROJECT.files, MODULE: named(), TESTS: PROJECT.files[TESTS] + "\n"},
             NAMED, False, "was changed"),
    ],
    "project.logs_added": [
        case("warns to the module logger when asked", {**PROJECT.files, MODULE: logged()}, LOGS, True),
        case("logs at info instead", {**PROJECT.files, MODULE: logged("logger.info")}, LOGS, False, "must log"),
        case("warns on the root logger", {**PROJECT.files, MODULE: logged("logging.warning")}, LOGS, False,
             "must log"),
        case("warns on every call", {**PROJECT.files, MODULE: logged(condition="True")}, LOGS, False, "must log"),
        case("no logging added", PROJECT.files, LOGS, False, "must log"),
    ],
}
