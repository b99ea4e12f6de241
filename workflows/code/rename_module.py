"""Rename a package's module and update every import of it, keeping the tests green."""

from __future__ import annotations

from forge.models import ReferenceSolution
from preparers.code import MODULE_RENAMES, make_project
from workflows._steps import lit, script_step, solution
from workflows.code._project import ProjectParams, ProjectWorkflow, project_files, pytest_step
from workflows.spec import CheckTemplate, FileSlot, WorkflowContext, WorkflowSpec, register_workflow


class Params(ProjectParams):
    old: str
    new: str
    old_module: str


@register_workflow
class RenameModule(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.rename_module", apps=["code"], params=Params,
        phrasings=[
            "In {{ folder }}/, rename the module `{{ old }}` to `{{ new }}`: move {{ old_module }} to {{ module }} "
            "and update every import that uses the old name (the tests in {{ test_file }} too). Don't leave a copy "
            "under the old name; `python3 -m pytest` must still pass.",
            "Naming cleanup for {{ folder }}: `{{ old }}` should be called `{{ new }}`. Please do the rename "
            "({{ old_module }} becomes {{ module }}) and fix the imports everywhere so nothing refers to `{{ old }}` "
            "any more. Code itself unchanged.",
            "{{ folder }}/: mv {{ old_module }} -> {{ module }}, imports `{{ old }}` -> `{{ new }}` everywhere; "
            "tests must pass.",
        ],
        criteria=["The module lives under its new name only.", "No import of the old name; tests pass."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="module", type="py", description="The module under its new name")],
        checks=[CheckTemplate(func="project.module_renamed", bind={"folder": "folder", "old": "old", "new": "new"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        project = make_project(ctx.rng, ctx.faker)
        folder = Params.folder_of(project)
        package, kind = project.module.removesuffix(".py").split("/")
        name = ctx.rng.choice(MODULE_RENAMES[kind])
        params = Params(folder=folder, module=f"{folder}/{package}/{name}.py", test_file=f"{folder}/{project.test_file}",
                        old=f"{package}.{kind}", new=f"{package}.{name}", old_module=f"{folder}/{project.module}")
        return params.with_files(**project_files(folder, project.files))

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        script = f"""
            import os, re
            os.rename({lit(params.old_module)}, {lit(params.module)})
            pattern = re.compile(r"\\b" + re.escape({lit(params.old)}) + r"\\b")
            for folder, _, names in os.walk({lit(params.folder)}):
                for name in names:
                    if name.endswith(".py"):
                        path = os.path.join(folder, name)
                        text = open(path).read()
                        if pattern.search(text):
                            open(path, "w").write(pattern.sub({lit(params.new)}, text))
                            print("updated", path)
        """
        return solution(script_step(script, f"I move {params.old_module} to {params.module} and replace the dotted "
                                    f"name {params.old} with {params.new} in every Python file's imports.",
                                    f"Rename {params.old}"), pytest_step(params.folder, "The tests must still pass."))
