"""Explicit loops replaced by Python's idioms, over `ProjectView`: every function of the module whose
loop is of an asked kind (a list built by append(), a dict filled by key, a total added up with +=,
an early `return True/False`) has no `for` statement left and uses the idiom instead (a list
comprehension, a dict comprehension, sum(), any() or all()); the tests are as given and the suite
passes (run in a sandbox through `forge.checks.project`)."""

from __future__ import annotations

import ast
from collections.abc import Callable

from pydantic import Field, model_validator

from forge.checks._project_pair import module_and_tests
from forge.checks.project import ProjectEdit, _tests_verdict
from forge.checks.project_refactor import edited_test
from forge.checks.spec import OutputPath, Verdict, register_check
from forge.checks.state import FinalState


def _appends(loop: ast.For) -> bool:
    return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "append"
               for n in ast.walk(loop))


def _fills(loop: ast.For) -> bool:
    return any(isinstance(n, ast.Assign) and any(isinstance(t, ast.Subscript) for t in n.targets) for n in ast.walk(loop))


def _adds(loop: ast.For) -> bool:
    return any(isinstance(n, ast.AugAssign) and isinstance(n.op, ast.Add) for n in ast.walk(loop))


def _decides(loop: ast.For) -> bool:
    return any(isinstance(n, ast.Return) and isinstance(n.value, ast.Constant) and isinstance(n.value.value, bool)
               for n in ast.walk(loop))


def _called(node: ast.AST, *names: str) -> bool:
    return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in names for n in ast.walk(node))


# kind -> (the loop it replaces, whether a function uses the idiom, the idiom as the request names it)
KINDS: dict[str, tuple[Callable[[ast.For], bool], Callable[[ast.AST], bool], str]] = {
    "list_comp": (_appends, lambda f: any(isinstance(n, ast.ListComp) for n in ast.walk(f)), "a list comprehension"),
    "dict_comp": (_fills, lambda f: any(isinstance(n, ast.DictComp) for n in ast.walk(f)), "a dict comprehension"),
    "sum_call": (_adds, lambda f: _called(f, "sum"), "sum()"),
    "any_all": (_decides, lambda f: _called(f, "any", "all"), "any() or all()"),
}


def _loops(function: ast.FunctionDef) -> list[ast.For]:
    return [n for n in ast.walk(function) if isinstance(n, ast.For)]


class LoopsReplaced(ProjectEdit):
    test_file: OutputPath = Field(description="The module's tests, left as they are.")
    list_comp: bool = Field(description="Lists built by append() in a loop become list comprehensions.")
    dict_comp: bool = Field(description="Dicts filled key by key in a loop become dict comprehensions.")
    sum_call: bool = Field(description="Totals added up with += in a loop become sum().")
    any_all: bool = Field(description="Loops returning True or False early become any() or all().")

    @model_validator(mode="after")
    def _some_kind(self) -> LoopsReplaced:
        if not self.kinds:
            raise ValueError("name at least one kind of loop to replace (list_comp, dict_comp, sum_call, any_all)")
        return self

    @property
    def kinds(self) -> list[str]:
        return [kind for kind in KINDS if getattr(self, kind)]


@register_check("project.loops_replaced", LoopsReplaced, source="project", view="project")
def loops_replaced(state: FinalState, opts: LoopsReplaced) -> Verdict:
    """Each top-level function whose ORIGINAL loop is of an asked kind has no for statement left
    and uses the idiom for it; the tests are unchanged and the suite passes."""
    pair = module_and_tests(state, opts.folder, opts.file, opts.test_file)
    if isinstance(pair, str):
        return Verdict.of(False, pair)
    now = {n.name: n for n in pair.tree.body if isinstance(n, ast.FunctionDef)}
    replaced = 0
    for node in ast.parse(pair.before.files[pair.module]).body:
        if not isinstance(node, ast.FunctionDef):
            continue
        for kind in opts.kinds:
            finds, uses, idiom = KINDS[kind]
            if not any(finds(loop) for loop in _loops(node)):
                continue
            new = now.get(node.name)
            if new is None:
                return Verdict.of(False, f"{opts.file} no longer defines {node.name}")
            if left := _loops(new):
                return Verdict.of(False, f"{node.name} still loops with a for statement (line {left[0].lineno})")
            if not uses(new):
                return Verdict.of(False, f"{node.name} does not use {idiom}")
            replaced += 1
    if path := edited_test(pair.before, pair.after):
        return Verdict.of(False, f"{opts.folder}/{path} was changed; the tests must stay as they were")
    if msg := _tests_verdict(pair.after, pair.before):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"{replaced} loops replaced by their idioms; the tests pass")
