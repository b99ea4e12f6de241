"""A mutable default argument fixed, over `ProjectView`: the parameter no longer defaults to a list,
dict or set shared by every call, and each call of the function in the ORIGINAL tests, made TWICE
in a row on the edited module, returns both times what the original returned on a fresh import; a
container the caller passes is updated as the original updated it, or (`untouched`) left exactly as it
was. With `test`, a new test calls the function and fails on the original module; otherwise the
tests stay as given. Probed in a sandbox next to the project's files; the suite must pass."""

from __future__ import annotations

import ast

from pydantic import Field

from forge.checks._project_pair import ORIGINAL_PRELUDE, module_and_tests
from forge.checks._project_tests import new_tests_pass_on_original, tests_as_asked
from forge.checks.project import ProjectEdit, _tests_verdict
from forge.checks.project_api import _dotted, _probe
from forge.checks.spec import OutputPath, Verdict, register_check
from forge.checks.state import FinalState


def _default_probe(dotted: str, original: str, opts: MutableDefaultFixed, calls: list[str]) -> str:
    """A pytest module: no shared container as the default; every call twice as the original's first."""
    return f'''import copy
import inspect

import {dotted} as m

ORIGINAL, FUNCTION, PARAMETER = {original!r}, {opts.function!r}, {opts.parameter!r}
COPY, CALLS = {opts.untouched!r}, {calls!r}


def _arguments(call):
    return eval(call.replace(FUNCTION + "(", "(lambda *args, **kwargs: (list(args), kwargs))(", 1))


def _containers(args, kwargs):
    return [v for v in list(args) + list(kwargs.values()) if isinstance(v, (list, dict, set))]


def test_default():
    parameters = inspect.signature(getattr(m, FUNCTION)).parameters
    assert PARAMETER in parameters, "%s has no parameter %s" % (FUNCTION, PARAMETER)
    default = parameters[PARAMETER].default
    assert not isinstance(default, (list, dict, set)), "%s still defaults %s to a shared %s" % (
        FUNCTION, PARAMETER, type(default).__name__)


def test_calls():
    for call in CALLS:
        given = _arguments(call)
        args, kwargs = copy.deepcopy(given)
        want = _original()[FUNCTION](*args, **kwargs)
        updated = _containers(args, kwargs)
        for time in ("first", "second"):
            args, kwargs = copy.deepcopy(given)
            got = getattr(m, FUNCTION)(*args, **kwargs)
            assert got == want, "%s returns %r the %s time, expected %r" % (call[:60], got, time, want)
            left, shown = _containers(args, kwargs), "as it was" if COPY else "updated"
            assert left == (_containers(*given) if COPY else updated), (
                "%s leaves the caller's %r as %r, expected it %s" % (call[:60], _containers(*given), left, shown))
''' + ORIGINAL_PRELUDE


class MutableDefaultFixed(ProjectEdit):
    test_file: OutputPath = Field(description="The module's tests.")
    function: str = Field(description="The function with the mutable default.")
    parameter: str = Field(description="The parameter that defaulted to a shared list, dict or set.")
    untouched: bool = Field(description="A container the caller passes is left as it was (the function changes a copy); "
                       "otherwise it is updated in place, as the original did.")
    test: bool = Field(description="A new test calls the function and fails on the original module; otherwise the "
                       "tests stay as given.")


@register_check("project.mutable_default_fixed", MutableDefaultFixed, source="project", view="project")
def mutable_default_fixed(state: FinalState, opts: MutableDefaultFixed) -> Verdict:
    """The parameter's default is no list, dict or set; each call of the function the ORIGINAL tests
    make returns, twice in a row, what the original returned on a fresh import, with the caller's
    container updated as the original did or left as it was (`untouched`); the tests as asked; the suite
    passes."""
    pair = module_and_tests(state, opts.folder, opts.file, opts.test_file)
    if isinstance(pair, str):
        return Verdict.of(False, pair)
    if not any(isinstance(n, ast.FunctionDef) and n.name == opts.function for n in pair.tree.body):
        return Verdict.of(False, f"{opts.file} defines no function {opts.function}")
    tree = ast.parse(pair.before.files.get(pair.tests, ""))
    calls = [ast.unparse(n) for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
             and n.func.id == opts.function]
    if not calls:
        return Verdict.of(False, f"the original {opts.test_file} never calls {opts.function}: nothing to compare")
    if msg := tests_as_asked(pair, opts.test, opts.function, opts.folder, opts.test_file):
        return Verdict.of(False, msg)
    if msg := _tests_verdict(pair.after, pair.before):
        return Verdict.of(False, msg)
    if said := _probe(pair.after.files, _default_probe(_dotted(pair.module), pair.before.files[pair.module], opts, calls)):
        return Verdict.of(False, f"{opts.function} is not as asked: {said}")
    if opts.test and new_tests_pass_on_original(pair):
        return Verdict.of(False, "the new tests also pass on the original module")
    return Verdict.of(True, f"{opts.function} starts each call afresh ({len(calls)} calls, each twice); the caller's "
                      + ("container left as it was" if opts.untouched else "container updated as before"))
