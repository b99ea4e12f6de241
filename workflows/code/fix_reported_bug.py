"""Fix a bug from a user's report (a call, what it returns, what it should return) in a package whose
tests do not catch it yet, and add the regression test that would have."""

from __future__ import annotations

import json
from typing import Literal

from pydantic import JsonValue, PrivateAttr

from forge.models import ReferenceSolution
from preparers.code import Bug
from workflows._steps import lit, script_step, shell_step, solution
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
    calls: list[str]
    results: list[JsonValue]
    actual: str
    _bug: Bug | None = PrivateAttr(default=None)


@register_workflow
class FixReportedBug(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.fix_reported_bug", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "A user of the package in {{ folder }}/ reports that {{ symptom }}. For example `{{ calls[0] }}` returns "
            "{{ actual }}, but it should return `{{ results[0] | tojson }}`. The test suite still passes, so nothing "
            "covers this. Fix the bug in {{ module }} and add a regression test for `{{ function }}` to "
            "{{ test_file }} that fails on the current code; `python3 -m pytest` must pass afterwards.",
            "Bug report ({{ folder }}): {{ symptom }}. Repro: `{{ calls[0] }}` -> {{ actual }}; expected "
            "`{{ results[0] | tojson }}`. Please fix {{ function }} in {{ module }} and pin it down with a test in "
            "{{ test_file }} so it cannot come back.",
            "{{ folder }}/: fix {{ function }} ({{ module }}): `{{ calls[0] }}` should be `{{ results[0] | tojson }}`, "
            "is {{ actual }}. Add a failing-before/passing-after test to {{ test_file }}; suite green.",
        ],
        criteria=["The reported call returns the expected value.", "A new test would have caught the bug.",
                  "The whole suite passes."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="module", type="py", description="The fixed module"),
               FileSlot(param="test_file", type="py", description="The tests, with a regression test")],
        checks=[CheckTemplate(func="project.regression_fixed",
                              bind={"folder": "folder", "function": "function", "calls": "calls", "results": "results"},
                              paths={"file": "module", "test_file": "test_file"})],
    )

    states_values = ("calls", "results", "actual")  # the report gives the call, its wrong and right result

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        kind, bug = find("bugs", opts.bug or ctx.rng.choice(item_ids("bugs")))
        assert isinstance(bug, Bug)
        project = make_package(ctx.rng, ctx.faker, kind.name)
        call, want, have = differing_call(kind, project, bug)
        files = project.with_bug(bug)
        files[project.test_file] = without_catching(project, bug)
        folder = Params.folder_of(project)
        params = Params(folder=folder, module=f"{folder}/{project.module}", test_file=f"{folder}/{project.test_file}",
                        function=bug.function, symptom=bug.symptom, calls=[call],
                        results=[json.loads(json.dumps(want))],
                        actual=have if isinstance(have, str) and have.startswith("an error") else f"`{have!r}`")
        params._bug = bug
        return params.with_files(**project_files(folder, files))

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        bug = params._bug
        assert bug is not None
        fix = f"""
            path = {lit(params.module)}
            source = open(path).read()
            assert source.count({lit(bug.after)}) == 1
            open(path, "w").write(source.replace({lit(bug.after)}, {lit(bug.before)}))
            test = "\\n\\ndef test_{params.function}_regression():\\n    assert {params.calls[0]} == " + repr({lit(params.results[0])}) + "\\n"
            source = open({lit(params.test_file)}).read()
            if {lit(params.function)} not in source.split("\\n", 1)[0]:
                first, rest = source.split("\\n", 1)
                source = first + ", {params.function}" + "\\n" + rest
            open({lit(params.test_file)}, "w").write(source + test)
        """
        return solution(
            shell_step(f"sed -n '/def {params.function}/,/^def /p' {params.module}",
                       f"I read {params.function} to see why {params.calls[0]} goes wrong.", f"Read {params.function}"),
            script_step(fix, f"`{bug.after}` is the fault; it should be `{bug.before}`. I fix that line and add a test "
                        f"asserting the reported call's right result.", f"Fix {params.function} and add a regression test"),
            pytest_step(params.folder, "The whole suite, with the new test, must pass."))
