"""Document a module's functions with docstrings (plain, or Google style with Args/Returns), code untouched."""

from __future__ import annotations

from typing import Literal

from pydantic import PrivateAttr

from forge.models import ReferenceSolution
from preparers.code import docstrings, make_project, without_docstrings
from workflows._steps import lit, script_step, solution
from workflows.code._project import ProjectParams, ProjectWorkflow, project_files
from workflows.spec import (
    CheckTemplate,
    FileSlot,
    SkillParams,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
)


class Options(SkillParams):
    style: Literal["plain", "google"] | None = None
    module_docstring: bool | None = None


class Params(ProjectParams):
    style: Literal["plain", "google"]
    module_docstring: bool
    _docs: dict[str, str] = PrivateAttr(default_factory=dict)


@register_workflow
class AddDocstrings(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.add_docstrings", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "The functions in {{ module }} ({{ folder }}/) have no documentation at all. Add a docstring to every top-level "
            "function{% if module_docstring %} and one at the top of the module{% endif %}{% if style == 'google' %}, "
            "Google style: a summary line, an `Args:` section with one `name: description` line per parameter, and a "
            "`Returns:` section{% endif %}. Don't change any code, only add docstrings.",
            "Code review on {{ folder }}: {{ module }} needs docstrings before we can merge. Please document each "
            "function{% if style == 'google' %} using Google-style sections (Args: listing every parameter, "
            "Returns:){% endif %}{% if module_docstring %}, and give the module a docstring saying what it's for"
            "{% endif %}. Behaviour must stay exactly the same.",
            "{{ module }}: add {% if style == 'google' %}Google-style (Args/Returns) {% endif %}docstrings to all "
            "functions{% if module_docstring %} + a module docstring{% endif %}; no code changes.",
        ],
        criteria=["Every function has a docstring in the asked style.", "The code is otherwise unchanged."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="module", type="py", description="The documented module")],
        checks=[CheckTemplate(func="project.docstrings_added", bind={"folder": "folder", "style": "style",
                                                                     "module_docstring": "module_docstring"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        project = make_project(ctx.rng, ctx.faker)
        folder = Params.folder_of(project)
        params = Params(folder=folder, module=f"{folder}/{project.module}", test_file=f"{folder}/{project.test_file}",
                        style=opts.style or ctx.rng.choice(["plain", "google"]),
                        module_docstring=opts.module_docstring if opts.module_docstring is not None
                        else ctx.rng.random() < 0.5)
        params._docs = docstrings(project.files[project.module])
        bare = without_docstrings(project.files[project.module])
        return params.with_files(**project_files(folder, {**project.files, project.module: bare}))

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        script = f"""
            import ast
            path, docs, google = {lit(params.module)}, {lit(params._docs)}, {params.style == "google"!r}
            lines = open(path).read().split("\\n")
            tree = ast.parse("\\n".join(lines))
            for node in sorted((n for n in tree.body if isinstance(n, ast.FunctionDef)), key=lambda n: -n.lineno):
                indent = " " * node.body[0].col_offset
                text = docs.get(node.name) or f"Compute {{node.name.replace('_', ' ')}}."
                if google:
                    args = [f"{{indent}}    {{a.arg}}: the {{a.arg.replace('_', ' ')}}." for a in node.args.args]
                    text += "\\n\\n" + indent + "Args:\\n" + "\\n".join(args) + f"\\n\\n{{indent}}Returns:\\n{{indent}}    The result.\\n" + indent
                lines.insert(node.body[0].lineno - 1, f'{{indent}}\"\"\"{{text}}\"\"\"')
            if {params.module_docstring!r}:
                lines.insert(0, '\"\"\"Helpers of this package; see the function docstrings.\"\"\"\\n')
            open(path, "w").write("\\n".join(lines))
            print(sorted(docs))
        """
        return solution(script_step(script, f"I parse {params.module}, and above each function body insert a "
                                    "docstring that says what it computes, leaving every line of code as it is.",
                                    f"Document {params.module}"))
