"""A module's error handling reshaped, over `ProjectView`: its input checks raise a module-specific
exception class instead of a bare ValueError (kept a ValueError for existing callers, or a clean
break with the tests updated), each message unchanged.

The inputs that must be rejected come from the ORIGINAL tests (`pytest.raises(ValueError)` blocks),
and each message from the ORIGINAL module run on the same call, both in a sandboxed probe next to
the project's files (`forge.checks.project.run_tests`); the project's own suite must pass.
"""

from __future__ import annotations

import ast

from pydantic import Field

from forge.checks._project_pair import ORIGINAL_PRELUDE, module_and_tests
from forge.checks.project import ProjectEdit, _tests_verdict
from forge.checks.project_api import _dotted, _probe
from forge.checks.project_refactor import edited_test
from forge.checks.spec import OutputPath, Verdict, register_check
from forge.checks.state import FinalState


def _raises_of(node: ast.With, exception: str) -> bool:
    return any(isinstance(c := item.context_expr, ast.Call) and isinstance(c.func, ast.Attribute)
               and c.func.attr == "raises" and c.args and isinstance(c.args[0], ast.Name)
               and c.args[0].id == exception for item in node.items)


def rejected_calls(tests: ast.Module, exception: str = "ValueError") -> list[str]:
    """The calls the test module expects to raise `exception` (`with pytest.raises(exception): call`)."""
    return [ast.unparse(stmt.value) for node in ast.walk(tests) if isinstance(node, ast.With)
            and _raises_of(node, exception) for stmt in node.body
            if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call)]


def _raised_names(tree: ast.Module) -> list[tuple[int, str]]:
    """(line, name) of each `raise Name(...)` / `raise Name` in a module."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) and node.exc is not None:
            target = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
            if isinstance(target, ast.Name):
                out.append((node.lineno, target.id))
    return out


def _error_probe(dotted: str, original: str, exception: str, calls: list[str], value_error: bool) -> str:
    """A pytest module: the class's bases as asked, and every call raising it with the original's message."""
    return f'''import {dotted} as m

ORIGINAL, CALLS = {original!r}, {calls!r}


def test_class():
    cls = getattr(m, {exception!r}, None)
    assert isinstance(cls, type) and issubclass(cls, Exception), "{exception} is not an exception class"
    assert issubclass(cls, ValueError) is {value_error!r}, \\
        "{exception} is " + ("not " if {value_error!r} else "") + "a subclass of ValueError"


def test_calls():
    before = _original()
    for call in CALLS:
        want, got = _raised(call, dict(before)), _raised(call, vars(m))
        assert isinstance(want, ValueError), call + " raises no ValueError in the original module"
        assert got is not None, call + " raises nothing"
        assert isinstance(got, getattr(m, {exception!r})), "%s raises %s, not {exception}" % (call, type(got).__name__)
        assert str(got) == str(want), "%s says %r, the original said %r" % (call, str(got), str(want))''' + ORIGINAL_PRELUDE


class ExceptionIntroduced(ProjectEdit):
    test_file: OutputPath = Field(description="The module's tests.")
    exception: str = Field(description="The new exception class, defined in the module.")
    value_error: bool = Field(description="The class subclasses ValueError and the tests stay as given; otherwise "
                              "it is not a ValueError and the tests expect the new class instead.")


@register_check("project.exception_introduced", ExceptionIntroduced, source="project", view="project")
def exception_introduced(state: FinalState, opts: ExceptionIntroduced) -> Verdict:
    """The module defines the class at top level and raises no ValueError any more; every call the
    original tests expect to raise ValueError now raises the class, with the original module's
    message; the class is a ValueError exactly when asked. Kept a ValueError: no test changed.
    Otherwise: the test file uses the class and expects ValueError nowhere. The suite passes."""
    pair = module_and_tests(state, opts.folder, opts.file, opts.test_file)
    if isinstance(pair, str):
        return Verdict.of(False, pair)
    before, after, module, tests, tree, test_tree = (pair.before, pair.after, pair.module, pair.tests, pair.tree,
                                                     pair.test_tree)
    if not any(isinstance(n, ast.ClassDef) and n.name == opts.exception for n in tree.body):
        return Verdict.of(False, f"{opts.file} defines no top-level class {opts.exception}")
    if left := [line for line, name in _raised_names(tree) if name == "ValueError"]:
        return Verdict.of(False, f"{opts.file} still raises ValueError on line {left[0]}")
    calls = rejected_calls(ast.parse(before.files.get(tests, "")))
    if not calls:
        return Verdict.of(False, f"the original {opts.test_file} expects no ValueError: nothing to compare")
    if opts.value_error:
        if path := edited_test(before, after):
            return Verdict.of(False, f"{opts.folder}/{path} was changed; the tests must stay as they were")
    else:
        if still := rejected_calls(test_tree):
            return Verdict.of(False, f"{opts.test_file} still expects ValueError from {still[0]}")
        if not rejected_calls(test_tree, opts.exception):
            return Verdict.of(False, f"{opts.test_file} has no pytest.raises({opts.exception}) test")
    if msg := _tests_verdict(after, before):
        return Verdict.of(False, msg)
    probe = _error_probe(_dotted(module), before.files[module], opts.exception, calls, opts.value_error)
    if tail := _probe(after.files, probe):
        return Verdict.of(False, f"the module's errors are not as asked: {tail}")
    kind = "a ValueError subclass" if opts.value_error else "its own exception"
    return Verdict.of(True, f"{len(calls)} rejected inputs raise {opts.exception} ({kind}), messages kept")
