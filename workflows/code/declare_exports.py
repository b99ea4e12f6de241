"""Declare a module's public API: `__all__` in the module, or the functions re-exported from the
package's `__init__` with its `__all__`."""

from __future__ import annotations

from forge.models import ReferenceSolution
from workflows._steps import lit, script_step, shell_step, solution
from workflows.code._api import KindOptions, base_params, draw_package
from workflows.code._project import ProjectParams, ProjectWorkflow, pytest_step
from workflows.spec import CheckTemplate, FileSlot, WorkflowContext, WorkflowSpec, register_workflow


class Options(KindOptions):
    package_level: bool | None = None
    """True: re-exported from the package's __init__; False: `__all__` in the module itself."""


class Params(ProjectParams):
    package_level: bool
    package: str
    init_file: str


@register_workflow
class DeclareExports(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.declare_exports", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "Declare the public API of {{ module }} (project {{ folder }}/): its public functions are the top-level "
            "ones whose names do not start with an underscore. "
            "{% if package_level %}Make them importable from the package itself (`from {{ package }} import ...`) "
            "by re-exporting them in {{ init_file }}, and list them in the package's `__all__`."
            "{% else %}Add an `__all__` to the module listing exactly those functions.{% endif %} "
            "Leave the tests unchanged; they must pass.",
            "{% if package_level %}Users have to know which module of {{ package }} each helper lives in. Could you "
            "re-export the public functions of {{ module }} from {{ init_file }} (and put them in `__all__` there), "
            "so `from {{ package }} import <name>` just works?{% else %}Star-imports from {{ module }} drag in "
            "everything. Please give the module an `__all__` with just its public functions (no underscore "
            "names, no imported modules).{% endif %} Tests shouldn't need touching.",
            "{{ folder }}/: {% if package_level %}re-export {{ module }}'s public functions from {{ init_file }} "
            "with __all__{% else %}__all__ in {{ module }} listing its public functions{% endif %}; tests untouched.",
        ],
        criteria=["The public functions, and only those, are declared where asked.", "The tests pass unchanged."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="module", type="py", description="The module whose API is declared")],
        checks=[CheckTemplate(func="project.exports_declared", bind={"folder": "folder", "package_level": "package_level"},
                              paths={"file": "module"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        _, project = draw_package(ctx)
        paths, archive = base_params(project)
        level = opts.package_level if opts.package_level is not None else ctx.rng.random() < 0.5
        return Params(**paths, package_level=level, package=project.package,
                      init_file=f"{paths['folder']}/{project.package}/__init__.py").with_files(**archive)

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        script = f"""
            import ast
            path, init, package = {lit(params.module)}, {lit(params.init_file)}, {lit(params.package)}
            source = open(path).read()
            tree = ast.parse(source)
            public = [n.name for n in tree.body if isinstance(n, ast.FunctionDef) and not n.name.startswith("_")]
            listing = "__all__ = [" + ", ".join(repr(n) for n in public) + "]"
            if {params.package_level!r}:
                name = path.rsplit("/", 1)[1].removesuffix(".py")
                text = open(init).read().rstrip("\\n")
                open(init, "w").write(text + f"\\n\\nfrom {{package}}.{{name}} import {{', '.join(public)}}\\n\\n{{listing}}\\n")
            else:
                lines = source.split("\\n")
                head = [n for n in tree.body[:1] if isinstance(n, ast.Expr)]
                head += [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
                at = max((n.end_lineno for n in head), default=0)
                lines[at:at] = ["", listing]
                open(path, "w").write("\\n".join(lines))
            print(listing)
        """
        where = f"re-export them from {params.init_file}" if params.package_level else f"list them in {params.module}"
        return solution(
            shell_step(f"grep -n '^def ' {params.module}", "First I list the module's top-level functions.",
                       "List the functions"),
            script_step(script, f"I take the functions without a leading underscore and {where} in __all__.",
                        "Declare __all__"),
            pytest_step(params.folder, "The suite must still pass unchanged."))
