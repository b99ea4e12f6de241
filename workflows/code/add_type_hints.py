"""Add type annotations to every function of a module without changing what it does."""

from __future__ import annotations

from forge.models import ReferenceSolution
from preparers.code import TYPES, make_project
from workflows._steps import lit, script_step, solution
from workflows.code._project import ProjectParams, ProjectWorkflow, project_files, pytest_step
from workflows.spec import CheckTemplate, FileSlot, WorkflowContext, WorkflowSpec, register_workflow


class Params(ProjectParams):
    pass


@register_workflow
class AddTypeHints(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.add_type_hints", apps=["code"], params=Params,
        phrasings=[
            "We're turning on mypy for {{ folder }}/. Please add type hints to every function in {{ module }}: each "
            "parameter and the return type, using what the code and its tests in {{ test_file }} show it takes and "
            "returns. Only annotations; no behaviour changes.",
            "Could you annotate {{ module }}? All function parameters and return values need types (builtin "
            "generics like list[float] are fine). Keep the logic exactly as is; the tests must still pass.",
            "{{ module }} ({{ folder }}/): full type annotations (params + returns) on all functions; code otherwise "
            "unchanged.",
        ],
        criteria=["Every parameter and return is annotated.", "Nothing but annotations changed."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="module", type="py", description="The annotated module")],
        checks=[CheckTemplate(func="project.annotations_added", bind={"folder": "folder"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        project = make_project(ctx.rng, ctx.faker)
        folder = Params.folder_of(project)
        params = Params(folder=folder, module=f"{folder}/{project.module}", test_file=f"{folder}/{project.test_file}")
        return params.with_files(**project_files(folder, project.files))

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        script = f"""
            import ast
            path, types = {lit(params.module)}, {lit(TYPES)}
            lines = open(path).read().split("\\n")
            for node in ast.parse("\\n".join(lines)).body:
                if isinstance(node, ast.FunctionDef):
                    params, returns = types[node.name]
                    args = ", ".join(f"{{a.arg}}: {{t}}" for a, t in zip(node.args.args, params))
                    lines[node.lineno - 1] = f"def {{node.name}}({{args}}) -> {{returns}}:"
                    print(lines[node.lineno - 1])
            open(path, "w").write("\\n".join(lines))
        """
        return solution(script_step(script, f"I read each function's signature in {params.module} and what the "
                                    "tests pass and expect, and rewrite the def lines with annotations only.",
                                    f"Annotate {params.module}"),
                        pytest_step(params.folder, "The tests must still pass."))
