"""Write tests for a function that has none, pinning its current (correct) behaviour."""

from __future__ import annotations

from forge.models import ReferenceSolution
from preparers.code import EXAMPLES, make_project, without_tests_of
from workflows._steps import lit, script_step, solution
from workflows.code._project import ProjectParams, ProjectWorkflow, project_files, pytest_step
from workflows.spec import CheckTemplate, FileSlot, WorkflowContext, WorkflowSpec, register_workflow


class Params(ProjectParams):
    function: str
    package: str


@register_workflow
class AddTests(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.add_tests", apps=["code"], params=Params,
        phrasings=[
            "`{{ function }}` in {{ module }} ({{ folder }}/) has no tests at all. It works as intended today; please "
            "add tests for it to {{ test_file }} that check what it returns for a few typical inputs, so a future "
            "change that breaks it gets caught. Don't change {{ module }}; `python3 -m pytest` must pass.",
            "Coverage report for {{ folder }} says `{{ function }}` is untested. Could you write a couple of tests in "
            "{{ test_file }} that pin down its results (real asserts on the return values, not just calling it)? "
            "Leave the code in {{ module }} as it is.",
            "{{ folder }}/: add asserting tests for {{ function }}() ({{ module }}) to {{ test_file }}; module "
            "unchanged; suite green.",
        ],
        criteria=["New tests call the function and assert on its results.", "The module is unchanged; tests pass."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="test_file", type="py", description="The tests, with new ones")],
        checks=[CheckTemplate(func="project.tests_added", bind={"folder": "folder", "function": "function",
                                                                "module": "module"}, paths={"file": "test_file"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        project = make_project(ctx.rng, ctx.faker)
        function = ctx.rng.choice([f for f in project.functions if f in EXAMPLES])
        tests, _ = without_tests_of(project.files[project.test_file], function)
        folder = Params.folder_of(project)
        params = Params(folder=folder, module=f"{folder}/{project.module}", test_file=f"{folder}/{project.test_file}",
                        function=function, package=project.module.removesuffix(".py").replace("/", "."))
        return params.with_files(**project_files(folder, {**project.files, project.test_file: tests}))

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        script = f"""
            import importlib, re, sys
            sys.path.insert(0, {lit(params.folder)})
            module = importlib.import_module({lit(params.package)})
            lines = [""]
            for n, args in enumerate({lit(EXAMPLES[params.function])}, start=1):
                result = eval(f"{params.function}({{args}})", vars(module))
                shown = re.sub(r"\\b[A-Z_]{{3,}}\\b", lambda m: repr(getattr(module, m.group())), args)
                lines += ["", f"def test_{params.function}_example_{{n}}():",
                          f"    assert {params.function}({{shown}}) == {{result!r}}", ""]
            with open({lit(params.test_file)}, "a") as f:
                f.write("\\n".join(lines))
            print(lines)
        """
        return solution(
            script_step(script, f"I call {params.function} on a few typical inputs to see what it returns today, and "
                        f"append one test per input asserting that result to {params.test_file}.",
                        f"Add tests for {params.function}"),
            pytest_step(params.folder, "The suite, with the new tests, should pass."))
