"""Split a grab-bag module in two, as a team does when utils.py has grown into everything: each
group of functions into a new module of its own (one group using the other's function, imported
from its new home), the old module kept as a facade that re-exports them (the tests as given), one
that also warns on import that it is deprecated, or one left for outside code only, every import in
the project (the tests' too) pointed at the new modules."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from workflows._steps import lit, script_step, shell_step, solution
from workflows.code._api import base_params
from workflows.code._project import ProjectParams, ProjectWorkflow, pytest_step
from workflows.code._split_modules import SPLIT_MODULES, add_split_module
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow


class Options(SkillParams):
    kind: Literal[tuple(SPLIT_MODULES)] | None = None  # type: ignore[valid-type]
    after: Literal["facade", "deprecated", "migrated"] | None = None
    """The old module: a re-exporting facade, one that also warns on import, or one no project file imports."""


class Params(ProjectParams):
    first: str
    second: str
    first_functions: list[str]
    second_functions: list[str]
    first_about: str
    second_about: str
    after: str


MOVE = ("move {{ first_functions | join(', ') }} into a new module {{ first }} and {{ second_functions | join(', ') }} "
        "into {{ second }} (where one group calls the other's function, import it from its new module). ")
AFTER = ("{% if after == 'migrated' %}Keep {{ module }} as a thin facade that only re-exports them, for code "
         "outside the project, but point every import of it inside the project, {{ test_file }} included, at the "
         "new modules.{% else %}Keep {{ module }} as a thin facade that only re-exports them, so existing "
         "imports keep working and {{ test_file }} stays as it is{% if after == 'deprecated' %}; importing it should "
         "raise a DeprecationWarning telling people to use the new modules{% endif %}.{% endif %}")
DOCS = '"""{about}, split out of {old}."""'


@register_workflow
class SplitModule(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.split_module", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "In the project {{ folder }}/, {{ module }} has become a grab-bag. Split it: " + MOVE + AFTER
            + " The suite must pass.",
            "{{ module }} ({{ folder }}/) mixes {{ first_about }} with {{ second_about }}. Could you " + MOVE + AFTER,
            "{{ folder }}/: split {{ module }}: " + MOVE + AFTER + " Suite green.",
        ],
        criteria=["Each new module holds exactly its group of functions, behaving as before.",
                  "The old module only re-exports them (warning when asked), the tests as given or, when asked, "
                  "every import in the project pointed at the new modules; the suite passes."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="first", type="py", description="The first new module"),
               FileSlot(param="second", type="py", description="The second new module"),
               FileSlot(param="module", type="py", description="The module being split"),
               FileSlot(param="test_file", type="py", description="Its tests")],
        checks=[CheckTemplate(func="project.module_split",
                              bind={"folder": "folder", "first_functions": "first_functions",
                                    "second_functions": "second_functions", "after": "after"},
                              paths={"first": "first", "second": "second", "old": "module", "test_file": "test_file"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        project, spec = add_split_module(ctx.rng, ctx.faker, opts.kind or ctx.rng.choice(sorted(SPLIT_MODULES)))
        paths, archive = base_params(project)
        where = paths["module"].rsplit("/", 1)[0]
        return Params(**paths, first=f"{where}/{spec.first}.py", second=f"{where}/{spec.second}.py",
                      first_functions=spec.first_functions, second_functions=spec.second_functions,
                      first_about=spec.first_about, second_about=spec.second_about,
                      after=opts.after or ctx.rng.choice(["facade", "deprecated", "migrated"])).with_files(**archive)

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        package = params.module.split("/")[1]
        groups = {params.first: (params.first_functions, params.first_about),
                  params.second: (params.second_functions, params.second_about)}
        script = f"""
            import ast
            old, tests, package, after = {lit(params.module)}, {lit(params.test_file)}, {lit(package)}, {lit(params.after)}
            groups = {groups!r}
            stem = lambda path: path.rsplit("/", 1)[1].removesuffix(".py")
            source = open(old).read()
            tree = ast.parse(source)
            defs = {{n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}}
            imports = [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
            for path, (names, about) in groups.items():
                other = next(p for p in groups if p != path)
                used = {{x.id for name in names for x in ast.walk(defs[name]) if isinstance(x, ast.Name)}}
                head = [ast.get_source_segment(source, i) for i in imports if any(a.name in used for a in i.names)]
                cross = [name for name in groups[other][0] if name in used]
                if cross:
                    head += ([""] if head else []) + ["from " + package + "." + stem(other) + " import " + ", ".join(cross)]
                body = "\\n\\n\\n".join(ast.get_source_segment(source, defs[name]) for name in names)
                doc = {lit(DOCS)}.format(about=about[0].upper() + about[1:], old=stem(old) + ".py")
                open(path, "w").write(doc + "\\n\\n" + "".join(h + "\\n" for h in head) + ("\\n\\n" if head else "") + body + "\\n")
            lines = ["from " + package + "." + stem(p) + " import " + ", ".join(names) for p, (names, _) in groups.items()]
            if after == "migrated":
                text = open(tests).read().split("\\n")
                at = next(n for n, line in enumerate(text) if line.startswith("from " + package + "." + stem(old) + " import"))
                text[at:at + 1] = lines
                open(tests, "w").write("\\n".join(text))
            warn = ["import warnings", ""] + lines + ["", "warnings.warn(" + repr(stem(old) + " is deprecated: import from "
                    + " and ".join(package + "." + stem(p) for p in groups) + " instead") + ", DeprecationWarning, stacklevel=2)"]
            doc = '\"\"\"' + "Re-exports for code that still imports " + stem(old) + "." + '\"\"\"'
            open(old, "w").write(doc + "\\n\\n" + "\\n".join(warn if after == "deprecated" else lines) + "\\n")
        """
        return solution(
            shell_step(f"cat {params.module}", f"First I read {params.module} to see which functions go where.",
                       "Read the module"),
            script_step(script, "I move each group of functions into its new module, with the imports it needs, "
                        + "and leave the old module re-exporting them" + (", then point the tests' import at the new "
                                                                          "modules." if params.after == "migrated"
                                                                          else "."), "Split the module"),
            pytest_step(params.folder, "The suite must pass."))
