"""Fix a planted bug in a small package so that its own test suite passes, without touching the tests."""

from __future__ import annotations

from typing import Literal, get_args

from pydantic import PrivateAttr

from forge.models import ReferenceSolution
from preparers.code import BUG_KINDS, Bug, BugId, make_project
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
    bug: Literal[(*get_args(BugId), *item_ids("bugs"))] | None = None  # type: ignore[valid-type]
    """A bug of the two original projects, or `kind.bug` of the package catalogue (a package of several modules)."""


class Params(ProjectParams):
    symptom: str
    _bug: Bug | None = PrivateAttr(default=None)


@register_workflow
class FixBug(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.fix_bug", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "The test suite of the project in {{ folder }}/ is failing. A user reports that {{ symptom }}. Find and "
            "fix the bug in {{ module }} so that `python3 -m pytest` passes inside {{ folder }}/. Do not edit the "
            "tests in {{ test_file }}.",
            "Bug report for {{ folder }}: {{ symptom }}. The tests in {{ test_file }} show it. Please fix the code "
            "in {{ module }} (not the tests) and make sure the whole suite passes.",
            "{{ folder }}/: failing tests ({{ symptom }}). Fix {{ module }}; leave {{ test_file }} unchanged; "
            "`python3 -m pytest` must pass.",
        ],
        criteria=["The fix is in the module, not the tests.", "The whole test suite passes."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="module", type="py", description="The fixed module")],
        checks=[CheckTemplate(func="project.tests_pass", bind={"folder": "folder"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        if opts.bug and "." in opts.bug:
            kind, bug = find("bugs", opts.bug)
            project = make_package(ctx.rng, ctx.faker, kind.name)
        else:
            project = make_project(ctx.rng, ctx.faker, kind=BUG_KINDS[opts.bug] if opts.bug else None)
            bug = next(b for b in project.bugs if b.id == opts.bug) if opts.bug else ctx.rng.choice(project.bugs)
        folder = Params.folder_of(project)
        params = Params(folder=folder, module=f"{folder}/{project.module}", test_file=f"{folder}/{project.test_file}",
                        symptom=bug.symptom)
        params._bug = bug
        return params.with_files(**project_files(folder, project.with_bug(bug)))

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        assert params._bug is not None
        fix = f"""
            path = {lit(params.module)}
            source = open(path).read()
            assert source.count({lit(params._bug.after)}) == 1
            open(path, "w").write(source.replace({lit(params._bug.after)}, {lit(params._bug.before)}))
            print("fixed", {lit(params._bug.function)})
        """
        return solution(
            pytest_step(params.folder, "First I run the tests to see which ones fail and why.", may_fail=True),
            script_step(fix, f"The failures point at {params._bug.function}: `{params._bug.after}` is wrong; it "
                        f"should read `{params._bug.before}`. I change that line only.",
                        f"Fix {params._bug.function} in {params.module}"),
            pytest_step(params.folder, "Now the whole suite should pass."))
