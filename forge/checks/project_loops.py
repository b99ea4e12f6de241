"""Explicit loops replaced by Python's idioms, over `ProjectView`: every function of the module whose
loop is of an asked kind (a list built by append(), a dict filled by key, a total added up with +=,
an early `return True/False`) has no `for` statement left and uses the idiom instead (a list
comprehension, a dict comprehension, sum(), any() or all()); the tests are as given and the suite
passes (run in a sandbox through `forge.checks.project`)."""

from __future__ import annotations

import ast

from pydantic import Field

from forge.checks._project_idioms import Idiom, IdiomEdit, idioms_verdict
from forge.checks.spec import Verdict, register_check
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


KINDS: dict[str, Idiom] = {
    "list_comp": Idiom(lambda f: any(_appends(loop) for loop in _loops(f)),
                       lambda f: any(isinstance(n, ast.ListComp) for n in ast.walk(f)), "a list comprehension"),
    "dict_comp": Idiom(lambda f: any(_fills(loop) for loop in _loops(f)),
                       lambda f: any(isinstance(n, ast.DictComp) for n in ast.walk(f)), "a dict comprehension"),
    "sum_call": Idiom(lambda f: any(_adds(loop) for loop in _loops(f)), lambda f: _called(f, "sum"), "sum()"),
    "any_all": Idiom(lambda f: any(_decides(loop) for loop in _loops(f)), lambda f: _called(f, "any", "all"),
                     "any() or all()"),
}


def _loops(function: ast.AST) -> list[ast.For]:
    return [n for n in ast.walk(function) if isinstance(n, ast.For)]


class LoopsReplaced(IdiomEdit):
    KINDS = tuple(KINDS)
    list_comp: bool = Field(description="Lists built by append() in a loop become list comprehensions.")
    dict_comp: bool = Field(description="Dicts filled key by key in a loop become dict comprehensions.")
    sum_call: bool = Field(description="Totals added up with += in a loop become sum().")
    any_all: bool = Field(description="Loops returning True or False early become any() or all().")


@register_check("project.loops_replaced", LoopsReplaced, source="project", view="project")
def loops_replaced(state: FinalState, opts: LoopsReplaced) -> Verdict:
    """Each top-level function whose ORIGINAL loop is of an asked kind has no for statement left
    and uses the idiom for it; the tests are unchanged and the suite passes."""
    return idioms_verdict(state, opts, KINDS, lambda f: [loop.lineno for loop in _loops(f)],
                          "still loops with a for statement")
