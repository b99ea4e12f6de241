"""Rename a function across a package and its tests (a refactor), keeping the suite green."""

from __future__ import annotations

from forge.models import ReferenceSolution
from preparers.code import make_project
from workflows._steps import lit, script_step, shell_step, solution
from workflows.code._project import ProjectParams, ProjectWorkflow, project_files, pytest_step
from workflows.spec import CheckTemplate, FileSlot, WorkflowContext, WorkflowSpec, register_workflow

NEW_NAMES = {"line_total": "line_amount", "bulk_discount": "bulk_discount_percent", "apply_discount": "discounted",
             "order_total": "order_amount", "average": "mean_score", "letter": "letter_grade",
             "passed": "passing_students", "summary": "class_summary"}


class Params(ProjectParams):
    old: str
    new: str


@register_workflow
class RenameFunction(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.rename_function", apps=["code"], params=Params,
        phrasings=[
            "In the project {{ folder }}/, rename the function `{{ old }}` in {{ module }} to `{{ new }}` and update "
            "every place that uses it, including {{ test_file }}. No alias for the old name should remain, and "
            "`python3 -m pytest` must still pass.",
            "Refactor request for {{ folder }}: `{{ old }}` should be called `{{ new }}`. Please rename it in "
            "{{ module }}, fix all callers and the tests in {{ test_file }}, and keep the suite passing.",
            "{{ folder }}/: rename {{ old }} -> {{ new }} ({{ module }} and {{ test_file }}); tests must pass.",
        ],
        criteria=["The function has the new name and the old name is used nowhere.", "The tests still pass."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="module", type="py", description="The module with the renamed function"),
               FileSlot(param="test_file", type="py", description="The tests, updated")],
        checks=[CheckTemplate(func="project.function_renamed", bind={"folder": "folder", "old": "old", "new": "new"},
                              paths={"file": "module", "test_file": "test_file"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        project = make_project(ctx.rng, ctx.faker)
        old = ctx.rng.choice(project.functions)
        folder = Params.folder_of(project)
        params = Params(folder=folder, module=f"{folder}/{project.module}", test_file=f"{folder}/{project.test_file}",
                        old=old, new=NEW_NAMES[old])
        return params.with_files(**project_files(folder, project.files))

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        rename = f"""
            import io, tokenize
            for path in ({lit(params.module)}, {lit(params.test_file)}):
                lines = open(path).read().splitlines(keepends=True)
                hits = [t.start for t in tokenize.generate_tokens(io.StringIO("".join(lines)).readline)
                        if t.type == tokenize.NAME and t.string == {lit(params.old)}]
                for row, col in reversed(hits):  # names only: strings and comments keep their words
                    line = lines[row - 1]
                    lines[row - 1] = line[:col] + {lit(params.new)} + line[col + {len(params.old)}:]
                open(path, "w").write("".join(lines))
                print(path, len(hits), "renamed")
        """
        return solution(
            shell_step(f"grep -rn -w {params.old} {params.folder} --include=*.py",
                       f"First I look for every use of {params.old} in the project.", f"Find uses of {params.old}"),
            script_step(rename, f"I rename the identifier {params.old!r} token by token (not inside strings) in "
                        "the module and its tests.", f"Rename {params.old} to {params.new}"),
            pytest_step(params.folder, "Then I run the suite to be sure nothing broke."))

