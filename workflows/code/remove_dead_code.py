"""Remove a module's dead code before a review, as a linter reports it: imports nothing uses, a
private leftover function nothing calls, a debug statement after a return, a local assigned and
never read (or all of them), nothing else touched."""

from __future__ import annotations

import ast
import random
from typing import Literal

from forge.models import ReferenceSolution
from preparers.code import ProjectContent
from workflows._steps import lit, script_step, shell_step, solution
from workflows.code._all_kinds import make_package
from workflows.code._api import base_params
from workflows.code._project import ProjectParams, ProjectWorkflow, pytest_step
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

KIND_IDS = ("inventory", "shipping", "payroll", "ledger", "loans", "schedule", "stats", "parking")
ASKS = {"imports": "any import that nothing uses",
        "functions": "any private function that nothing calls any more",
        "unreachable": "any statement that can never run because it comes after a return",
        "variables": "any local variable that is assigned but never read",
        "all": "all of its dead code: imports nothing uses, private functions nothing calls, statements after a "
               "return that can never run, and local variables assigned but never read"}
IMPORTS = ["import os", "import sys", "import json", "import math", "from datetime import date",
           "from collections import defaultdict", "from decimal import Decimal"]
LOCALS = [("debug", "False"), ("attempts", "0"), ("previous", "None"), ("label", '"draft"')]


class Options(SkillParams):
    kind: Literal[KIND_IDS] | None = None  # type: ignore[valid-type]
    dead: Literal[tuple(ASKS)] | None = None  # type: ignore[valid-type]
    """Which dead code the module holds and the request names ("all": every kind)."""


class Params(ProjectParams):
    ask: str
    dead: str


def _function(source: str, name: str) -> ast.FunctionDef:
    return next(n for n in ast.parse(source).body if isinstance(n, ast.FunctionDef) and n.name == name)


def _insert(source: str, after_line: int, lines: list[str]) -> str:
    rows = source.split("\n")
    return "\n".join(rows[:after_line] + lines + rows[after_line:])


def _old_copy(source: str, name: str, rng: random.Random) -> str:
    node = _function(source, name)
    rows = source.split("\n")[node.lineno - 1:node.end_lineno]
    rows[0] = rows[0].replace(f"def {name}(", f"def _old_{name}(", 1)
    rows[1] = f'    """Earlier version of {name}, kept while the new one settled in."""'
    return _insert(source, node.end_lineno or node.lineno, ["", "", *rows])


def _debug_print(source: str, name: str, rng: random.Random) -> str:
    node = _function(source, name)
    return _insert(source, node.end_lineno or node.lineno, [f'    print("debug:", {node.args.args[0].arg})'])


def _unused_local(source: str, name: str, rng: random.Random) -> str:
    node = _function(source, name)
    taken = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
    local, value = rng.choice([pair for pair in LOCALS if pair[0] not in taken])
    return _insert(source, node.body[0].end_lineno or node.lineno, [f"    {local} = {value}"])


PLANTS = {"functions": _old_copy, "unreachable": _debug_print, "variables": _unused_local}


def dead_package(rng: random.Random, project: ProjectContent, dead: list[str]) -> ProjectContent:
    """The project with the kinds of dead code planted in its module (each in another function)."""
    source = project.files[project.module]
    names = [n.name for n in ast.parse(source).body if isinstance(n, ast.FunctionDef)]
    for kind, name in zip([k for k in dead if k in PLANTS], rng.sample(names, len(names)), strict=False):
        source = PLANTS[kind](source, name, rng)
    if "imports" in dead:
        source = _insert(source, ast.parse(source).body[0].end_lineno or 1, ["", *sorted(rng.sample(IMPORTS, 2))])
    return project.model_copy(update={"files": {**project.files, project.module: source}})


@register_workflow
class RemoveDeadCode(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.remove_dead_code", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "Our linter flags dead code in {{ module }} (project {{ folder }}/). Please remove {{ ask }}, and change "
            "nothing else: same behaviour, the tests and the other modules untouched. The suite must still pass.",
            "{{ folder }}/: clean {{ module }}: remove {{ ask }}; nothing else in it changes; other files as they "
            "are; suite green.",
            "Before the review of {{ module }} in {{ folder }}/ I'd like {{ ask }} gone from it. Only delete: don't "
            "rewrite the rest of the code, and leave the tests and the other modules alone.",
        ],
        criteria=["The dead code the request names is gone from the module.",
                  "Nothing else in the module changes; the other files are as given; the tests pass."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="module", type="py", description="The module to clean")],
        checks=[CheckTemplate(func="project.dead_code_removed", bind={"folder": "folder", "dead": "dead"},
                              paths={"file": "module"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        chosen = opts.dead or ctx.rng.choice(sorted(ASKS))
        project = make_package(ctx.rng, ctx.faker, opts.kind or ctx.rng.choice(KIND_IDS))
        planted = [*PLANTS, "imports"] if chosen == "all" else [chosen]
        paths, archive = base_params(dead_package(ctx.rng, project, planted))
        return Params(**paths, ask=ASKS[chosen], dead=chosen).with_files(**archive)

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        script = f"""
            import ast
            path, dead = {lit(params.module)}, {lit(params.dead)}
            dead = ["imports", "functions", "unreachable", "variables"] if dead == "all" else [dead]
            source = open(path).read()
            tree = ast.parse(source)
            read = {{n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Store)}}
            drop = set()
            def lines(node, blank=0):
                drop.update(range(node.lineno - blank, node.end_lineno + 1))
            for node in tree.body:
                if "imports" in dead and isinstance(node, (ast.Import, ast.ImportFrom)):
                    if all((a.asname or a.name.split(".")[0]) not in read for a in node.names):
                        lines(node)
                if "functions" in dead and isinstance(node, ast.FunctionDef) and node.name.startswith("_"):
                    rest = [n for n in ast.walk(tree) if isinstance(n, ast.Name) and n.id == node.name]
                    if not rest:
                        lines(node, blank=2)
                if not isinstance(node, ast.FunctionDef):
                    continue
                used = {{n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}}
                for i, stmt in enumerate(node.body):
                    if "unreachable" in dead and isinstance(stmt, ast.Return):
                        for later in node.body[i + 1:]:
                            lines(later)
                    if "variables" in dead and isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 \\
                            and isinstance(stmt.targets[0], ast.Name) and stmt.targets[0].id not in used:
                        lines(stmt)
            rows = source.split("\\n")
            kept = [row for n, row in enumerate(rows, start=1) if n not in drop]
            text = "\\n".join(kept)
            while "\\n\\n\\n\\n" in text:
                text = text.replace("\\n\\n\\n\\n", "\\n\\n\\n")
            open(path, "w").write(text)
            print("removed lines", sorted(drop))
        """
        return solution(
            shell_step(f"cat -n {params.module}", "First I read the module to see what is dead.", "Read the module"),
            script_step(script, "I delete exactly the dead code asked about, found from the module's syntax tree, "
                        "and leave every other line as it is.", "Remove the dead code"),
            pytest_step(params.folder, "The suite must still pass."))
