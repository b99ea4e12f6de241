"""Extract a piece of a function into a helper of its own (a review's "pull this out"), behaviour
unchanged, the tests untouched or with a new test of the helper."""

from __future__ import annotations

import json
import textwrap
from typing import Literal

from pydantic import JsonValue, PrivateAttr

from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from workflows._steps import lit, script_step, solution
from workflows.code._all_kinds import make_package
from workflows.code._catalogue import KINDS, _load
from workflows.code._extractions import EXTRACTIONS, Extraction
from workflows.code._project import ProjectParams, ProjectWorkflow, project_files, pytest_step
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow


class Options(SkillParams):
    extraction: Literal[tuple(EXTRACTIONS)] | None = None  # type: ignore[valid-type]
    with_test: bool | None = None


class Params(ProjectParams):
    function: str
    before: str
    helper: str
    args: list[str]
    does: str
    calls: list[str]
    results: list[JsonValue]
    with_test: bool
    _item: Extraction | None = PrivateAttr(default=None)


@register_workflow
class ExtractFunction(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.extract_function", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "Refactor `{{ function }}` in {{ module }} (project {{ folder }}/): move the code `{{ before }}` into a "
            "new top-level function `{{ helper }}({{ args | join(', ') }})` that returns {{ does }}, and make "
            "{{ function }} call it instead. For example {% for c in calls %}`{{ c }}` returns "
            "`{{ results[loop.index0] | tojson }}`{% if not loop.last %} and {% endif %}{% endfor %}. Nothing may "
            "behave differently. {% if with_test %}Add a test of {{ helper }} to {{ test_file }}; the whole suite "
            "must pass.{% else %}Leave the tests ({{ test_file }} and the others) as they are; they must still pass.{% endif %}",
            "Review comment on {{ folder }}: {{ function }}() in {{ module }} does too much. Could you pull "
            "`{{ before }}` out into its own function, {{ helper }}({{ args | join(', ') }}), returning {{ does }}? "
            "({% for c in calls %}{{ c }} -> {{ results[loop.index0] | tojson }}{% if not loop.last %}, {% endif %}"
            "{% endfor %}.) {{ function }} should just call it. {% if with_test %}Please give {{ helper }} a test of "
            "its own in {{ test_file }}.{% else %}Pure refactor: don't touch {{ test_file }} or any other test.{% endif %}",
            "{{ folder }}/: {{ module }}: extract `{{ before }}` from {{ function }}() into "
            "{{ helper }}({{ args | join(', ') }}) -> {{ does }} (e.g. {% for c in calls %}{{ c }} == "
            "{{ results[loop.index0] | tojson }}{% if not loop.last %}, {% endif %}{% endfor %}); {{ function }} calls "
            "it; {% if with_test %}new test for {{ helper }} in {{ test_file }}{% else %}{{ test_file }} and other tests unchanged{% endif %}; "
            "suite green.",
        ],
        criteria=["The helper exists with the stated parameters and returns what the examples show.",
                  "The function calls it instead of doing the work itself; behaviour is unchanged.",
                  "The tests pass (unchanged, or with a new test of the helper as asked)."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="module", type="py", description="The module with the extracted helper"),
               FileSlot(param="test_file", type="py", description="The module's tests")],
        checks=[CheckTemplate(func="project.function_extracted",
                              bind={"folder": "folder", "function": "function", "before": "before", "helper": "helper",
                                    "args": "args", "calls": "calls", "results": "results", "with_test": "with_test"},
                              paths={"file": "module", "test_file": "test_file"})],
    )

    states_values = ("before", "calls", "results")  # the code quoted and the helper's examples

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        item = EXTRACTIONS[opts.extraction or ctx.rng.choice(sorted(EXTRACTIONS))]
        project = make_package(ctx.rng, ctx.faker, item.kind)
        source = project.files[project.module]
        if source.count(item.before) != 1:
            raise WorkflowError(f"extraction {item.kind}.{item.helper}: `{item.before}` is not in "
                                f"{project.module} exactly once")
        namespace = dict(vars(_load(source, project.package, KINDS[item.kind].module)))
        exec(f"def {item.helper}({', '.join(item.args)}):\n{textwrap.indent(item.body, '    ')}\n", namespace)  # noqa: S102
        calls = [f"{item.helper}({args})" for args in item.examples]
        results = [json.loads(json.dumps(eval(call, namespace))) for call in calls]  # our own calls
        folder = Params.folder_of(project)
        params = Params(folder=folder, module=f"{folder}/{project.module}", test_file=f"{folder}/{project.test_file}",
                        function=item.function, before=item.before, helper=item.helper, args=item.args,
                        does=item.does, calls=calls, results=results,
                        with_test=opts.with_test if opts.with_test is not None else ctx.rng.random() < 0.5)
        params._item = item
        return params.with_files(**project_files(folder, project.files))

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        item = params._item
        assert item is not None
        helper = (f"def {item.helper}({', '.join(item.args)}):\n    \"\"\"Return {item.does}.\"\"\"\n"
                  f"{textwrap.indent(item.body, '    ')}\n\n\n")
        script = f"""
            import ast
            path = {lit(params.module)}
            source = open(path).read()
            source = source.replace({lit(item.before)}, {lit(item.call)}, 1)
            node = next(n for n in ast.parse(source).body if isinstance(n, ast.FunctionDef) and n.name == {lit(item.function)})
            lines = source.split("\\n")
            lines[node.lineno - 1:node.lineno - 1] = {lit(helper)}.split("\\n")[:-1]
            open(path, "w").write("\\n".join(lines))
        """
        if params.with_test:
            test = f"\n\ndef test_{item.helper}():\n" + "".join(
                f"    assert {c} == {r!r}\n" for c, r in zip(params.calls, params.results, strict=True))
            script += f"""
            tests = open({lit(params.test_file)}).read()
            first, rest = tests.split("\\n", 1)
            open({lit(params.test_file)}, "w").write(first.replace(" import ", " import {item.helper}, ", 1) + "\\n"
                                                       + rest + {lit(test)})
            """
        return solution(
            script_step(script, f"I move `{item.before.splitlines()[0]}` out of {item.function} into a new function "
                        f"{item.helper} defined just above it, and call it in its place"
                        + (f"; then I add a test of {item.helper}." if params.with_test else "."),
                        f"Extract {item.helper} from {item.function}"),
            pytest_step(params.folder, "The suite must still pass."))
