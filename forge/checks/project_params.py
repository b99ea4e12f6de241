"""A hard-coded module constant turned into a function parameter, over `ProjectView`: the function
takes a new last parameter whose default is the constant itself, so callers that pass nothing get
what they got, and callers that pass a value get what the ORIGINAL module gives with the constant
set to it (both run in a sandboxed probe next to the project's files); optionally with a new test.
"""

from __future__ import annotations

import ast

from pydantic import Field

from forge.checks._project_pair import ORIGINAL_PRELUDE, module_and_tests
from forge.checks.project import ProjectEdit, _tests_verdict, run_tests
from forge.checks.project_api import _assert_calls, _defs, _dotted, _probe
from forge.checks.project_probes import _calls, _new_tests, _only_new
from forge.checks.project_refactor import edited_test
from forge.checks.project_signature import _parameters
from forge.checks.spec import OutputPath, Verdict, register_check
from forge.checks.state import FinalState


def _constant(tree: ast.Module, name: str) -> str | None:
    """The source of the module-level value assigned to `name`, or None."""
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            return ast.unparse(node.value)
    return None


def _parameter_probe(dotted: str, original: str, constant: str, parameter: str, calls: list[str]) -> str:
    return f'''import {dotted} as m

ORIGINAL, CALLS = {original!r}, {calls!r}


def test_parameter():
    before = _original()
    value = before[{constant!r}]
    for call in CALLS:
        want, have = eval(call, before), eval(call, vars(m))
        assert have == want, "%s returns %r, the original returned %r" % (call, have, want)
        for other in (value * 2, value + 1):
            before[{constant!r}] = other  # the functions read their module's globals: set it there
            want = eval(call, before)
            before[{constant!r}] = value
            new = call[:-1] + ", {parameter}=%r)" % (other,)
            have = eval(new, vars(m))
            assert have == want, "%s returns %r; with {constant} = %r the original returned %r" % (
                new, have, other, want)
''' + ORIGINAL_PRELUDE


class ConstantParameter(ProjectEdit):
    test_file: OutputPath = Field(description="The module's tests.")
    function: str
    constant: str = Field(description="The module-level constant the function used to read.")
    parameter: str = Field(description="The new parameter, last, defaulting to the constant.")
    test: bool = Field(description="A new test passes the parameter (it fails on the original module); "
                       "otherwise the tests stay as given.")


@register_check("project.constant_parameter", ConstantParameter, source="project", view="project")
def constant_parameter(state: FinalState, opts: ConstantParameter) -> Verdict:
    """The constant is still defined with its value; the function keeps its parameters and adds the
    new one last, defaulting to the constant by name; every call the original tests assert returns
    what it did, and with the parameter set to other values what the original returns with the
    constant set to them. With `test`, a new test calls the function and the new tests alone FAIL on
    the original module; without it the tests are unchanged. The suite passes."""
    pair = module_and_tests(state, opts.folder, opts.file, opts.test_file)
    if isinstance(pair, str):
        return Verdict.of(False, pair)
    before, after, module, tests = pair.before, pair.after, pair.module, pair.tests
    old_tree = ast.parse(before.files[module])
    if _constant(pair.tree, opts.constant) != _constant(old_tree, opts.constant):
        return Verdict.of(False, f"{opts.file} no longer defines {opts.constant} = {_constant(old_tree, opts.constant)}")
    node = _defs(pair.tree).get(opts.function)
    if node is None:
        return Verdict.of(False, f"{opts.file} defines no top-level function {opts.function}")
    want = [*_parameters(_defs(old_tree)[opts.function]), (opts.parameter, "positional", opts.constant)]
    have = _parameters(node)
    if [(n, d) for n, _, d in have] != [(n, d) for n, _, d in want]:
        shown = ", ".join(n + (f"={d}" if d else "") for n, _, d in have)
        wanted = ", ".join(n + (f"={d}" if d else "") for n, _, d in want)
        return Verdict.of(False, f"{opts.function}({shown}) should read {opts.function}({wanted}), keyword-only "
                          "or not")
    if opts.test:
        if not any(_calls(n, opts.function) for n in _new_tests(before.files.get(tests, ""), pair.test_tree)):
            return Verdict.of(False, f"{opts.test_file} has no new test that calls {opts.function}()")
    elif path := edited_test(before, after):
        return Verdict.of(False, f"{opts.folder}/{path} was changed; the tests must stay as they were")
    if msg := _tests_verdict(after, before):
        return Verdict.of(False, msg)
    calls = [f"{opts.function}({args})" for args in _assert_calls(before.files.get(tests, ""), opts.function)]
    probe = _parameter_probe(_dotted(module), before.files[module], opts.constant, opts.parameter, calls)
    if tail := _probe(after.files, probe):
        return Verdict.of(False, f"{opts.function}'s {opts.parameter} does not work as the constant did: {tail}")
    if opts.test:
        old = run_tests({**after.files, module: before.files[module],
                         tests: _only_new(before.files.get(tests, ""), pair.test_tree)})
        if old.exit_code == 0 and not old.failed and not old.errors:
            return Verdict.of(False, f"the new tests also pass on the original module: none passes {opts.parameter}")
    return Verdict.of(True, f"{opts.function} takes {opts.parameter}={opts.constant}; {len(calls)} calls agree")
