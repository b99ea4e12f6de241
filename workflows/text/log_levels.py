"""Count a log's lines per severity level and report the counts, one `LEVEL: n` line each."""

from __future__ import annotations

from forge.models import ReferenceSolution
from preparers.text import LOG_LEVELS, make_log
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, WorkflowContext, WorkflowSpec, register_workflow


class Params(Prepared):
    log: str
    report: str
    levels: list[str]


@register_workflow
class LogLevels(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.log_levels", apps=["text"], params=Params,
        phrasings=[
            "Count how many lines of {{ log }} have each of these levels: {{ levels | join(', ') }}. Write the "
            'result to {{ report }}, one line per level in that order, formatted like "ERROR: 12".',
            "For the incident review I need a quick summary of {{ log }}: the number of "
            "{{ levels | join(', ') }} lines. Please put it in {{ report }} as \"LEVEL: count\" lines, in the "
            "order I listed them.",
            '{{ log }}: line counts for {{ levels | join(", ") }} -> {{ report }} ("LEVEL: n" per line, this order).',
        ],
        criteria=["One line per requested level, in the requested order, with the exact count of log lines."],
        files=[FileSlot(param="log", type="txt", role="input", description="One day of a service's log"),
               FileSlot(param="report", type="txt", description="Counts per level")],
        checks=[CheckTemplate(func="text.counts_reported", bind={"labels": "levels"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        log = make_log(ctx.rng, ctx.faker)
        levels = [level for level in LOG_LEVELS if level in ctx.rng.sample(LOG_LEVELS, ctx.rng.randint(2, 4))]
        params = Params(log=f"logs/{log.file_name}", report=f"logs/level_counts_{log.facts['date']}.txt",
                        levels=levels)
        return params.with_files(log=log.data)

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import re
            lines = open({lit(params.log)}, encoding="utf-8").read().splitlines()
            counts = []
            for level in {lit(params.levels)}:
                word = re.compile(r"(?<!\\w)" + level + r"(?!\\w)")
                counts.append(level + ": " + str(sum(1 for line in lines if word.search(line))))
            open({lit(params.report)}, "w").write("\\n".join(counts) + "\\n")
            print(counts)
        """
        return solution(script_step(script, f"I count the lines of {params.log} that carry each level as a word "
                                    f"and write the counts to {params.report}.", f"Count the levels of {params.log}"))
