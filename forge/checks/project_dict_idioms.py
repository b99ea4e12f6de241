"""Dict handling the long way replaced by the dict idioms, over `ProjectView`: every function of the
module whose ORIGINAL code is of an asked kind (counting through an `if key in counts` branch,
grouping through `if key not in groups`, a lookup with a default through `if key in table`) has no
membership test left and uses an idiom for it (Counter, defaultdict or get() to count; defaultdict
or setdefault() to group; get() to look up); the tests are as given and the suite passes (run in a
sandbox through `forge.checks.project`)."""

from __future__ import annotations

import ast

from pydantic import Field

from forge.checks._project_idioms import Idiom, IdiomEdit, idioms_verdict
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState


def _branches(function: ast.AST, op: type[ast.cmpop]) -> list[ast.If]:
    return [n for n in ast.walk(function) if isinstance(n, ast.If) and isinstance(n.test, ast.Compare)
            and isinstance(n.test.ops[0], op)]


def _counts(function: ast.AST) -> bool:
    return any(isinstance(s, ast.AugAssign) and isinstance(s.target, ast.Subscript) for b in _branches(function, ast.In)
               for s in b.body)


def _groups(function: ast.AST) -> bool:
    return any(isinstance(s, ast.Assign) and isinstance(s.value, ast.List) for b in _branches(function, ast.NotIn)
               for s in b.body)


def _looks_up(function: ast.AST) -> bool:
    return any(isinstance(s, ast.Assign) and isinstance(s.value, ast.Subscript) for b in _branches(function, ast.In)
               for s in b.body)


def _uses(function: ast.AST, *names: str) -> bool:
    """A call of one of `names`, as a function (Counter(...)) or a method (d.get(...))."""
    return any(isinstance(n, ast.Call) and (isinstance(n.func, ast.Name) and n.func.id in names
                                            or isinstance(n.func, ast.Attribute) and n.func.attr in names)
               for n in ast.walk(function))


KINDS: dict[str, Idiom] = {
    "counting": Idiom(_counts, lambda f: _uses(f, "Counter", "defaultdict", "get"), "Counter, defaultdict or get()"),
    "grouping": Idiom(_groups, lambda f: _uses(f, "defaultdict", "setdefault"), "defaultdict or setdefault()"),
    "lookup": Idiom(_looks_up, lambda f: _uses(f, "get"), "get() with a default"),
}


def _membership(function: ast.AST) -> list[int]:
    return sorted(n.lineno for n in ast.walk(function) if isinstance(n, ast.Compare)
                  and any(isinstance(op, ast.In | ast.NotIn) for op in n.ops))


class DictIdioms(IdiomEdit):
    KINDS = tuple(KINDS)
    counting: bool = Field(description="Counting through an `if key in counts` branch goes.")
    grouping: bool = Field(description="Grouping through an `if key not in groups` branch goes.")
    lookup: bool = Field(description="A lookup with a default through `if key in table` goes.")


@register_check("project.dict_idioms", DictIdioms, source="project", view="project")
def dict_idioms(state: FinalState, opts: DictIdioms) -> Verdict:
    """Each top-level function whose ORIGINAL code is of an asked kind has no membership test left
    and uses an idiom for it; the tests are unchanged and the suite passes."""
    return idioms_verdict(state, opts, KINDS, _membership, "still tests membership with in")
