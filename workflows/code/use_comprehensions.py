"""Replace a module's spelled-out loops with the idioms a Python reviewer expects: a list built by
append() as a list comprehension, a dict filled by key as a dict comprehension, a += total as
sum(), an early return True/False as any() or all(), or every one of them; what each function
returns unchanged, the tests as given."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from workflows._steps import script_step, shell_step, solution
from workflows.code._api import base_params
from workflows.code._loop_modules import LOOP_MODULES, add_loop_module
from workflows.code._project import ProjectParams, ProjectWorkflow, pytest_step
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

LOOPS = {"list": ["list"], "dict": ["dict"], "sum": ["sum"], "flags": ["flags"], "all": ["list", "dict", "sum", "flags"]}


class Options(SkillParams):
    kind: Literal[tuple(LOOP_MODULES)] | None = None  # type: ignore[valid-type]
    loops: Literal[tuple(LOOPS)] | None = None  # type: ignore[valid-type]
    """Which loops go: list (append), dict (by key), sum (+=), flags (early True/False), or all of them."""


class Params(ProjectParams):
    loops: list[str]
    list_comp: bool
    dict_comp: bool
    sum_call: bool
    any_all: bool


WHAT = ("{% for l in loops %}{% if not loop.first %}; {% endif %}{% if l == 'list' %}every loop that builds a list "
        "with append() by a list comprehension{% elif l == 'dict' %}every loop that fills a dict key by key by a dict "
        "comprehension{% elif l == 'sum' %}every loop that adds up a total with += by sum(){% else %}every loop that "
        "returns True or False as soon as it knows by any() or all(){% endif %}{% endfor %}")
KEEP = "What each function returns must stay exactly the same; leave {{ test_file }} as it is and keep the suite green."

# The rewrite the reference runs: each function's loop as its idiom, from the loop's own parts.
REWRITE = """import ast

PATH, KINDS = "__PATH__", __KINDS__
source = open(PATH).read()
lines = source.split("\\n")


def seg(node):
    return ast.get_source_segment(source, node)


def rewrite(function):
    body = [n for n in function.body if not (isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant))]
    loop = next(n for n in body if isinstance(n, ast.For))
    inner, cond = loop.body[0], None
    if isinstance(inner, ast.If):
        cond, inner = inner.test, inner.body[0]
    head = seg(loop.target) + " in " + seg(loop.iter)
    tail = " if " + seg(cond) if cond is not None else ""
    if isinstance(inner, ast.Expr) and isinstance(inner.value, ast.Call) and inner.value.func.attr == "append":
        kind, text = "list", "[" + seg(inner.value.args[0]) + " for " + head + tail + "]"
    elif isinstance(inner, ast.Assign):
        kind, text = "dict", "{" + seg(inner.targets[0].slice) + ": " + seg(inner.value) + " for " + head + tail + "}"
    elif isinstance(inner, ast.AugAssign):
        kind, text = "sum", "sum(" + seg(inner.value) + " for " + head + tail + ")"
    else:
        found = inner.value.value
        kind = "flags"
        text = ("any(" + seg(cond) if found else "all(not (" + seg(cond) + ")") + " for " + head + ")"
    return kind, body[0].lineno if body[0] is not loop else loop.lineno, function.end_lineno, "    return " + text


for function in reversed([n for n in ast.parse(source).body if isinstance(n, ast.FunctionDef)]):
    kind, first, last, new = rewrite(function)
    if kind in KINDS:
        lines[first - 1:last] = [new]
open(PATH, "w").write("\\n".join(lines))
"""


@register_workflow
class UseComprehensions(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.use_comprehensions", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "In the project {{ folder }}/, {{ module }} spells out loops that Python has idioms for. Replace " + WHAT
            + ". " + KEEP,
            "Could you tidy the loops in {{ module }} ({{ folder }}/) before review? Replace " + WHAT + ". " + KEEP,
            "{{ folder }}/: {{ module }}: replace " + WHAT + ". " + KEEP,
        ],
        criteria=["Each loop of the named kinds is gone, replaced by its idiom.",
                  "Every function returns what it did; the tests are unchanged and pass."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="module", type="py", description="The module with the loops"),
               FileSlot(param="test_file", type="py", description="The module's tests")],
        checks=[CheckTemplate(func="project.loops_replaced",
                              bind={"folder": "folder", "list_comp": "list_comp", "dict_comp": "dict_comp",
                                    "sum_call": "sum_call", "any_all": "any_all"},
                              paths={"file": "module", "test_file": "test_file"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        project, _ = add_loop_module(ctx.rng, ctx.faker, opts.kind or ctx.rng.choice(sorted(LOOP_MODULES)))
        paths, archive = base_params(project)
        loops = LOOPS[opts.loops or ctx.rng.choice(sorted(LOOPS))]
        return Params(**paths, loops=loops, list_comp="list" in loops, dict_comp="dict" in loops,
                      sum_call="sum" in loops, any_all="flags" in loops).with_files(**archive)

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        script = REWRITE.replace("__PATH__", params.module).replace("__KINDS__", repr(params.loops))
        return solution(
            shell_step(f"grep -n 'for \\|append\\|+=\\|return True\\|return False' {params.module}",
                       "First I find the loops and what each one does.", "Find the loops"),
            script_step(script, "I rewrite each asked loop as its idiom, from the loop's own target, source, "
                        "condition and value.", "Use the idioms"),
            pytest_step(params.folder, "The suite must pass."))
