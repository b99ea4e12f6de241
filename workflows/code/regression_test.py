"""Write the test that would catch a named bug if it came back, without touching the code."""

from __future__ import annotations

from typing import Literal

from pydantic import PrivateAttr

from forge.models import ReferenceSolution
from preparers.code import Bug
from workflows._steps import lit, script_step, solution
from workflows.code._all_kinds import find, item_ids, make_package
from workflows.code._catalogue import differing_call, without_catching
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
    bug: Literal[tuple(item_ids("bugs"))] | None = None  # type: ignore[valid-type]


class Params(ProjectParams):
    function: str
    symptom: str
    before: str
    after: str
    _call: str = PrivateAttr(default="")
    _result: object = PrivateAttr(default=None)


@register_workflow
class RegressionTest(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.regression_test", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "Last sprint we fixed a bug in `{{ function }}` ({{ module }}, project {{ folder }}/): {{ symptom }}, "
            "because the code read `{{ after }}` instead of `{{ before }}`. Nothing tests it. Add a test to "
            "{{ test_file }} that fails if that mistake comes back; do not change {{ module }}. The suite must pass.",
            "Could you write a regression test for {{ function }} in {{ test_file }}? The old bug: {{ symptom }} "
            "(`{{ before }}` had been written `{{ after }}`). The test must pass today and fail with the old line. "
            "Code in {{ module }} stays as is.",
            "{{ folder }}/: add a test to {{ test_file }} that catches `{{ after }}` in place of `{{ before }}` in "
            "{{ function }} ({{ module }}); module unchanged; suite green.",
        ],
        criteria=["The module is unchanged.", "A new test calls the function and passes.",
                  "The suite fails when the old bug is put back."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="test_file", type="py", description="The tests, with the regression test")],
        checks=[CheckTemplate(func="project.bug_caught",
                              bind={"folder": "folder", "module": "module", "function": "function",
                                    "before": "before", "after": "after"}, paths={"file": "test_file"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        kind, bug = find("bugs", opts.bug or ctx.rng.choice(item_ids("bugs")))
        assert isinstance(bug, Bug)
        project = make_package(ctx.rng, ctx.faker, kind.name)
        call, want, _ = differing_call(kind, project, bug)
        files = dict(project.files)
        files[project.test_file] = without_catching(project, bug)
        folder = Params.folder_of(project)
        params = Params(folder=folder, module=f"{folder}/{project.module}", test_file=f"{folder}/{project.test_file}",
                        function=bug.function, symptom=bug.symptom, before=bug.before, after=bug.after)
        params._call, params._result = call, want
        return params.with_files(**project_files(folder, files))

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        script = f"""
            import importlib, sys
            sys.path.insert(0, {lit(params.folder)})
            module = importlib.import_module({lit(params.module.split("/", 1)[1].removesuffix(".py").replace("/", "."))})
            call = {lit(params._call)}
            result = eval(call, vars(module))
            source = open({lit(params.test_file)}).read()
            if {lit(params.function)} not in source.split("\\n", 1)[0]:
                first, rest = source.split("\\n", 1)
                source = first + ", {params.function}" + "\\n" + rest
            test = f"\\n\\ndef test_{params.function}_regression():\\n    assert {{call}} == {{result!r}}\\n"
            open({lit(params.test_file)}, "w").write(source + test)
            print(call, "==", result)
        """
        return solution(
            script_step(script, f"With `{params.after}`, {params.function} goes wrong on an input where the two "
                        f"lines differ: I call it on such an input ({params._call}), see what the correct code returns "
                        "and assert exactly that.", f"Add a regression test for {params.function}"),
            pytest_step(params.folder, "The suite must pass with the new test."))
