"""Boundary cases of `project.parameter_renamed` on a real catalogue package (library loans:
due_day(borrowed_day, weeks=3), whose tests call due_day(100) and due_day(100, weeks=1) at the END),
run in a bubblewrap sandbox: weeks renamed loan_weeks with the tests' keyword renamed passes; kept
for a release, a **kwargs shim or a keyword-only alias warning DeprecationWarning passes with the
tests as given or renamed; a changed default, the old name kept when it should be refused, another
name, a moved parameter, tests not updated or trimmed, a body that ignores the new name, no
warning, a warning not naming the new name, the old keyword refused when it should still work,
and another test module edited fail."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._code_projects import project_case, seeded
from workflows.code._all_kinds import make_package

FILES, MODULE, TESTS = seeded(lambda rng, faker: make_package(rng, faker, "loans", neighbours=1))
SOURCE, TEST_SOURCE = FILES[MODULE], FILES[TESTS]
OTHER_TESTS = next(p for p in FILES if p.startswith("tests/test_") and p != TESTS)
DEF = "def due_day(borrowed_day, weeks=3):\n"
BODY = "    return borrowed_day + 7 * weeks\n"
RENAMED_TESTS = TEST_SOURCE.replace("due_day(100, weeks=1)", "due_day(100, loan_weeks=1)")


def renamed(signature: str = "borrowed_day, loan_weeks=3", body: str = "    return borrowed_day + 7 * loan_weeks\n",
            shim: str = "") -> str:
    text = SOURCE.replace(DEF, f"def due_day({signature}):\n").replace(BODY, shim + body)
    return text if "warnings." not in shim else "import warnings\n" + text


def warned(message: str = "weeks is deprecated; pass loan_weeks instead") -> str:
    return (f"    if 'weeks' in legacy:\n        warnings.warn({message!r}, DeprecationWarning, stacklevel=2)\n"
            "        loan_weeks = legacy.pop('weeks')\n")


KW_ONLY = ("    if weeks is not None:\n        warnings.warn('pass loan_weeks, not weeks', DeprecationWarning)\n"
           "        loan_weeks = weeks\n")


def case(label: str, source: str, passes: bool, says: str = "", tests: str = RENAMED_TESTS, **options: Any) -> Case:
    edits = {MODULE: source, TESTS: tests, **options.pop("edits", {})}
    return project_case(label, FILES, edits, {"file": f"proj/{MODULE}", "test_file": f"proj/{TESTS}",
                                              "function": "due_day", "old": "weeks", "new": "loan_weeks",
                                              "compat": False, **options}, passes, says)


CASES = {
    "project.parameter_renamed": [
        case("renamed, the tests' keyword too", renamed(), True),
        case("kept for a release by a **legacy shim, tests as given", renamed("borrowed_day, loan_weeks=3, **legacy",
                                                                              shim=warned()), True,
             tests=TEST_SOURCE, compat=True),
        case("kept for a release, tests renamed", renamed("borrowed_day, loan_weeks=3, **legacy", shim=warned()),
             True, compat=True),
        case("kept for a release by a keyword-only alias", renamed("borrowed_day, loan_weeks=3, *, weeks=None",
                                                                   shim=KW_ONLY), True, tests=TEST_SOURCE, compat=True),
        case("the default changed", renamed("borrowed_day, loan_weeks=2"), False,
             "due_day should read loan_weeks=3 where weeks stood, with no weeks left"),
        case("the old name kept when it should be refused", renamed("borrowed_day, loan_weeks=3, *, weeks=None",
                                                                    shim=KW_ONLY), False,
             "due_day should read loan_weeks=3 where weeks stood, with no weeks left"),
        case("another name", renamed("borrowed_day, weeks_on_loan=3", "    return borrowed_day + 7 * weeks_on_loan\n"),
             False, "due_day's parameter 2 is weeks_on_loan, not loan_weeks"),
        case("the parameter moved first", renamed("loan_weeks=3, borrowed_day=0"), False,
             "due_day's parameter 2 is borrowed_day, not loan_weeks"),
        case("the tests not updated", renamed(), False,
             f"proj/{TESTS} is not the original with weeks= renamed to loan_weeks=", tests=TEST_SOURCE),
        case("the last test dropped", renamed(), False, f"proj/{TESTS} is not the original with weeks= renamed",
             tests=RENAMED_TESTS.split("\n\n\ndef test_due_day_2")[0] + "\n" + RENAMED_TESTS.split(
                 "assert due_day(100, loan_weeks=1) == 107\n")[1]),
        case("the body ignores the new name", renamed(body="    return borrowed_day + 7 * 3\n"), False,
             "the tests do not pass (20 passed, 1 failed"),
        case("kept for a release without a warning", renamed("borrowed_day, loan_weeks=3, *, weeks=None",
                                                              shim="    if weeks is not None:\n        loan_weeks = weeks\n"),
             False, "due_day(100, weeks=1) must warn DeprecationWarning naming loan_weeks, warned []", compat=True),
        case("a warning that does not name the new name", renamed("borrowed_day, loan_weeks=3, **legacy",
                                                                  shim=warned("weeks is deprecated")), False,
             "warned ['weeks is deprecated']", compat=True),
        case("the old keyword refused when it should still work", renamed(), False,
             "due_day(100, weeks=1) raises TypeError", compat=True),
        case("another test module edited", renamed(), False,
             f"proj/{OTHER_TESTS} was changed; the other tests must stay as they were",
             edits={OTHER_TESTS: FILES[OTHER_TESTS] + "\n# seen\n"}),
    ],
}
