"""Pull every line of one severity out of a service log into its own file."""

from __future__ import annotations

from forge.models import ReferenceSolution
from preparers.text import make_log
from workflows._gui import terminal_plan
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import shell_step, solution
from workflows.spec import (
    CheckTemplate,
    FileSlot,
    SkillParams,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
)


class Params(Prepared):
    log: str
    output: str
    level: str


class Options(SkillParams):
    level: str | None = None


@register_workflow
class LogFilter(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.log_filter", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "Copy every {{ level }} line of the log {{ log }} into a new file {{ output }}, unchanged and in "
            "the order they appear in the log. Leave out all other lines.",
            "I only care about the {{ level }} entries in {{ log }}. Can you put those lines (exactly as they "
            "are, same order) into {{ output }}?",
            "Filter {{ log }} to its {{ level }} lines; write them, as-is and in order, to {{ output }}.",
        ],
        criteria=["The new file has exactly the log's lines of that level, unchanged, in the original order."],
        files=[FileSlot(param="log", type="txt", role="input", description="One day of a service's log"),
               FileSlot(param="output", type="txt", description="The filtered lines")],
        checks=[CheckTemplate(func="text.lines_filtered", bind={"contains": "level"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        level = getattr(ctx.options, "level", None) or ctx.rng.choice(["ERROR", "WARNING"])
        log = make_log(ctx.rng, ctx.faker)
        while f" {level} " not in log.text:
            log = make_log(ctx.rng, ctx.faker)
        params = Params(log=f"logs/{log.file_name}", output=f"logs/{level.lower()}s_{log.facts['date']}.log",
                        level=level)
        return params.with_files(log=log.data)


    def reference(self, params: Params) -> ReferenceSolution:
        steps = solution(
            shell_step(f"grep -c -w {params.level} {params.log}; head -3 {params.log}",
                       f"First I check how many {params.level} lines {params.log} has and how lines look.",
                       f"Count the {params.level} lines"),
            shell_step(f"grep -w {params.level} {params.log} > {params.output} && wc -l {params.output}",
                       f"grep -w keeps whole-word {params.level} matches in their original order; I write them "
                       f"to {params.output}.", f"Write the {params.level} lines to {params.output}"))
        # GUI route: the same commands typed into a terminal window
        commands = [(s.arguments["command"], s.thought, s.action) for s in steps.steps]
        return steps.model_copy(update={"gui_plan": terminal_plan(params.log, commands, params.output)})
