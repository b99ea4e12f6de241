"""Make a function write a log record (to its module's logger) in a situation worth knowing about."""

from __future__ import annotations

from typing import Literal

from pydantic import PrivateAttr

from forge.models import ReferenceSolution
from workflows._steps import lit, script_step, solution
from workflows.code._all_kinds import find, item_ids, make_package
from workflows.code._catalogue import LogRule
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
    rule: Literal[tuple(item_ids("logs"))] | None = None  # type: ignore[valid-type]


class Params(ProjectParams):
    function: str
    level: Literal["warning", "info"]
    when: str
    trigger: str
    quiet: str
    _guard: str = PrivateAttr(default="")


@register_workflow
class AddLogging(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.add_logging", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "Operations want to know when {{ when }} in `{{ function }}` ({{ module }}, project {{ folder }}/). Add "
            "a module logger (`logger = logging.getLogger(__name__)`) and log a {{ level | upper }} message in that "
            "case: `{{ trigger }}` should log one, `{{ quiet }}` should not. Return values must not change; the "
            "tests must pass.",
            "Can you add logging to {{ function }} in {{ module }}? Whenever {{ when }}, write a {{ level }}-level "
            "record to the module's own logger (getLogger(__name__)), e.g. for {{ trigger }}; normal calls such as "
            "{{ quiet }} stay silent. No behaviour change.",
            "{{ folder }}/: {{ module }}: {{ function }}() logs at {{ level | upper }} via logging.getLogger(__name__) "
            "when {{ when }} ({{ trigger }} logs, {{ quiet }} doesn't); tests green.",
        ],
        criteria=["The function logs at the level asked when it should, to the module's logger.",
                  "It stays silent otherwise and returns what it did before."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="module", type="py", description="The module with logging")],
        checks=[CheckTemplate(func="project.logs_added",
                              bind={"folder": "folder", "function": "function", "level": "level",
                                    "trigger": "trigger", "quiet": "quiet"}, paths={"file": "module"})],
    )

    states_values = ("trigger", "quiet")

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        kind, rule = find("logs", opts.rule or ctx.rng.choice(item_ids("logs")))
        assert isinstance(rule, LogRule)
        project = make_package(ctx.rng, ctx.faker, kind.name)
        folder = Params.folder_of(project)
        params = Params(folder=folder, module=f"{folder}/{project.module}", test_file=f"{folder}/{project.test_file}",
                        function=rule.function, level=rule.level, when=rule.when, trigger=rule.trigger, quiet=rule.quiet)
        params._guard = rule.guard
        return params.with_files(**project_files(folder, project.files))

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        script = f"""
            import ast
            path = {lit(params.module)}
            lines = open(path).read().split("\\n")
            tree = ast.parse("\\n".join(lines))
            after_doc = tree.body[0].end_lineno if ast.get_docstring(tree) is not None else 0
            lines[after_doc:after_doc] = ["", "import logging", "", "logger = logging.getLogger(__name__)"]
            tree = ast.parse("\\n".join(lines))
            node = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == {lit(params.function)})
            at = node.body[0].end_lineno if ast.get_docstring(node) is not None else node.body[0].lineno - 1
            lines[at:at] = ["    " + line for line in {lit(params._guard)}.split("\\n")]
            open(path, "w").write("\\n".join(lines))
        """
        return solution(
            script_step(script, f"I add `import logging` and a module logger, then a check at the top of "
                        f"{params.function} that logs at {params.level} when {params.when}.",
                        f"Log from {params.function}"),
            pytest_step(params.folder, "The suite must still pass."))
