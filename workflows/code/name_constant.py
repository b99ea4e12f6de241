"""Replace a magic number in a function with a named module constant, changing no behaviour."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from workflows._steps import lit, script_step, solution
from workflows.code._all_kinds import find, item_ids, make_package
from workflows.code._catalogue import Magic
from workflows.code._project import ProjectParams, ProjectWorkflow, project_files, pytest_step
from workflows.spec import (
    CheckTemplate,
    FileSlot,
    SkillParams,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
)


class Options(SkillParams):
    constant: Literal[tuple(item_ids("magic"))] | None = None  # type: ignore[valid-type]


class Params(ProjectParams):
    function: str
    literal: str
    constant: str
    meaning: str


@register_workflow
class NameConstant(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.name_constant", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "In {{ module }} (project {{ folder }}/), `{{ function }}` uses the bare number {{ literal }}, which is "
            "{{ meaning }}. Give it a name: define a module-level constant `{{ constant }} = {{ literal }}` and use it "
            "in {{ function }} instead of the number. Behaviour must not change and the tests must keep passing "
            "unchanged.",
            "Code review note on {{ folder }}: magic number {{ literal }} in {{ function }} ({{ module }}). It is "
            "{{ meaning }}, so please pull it out into a constant called {{ constant }} at the top of the module.",
            "{{ folder }}/: {{ module }}: replace {{ literal }} in {{ function }}() with a new module constant "
            "{{ constant }}; no behaviour change; tests untouched and green.",
        ],
        criteria=["The constant is defined once at module level.", "The function uses it, not the bare number.",
                  "The tests pass unchanged."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="module", type="py", description="The module with the named constant")],
        checks=[CheckTemplate(func="project.constant_named",
                              bind={"folder": "folder", "function": "function", "constant": "constant",
                                    "literal": "literal"}, paths={"file": "module"})],
    )

    states_values = ("literal",)

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        kind, magic = find("magic", opts.constant or ctx.rng.choice(item_ids("magic")))
        assert isinstance(magic, Magic)
        project = make_package(ctx.rng, ctx.faker, kind.name)
        folder = Params.folder_of(project)
        params = Params(folder=folder, module=f"{folder}/{project.module}", test_file=f"{folder}/{project.test_file}",
                        function=magic.function, literal=magic.literal, constant=magic.constant, meaning=magic.meaning)
        return params.with_files(**project_files(folder, project.files))

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        script = f"""
            import ast, re
            path = {lit(params.module)}
            lines = open(path).read().split("\\n")
            tree = ast.parse("\\n".join(lines))
            node = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == {lit(params.function)})
            start = node.body[1].lineno if ast.get_docstring(node) is not None else node.body[0].lineno
            number = re.compile(r"(?<![\\w.])" + re.escape({lit(params.literal)}) + r"(?![\\w.])")
            for i in range(start - 1, node.end_lineno):
                lines[i] = number.sub({lit(params.constant)}, lines[i])
            first_def = next(n.lineno for n in tree.body if isinstance(n, ast.FunctionDef)) - 1
            lines[first_def:first_def] = [{lit(f"{params.constant} = {params.literal}")}, "", ""]
            open(path, "w").write("\\n".join(lines))
        """
        return solution(
            script_step(script, f"I define {params.constant} = {params.literal} above the first function and "
                        f"replace the number in {params.function}'s code (not its docstring) with the name.",
                        f"Name {params.literal} as {params.constant}"),
            pytest_step(params.folder, "The unchanged suite must still pass."))
