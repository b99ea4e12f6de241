"""Copy-pasted test setup moved into one shared pytest fixture, over `ProjectView`: the fixture is
defined in the tests' conftest.py (nowhere else) with the asked scope, what the conftest held
before is kept, every test of the two test modules that built the sample (its leading
statements assigning or filling the fixture's name) takes the fixture instead and is otherwise
unchanged, every other test and every non-test file is as given, and the suite passes (run in a
sandbox through `forge.checks.project`)."""

from __future__ import annotations

import ast
from typing import Literal

from pydantic import Field

from forge.checks.project import _inside, _tests_verdict, project_view
from forge.checks.project_probes import _parsed
from forge.checks.spec import CheckOptions, OutputPath, Verdict, register_check
from forge.checks.state import FinalState


def _setup_length(body: list[ast.stmt], name: str) -> int:
    """How many leading statements build `name`: assign it, or call a method on it (fill it)."""
    count = 0
    for stmt in body:
        assigns = isinstance(stmt, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in stmt.targets)
        fills = (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call)
                 and isinstance(stmt.value.func, ast.Attribute) and isinstance(stmt.value.func.value, ast.Name)
                 and stmt.value.func.value.id == name)
        if not (assigns or fills):
            break
        count += 1
    return count


def _tests(tree: ast.Module) -> dict[str, ast.FunctionDef]:
    return {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name.startswith("test_")}


def _scope(node: ast.FunctionDef) -> str | None:
    """The fixture's scope when `node` is decorated as a pytest fixture (default 'function'), else None."""
    for decorator in node.decorator_list:
        call = decorator if isinstance(decorator, ast.Call) else None
        target = call.func if call else decorator
        named = (isinstance(target, ast.Attribute) and target.attr == "fixture"
                 or isinstance(target, ast.Name) and target.id == "fixture")
        if named:
            scopes = [k.value for k in (call.keywords if call else []) if k.arg == "scope"]
            return scopes[0].value if scopes and isinstance(scopes[0], ast.Constant) else "function"
    return None


def _dump(nodes: list[ast.stmt]) -> list[str]:
    return [ast.dump(n) for n in nodes]


def _test_kept(old: ast.FunctionDef, new: ast.FunctionDef | None, fixture: str, shown: str) -> str | None:
    """Why a test is not the original with its setup swapped for the fixture (or, without setup, as given)."""
    if new is None:
        return f"{shown}: {old.name} is gone"
    setup = _setup_length(old.body, fixture)
    if not setup:
        return None if ast.dump(new) == ast.dump(old) else f"{shown}: {old.name} was changed, and it builds no {fixture}"
    params, before = [a.arg for a in new.args.args], {a.arg for a in old.args.args}
    if fixture not in params:
        return f"{shown}: {old.name} does not take the fixture {fixture}"
    if extra := sorted(set(params) - before - {fixture}):
        return f"{shown}: {old.name} takes {', '.join(extra)} besides the fixture"
    if _dump(new.body) != _dump(old.body[setup:]) or _dump(new.decorator_list) != _dump(old.decorator_list):
        return f"{shown}: {old.name} was changed beyond its setup (the rest must stay as it was)"
    return None


class FixtureExtracted(CheckOptions):
    folder: str = Field(description="The project folder, as the instruction names it.")
    conftest: OutputPath = Field(description="The tests' conftest.py, where the fixture goes.")
    test_file: OutputPath = Field(description="A test module whose tests build the sample.")
    other_test: OutputPath = Field(description="The other test module whose tests build it.")
    fixture: str = Field(description="The fixture's name: the name every test's setup gives the sample.")
    scope: Literal["function", "module"] = Field(description="The fixture's scope.")


@register_check("project.fixture_extracted", FixtureExtracted, source="project", view="project")
def fixture_extracted(state: FinalState, opts: FixtureExtracted) -> Verdict:
    """The conftest defines the fixture with the asked scope and keeps what it held; no test module
    defines its own; each test of both modules that built the sample takes the fixture and is
    otherwise the same, the other tests and every non-test file are unchanged; the suite passes."""
    conftest = _inside(opts.folder, opts.conftest)
    before, after = project_view(state, opts.folder, original=True), project_view(state, opts.folder)
    tree = _parsed(after.files, conftest, opts.conftest)
    if isinstance(tree, str):
        return Verdict.of(False, tree)
    defined = {n.name: _scope(n) for n in tree.body if isinstance(n, ast.FunctionDef)}
    if defined.get(opts.fixture) is None:
        return Verdict.of(False, f"{opts.conftest} defines no fixture {opts.fixture}")
    if defined[opts.fixture] != opts.scope:
        return Verdict.of(False, f"the fixture {opts.fixture} is {defined[opts.fixture]}-scoped, not {opts.scope}")
    if conftest in before.files:
        kept = set(_dump(tree.body))
        for node in ast.parse(before.files[conftest]).body:
            if isinstance(node, ast.FunctionDef | ast.ClassDef | ast.Assign) and ast.dump(node) not in kept:
                return Verdict.of(False, f"{opts.conftest} no longer holds {getattr(node, 'name', 'an assignment')} "
                                  "as it was")
    tests = {_inside(opts.folder, p): p for p in (opts.test_file, opts.other_test)}
    for path, shown in tests.items():
        new = _parsed(after.files, path, shown)
        if isinstance(new, str):
            return Verdict.of(False, new)
        if any(isinstance(n, ast.FunctionDef) and n.name == opts.fixture for n in new.body):
            return Verdict.of(False, f"{shown} defines its own {opts.fixture}; the fixture belongs in {opts.conftest}")
        for name, old in _tests(ast.parse(before.files[path])).items():
            if msg := _test_kept(old, _tests(new).get(name), opts.fixture, shown):
                return Verdict.of(False, msg)
    for path, text in sorted(before.files.items()):
        if path not in tests and path != conftest and after.files.get(path) != text:
            return Verdict.of(False, f"{opts.folder}/{path} was changed; only the tests and the conftest change")
    if msg := _tests_verdict(after, before):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"the tests of {opts.test_file} and {opts.other_test} take the fixture {opts.fixture} "
                      f"from {opts.conftest}")
