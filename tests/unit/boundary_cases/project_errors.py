"""Boundary cases of `project.exception_introduced` on a real catalogue package (survey statistics,
whose median and percentage reject bad input), run in a bubblewrap sandbox: StatsError raised for
every rejected input, a ValueError subclass with the tests as given or a standalone class with the
tests switched; a ValueError left on the last line, a message changed on the last call only, the
wrong base either way, a test still expecting ValueError, edited or dropped tests, a bad input
raising another class, and no class at all fail."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._code_projects import project_case, seeded
from workflows.code._guards import guarded_package

FILES, MODULE, TESTS = seeded(lambda rng, faker: guarded_package(rng, faker, "stats", neighbours=1))
DOTTED = MODULE.removesuffix(".py").replace("/", ".")
SOURCE, TEST_SOURCE = FILES[MODULE], FILES[TESTS]
HEAD = '"""\n'


def module(base: str = "ValueError", name: str = "StatsError", *, last: str = "StatsError",
           message: str = "'the whole must not be 0'") -> str:
    """The module with `class name(base)` after its docstring; the first guard raises `name`, the last `last`."""
    text = SOURCE.replace("raise ValueError('no values')", f"raise {name}('no values')")
    text = text.replace("raise ValueError('the whole must not be 0')", f"raise {last}({message})")
    at = text.index(HEAD) + len(HEAD)
    return text[:at] + f"\n\nclass {name}({base}):\n    \"\"\"Bad survey input.\"\"\"\n" + text[at:]


def switched(tests: str = TEST_SOURCE, name: str = "StatsError") -> str:
    """The tests expecting `name` instead of ValueError, imported from the module."""
    text = tests.replace("pytest.raises(ValueError)", f"pytest.raises({name})")
    return text.replace(f"from {DOTTED} import median", f"from {DOTTED} import {name}, median", 1)


LAST_ONLY = switched().rsplit("pytest.raises(StatsError)", 1)
HEAD_TESTS, PERCENTAGE_TEST = switched().split("def test_percentage_rejects")
LOOSE = HEAD_TESTS + "def test_percentage_rejects" + PERCENTAGE_TEST.replace("StatsError", "Exception")
OPTIONS = {"test_file": f"proj/{TESTS}", "exception": "StatsError", "value_error": True}


def case(label: str, source: str, passes: bool, says: str = "", tests: str = TEST_SOURCE, **options: Any) -> Case:
    return project_case(label, FILES, {MODULE: source, TESTS: tests}, {"file": f"proj/{MODULE}", **OPTIONS, **options},
                        passes, says)


CASES = {
    "project.exception_introduced": [
        case("a ValueError subclass raised for every bad input, tests as given", module(), True),
        case("the last guard still raises ValueError", module(last="ValueError"), False,
             f"{MODULE} still raises ValueError on line"),
        case("the message changed on the last rejected call only",
             module(message="'the whole must not be 0' if part else 'nothing of nothing'"), False,
             "percentage(0, 0) says 'nothing of nothing', the original said 'the whole must not be 0'"),
        case("kept a ValueError but the tests were edited", module(), False, f"proj/{TESTS} was changed",
             tests=TEST_SOURCE + "\n\ndef test_extra():\n    assert median([1]) == 1\n"),
        case("a ValueError subclass asked, an Exception subclass given", module("Exception"), False,
             "the tests do not pass"),
        case("no exception class at all", SOURCE.replace("raise ValueError", "raise RuntimeError"), False,
             f"{MODULE} defines no top-level class StatsError"),
        case("standalone: an Exception subclass, the tests switched to it", module("Exception"), True,
             tests=switched(), value_error=False),
        case("standalone asked, a ValueError subclass given", module(), False, "StatsError is a subclass of ValueError",
             tests=switched(), value_error=False),
        case("standalone: the last test still expects ValueError", module("Exception"), False,
             f"{TESTS} still expects ValueError from percentage(0, 0)",
             tests="pytest.raises(ValueError)".join(LAST_ONLY), value_error=False),
        case("standalone: the tests switched to pytest.raises(Exception)", module("Exception"), False,
             f"{TESTS} has no pytest.raises(StatsError) test",
             tests=TEST_SOURCE.replace("pytest.raises(ValueError)", "pytest.raises(Exception)"), value_error=False),
        case("standalone: the last bad input raises another class, its test loosened", module("Exception", last="RuntimeError"),
             False, "percentage(1, 0) raises RuntimeError, not StatsError",
             tests=LOOSE, value_error=False),
        case("standalone: the last rejection's test dropped", module("Exception"), False, "only 23 tests ran",
             tests=switched().split("\n\n\ndef test_percentage_rejects")[0] + "\n", value_error=False),
    ],
}
