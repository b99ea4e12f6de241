"""A module's tests brought up to date after an intended change of one constant, over `ProjectView`:
the module differs from the original only by the constant's stated value, every original test is
kept and asserts the same calls in the same order, each expected result is written out as a value
(not computed by the code under test), the other test modules are untouched and the suite passes
(run in a sandbox, `forge.checks.project.run_tests`); optionally a new test that fails with the old
value."""

from __future__ import annotations

import ast

from pydantic import Field

from forge.checks._project_pair import module_and_tests
from forge.checks._project_tests import new_tests_pass_on_original
from forge.checks.project import ProjectEdit, _tests_verdict
from forge.checks.project_probes import _new_tests
from forge.checks.project_refactor import edited_test
from forge.checks.spec import OutputPath, Verdict, register_check
from forge.checks.state import FinalState

_MISSING = object()


def _assigned(tree: ast.Module, name: str) -> ast.Assign | None:
    return next((n for n in tree.body if isinstance(n, ast.Assign)
                 and any(isinstance(t, ast.Name) and t.id == name for t in n.targets)), None)


def _value(node: ast.Assign | None) -> object:
    try:
        return _MISSING if node is None else ast.literal_eval(node.value)
    except ValueError:
        return _MISSING


def _blanked(tree: ast.Module, name: str) -> str:
    """The module's AST dump with the constant's value left out (what else it holds)."""
    copy = ast.parse(ast.unparse(tree))
    if (node := _assigned(copy, name)) is not None:
        node.value = ast.Constant(value=None)
    return ast.dump(copy)


def _asserts(tree: ast.Module) -> dict[str, list[ast.Assert]]:
    """Each top-level test function's `assert`s, by test name."""
    return {n.name: [a for a in ast.walk(n) if isinstance(a, ast.Assert)] for n in tree.body
            if isinstance(n, ast.FunctionDef) and n.name.startswith("test_")}


def _left(node: ast.Assert) -> str:
    test = node.test
    return ast.unparse(test.left if isinstance(test, ast.Compare) else test)


def _written_out(node: ast.Assert) -> bool:
    test = node.test
    if not (isinstance(test, ast.Compare) and len(test.comparators) == 1):
        return False
    try:
        ast.literal_eval(test.comparators[0])
    except ValueError:
        return False
    return True


class TestsUpdated(ProjectEdit):
    test_file: OutputPath = Field(description="The module's tests, to update.")
    constant: str = Field(description="The module-level constant whose value changes.")
    value: int | float = Field(description="Its new value, as the request states it.")
    test: bool = Field(default=False, description="A new test is added that fails with the constant's old value "
                       "(the original module).")


def _tests_problem(old: ast.Module, new: ast.Module, shown: str) -> str | None:
    """Why the updated test module does not keep every test and call with written-out results."""
    before, after = _asserts(old), _asserts(new)
    for name, asserts in before.items():
        if name not in after:
            return f"{shown}: {name} was removed"
        calls, kept = [_left(a) for a in asserts], [_left(a) for a in after[name]]
        if kept != calls:
            return f"{shown}: {name} asserts {', '.join(kept) or 'nothing'} instead of {', '.join(calls)}"
        loose = next((a for a in after[name] if not _written_out(a)), None)
        if loose is not None:
            return f"{shown}: {name} does not write out the expected result of {_left(loose)} as a value"
    return None


@register_check("project.tests_updated", TestsUpdated, source="project", view="project")
def tests_updated(state: FinalState, opts: TestsUpdated) -> Verdict:
    """The module equals the original but for the constant, which holds the stated value; each test
    of the original test module is still there and asserts the same calls (left of `==`) in the same
    order, each compared with a literal value; the other test modules are unchanged; the suite
    passes with at least as many tests as before. With `test`, a new test exists and the new tests
    alone FAIL on the original module (the old value)."""
    pair = module_and_tests(state, opts.folder, opts.file, opts.test_file)
    if isinstance(pair, str):
        return Verdict.of(False, pair)
    old_tree = ast.parse(pair.before.files[pair.module])
    have = _value(_assigned(pair.tree, opts.constant))
    if have is _MISSING:
        return Verdict.of(False, f"{opts.file} no longer assigns {opts.constant} a value")
    if have != opts.value or isinstance(have, bool):
        return Verdict.of(False, f"{opts.file} sets {opts.constant} = {have!r}, not {opts.value!r}")
    if _blanked(pair.tree, opts.constant) != _blanked(old_tree, opts.constant):
        return Verdict.of(False, f"{opts.file} was changed beyond {opts.constant}: the code must stay as it was")
    if path := edited_test(pair.before, pair.after, editable=pair.tests):
        return Verdict.of(False, f"{opts.folder}/{path} was changed; only {opts.test_file} is to be updated")
    old_tests = ast.parse(pair.before.files.get(pair.tests, ""))
    if msg := _tests_problem(old_tests, pair.test_tree, opts.test_file):
        return Verdict.of(False, msg)
    if msg := _tests_verdict(pair.after, pair.before):
        return Verdict.of(False, msg)
    if opts.test:
        if not _new_tests(pair.before.files.get(pair.tests, ""), pair.test_tree):
            return Verdict.of(False, f"{opts.test_file} has no new test")
        if new_tests_pass_on_original(pair):
            return Verdict.of(False, f"the new tests also pass with the old {opts.constant}: none pins the new value")
    return Verdict.of(True, f"{opts.constant} = {opts.value!r}; {len(_asserts(old_tests))} tests kept and passing")
