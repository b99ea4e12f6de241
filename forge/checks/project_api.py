"""A package's public API changed without breaking its callers, over `ProjectView`: a function moved
to a new module (re-exported from the old one, or every import updated), a function renamed with its
old name kept as an alias (optionally warning DeprecationWarning), doctest examples added to
docstrings, and `__all__` declared for a module or the package. Structure is read from the AST;
behaviour is probed by small pytest modules run in a sandbox next to the project's files
(`forge.checks.project.run_tests`), and the project's own suite must pass.
"""

from __future__ import annotations

import ast
import doctest

from pydantic import Field

from forge.checks.project import ProjectEdit, _inside, _tests_verdict, project_view, run_tests
from forge.checks.project_edits import _without_docstrings
from forge.checks.project_probes import _parsed, _tail
from forge.checks.project_refactor import edited_test
from forge.checks.spec import OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import ProjectView

PROBE = "_forge_api_probe.py"


def _defs(tree: ast.Module) -> dict[str, ast.FunctionDef]:
    return {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}


def _top_defs(files: dict[str, str], path: str, shown: str) -> dict[str, ast.FunctionDef] | str:
    """The top-level functions of a file of the project, or why it cannot be read."""
    tree = _parsed(files, path, shown)
    return tree if isinstance(tree, str) else _defs(tree)


def _dotted(path: str) -> str:
    return path.removesuffix(".py").replace("/", ".")


def _probe(files: dict[str, str], source: str) -> str | None:
    """None when the probe module's tests all pass next to `files`; else the run's tail."""
    run = run_tests({**files, PROBE: source}, PROBE)
    if run.exit_code != 0 or run.failed or run.errors or run.passed < 1:
        said = [line.split("Error: ", 1)[1] for line in run.output.splitlines()
                if line.startswith("E ") and "Error: " in line]
        return said[0] if said else _tail(run.output)
    return None


def _imported_names(tree: ast.Module, module: str) -> set[str]:
    """Names a module imports from `module` (dotted) with `from module import ...`."""
    return {a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module == module for a in n.names}


def _test_paths(view: ProjectView) -> list[str]:
    return sorted(p for p in view.files if p.rsplit("/", 1)[-1].startswith("test_") and p.endswith(".py"))


# --- project.function_moved ------------------------------------------------------------------------


class FunctionMoved(ProjectEdit):
    function: str
    target_file: OutputPath = Field(description="The new module's file (inside the folder).")
    reexport: bool = Field(description="The old module still exposes the function (the tests stay as given); "
                           "otherwise every test imports it from the new module.")


@register_check("project.function_moved", FunctionMoved, source="project", view="project")
def function_moved(state: FinalState, opts: FunctionMoved) -> Verdict:
    """The new module defines the function at top level and the old module no longer does; with
    `reexport` the old import path gives the very same function and no test changed; without it no
    test imports the function from the old module and some test imports it from the new one; the
    whole suite passes, at least as large as before."""
    module, target = _inside(opts.folder, opts.file), _inside(opts.folder, opts.target_file)
    dotted = _dotted(target)
    before, after = project_view(state, opts.folder, original=True), project_view(state, opts.folder)
    new_defs, old_defs = _top_defs(after.files, target, opts.target_file), _top_defs(after.files, module, opts.file)
    for defs in (new_defs, old_defs):
        if isinstance(defs, str):
            return Verdict.of(False, defs)
    if opts.function not in new_defs:
        return Verdict.of(False, f"{opts.folder}/{target} defines no top-level function {opts.function}")
    if opts.function in old_defs:
        return Verdict.of(False, f"{opts.file} still defines {opts.function}: it was copied, not moved")
    old = _dotted(module)
    if opts.reexport:
        if path := edited_test(before, after):
            return Verdict.of(False, f"{opts.folder}/{path} was changed; the old import must keep working as it is")
        if tail := _probe(after.files, f"def test_same():\n    from {old} import {opts.function} as a\n"
                          f"    from {dotted} import {opts.function} as b\n    assert a is b\n"):
            return Verdict.of(False, f"`from {old} import {opts.function}` does not give the moved function: {tail}")
    else:
        uses_new = False
        for path in _test_paths(after):
            tree = _parsed(after.files, path, f"{opts.folder}/{path}")
            if isinstance(tree, str):
                return Verdict.of(False, tree)
            if opts.function in _imported_names(tree, old):
                return Verdict.of(False, f"{opts.folder}/{path} still imports {opts.function} from {old}")
            uses_new |= opts.function in _imported_names(tree, dotted)
        if not uses_new:
            return Verdict.of(False, f"no test imports {opts.function} from {dotted}")
    if msg := _tests_verdict(after, before):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"{opts.function} moved to {dotted}; the tests pass")


# --- project.alias_kept ----------------------------------------------------------------------------


class AliasKept(ProjectEdit):
    test_file: OutputPath = Field(description="The tests of the module, updated to the new name.")
    old: str
    new: str
    warn: bool = Field(description="Calling the old name warns DeprecationWarning naming the new one.")


def _assert_calls(source: str, function: str) -> list[str]:
    """The argument lists of `assert function(...) == ...` lines in a test module."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assert) and isinstance(node.test, ast.Compare) \
                and isinstance(call := node.test.left, ast.Call) and isinstance(call.func, ast.Name) \
                and call.func.id == function:
            out.append(", ".join([ast.unparse(a) for a in call.args] + [ast.unparse(k) for k in call.keywords]))
    return out


def _uses(tree: ast.Module, name: str) -> bool:
    return any(isinstance(n, ast.Name) and n.id == name or isinstance(n, ast.alias) and n.name == name
               for n in ast.walk(tree))


@register_check("project.alias_kept", AliasKept, source="project", view="project")
def alias_kept(state: FinalState, opts: AliasKept) -> Verdict:
    """The module defines the new name at top level; the test file no longer uses the old name and
    the suite passes; the old name is still importable and returns what the new one does on every
    call the original tests made; with `warn`, each call of the old name warns DeprecationWarning
    mentioning the new name, and calls of the new name warn nothing."""
    module, tests = _inside(opts.folder, opts.file), _inside(opts.folder, opts.test_file)
    before, after = project_view(state, opts.folder, original=True), project_view(state, opts.folder)
    defs = _top_defs(after.files, module, opts.file)
    if isinstance(defs, str):
        return Verdict.of(False, defs)
    if opts.new not in defs:
        return Verdict.of(False, f"{opts.file} defines no top-level function {opts.new}")
    test_tree = _parsed(after.files, tests, opts.test_file)
    if isinstance(test_tree, str):
        return Verdict.of(False, test_tree)
    if _uses(test_tree, opts.old):
        return Verdict.of(False, f"{opts.test_file} still uses the old name {opts.old}")
    if msg := _tests_verdict(after, before):
        return Verdict.of(False, msg)
    calls = _assert_calls(before.files.get(tests, ""), opts.old) or [""]
    lines = ["import warnings", f"import {_dotted(module)} as m", "", ""]
    for n, args in enumerate(calls):
        # the call's text goes into the probe as a string literal: arguments may hold quotes or braces
        old_call, new_call = repr(f"{opts.old}({args})"), repr(f"{opts.new}({args})")
        lines += [f"def test_alias_{n}():", "    with warnings.catch_warnings(record=True) as new_w:",
                  "        warnings.simplefilter('always')", f"        want = m.{opts.new}({args})",
                  "    with warnings.catch_warnings(record=True) as old_w:",
                  "        warnings.simplefilter('always')", f"        have = m.{opts.old}({args})",
                  f"    assert have == want, '%s gives %r, %s gives %r' % ({old_call}, have, {new_call}, want)"]
        if opts.warn:
            lines += ["    dep = [w for w in old_w if issubclass(w.category, DeprecationWarning)]",
                      f"    assert dep, {old_call} + ' warns no DeprecationWarning'",
                      f"    assert any({opts.new!r} in str(w.message) for w in dep), "
                      f"'the warning does not name {opts.new}'",
                      f"    assert not [w for w in new_w if issubclass(w.category, DeprecationWarning)], "
                      f"{new_call} + ' warns too'"]
        lines += ["", ""]
    if tail := _probe(after.files, "\n".join(lines)):
        return Verdict.of(False, f"the old name {opts.old} does not work as asked: {tail}")
    kind = "a deprecated alias" if opts.warn else "an alias"
    return Verdict.of(True, f"{opts.old} renamed {opts.new}, kept as {kind}; the tests pass")


# --- project.doctests_added ------------------------------------------------------------------------


class DoctestsAdded(ProjectEdit):
    function: str | None = Field(default=None, description="The one function to document; None: every "
                                 "top-level function of the module.")


def _stub_kept_doc(source: str, function: str) -> str:
    """The module with `function` returning None, its docstring kept (its examples must then fail)."""
    tree = ast.parse(source)
    for node in _defs(tree).values():
        if node.name == function:
            doc = node.body[:1] if ast.get_docstring(node) is not None else []
            node.body = [*doc, ast.Return(value=ast.Constant(value=None))]
    return ast.unparse(tree)


def _doctest_probe(dotted: str, function: str) -> str:
    return (f"import doctest\nimport {dotted} as m\n\n\ndef test_doctest():\n"
            f"    finder, runner = doctest.DocTestFinder(recurse=False), doctest.DocTestRunner(verbose=False)\n"
            f"    for t in finder.find(m.{function}, '{function}', globs=vars(m).copy()):\n        runner.run(t)\n"
            f"    r = runner.summarize(verbose=False)\n    assert r.attempted and not r.failed, r\n")


@register_check("project.doctests_added", DoctestsAdded, source="project", view="project")
def doctests_added(state: FinalState, opts: DoctestsAdded) -> Verdict:
    """Each function asked for (one, or every top-level function of the given module) has at least
    one `>>>` example in its docstring; only docstrings changed; the examples pass under doctest; they
    fail once the function returns None (they show its results); the tests pass unchanged."""
    module = _inside(opts.folder, opts.file)
    before, after = project_view(state, opts.folder, original=True), project_view(state, opts.folder)
    tree, old = _parsed(after.files, module, opts.file), _parsed(before.files, module, opts.file)
    if isinstance(tree, str):
        return Verdict.of(False, tree)
    assert not isinstance(old, str)
    if _without_docstrings(ast.parse(after.files[module])) != _without_docstrings(ast.parse(before.files[module])):
        return Verdict.of(False, f"{opts.file}'s code changed; only docstrings may")
    names = [opts.function] if opts.function else list(_defs(old))
    defs, parser = _defs(tree), doctest.DocTestParser()
    for name in names:
        doc = ast.get_docstring(defs[name], clean=False) if name in defs else None
        if not doc or not parser.get_examples(doc):
            return Verdict.of(False, f"{name}'s docstring has no >>> example")
    if path := edited_test(before, after):
        return Verdict.of(False, f"{opts.folder}/{path} was changed; the tests must stay as they were")
    if msg := _tests_verdict(after, before):
        return Verdict.of(False, msg)
    dotted = _dotted(module)
    for name in names:
        if tail := _probe(after.files, _doctest_probe(dotted, name)):
            return Verdict.of(False, f"{name}'s examples fail under doctest: {tail}")
        stubbed = {**after.files, module: _stub_kept_doc(after.files[module], name)}
        if _probe(stubbed, _doctest_probe(dotted, name)) is None:
            return Verdict.of(False, f"{name}'s examples still pass when it returns None: they show no result")
    return Verdict.of(True, f"doctest examples for {', '.join(names)} pass and show their results")


# --- project.exports_declared ----------------------------------------------------------------------


class ExportsDeclared(ProjectEdit):
    package_level: bool = Field(description="The package's __init__ re-exports them and lists them in its "
                                "__all__; otherwise the module itself declares __all__.")


@register_check("project.exports_declared", ExportsDeclared, source="project", view="project")
def exports_declared(state: FinalState, opts: ExportsDeclared) -> Verdict:
    """The public API is the original module's top-level functions not starting with '_'. Module
    level: the module's `__all__` lists exactly those (any order, no extras, no repeats). Package
    level: `import package` gives each of them (the very same function) and the package's `__all__`
    lists each. The module still defines them all; the tests are unchanged and pass."""
    module = _inside(opts.folder, opts.file)
    before, after = project_view(state, opts.folder, original=True), project_view(state, opts.folder)
    old = _parsed(before.files, module, opts.file)
    assert not isinstance(old, str)
    public = sorted(n for n in _defs(old) if not n.startswith("_"))
    tree = _parsed(after.files, module, opts.file)
    if isinstance(tree, str):
        return Verdict.of(False, tree)
    missing = sorted(set(public) - set(_defs(tree)))
    if missing:
        return Verdict.of(False, f"{opts.file} no longer defines {', '.join(missing)}")
    if path := edited_test(before, after):
        return Verdict.of(False, f"{opts.folder}/{path} was changed; the tests must stay as they were")
    dotted = _dotted(module)
    package = dotted.rsplit(".", 1)[0]
    if opts.package_level:
        probe = (f"import {package} as p\nimport {dotted} as m\n\n\ndef test_exports():\n"
                 f"    for name in {public!r}:\n"
                 "        assert getattr(p, name, None) is getattr(m, name), f'{name} is not exported by the package'\n"
                 "        assert name in getattr(p, '__all__', ()), f'{name} is not in the package __all__'\n")
    else:
        probe = (f"import {dotted} as m\n\n\ndef test_exports():\n    declared = list(getattr(m, '__all__', []))\n"
                 "    assert len(declared) == len(set(declared)), f'__all__ repeats a name: {declared}'\n"
                 f"    want = {public!r}\n"
                 "    assert sorted(declared) == want, f'__all__ is {sorted(declared)}, expected {want}'\n")
    if tail := _probe(after.files, probe):
        return Verdict.of(False, f"the public API is not declared as asked: {tail}")
    if msg := _tests_verdict(after, before):
        return Verdict.of(False, msg)
    where = f"the package {package}" if opts.package_level else opts.file
    return Verdict.of(True, f"{where} declares {', '.join(public)}; the tests pass")
