"""Add a small function to a package, with a test, from a spec and worked examples."""

from __future__ import annotations

import random

from pydantic import JsonValue

from forge.models import ReferenceSolution, Skill, TaskBundle
from preparers.code import make_project
from workflows._steps import lit, script_step, solution, stating_values
from workflows.code._project import ProjectParams, ProjectWorkflow, project_files, pytest_step
from workflows.spec import CheckTemplate, FileSlot, WorkflowContext, WorkflowSpec, register_workflow

# per project kind: name, signature, what it does, its body, and a maker of (call, result) examples
SPECS = {
    "pricing": ("units_total", "lines", "the total number of units in a list of (quantity, unit_price) lines "
                "(0 for an empty list)", "return sum(quantity for quantity, _ in lines)",
                lambda rng: (lambda lines: (f"units_total({lines!r})", sum(q for q, _ in lines)))(
                    [(rng.randint(1, 12), rng.choice([2.5, 4.99, 9.99, 12.0])) for _ in range(rng.randint(1, 4))])),
    "grades": ("best_student", "scores", "the name of the student (a key of the dict of score lists) with the "
               "highest average score; on a tie, the alphabetically first name",
               "return min(scores, key=lambda name: (-sum(scores[name]) / len(scores[name]), name))",
               lambda rng: (lambda scores: (f"best_student({scores!r})", min(
                   scores, key=lambda n: (-sum(scores[n]) / len(scores[n]), n))))(
                   {n: [rng.randint(50, 99) for _ in range(3)] for n in rng.sample(["Ana", "Ben", "Chloe", "Dev"], 3)})),
}


class Params(ProjectParams):
    function: str
    argument: str
    behaviour: str
    calls: list[str]
    results: list[JsonValue]


@register_workflow
class AddFunction(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.add_function", apps=["code"], params=Params,
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

    def build(self, skill: Skill, seed: int) -> TaskBundle:
        return stating_values(super().build(skill, seed))  # the examples' results are given, not computed

    def draw(self, ctx: WorkflowContext) -> Params:
        project = make_project(ctx.rng, ctx.faker)
        kind = project.module.rsplit("/", 1)[-1].removesuffix(".py")
        function, argument, behaviour, _, example = SPECS[kind]
        examples = [example(random.Random(ctx.rng.random())) for _ in range(2)]
        folder = Params.folder_of(project)
        params = Params(folder=folder, module=f"{folder}/{project.module}", test_file=f"{folder}/{project.test_file}",
                        function=function, argument=argument, behaviour=behaviour,
                        calls=[c for c, _ in examples], results=[r for _, r in examples])
        return params.with_files(**project_files(folder, project.files))

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        kind = params.module.rsplit("/", 1)[-1].removesuffix(".py")
        body = SPECS[kind][3]
        script = f"""
            code = '\\n\\ndef {params.function}({params.argument}):\\n    \"\"\"Returns {params.behaviour}.\"\"\"\\n    {body}\\n'
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
