"""Make a function's parameters keyword-only where callers mix up their order (or pass a bare True),
every call in the project, tests included, updated to name them."""

from __future__ import annotations

import ast
from typing import Literal

from forge.models import ReferenceSolution
from workflows._steps import lit, script_step, shell_step, solution
from workflows.code._all_kinds import make_package
from workflows.code._api import base_params
from workflows.code._project import ProjectParams, ProjectWorkflow, pytest_step
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

# functions of two parameters whose callers get them wrong, and how
CONFUSED = {"inventory.restock": "a report passed the deliveries where the stock levels go",
            "shipping.shipping_cost": "the checkout swapped the basket total and the weight",
            "shipping.delivery_days": "calls like delivery_days(2, True) say nothing about what True means",
            "payroll.gross_pay": "an import script passed the rate as the hours",
            "loans.due_day": "due_day(120, 2) reads as if 2 were a day, not a number of weeks",
            "text_tools.truncate": "a template called it with the width first",
            "units.bmi": "the clinic form passed the height in the weight's place",
            "schedule.end_time": "the booking page passed the duration before the start",
            "stats.percentage": "the survey report swapped the part and the whole",
            "parking.validated_fee": "calls like validated_fee(150, True) say nothing about what True means"}


class Options(SkillParams):
    function: Literal[tuple(CONFUSED)] | None = None  # type: ignore[valid-type]
    every: bool | None = None
    """True: every parameter keyword-only; False: all but the first."""


class Params(ProjectParams):
    function: str
    keyword: list[str]
    every: bool
    why: str


@register_workflow
class KeywordOnly(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.keyword_only", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "In the project {{ folder }}/, make {% if every %}every parameter{% else %}the parameter"
            "{{ 's' if keyword | length > 1 }} after the first{% endif %} of `{{ function }}` in {{ module }} "
            "keyword-only ({{ keyword | join(', ') }}): {{ why }}. Keep the parameter names, their order and any "
            "defaults, and update every call in the project (the tests in {{ test_file }} too) to pass "
            "{{ keyword | join(' and ') }} by name. Results must not change; the suite must pass.",
            "Bug triage again: {{ why }}. Can we make that impossible? Please change `{{ function }}` "
            "({{ module }}) so that {{ keyword | join(' and ') }} can only be passed by keyword, and fix up the "
            "callers, {{ test_file }} included. Nothing else about it should change.",
            "{{ folder }}/: {{ module }}: {{ function }}() takes {{ keyword | join(', ') }} keyword-only "
            "(names, order, defaults kept); update callers and {{ test_file }}; tests green.",
        ],
        criteria=["Exactly the named parameters are keyword-only; names, order and defaults are kept.",
                  "Every call passes them by name and returns what it did; the tests pass."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="module", type="py", description="The module with the function"),
               FileSlot(param="test_file", type="py", description="The tests, calling it by keyword")],
        checks=[CheckTemplate(func="project.keyword_only", bind={"folder": "folder", "function": "function",
                                                                  "keyword": "keyword"},
                              paths={"file": "module", "test_file": "test_file"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        chosen = opts.function or ctx.rng.choice(sorted(CONFUSED))
        kind, function = chosen.split(".")
        project = make_package(ctx.rng, ctx.faker, kind)
        node = next(n for n in ast.parse(project.files[project.module]).body
                    if isinstance(n, ast.FunctionDef) and n.name == function)
        names = [a.arg for a in node.args.args]
        every = opts.every if opts.every is not None else ctx.rng.random() < 0.5
        paths, archive = base_params(project)
        return Params(**paths, function=function, keyword=names if every else names[1:], every=every,
                      why=CONFUSED[chosen]).with_files(**archive)

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        script = f"""
            import ast, pathlib
            function, keyword = {lit(params.function)}, {lit(params.keyword)}
            module = pathlib.Path({lit(params.module)})
            signature = next(n for n in ast.parse(module.read_text()).body
                             if isinstance(n, ast.FunctionDef) and n.name == function)
            names = [a.arg for a in signature.args.args]
            for path in sorted(pathlib.Path({lit(params.folder)}).rglob("*.py")):
                source = path.read_text()
                tree, lines = ast.parse(source), source.split("\\n")
                edits = []  # (line, column, text to insert)
                for node in ast.walk(tree):
                    if path == module and isinstance(node, ast.FunctionDef) and node.name == function:
                        first = next(a for a in node.args.args if a.arg == keyword[0])
                        edits.append((first.lineno, first.col_offset, "*, "))
                    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == function:
                        edits += [(arg.lineno, arg.col_offset, name + "=") for name, arg in zip(names, node.args)
                                  if name in keyword]
                for row, col, text in sorted(edits, reverse=True):
                    lines[row - 1] = lines[row - 1][:col] + text + lines[row - 1][col:]
                path.write_text("\\n".join(lines))
        """
        return solution(
            shell_step(f"grep -rn '{params.function}(' {params.folder} --include=*.py", f"First I find every call "
                       f"of {params.function}.", f"Find the calls of {params.function}"),
            script_step(script, f"I put a bare * before {params.keyword[0]} in the signature and name "
                        f"{' and '.join(params.keyword)} in every call.", f"Make {params.function}'s parameters "
                        "keyword-only"),
            pytest_step(params.folder, "The suite must pass with the calls updated."))
