"""Add a small function to a package, with a test, from a spec and worked examples."""

from __future__ import annotations

import random
from typing import Literal

from pydantic import JsonValue, PrivateAttr

from forge.models import ReferenceSolution
from preparers.code import FEATURES, make_project
from workflows._steps import lit, script_step, solution
from workflows.code._all_kinds import find, item_ids, make_package
from workflows.code._catalogue import feature_examples
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
    function: Literal[(*FEATURES, *item_ids("features"))] | None = None  # type: ignore[valid-type]
    """A feature of the two original projects, or `kind.function` of the package catalogue."""


class Params(ProjectParams):
    function: str
    argument: str
    behaviour: str
    calls: list[str]
    results: list[JsonValue]
    _body: str = PrivateAttr(default="")


@register_workflow
class AddFunction(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.add_function", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "Add a function `{{ function }}({{ argument }})` to {{ module }} in the project {{ folder }}/. It returns "
            "{{ behaviour }}. For example, {% for c in calls %}`{{ c }}` returns `{{ results[loop.index0] | tojson }}`"
            "{% if not loop.last %} and {% endif %}{% endfor %}. Also add at least one test for it to {{ test_file }}; "
            "the whole suite must pass.",
            "Feature request for {{ folder }}: we need `{{ function }}({{ argument }})` in {{ module }}, returning "
            "{{ behaviour }}. Examples: {% for c in calls %}{{ c }} -> {{ results[loop.index0] | tojson }}"
            "{% if not loop.last %}; {% endif %}{% endfor %}. Please cover it with a test in {{ test_file }}.",
        ],
        criteria=["The function exists in the module and returns what the examples show.",
                  "A new test exercises it and the whole suite passes."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="module", type="py", description="The module with the new function"),
               FileSlot(param="test_file", type="py", description="The tests, with a new one")],
        checks=[CheckTemplate(func="project.function_added",
                              bind={"folder": "folder", "function": "function", "calls": "calls", "results": "results"},
                              paths={"file": "module", "test_file": "test_file"})],
    )

    states_values = ("calls", "results")  # the instruction gives these values to write

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        chosen = opts.function or ctx.rng.choice(sorted(FEATURES))
        if "." in chosen:
            kind, feature = find("features", chosen)  # type: ignore[assignment]
            project = make_package(ctx.rng, ctx.faker, kind.name)
            examples = feature_examples(project, kind, feature, ctx.rng)
        else:
            feature = FEATURES[chosen]
            project = make_project(ctx.rng, ctx.faker, kind=feature.kind)
            examples = [feature.example(random.Random(ctx.rng.random())) for _ in range(2)]
        function, argument, behaviour = feature.name, feature.argument, feature.behaviour
        folder = Params.folder_of(project)
        params = Params(folder=folder, module=f"{folder}/{project.module}", test_file=f"{folder}/{project.test_file}",
                        function=function, argument=argument, behaviour=behaviour,
                        calls=[c for c, _ in examples], results=[r for _, r in examples])
        params._body = feature.body
        return params.with_files(**project_files(folder, project.files))

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        code = f'\n\ndef {params.function}({params.argument}):\n    """Returns {params.behaviour}."""\n    {params._body}\n'
        script = f"""
            code = {lit(code)}
            open({lit(params.module)}, "a").write(code)
            test = "\\n\\ndef test_{params.function}():\\n" + "".join(
                f"    assert {{call}} == {{result!r}}\\n" for call, result in zip({lit(params.calls)}, {lit(params.results)}))
            source = open({lit(params.test_file)}).read()
            first, rest = source.split("\\n", 1)
            open({lit(params.test_file)}, "w").write(first.replace(" import ", " import {params.function}, ", 1)
                                                     + "\\n" + rest + test)
        """
        return solution(
            script_step(script, f"I append {params.function} to {params.module} and a test with the given examples "
                        f"to {params.test_file}, importing it on the first line.", f"Add {params.function} and a test"),
            pytest_step(params.folder, "Then I run the whole suite."))
