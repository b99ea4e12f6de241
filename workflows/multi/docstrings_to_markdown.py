"""A code project's docstrings into a markdown reference page (code -> text): one module or the whole
package, function headings by name or with their parameters, in source or alphabetical order."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from preparers.filetypes.project import pack_project
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.code._all_kinds import KINDS, make_package
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Order = Literal["source", "alphabetical"]


class Options(SkillParams):
    whole_package: bool | None = None
    signature: bool | None = None
    order: Order | None = None


class Params(Prepared):
    folder: str
    package: str
    module: str | None
    output: str
    title: str
    signature: bool
    order: Order


@register_workflow
class DocstringsToMarkdown(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="multi.docstrings_to_markdown", apps=["code", "text"], params=Params, skill_params=Options,
        phrasings=[
            "Write a markdown reference page {{ output }} from the docstrings of {% if module %}{{ folder }}/"
            "{{ package }}/{{ module }}{% else %}every module in {{ folder }}/{{ package }}/ (except __init__.py)"
            "{% endif %}. Start with the heading '# {{ title }}'. {% if module %}Then the module's docstring as a "
            "paragraph, then for each public function a '## ' heading{% else %}Then for each module, in file-name "
            "order, a '## ' heading with its file name (e.g. {{ package }}/x.py is '## x.py') and its docstring as a "
            "paragraph, then for each of its public functions a '### ' heading{% endif %} with "
            "{% if signature %}the function's name and its parameters as in the def line, e.g. f(a, b=2){% else %}"
            "the function's name alone{% endif %}, and its docstring below as a paragraph. Functions "
            "{% if order == 'source' %}in the order they are defined{% else %}in alphabetical order{% endif %}; "
            "names starting with _ are private and left out. Don't change the code.",
            "Could you turn the docstrings in {{ folder }}{% if module %}'s {{ package }}/{{ module }}{% else %}'s "
            "{{ package }} package (all modules, not __init__.py){% endif %} into docs, {{ output }}? Title "
            "'# {{ title }}'. {% if module %}Module docstring under it, then a '##' section per public function"
            "{% else %}A '##' section per module named by its file name, modules A-Z, each with the module docstring "
            "and a '###' section per public function{% endif %}: heading = {% if signature %}name(parameters, "
            "defaults included){% else %}just the name{% endif %}, body = the docstring. "
            "{% if order == 'source' %}Keep the functions in source order.{% else %}Sort the functions A-Z."
            "{% endif %}",
            "{{ folder }}/{{ package }}/{% if module %}{{ module }}{% else %}*.py (not __init__){% endif %} -> "
            "{{ output }}: '# {{ title }}'; {% if module %}module docstring; '## ' per public function{% else %}"
            "'## <file>.py' per module (A-Z) + its docstring; '### ' per public function{% endif %} = "
            "{% if signature %}name(params){% else %}name{% endif %}, then its docstring; functions "
            "{% if order == 'source' %}in source order{% else %}A-Z{% endif %}.",
        ],
        criteria=["The page holds the title, the modules' docstrings and every public function's docstring.",
                  "Headings at the asked levels, in the asked order, named as asked; nothing else."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package"),
               FileSlot(param="output", type="md", description="The reference page")],
        checks=[CheckTemplate(func="text.api_doc_from", bind={
            "folder": "folder", "package": "package", "module": "module", "title": "title", "signature": "signature",
            "order": "order"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        whole = opts.whole_package if opts.whole_package is not None else ctx.rng.random() < 0.5
        project = make_package(ctx.rng, ctx.faker, ctx.rng.choice(sorted(KINDS)))
        folder = project.package.replace("_", "-")
        module = None if whole else project.module.rsplit("/", 1)[1]
        title = (f"{project.package} API reference" if whole else
                 ctx.rng.choice([f"{module} functions", f"Reference: {module}", f"The {module[:-3]} module"]))
        params = Params(folder=folder, package=project.package, module=module, title=title,
                        output=ctx.rng.choice(["API.md", "docs/reference.md", f"docs/{project.package}.md"]),
                        signature=opts.signature if opts.signature is not None else ctx.rng.random() < 0.5,
                        order=opts.order or ctx.rng.choice(["source", "alphabetical"]))
        return params.with_files(folder=pack_project(project.files))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import ast, os
            root = os.path.join({lit(params.folder)}, {lit(params.package)})
            one = {lit(params.module)}
            names = [one] if one else sorted(n for n in os.listdir(root) if n.endswith(".py") and n != "__init__.py")
            level = "##" if one else "###"
            lines = ["# " + {lit(params.title)}, ""]
            for name in names:
                tree = ast.parse(open(os.path.join(root, name)).read())
                if not one:
                    lines += ["## " + name, ""]
                if ast.get_docstring(tree):
                    lines += [ast.get_docstring(tree), ""]
                functions = [n for n in tree.body if isinstance(n, ast.FunctionDef) and not n.name.startswith("_")]
                if {lit(params.order)} == "alphabetical":
                    functions.sort(key=lambda n: n.name)
                for node in functions:
                    head = f"{{node.name}}({{ast.unparse(node.args)}})" if {params.signature!r} else node.name
                    lines += [f"{{level}} {{head}}", ""]
                    if ast.get_docstring(node):
                        lines += [ast.get_docstring(node), ""]
            out = {lit(params.output)}
            os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
            open(out, "w").write("\\n".join(lines))
            print(open(out).read())
        """
        return solution(
            shell_step(f"ls {params.folder}/{params.package}", f"First I see which modules {params.package} has.",
                       "List the modules"),
            script_step(script, "I read each module with ast (module and function docstrings, the def lines) and "
                        f"write the page {params.output} with the headings asked for.", "Write the reference page"))
