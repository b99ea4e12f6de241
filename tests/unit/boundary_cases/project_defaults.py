"""Boundary cases of `project.mutable_default_fixed` on a real rota module (`add_member` fills a
dict of member lists, `teams={}` shared by every call), run in a bubblewrap sandbox: a None default
with a new dict, a copy of the caller's (member lists copied too) or copy.deepcopy, and a new test
that calls it twice pass; nothing done, a module-level dict in place of the default, a shallow copy
where the caller's dict must stay as it was (its lists still grow), the caller's dict updated where
it must stay, copied where it must be updated, the caller's dict ignored, no new test, a new test
that passes on the original, edited tests, the function gone and the parameter renamed fail."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._code_projects import project_case, seeded
from tests.unit.boundary_cases._code_rewrites import rewritten
from workflows.code._default_modules import add_default_module

FILES, MODULE, TESTS = seeded(lambda rng, faker: add_default_module(rng, faker, "teams")[0])
SOURCE, TEST_TEXT = FILES[MODULE], FILES[TESTS]
DEF = "def add_member(team, person, teams={}):"
BODY = "    teams.setdefault(team, []).append(person)\n"


def fixed(start: str, source: str = SOURCE) -> str:
    """The module with `teams=None` and `start` (indented lines) before the body."""
    return rewritten(source, [(DEF, DEF.replace("{}", "None")), (BODY, start + BODY)])


UPDATED = fixed("    if teams is None:\n        teams = {}\n")
COPIED = fixed("    teams = {} if teams is None else {team: list(members) for team, members in teams.items()}\n")
DEEP = "import copy\n" + fixed("    teams = copy.deepcopy(teams) if teams is not None else {}\n")
SHALLOW = fixed("    teams = {} if teams is None else dict(teams)\n")
SHARED = rewritten(SOURCE, [(DEF, "_TEAMS = {}\n\n\n" + DEF.replace("{}", "None")),
                            (BODY, "    if teams is None:\n        teams = _TEAMS\n" + BODY)])
TWICE = ("\n\ndef test_add_member_starts_afresh():\n    assert add_member('early', 'Ann') == {'early': ['Ann']}\n"
         "    assert add_member('early', 'Ann') == {'early': ['Ann']}\n")
RENAMED = rewritten(UPDATED, [("teams=None", "rota=None"), ("if teams is None:\n        teams = {}\n    teams.",
                                                            "if rota is None:\n        rota = {}\n    rota."),
                              ("    return teams\n", "    return rota\n")])
ONCE = "\n\ndef test_add_member_once():\n    assert add_member('early', 'Ann', {}) == {'early': ['Ann']}\n"


def case(label: str, source: str, passes: bool, says: str = "", tests: str = TEST_TEXT, **options: Any) -> Case:
    return project_case(label, FILES, {MODULE: source, TESTS: tests}, {
        "file": f"proj/{MODULE}", "test_file": f"proj/{TESTS}", "function": "add_member", "parameter": "teams",
        "untouched": False, "test": False, **options}, passes, says)


CASES = {
    "project.mutable_default_fixed": [
        case("a None default, the caller's dict updated", UPDATED, True),
        case("a copy of the caller's dict and its lists", COPIED, True, untouched=True),
        case("copy.deepcopy of the caller's dict", DEEP, True, untouched=True),
        case("a new test that calls it twice", UPDATED, True, tests=TEST_TEXT + TWICE, test=True),
        case("nothing done", SOURCE, False, "add_member still defaults teams to a shared dict"),
        case("a module-level dict in place of the default", SHARED, False, "the second time, expected"),
        case("a shallow copy: the caller's lists still grow", SHALLOW, False, "expected it as it was", untouched=True),
        case("the caller's dict updated where it must stay", UPDATED, False, "expected it as it was", untouched=True),
        case("the caller's dict copied where it must be updated", COPIED, False, "expected it updated"),
        case("the caller's dict ignored", fixed("    teams = {}\n"), False, "the tests do not pass"),
        case("no new test", UPDATED, False, f"proj/{TESTS} has no new test that calls add_member()", test=True),
        case("a new test that passes on the original", UPDATED, False, "the new tests also pass on the original module",
             tests=TEST_TEXT + ONCE, test=True),
        case("the tests edited", UPDATED, False, f"proj/{TESTS} was changed; the tests must stay as they were",
             tests=TEST_TEXT + TWICE),
        case("the function gone", rewritten(UPDATED, [("def add_member(", "def add_to_team(")]), False,
             f"proj/{MODULE} defines no function add_member"),
        case("the parameter renamed", RENAMED, False, "add_member has no parameter teams"),
    ],
}
