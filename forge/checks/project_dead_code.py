"""Dead code removed from a module, over `ProjectView`: imports nothing uses, private functions
nothing calls, statements that can never run (after a return, raise, break or continue), and
local variables assigned but never read. The check finds each kind in the module as left, and
works out from the ORIGINAL module what it must become (the asked kinds removed, to a fixed
point, nothing else touched); the other files stay as given and the suite passes in a sandbox."""

from __future__ import annotations

import ast
import copy
from collections.abc import Callable
from typing import Literal

from pydantic import Field

from forge.checks.project import ProjectEdit, _inside, _tests_verdict, project_view
from forge.checks.project_probes import _parsed
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState

Dead = Literal["imports", "functions", "unreachable", "variables"]
_ENDS = (ast.Return, ast.Raise, ast.Break, ast.Continue)
_BLOCKS = ("body", "orelse", "finalbody")


def _loaded(tree: ast.AST) -> set[str]:
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Store)}
    return names | {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}


def _exported(tree: ast.Module) -> set[str]:
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            return {e.value for e in ast.walk(node.value) if isinstance(e, ast.Constant) and isinstance(e.value, str)}
    return set()


def _bound(alias: ast.alias) -> str:
    return alias.asname or alias.name.split(".")[0]


def unused_imports(tree: ast.Module, others: set[str]) -> list[str]:
    """Names top-level imports bind that the module never reads (nor lists in __all__)."""
    used = _loaded(tree) | _exported(tree)
    return [_bound(a) for n in tree.body if isinstance(n, ast.Import | ast.ImportFrom) for a in n.names
            if _bound(a) not in used and a.name != "*"]


def dead_functions(tree: ast.Module, others: set[str]) -> list[str]:
    """Private top-level functions that neither the module (outside them) nor another file uses."""
    out = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name.startswith("_") and not node.name.startswith("__"):
            rest = ast.Module(body=[n for n in tree.body if n is not node], type_ignores=[])
            if node.name not in _loaded(rest) | others | _exported(tree):
                out.append(node.name)
    return out


def _after_end(node: ast.AST) -> list[tuple[list[ast.stmt], int]]:
    """(statement list, index of its first statement that can never run), for every block under `node`."""
    out = []
    for each in ast.walk(node):
        for field in _BLOCKS:
            block = getattr(each, field, None)
            if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                end = next((i for i, s in enumerate(block) if isinstance(s, _ENDS)), len(block) - 1)
                if end < len(block) - 1:
                    out.append((block, end + 1))
    return out


def unreachable(tree: ast.Module, others: set[str]) -> list[str]:
    """Line numbers of statements that follow a return, raise, break or continue in their block."""
    return [str(block[i].lineno) for block, i in _after_end(tree)]


def _unused_locals(function: ast.FunctionDef) -> list[ast.Assign]:
    read = _loaded(function)
    return [s for s in ast.walk(function) if isinstance(s, ast.Assign) and len(s.targets) == 1
            and isinstance(s.targets[0], ast.Name) and not s.targets[0].id.startswith("_")
            and s.targets[0].id not in read]


def unused_variables(tree: ast.Module, others: set[str]) -> list[str]:
    """`function: name` for each local assigned in a function and never read there."""
    functions = [f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)]
    return [f"{f.name}: {s.targets[0].id}" for f in functions for s in _unused_locals(f)]  # type: ignore[attr-defined]


FINDERS: dict[str, Callable[[ast.Module, set[str]], list[str]]] = {
    "imports": unused_imports, "functions": dead_functions, "unreachable": unreachable, "variables": unused_variables}
SAYS = {"imports": "still imports {}, which nothing uses", "functions": "still defines {}(), which nothing calls",
        "unreachable": "still has a statement that can never run, on line {}",
        "variables": "still assigns a local never read ({})"}


def _drop(tree: ast.Module, kind: str, others: set[str]) -> None:
    """Remove the kind's findings from `tree`, in place (one pass)."""
    if kind == "imports":
        unused = set(unused_imports(tree, others))
        for node in [n for n in tree.body if isinstance(n, ast.Import | ast.ImportFrom)]:
            node.names = [a for a in node.names if _bound(a) not in unused]
        tree.body = [n for n in tree.body if not isinstance(n, ast.Import | ast.ImportFrom) or n.names]
    elif kind == "functions":
        dead = set(dead_functions(tree, others))
        tree.body = [n for n in tree.body if not (isinstance(n, ast.FunctionDef) and n.name in dead)]
    elif kind == "unreachable":
        for block, start in _after_end(tree):
            del block[start:]
    else:
        for function in [f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)]:
            dead_ids = {id(s) for s in _unused_locals(function)}
            for each in ast.walk(function):
                for field in _BLOCKS:
                    block = getattr(each, field, None)
                    if isinstance(block, list):
                        block[:] = [s for s in block if id(s) not in dead_ids]


def cleaned(tree: ast.Module, kinds: list[str], others: set[str]) -> ast.Module:
    """A copy of `tree` with the kinds of dead code removed until none is left."""
    tree = copy.deepcopy(tree)
    for _ in range(10):
        before = ast.dump(tree)
        for kind in ("unreachable", "functions", "variables", "imports"):
            if kind in kinds:
                _drop(tree, kind, others)
        if ast.dump(tree) == before:
            break
    return tree


def _beyond(want: ast.Module, have: ast.Module) -> str:
    """Where the module left differs from what it must become."""
    def named(tree: ast.Module) -> dict[str, str]:
        return {getattr(n, "name", ast.unparse(n)[:40]): ast.dump(n) for n in tree.body}
    wanted, left = named(want), named(have)
    if gone := [n for n in wanted if n not in left]:
        return f"{gone[0]} is gone"
    if extra := [n for n in left if n not in wanted]:
        return f"{extra[0]} was added"
    return next((f"{n} was changed" for n in wanted if wanted[n] != left[n]), "the statements were reordered")


class DeadCodeRemoved(ProjectEdit):
    dead: Dead | Literal["all"] = Field(description="The kind of dead code to remove, as the request names it; "
                                        "all: every kind.")


@register_check("project.dead_code_removed", DeadCodeRemoved, source="project", view="project")
def dead_code_removed(state: FinalState, opts: DeadCodeRemoved) -> Verdict:
    """None of the asked kinds of dead code is left in the module, which is otherwise exactly the
    ORIGINAL with those kinds removed (AST compared: comments and blank lines are free); every other
    file is as given; the suite passes with as many tests as before."""
    module = _inside(opts.folder, opts.file)
    before, after = project_view(state, opts.folder, original=True), project_view(state, opts.folder)
    tree = _parsed(after.files, module, opts.file)
    if isinstance(tree, str):
        return Verdict.of(False, tree)
    changed = sorted(p for p in set(before.files) | set(after.files)
                     if p != module and before.files.get(p) != after.files.get(p))
    if changed:
        return Verdict.of(False, f"{opts.folder}/{changed[0]} was changed; only {opts.file} is to be cleaned")
    others = set().union(*(_loaded(t) for p, text in after.files.items() if p != module and p.endswith(".py")
                           for t in [ast.parse(text)]))
    kinds = list(FINDERS) if opts.dead == "all" else [opts.dead]
    for kind in kinds:
        if found := FINDERS[kind](tree, others):
            return Verdict.of(False, f"{opts.file} " + SAYS[kind].format(found[-1]))
    want = cleaned(ast.parse(before.files[module]), kinds, others)
    if ast.dump(want) != ast.dump(tree):
        return Verdict.of(False, f"{opts.file} was changed beyond removing the dead code: {_beyond(want, tree)}")
    if msg := _tests_verdict(after, before):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"{opts.file} holds no dead code of the kind asked ({opts.dead}); the rest is unchanged")
