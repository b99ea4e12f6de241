"""Project checks that probe behaviour in a sandbox: a reported bug fixed with a regression test, a
test that catches a named bug, a magic number given a name, a log record added.

Each runs the suite (and, where the task is about catching or logging, a probe version of it)
through `forge.checks.project.run_tests`, cached by content, never on the host.
"""

from __future__ import annotations

import ast
from typing import Literal

from pydantic import Field, JsonValue

from forge.checks.project import (
    ProjectEdit,
    _call_examples,
    _inside,
    _names_used,
    _tests_verdict,
    project_view,
    run_tests,
)
from forge.checks.spec import OutputPath, Verdict, register_check
from forge.checks.state import FinalState


def _parsed(files: dict[str, str], path: str, shown: str) -> ast.Module | str:
    if path not in files:
        return f"{shown} does not exist"
    try:
        return ast.parse(files[path])
    except SyntaxError as exc:
        return f"{shown} does not parse: {exc}"


def _new_tests(before: str, after: ast.Module) -> list[ast.FunctionDef]:
    old = {n.name for n in ast.parse(before).body if isinstance(n, ast.FunctionDef)} if before else set()
    return [n for n in after.body if isinstance(n, ast.FunctionDef) and n.name.startswith("test_") and n.name not in old]


def _calls(node: ast.AST, function: str) -> bool:
    return any(isinstance(c, ast.Call) and isinstance(c.func, ast.Name) and c.func.id == function for c in ast.walk(node))


def _only_new(source: str, tree: ast.Module) -> str:
    """The test module with only the tests that are not in `source` (imports and helpers kept)."""
    fresh = {n.name for n in _new_tests(source, tree)}
    kept = ast.Module(body=[n for n in tree.body if not (isinstance(n, ast.FunctionDef) and n.name.startswith("test_")
                                                       and n.name not in fresh)], type_ignores=[])
    return ast.unparse(kept)


def _tail(output: str) -> str:
    return " | ".join(line for line in output.splitlines()[-4:] if line.strip())[-300:]


# --- project.regression_fixed ----------------------------------------------------------------------


class RegressionFixed(ProjectEdit):
    test_file: OutputPath
    function: str
    calls: list[str] = Field(min_length=1, description="Calls the bug report shows, e.g. 'f(3)'.")
    results: list[JsonValue] = Field(min_length=1, description="What each call must return once fixed.")


@register_check("project.regression_fixed", RegressionFixed, source="project", view="project")
def regression_fixed(state: FinalState, opts: RegressionFixed) -> Verdict:
    """The reported calls now return what the report says they should (run in a sandbox), a new test
    of the function was added, the whole suite passes, and the new tests alone FAIL on the original
    module (a regression test that would have caught the bug)."""
    module, tests = _inside(opts.folder, opts.file), _inside(opts.folder, opts.test_file)
    before, after = project_view(state, opts.folder, original=True), project_view(state, opts.folder)
    tree = _parsed(after.files, tests, opts.test_file)
    if isinstance(tree, str):
        return Verdict.of(False, tree)
    if not any(_calls(n, opts.function) for n in _new_tests(before.files.get(tests, ""), tree)):
        return Verdict.of(False, f"{opts.test_file} has no new test that calls {opts.function}()")
    if msg := _tests_verdict(after, before):
        return Verdict.of(False, msg)
    got = _call_examples(after.files, module, opts.function, opts.calls)
    for call, want, have in zip(opts.calls, opts.results, got, strict=False):
        if have != want:
            return Verdict.of(False, f"{call} returns {have!r}, expected {want!r}: the bug is not fixed")
    if len(got) != len(opts.calls):
        return Verdict.of(False, f"the reported calls could not all run: {got[-1] if got else 'no output'}")
    old = run_tests({**after.files, module: before.files.get(module, ""), tests: _only_new(before.files.get(tests, ""), tree)})
    if old.exit_code == 0 and not old.failed and not old.errors:
        return Verdict.of(False, "the tests still pass on the original, buggy module: the new test would not have "
                          "caught the bug")
    return Verdict.of(True, f"{opts.function} fixed; the new test fails on the old code")


# --- project.bug_caught ------------------------------------------------------------------------------


class BugCaught(ProjectEdit):
    file: OutputPath = Field(description="The test file the new test goes in.")
    module: str = Field(description="The module under test (left unchanged), as the instruction names it.")
    function: str
    before: str = Field(description="The correct code the bug changed, as the instruction quotes it.")
    after: str = Field(description="The buggy code it became.")


@register_check("project.bug_caught", BugCaught, source="project", view="project")
def bug_caught(state: FinalState, opts: BugCaught) -> Verdict:
    """The module is unchanged, a new test calls the function, the suite passes, and the new tests
    alone FAIL once the named bug is planted back into the module (run in a sandbox)."""
    tests, module = _inside(opts.folder, opts.file), _inside(opts.folder, opts.module)
    before, after = project_view(state, opts.folder, original=True), project_view(state, opts.folder)
    if after.files.get(module) != before.files.get(module):
        return Verdict.of(False, f"{opts.module} was changed; the task adds a test only")
    tree = _parsed(after.files, tests, opts.file)
    if isinstance(tree, str):
        return Verdict.of(False, tree)
    if not any(_calls(n, opts.function) for n in _new_tests(before.files.get(tests, ""), tree)):
        return Verdict.of(False, f"{opts.file} has no new test that calls {opts.function}()")
    if msg := _tests_verdict(after, before):
        return Verdict.of(False, msg)
    source = after.files[module]
    if source.count(opts.before) != 1:
        return Verdict.of(False, f"{opts.module} does not hold `{opts.before}` exactly once")
    planted = run_tests({**after.files, module: source.replace(opts.before, opts.after),
                         tests: _only_new(before.files.get(tests, ""), tree)})
    if planted.exit_code == 0 and not planted.failed and not planted.errors:
        return Verdict.of(False, f"the suite still passes with the bug (`{opts.after}`) planted: the new test does "
                          "not catch it")
    return Verdict.of(True, f"the new test catches `{opts.after}` ({planted.failed + planted.errors} failing)")


# --- project.constant_named --------------------------------------------------------------------------


class ConstantNamed(ProjectEdit):
    function: str
    constant: str = Field(description="The module-level name the instruction asks for.")
    literal: str = Field(description="The number as the instruction quotes it, e.g. '90'.")


def _is_value(node: ast.AST, value: object) -> bool:
    return (isinstance(node, ast.Constant) and type(node.value) in (int, float) and not isinstance(node.value, bool)
            and node.value == value)


@register_check("project.constant_named", ConstantNamed, source="project", view="project")
def constant_named(state: FinalState, opts: ConstantNamed) -> Verdict:
    """The module assigns the number to the constant at top level, the function's code (its docstring
    aside) no longer holds the bare number but uses the constant, and the suite passes unchanged."""
    module = _inside(opts.folder, opts.file)
    before, after = project_view(state, opts.folder, original=True), project_view(state, opts.folder)
    tree = _parsed(after.files, module, opts.file)
    if isinstance(tree, str):
        return Verdict.of(False, tree)
    value = ast.literal_eval(opts.literal)
    assigned = [n for n in tree.body if isinstance(n, (ast.Assign, ast.AnnAssign))
                and opts.constant in {t.id for t in (n.targets if isinstance(n, ast.Assign) else [n.target])
                                      if isinstance(t, ast.Name)}]
    if not assigned or assigned[-1].value is None or not _is_value(assigned[-1].value, value):
        return Verdict.of(False, f"{opts.file} does not set {opts.constant} = {opts.literal} at module level")
    node = next((n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == opts.function), None)
    if node is None:
        return Verdict.of(False, f"{opts.file} defines no function {opts.function}")
    body = node.body[1:] if ast.get_docstring(node) is not None else node.body
    if any(_is_value(n, value) for stmt in body for n in ast.walk(stmt)):
        return Verdict.of(False, f"{opts.function} still uses the bare number {opts.literal}")
    if opts.constant not in {n.id for stmt in body for n in ast.walk(stmt) if isinstance(n, ast.Name)}:
        return Verdict.of(False, f"{opts.function} does not use {opts.constant}")
    for path, text in before.files.items():
        if path.rsplit("/", 1)[-1].startswith("test_") and after.files.get(path) != text:
            return Verdict.of(False, f"{opts.folder}/{path} was changed; the tests must stay as they were")
    if msg := _tests_verdict(after, before):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"{opts.function} uses {opts.constant} = {opts.literal}; tests pass")


# --- project.logs_added --------------------------------------------------------------------------------


class LogsAdded(ProjectEdit):
    function: str
    level: Literal["warning", "info"]
    trigger: str = Field(description="A call the instruction says must log at the level.")
    quiet: str = Field(description="A call the instruction says must not.")


@register_check("project.logs_added", LogsAdded, source="project", view="project")
def logs_added(state: FinalState, opts: LogsAdded) -> Verdict:
    """Calling the function as the instruction says writes a record at the level to the module's own
    logger (`logging.getLogger(__name__)`), the quiet call writes none at that level or above, and the
    whole suite passes (run in a sandbox)."""
    module = _inside(opts.folder, opts.file)
    before, after = project_view(state, opts.folder, original=True), project_view(state, opts.folder)
    tree = _parsed(after.files, module, opts.file)
    if isinstance(tree, str):
        return Verdict.of(False, tree)
    if opts.function not in _names_used(after.files[module]):
        return Verdict.of(False, f"{opts.file} defines no {opts.function}")
    dotted = module.removesuffix(".py").replace("/", ".")
    level = opts.level.upper()
    probe = (f"import logging\nfrom {dotted} import *  # noqa: F403\n\n\n"
             f"def _records(caplog):\n    return [r for r in caplog.records if r.name == {dotted!r}]\n\n\n"
             f"def test_logs(caplog):\n    with caplog.at_level(logging.DEBUG):\n        {opts.trigger}\n"
             f"    assert any(r.levelno == logging.{level} for r in _records(caplog)), 'no {opts.level} record'\n\n\n"
             f"def test_quiet(caplog):\n    with caplog.at_level(logging.DEBUG):\n        {opts.quiet}\n"
             f"    assert not any(r.levelno >= logging.{level} for r in _records(caplog)), 'a record it should not'\n")
    name = "_forge_logs_test.py"
    run = run_tests({**after.files, name: probe}, name)
    if run.exit_code != 0 or run.failed or run.errors or run.passed != 2:
        return Verdict.of(False, f"{opts.trigger} must log at {opts.level} to the "
                          f"logger {dotted!r} and {opts.quiet} must not: {_tail(run.output)}")
    if msg := _tests_verdict(after, before):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"{opts.function} logs at {opts.level} when it should")
