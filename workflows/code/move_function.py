"""Move a function out of its module into a new one, re-exported from the old place or with every
import updated, keeping the suite green."""

from __future__ import annotations

from forge.models import ReferenceSolution
from workflows._steps import lit, script_step, shell_step, solution
from workflows.code._api import KindOptions, base_params, draw_package, leaf_functions
from workflows.code._project import ProjectParams, ProjectWorkflow, pytest_step
from workflows.spec import CheckTemplate, FileSlot, WorkflowContext, WorkflowSpec, register_workflow

NEW_MODULES = ["helpers", "rules", "calculations", "common", "formulas"]


class Options(KindOptions):
    reexport: bool | None = None
    """True: the old module still exposes the function; False: every import is updated instead."""


class Params(ProjectParams):
    function: str
    target: str  # dotted name of the new module
    target_file: str
    reexport: bool
    old: str  # dotted name of the old module


@register_workflow
class MoveFunction(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.move_function", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "In the project {{ folder }}/, move the function `{{ function }}` out of {{ module }} into a new module "
            "{{ target_file }} (imported as `{{ target }}`). "
            "{% if reexport %}Existing code does `from {{ old }} import {{ function }}`, and that must keep working: "
            "re-export it from the old module, and leave the tests exactly as they are."
            "{% else %}Do not leave it behind in the old module for the tests: update every test that imports it so "
            "it imports from {{ target }} instead.{% endif %} The whole suite must still pass.",
            "{{ module }} is getting crowded, so I'd like `{{ function }}` to live in its own module, "
            "{{ target_file }}. {% if reexport %}Other teams import it from {{ old }}, so keep that import path "
            "working (a re-export is fine) and please don't touch the tests.{% else %}Please point our tests at the "
            "new location (`from {{ target }} import {{ function }}`); nothing should import it from {{ old }} "
            "any more.{% endif %} Tests need to stay green.",
            "{{ folder }}/: move {{ function }}() from {{ module }} to new {{ target_file }}; "
            "{% if reexport %}keep `from {{ old }} import {{ function }}` working; tests untouched"
            "{% else %}tests import it from {{ target }}{% endif %}; suite passes.",
        ],
        criteria=["The function is defined in the new module and no longer in the old one.",
                  "Callers find it where the request says; the tests pass."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="module", type="py", description="The module the function leaves"),
               FileSlot(param="target_file", type="py", description="The new module the function moves to")],
        checks=[CheckTemplate(func="project.function_moved",
                              bind={"folder": "folder", "function": "function", "reexport": "reexport"},
                              paths={"file": "module", "target_file": "target_file"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        _, project = draw_package(ctx)
        function = ctx.rng.choice(leaf_functions(project.files[project.module]))
        taken = {p.rsplit("/", 1)[-1].removesuffix(".py") for p in project.files}
        new = ctx.rng.choice([m for m in NEW_MODULES if m not in taken])
        paths, archive = base_params(project)
        reexport = opts.reexport if opts.reexport is not None else ctx.rng.random() < 0.5
        params = Params(**paths, function=function, target=f"{project.package}.{new}",
                        target_file=f"{paths['folder']}/{project.package}/{new}.py", reexport=reexport,
                        old=project.module.removesuffix(".py").replace("/", "."))
        return params.with_files(**archive)

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        script = f"""
            import ast, glob, os
            folder, name, old, new = {lit(params.folder)}, {lit(params.function)}, {lit(params.old)}, {lit(params.target)}
            path = {lit(params.module)}
            lines = open(path).read().split("\\n")
            tree = ast.parse("\\n".join(lines))
            node = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == name)
            code = lines[node.lineno - 1:node.end_lineno]
            rest = lines[:node.lineno - 1] + lines[node.end_lineno:]
            used = any(isinstance(n, ast.Name) and n.id == name for other in tree.body if other is not node
                       for n in ast.walk(other))
            if {params.reexport!r} or used:
                at = max(n.end_lineno for n in tree.body[:1] + [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))])
                rest[at:at] = ["", f"from {{new}} import {{name}}  # noqa: F401  (moved; kept importable here)"]
            text = "\\n".join(rest)
            while "\\n\\n\\n\\n" in text:
                text = text.replace("\\n\\n\\n\\n", "\\n\\n\\n")
            open(path, "w").write(text)
            open({lit(params.target_file)}, "w").write(f'\"\"\"{{name}}, moved out of {{old}}.\"\"\"\\n\\n\\n' + "\\n".join(code) + "\\n")
            if not {params.reexport!r}:
                for test in glob.glob(os.path.join(folder, "tests", "**", "*.py"), recursive=True):
                    source = open(test).read()
                    out = []
                    for line in source.split("\\n"):
                        if line.startswith(f"from {{old}} import "):
                            names = [n.strip() for n in line.split(" import ", 1)[1].split(",")]
                            if name in names:
                                kept = [n for n in names if n != name]
                                if kept:
                                    out.append(f"from {{old}} import {{', '.join(kept)}}")
                                out.append(f"from {{new}} import {{name}}")
                                continue
                        out.append(line)
                    open(test, "w").write("\\n".join(out))
        """
        how = ("and re-export it from the old module so its import path keeps working" if params.reexport
               else "and point every test's import at the new module")
        return solution(
            shell_step(f"grep -rn -w {params.function} {params.folder} --include=*.py",
                       f"First I look where {params.function} is defined and imported.", f"Find {params.function}"),
            script_step(script, f"I cut {params.function} out of {params.module} into {params.target_file} {how}.",
                        f"Move {params.function} to {params.target}"),
            pytest_step(params.folder, "The whole suite must still pass."))
