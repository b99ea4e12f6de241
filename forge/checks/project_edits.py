"""Code-editing checks over `ProjectView`: tests added for a function, docstrings and type hints
added without changing behaviour, a module renamed with its imports.

Structural checks compare the module's AST with the original's (docstrings or annotations set
aside), so "nothing else changed" is exact and needs no test run; the others run the suite in a
sandbox through `forge.checks.project` (cached by content).
"""

from __future__ import annotations

import ast
from pathlib import PurePosixPath
from typing import Literal

from pydantic import Field

from forge.checks.project import ProjectEdit, _inside, _tests_verdict, project_view, run_tests
from forge.checks.spec import OutputPath, Verdict, register_check
from forge.checks.state import FinalState


def _functions(tree: ast.Module) -> list[ast.FunctionDef]:
    return [n for n in tree.body if isinstance(n, ast.FunctionDef)]


def _parse(files: dict[str, str], path: str, shown: str) -> ast.Module | str:
    if path not in files:
        return f"{shown} does not exist"
    try:
        return ast.parse(files[path])
    except SyntaxError as exc:
        return f"{shown} does not parse: {exc}"


# --- project.tests_added ---------------------------------------------------------------------------


class TestsAdded(ProjectEdit):
    file: OutputPath = Field(description="The test file the new tests go in.")
    module: str = Field(description="The module under test (left unchanged), as the instruction names it.")
    function: str


def _stubbed(source: str, function: str) -> str:
    """The module with `function`'s body replaced by `return None`: what a useful test must catch."""
    tree = ast.parse(source)
    for node in _functions(tree):
        if node.name == function:
            node.body = [ast.Return(value=ast.Constant(value=None))]
    return ast.unparse(tree)


@register_check("project.tests_added", TestsAdded, source="project", view="project")
def tests_added(state: FinalState, opts: TestsAdded) -> Verdict:
    """The test file has new test functions that call the function; the module is unchanged; the whole
    suite passes; and the new tests alone catch a broken version of the function (its body replaced
    by `return None`, run in a sandbox)."""
    tests, module = _inside(opts.folder, opts.file), _inside(opts.folder, opts.module)
    before, after = project_view(state, opts.folder, original=True), project_view(state, opts.folder)
    if after.files.get(module) != before.files.get(module):
        return Verdict.of(False, f"{opts.module} was changed; the task adds tests only")
    tree = _parse(after.files, tests, opts.file)
    if isinstance(tree, str):
        return Verdict.of(False, tree)
    old = {n.name for n in _functions(ast.parse(before.files.get(tests, "")))}
    new = [n for n in _functions(tree) if n.name.startswith("test_") and n.name not in old]
    calling = [n.name for n in new if any(isinstance(c, ast.Call) and isinstance(c.func, ast.Name)
                                          and c.func.id == opts.function for c in ast.walk(n))]
    if not calling:
        return Verdict.of(False, f"{opts.file} has no new test function that calls {opts.function}()")
    if msg := _tests_verdict(after, before):
        return Verdict.of(False, msg)
    fresh = {n.name for n in new}
    tree.body = [n for n in tree.body if not (isinstance(n, ast.FunctionDef) and n.name.startswith("test_")
                                              and n.name not in fresh)]
    others = {p: t for p, t in after.files.items() if p != tests and not PurePosixPath(p).name.startswith("test_")}
    broken = run_tests({**others, tests: ast.unparse(tree), module: _stubbed(after.files[module], opts.function)})
    if broken.failed + broken.errors == 0 and broken.exit_code == 0:
        return Verdict.of(False, f"the new tests {calling} still pass when {opts.function} returns None: "
                          "they assert nothing about its result")
    return Verdict.of(True, f"{len(calling)} new test(s) of {opts.function} pass and catch a broken version")


# --- project.docstrings_added ----------------------------------------------------------------------


class DocstringsAdded(ProjectEdit):
    style: Literal["plain", "google"] = Field(default="plain", description=(
        "google: each docstring has an `Args:` section naming every parameter and a `Returns:` section."))
    module_docstring: bool = Field(default=False, description="The module itself needs a docstring too.")


def _without_docstrings(tree: ast.Module) -> str:
    for node in [tree, *ast.walk(tree)]:
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            node.body = body[1:] or [ast.Pass()]  # type: ignore[attr-defined]
    return ast.dump(tree)


def _google_issue(node: ast.FunctionDef, doc: str) -> str | None:
    args = [a.arg for a in [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]]
    lines = [line.strip() for line in doc.splitlines()]
    if args and "Args:" not in lines:
        return f"{node.name}'s docstring has no `Args:` section"
    missing = [a for a in args if not any(line.startswith((f"{a}:", f"{a} (")) for line in lines)]
    if missing:
        return f"{node.name}'s `Args:` section does not describe {missing}"
    if "Returns:" not in lines:
        return f"{node.name}'s docstring has no `Returns:` section"
    return None


@register_check("project.docstrings_added", DocstringsAdded, source="project", view="project")
def docstrings_added(state: FinalState, opts: DocstringsAdded) -> Verdict:
    """Every top-level function of the module (and, if asked, the module) has a docstring, in the
    style asked for; apart from docstrings the module's code is exactly the original's."""
    module = _inside(opts.folder, opts.file)
    before, after = project_view(state, opts.folder, original=True), project_view(state, opts.folder)
    tree = _parse(after.files, module, opts.file)
    if isinstance(tree, str):
        return Verdict.of(False, tree)
    if _without_docstrings(ast.parse(after.files[module])) != _without_docstrings(ast.parse(before.files[module])):
        return Verdict.of(False, f"{opts.file} changed more than docstrings: its code must stay as it was")
    if opts.module_docstring and not ast.get_docstring(tree):
        return Verdict.of(False, f"{opts.file} has no module docstring")
    for node in _functions(tree):
        doc = ast.get_docstring(node)
        if not doc or not doc.strip():
            return Verdict.of(False, f"{node.name} in {opts.file} has no docstring")
        if opts.style == "google" and (issue := _google_issue(node, doc)):
            return Verdict.of(False, issue)
    return Verdict.of(True, f"{len(_functions(tree))} functions documented ({opts.style})")


# --- project.annotations_added ----------------------------------------------------------------------


class AnnotationsAdded(ProjectEdit):
    pass


def _without_annotations(tree: ast.Module) -> str:
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            node.returns = None
            for arg in [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]:
                arg.annotation = None
    return ast.dump(tree)


@register_check("project.annotations_added", AnnotationsAdded, source="project", view="project")
def annotations_added(state: FinalState, opts: AnnotationsAdded) -> Verdict:
    """Every parameter and the return of every top-level function of the module carries a type
    annotation; apart from annotations (and an added `from __future__`/`typing` import) the module's
    code is exactly the original's."""
    module = _inside(opts.folder, opts.file)
    before, after = project_view(state, opts.folder, original=True), project_view(state, opts.folder)
    tree = _parse(after.files, module, opts.file)
    if isinstance(tree, str):
        return Verdict.of(False, tree)
    kept = ast.parse(after.files[module])
    kept.body = [n for n in kept.body if not (isinstance(n, (ast.Import, ast.ImportFrom))
                                              and (getattr(n, "module", None) in ("__future__", "typing")
                                                   or any(a.name == "typing" for a in n.names)))]
    if _without_annotations(kept) != _without_annotations(ast.parse(before.files[module])):
        return Verdict.of(False, f"{opts.file} changed more than annotations: its code must stay as it was")
    for node in _functions(tree):
        bare = [a.arg for a in [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs] if a.annotation is None]
        if bare:
            return Verdict.of(False, f"{node.name} in {opts.file} has parameters without a type: {bare}")
        if node.returns is None:
            return Verdict.of(False, f"{node.name} in {opts.file} has no return type")
    return Verdict.of(True, f"{len(_functions(tree))} functions fully annotated")


# --- project.module_renamed -------------------------------------------------------------------------


class ModuleRenamed(ProjectEdit):
    old: str = Field(description="The module's old dotted name, e.g. 'shop.pricing'.")
    new: str = Field(description="Its new dotted name.")


def _imports(tree: ast.Module) -> set[str]:
    found = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    for n in ast.walk(tree):
        if isinstance(n, ast.ImportFrom) and n.module:
            found |= {n.module, *(f"{n.module}.{a.name}" for a in n.names)}
    return found


@register_check("project.module_renamed", ModuleRenamed, source="project", view="project")
def module_renamed(state: FinalState, opts: ModuleRenamed) -> Verdict:
    """The module now lives under its new name (the old file is gone, its code kept), no Python file
    imports the old name, and the whole suite passes."""
    module = _inside(opts.folder, opts.file)
    before, after = project_view(state, opts.folder, original=True), project_view(state, opts.folder)
    old_path = opts.old.replace(".", "/") + ".py"
    if old_path in after.files:
        return Verdict.of(False, f"{opts.folder}/{old_path} still exists; the module was to be renamed")
    tree = _parse(after.files, module, opts.file)
    if isinstance(tree, str):
        return Verdict.of(False, tree)
    if ast.dump(tree) != ast.dump(ast.parse(before.files.get(old_path, ""))):
        return Verdict.of(False, f"{opts.file} is not the old module's code, unchanged")
    for path, source in sorted(after.files.items()):
        if PurePosixPath(path).suffix == ".py":
            parsed = _parse(after.files, path, f"{opts.folder}/{path}")
            if isinstance(parsed, str):
                return Verdict.of(False, parsed)
            if any(name == opts.old or name.startswith(f"{opts.old}.") for name in _imports(parsed)):
                return Verdict.of(False, f"{opts.folder}/{path} still imports {opts.old}")
    if msg := _tests_verdict(after, before):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"{opts.old} renamed to {opts.new}; tests pass")


# --- project.rejects_input --------------------------------------------------------------------------


class RejectsInput(ProjectEdit):
    calls: list[str] = Field(min_length=1, description="Calls the instruction says must now fail, e.g. 'f(-1)'.")
    exception: Literal["ValueError", "TypeError"] = "ValueError"
    test_file: OutputPath = Field(description="Where a new test expecting the exception must go.")


@register_check("project.rejects_input", RejectsInput, source="project", view="project")
def rejects_input(state: FinalState, opts: RejectsInput) -> Verdict:
    """Each bad call the instruction names now raises the exception (run in a sandbox), a new test in
    the test file expects it (pytest.raises), and the whole suite still passes with no fewer tests."""
    module = _inside(opts.folder, opts.file)
    before, after = project_view(state, opts.folder, original=True), project_view(state, opts.folder)
    tree = _parse(after.files, module, opts.file)
    if isinstance(tree, str):
        return Verdict.of(False, tree)
    tests = _inside(opts.folder, opts.test_file)
    parsed = _parse(after.files, tests, opts.test_file)
    if isinstance(parsed, str):
        return Verdict.of(False, parsed)
    old = {n.name for n in _functions(ast.parse(before.files.get(tests, "")))}
    new = [n for n in _functions(parsed) if n.name.startswith("test_") and n.name not in old]
    if not any(opts.exception in ast.unparse(n) and "raises" in ast.unparse(n) for n in new):
        return Verdict.of(False, f"{opts.test_file} has no new test expecting {opts.exception} (pytest.raises)")
    dotted = module.removesuffix(".py").replace("/", ".")
    probe = "import pytest\nfrom " + dotted + " import *  # noqa: F403\n" + "".join(
        f"\n\ndef test_rejects_{n}():\n    with pytest.raises({opts.exception}):\n        {call}\n"
        for n, call in enumerate(opts.calls))
    name = "_forge_rejects_test.py"
    run = run_tests({**after.files, name: probe}, name)
    if run.exit_code != 0 or run.failed or run.errors or run.passed != len(opts.calls):
        tail = " | ".join(line for line in run.output.splitlines()[-4:] if line.strip())
        return Verdict.of(False, f"not every bad call raises {opts.exception} ({run.passed} of {len(opts.calls)} "
                          f"do): {tail[-300:]}")
    if msg := _tests_verdict(after, before):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"{len(opts.calls)} bad call(s) raise {opts.exception}; the suite passes")
