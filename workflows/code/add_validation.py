"""Make a function reject bad input with a ValueError, and cover the rejection with a test."""

from __future__ import annotations

from typing import Literal

from pydantic import PrivateAttr

from forge.models import ReferenceSolution
from preparers.code import VALIDATIONS, Validation, make_project
from workflows._steps import lit, script_step, solution
from workflows.code._all_kinds import find, item_ids, make_package
from workflows.code._project import ProjectParams, ProjectWorkflow, project_files, pytest_step
from workflows.spec import (
    CheckTemplate,
    FileSlot,
    SkillParams,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
)


class Options(SkillParams):
    rule: Literal[(*VALIDATIONS, *item_ids("validations"))] | None = None  # type: ignore[valid-type]
    """A rule of the two original projects, or `kind.rule` of the package catalogue."""


class Params(ProjectParams):
    function: str
    rule: str
    calls: list[str]
    _validation: Validation | None = PrivateAttr(default=None)


@register_workflow
class AddValidation(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.add_validation", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "`{{ function }}` in {{ module }} ({{ folder }}/) silently accepts {{ rule }}. Make it raise a ValueError "
            "with a helpful message instead: for example {{ calls | join(' and ') }} must raise ValueError. Valid "
            "input must behave exactly as before. Add a test for the new check to {{ test_file }}; the whole suite "
            "must pass.",
            "We got garbage numbers downstream because {{ function }} doesn't validate its input. Please reject "
            "{{ rule }} with ValueError (e.g. {% for c in calls %}`{{ c }}`{% if not loop.last %} and {% endif %}{% endfor %}"
            " should raise) in {{ module }}, and add a "
            "pytest.raises test to {{ test_file }}.",
            "{{ folder }}/: {{ function }}() in {{ module }} must raise ValueError on {{ rule }} ({{ calls | join(', ') }}); add a "
            "test in {{ test_file }}; existing behaviour and tests unchanged.",
        ],
        criteria=["The bad input raises ValueError.", "A new test expects it; the suite passes."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="module", type="py", description="The module with the validation"),
               FileSlot(param="test_file", type="py", description="The tests, with a new one")],
        checks=[CheckTemplate(func="project.rejects_input", bind={"folder": "folder", "calls": "calls"},
                              paths={"file": "module", "test_file": "test_file"})],
    )

    states_values = ("rule",)  # the instruction states the bounds the guard checks (0 and 100 for scores)

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rule_id = opts.rule or ctx.rng.choice(sorted(VALIDATIONS))
        if "." in rule_id:
            kind, validation = find("validations", rule_id)  # type: ignore[assignment]
            project = make_package(ctx.rng, ctx.faker, kind.name)
        else:
            validation = VALIDATIONS[rule_id]
            project = make_project(ctx.rng, ctx.faker, kind=validation.kind)
        folder = Params.folder_of(project)
        params = Params(folder=folder, module=f"{folder}/{project.module}", test_file=f"{folder}/{project.test_file}",
                        function=validation.function, rule=validation.rule, calls=validation.bad_calls)
        params._validation = validation
        return params.with_files(**project_files(folder, project.files))

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        assert params._validation is not None
        script = f"""
            import ast
            path, guard = {lit(params.module)}, {lit(params._validation.guard)}
            lines = open(path).read().split("\\n")
            node = next(n for n in ast.parse("\\n".join(lines)).body if getattr(n, "name", "") == {lit(params.function)})
            at = node.body[0].end_lineno if isinstance(node.body[0], ast.Expr) else node.body[0].lineno - 1
            lines[at:at] = ["    " + line for line in guard.split("\\n")]
            open(path, "w").write("\\n".join(lines))
            test = ["", "", "def test_{params.function}_rejects_bad_input():"]
            test += [f"    with pytest.raises(ValueError):\\n        {{call}}" for call in {lit(params.calls)}]
            open({lit(params.test_file)}, "a").write("\\n".join(test) + "\\n")
        """
        return solution(script_step(script, f"I add a guard at the top of {params.function} that raises ValueError "
                                    f"on {params.rule}, and a pytest.raises test for it.",
                                    f"Validate {params.function}'s input"),
                        pytest_step(params.folder, "The whole suite, with the new test, must pass."))
