"""A file-handling module modernised, over `ProjectView`: paths through pathlib instead of os.path
(optionally no `os` at all, or no builtin open() either), or every file opened in a `with`
statement (optionally with an explicit UTF-8 encoding for text). Structure is read from the
module's AST; behaviour is held by the project's own tests, which stay as given and must pass in
the sandbox, and every function keeps its parameters."""

from __future__ import annotations

import ast
from typing import Literal

from pydantic import Field

from forge.checks.project import ProjectEdit, _inside, _tests_verdict, project_view
from forge.checks.project_api import _defs
from forge.checks.project_probes import _parsed
from forge.checks.project_refactor import edited_test
from forge.checks.project_signature import _parameters
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.views import ProjectView


def _edited(state: FinalState, opts: ProjectEdit) -> tuple[ProjectView, ProjectView, ast.Module] | str:
    """(before, after, the module parsed), or why the module cannot be read."""
    module = _inside(opts.folder, opts.file)
    before, after = project_view(state, opts.folder, original=True), project_view(state, opts.folder)
    tree = _parsed(after.files, module, opts.file)
    return tree if isinstance(tree, str) else (before, after, tree)


def _kept(before: ProjectView, after: ProjectView, tree: ast.Module, opts: ProjectEdit) -> str | None:
    """Why the functions' parameters or the tests are not as they were, or the suite fails."""
    old = _defs(ast.parse(before.files[_inside(opts.folder, opts.file)]))
    new = _defs(tree)
    for name, node in old.items():
        if name not in new:
            return f"{opts.file} no longer defines {name}()"
        if _parameters(new[name]) != _parameters(node):
            return f"{name}'s parameters changed; callers must not notice"
    if path := edited_test(before, after):
        return f"{opts.folder}/{path} was changed; the tests must stay as they were"
    return _tests_verdict(after, before)


def _opens(tree: ast.Module) -> list[ast.Call]:
    """Calls of the builtin open() and of an `.open(...)` method (Path.open, io.open)."""
    return [n for n in ast.walk(tree) if isinstance(n, ast.Call) and (
        isinstance(n.func, ast.Name) and n.func.id == "open" or isinstance(n.func, ast.Attribute) and n.func.attr == "open")]


# --- project.pathlib_used --------------------------------------------------------------------------


def _os_path_uses(tree: ast.Module) -> list[int]:
    lines = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr == "path"
             and isinstance(n.value, ast.Name) and n.value.id == "os"]
    lines += [n.lineno for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and (
        n.module == "os.path" or n.module == "os" and any(a.name == "path" for a in n.names))]
    lines += [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Import) and any(a.name == "os.path" for a in n.names)]
    return sorted(lines)


def _imports(tree: ast.Module, module: str) -> list[int]:
    return sorted(n.lineno for n in ast.walk(tree) if isinstance(n, ast.Import) and any(
        a.name == module or a.name.startswith(module + ".") for a in n.names)
        or isinstance(n, ast.ImportFrom) and (n.module or "").split(".")[0] == module)


class PathlibUsed(ProjectEdit):
    level: Literal["os_path", "no_os", "path_io"] = Field(
        description="os_path: no os.path left; no_os: no os module at all; path_io: neither, nor builtin open().")


@register_check("project.pathlib_used", PathlibUsed, source="project", view="project")
def pathlib_used(state: FinalState, opts: PathlibUsed) -> Verdict:
    """The module imports pathlib and uses no os.path (with `no_os`, imports no os at all; with
    `path_io`, also calls no builtin open()); every function keeps its parameters; the tests are
    unchanged and pass (the results, str paths included, are as before)."""
    read = _edited(state, opts)
    if isinstance(read, str):
        return Verdict.of(False, read)
    before, after, tree = read
    if lines := _os_path_uses(tree):
        return Verdict.of(False, f"{opts.file} still uses os.path, on line {lines[0]}")
    if not _imports(tree, "pathlib"):
        return Verdict.of(False, f"{opts.file} does not import pathlib")
    if opts.level != "os_path" and (lines := _imports(tree, "os")):
        return Verdict.of(False, f"{opts.file} still imports os, on line {lines[0]}")
    opened = [c.lineno for c in _opens(tree) if isinstance(c.func, ast.Name)]
    if opts.level == "path_io" and opened:
        return Verdict.of(False, f"{opts.file} still calls the builtin open(), on line {opened[0]}")
    if msg := _kept(before, after, tree, opts):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"{opts.file} works through pathlib ({opts.level}); the tests pass unchanged")


# --- project.files_closed --------------------------------------------------------------------------


def _mode(call: ast.Call) -> str:
    given = call.args[1] if len(call.args) > 1 and isinstance(call.func, ast.Name) else \
        call.args[0] if call.args and isinstance(call.func, ast.Attribute) else \
        next((k.value for k in call.keywords if k.arg == "mode"), None)
    return given.value if isinstance(given, ast.Constant) and isinstance(given.value, str) else "r"


def _utf8(call: ast.Call) -> bool:
    return any(k.arg == "encoding" and isinstance(k.value, ast.Constant) and isinstance(k.value.value, str)
               and k.value.value.lower().replace("-", "").replace("_", "") == "utf8" for k in call.keywords)


class FilesClosed(ProjectEdit):
    encoding: bool = Field(description="Every text-mode open() also passes encoding='utf-8'.")


@register_check("project.files_closed", FilesClosed, source="project", view="project")
def files_closed(state: FinalState, opts: FilesClosed) -> Verdict:
    """Every open() of the module is the context expression of a `with` item and nothing is closed
    by hand (`.close()`); with `encoding`, every text-mode open() passes encoding='utf-8'; every
    function keeps its parameters; the tests are unchanged and pass."""
    read = _edited(state, opts)
    if isinstance(read, str):
        return Verdict.of(False, read)
    before, after, tree = read
    managed = {id(item.context_expr) for n in ast.walk(tree) if isinstance(n, ast.With) for item in n.items}
    opens = _opens(tree)
    if loose := [c.lineno for c in opens if id(c) not in managed]:
        return Verdict.of(False, f"{opts.file} opens a file outside a with statement, on line {loose[0]}")
    closes = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
              and n.func.attr == "close" and not n.args]
    if closes:
        return Verdict.of(False, f"{opts.file} still closes a file by hand, on line {closes[0]}")
    if opts.encoding and (plain := [c.lineno for c in opens if "b" not in _mode(c) and not _utf8(c)]):
        return Verdict.of(False, f"the open() on line {plain[0]} of {opts.file} does not pass encoding='utf-8'")
    if msg := _kept(before, after, tree, opts):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"{len(opens)} open() calls of {opts.file} are in with statements")
