"""Turn a service log into a CSV table (time, level, service, message), all lines or one level's."""

from __future__ import annotations

from typing import ClassVar

from forge.models import ReferenceSolution
from preparers.text import make_log
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import (
    CheckTemplate,
    FileSlot,
    SkillParams,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
)

HEADERS = [["timestamp", "level", "service", "message"], ["Time", "Level", "Service", "Message"],
           ["time", "severity", "component", "text"]]


class Options(SkillParams):
    by_level: bool | None = None


class Params(Prepared):
    log: str
    output: str
    columns: list[str]
    level: str | None


@register_workflow
class LogToCsv(PreparedWorkflow[Params]):
    output_ext: ClassVar[str] = "csv"
    writer: ClassVar[str] = 'csv.writer(open(OUTPUT, "w", newline="", encoding="utf-8")).writerows([COLUMNS, *rows])'
    spec = WorkflowSpec(
        name="text.log_to_csv", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "I want to sort and filter {{ log }} in a spreadsheet. Please turn {% if level %}its {{ level }} lines"
            "{% else %}every line of it{% endif %} into rows of a CSV file, {{ output }}, with the columns "
            "{{ columns | join(', ') }}: the timestamp as written, the level, the service name without the brackets, "
            "and the rest of the line as the message. Keep the log's order.",
            "Could you parse {{ log }} into {{ output }}? Header {{ columns | join(',') }}; one row per "
            "{% if level %}{{ level }} {% endif %}log line in order (service without [ ], message = everything "
            "after it).",
            "{{ log }} -> {{ output }}: {% if level %}{{ level }} lines only, {% endif %}columns "
            "{{ columns | join(', ') }} (timestamp, level, service sans brackets, message), log order.",
        ],
        criteria=["One row per (matching) log line with its four fields.", "Log order kept."],
        files=[FileSlot(param="log", type="txt", role="input", description="One day of a service's log"),
               FileSlot(param="output", type="csv", description="The log as a table")],
        checks=[CheckTemplate(func="table.from_log", bind={"columns": "columns", "level": "level"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        log = make_log(ctx.rng, ctx.faker, lines=ctx.rng.randint(60, 250))
        by_level = opts.by_level if opts.by_level is not None else ctx.rng.random() < 0.5
        level = ctx.rng.choice(["ERROR", "WARNING"]) if by_level else None
        stem = log.file_name.removesuffix(".log")
        name = f"{stem}{'_' + level.lower() if level else ''}.{self.output_ext}"
        params = Params(log=f"logs/{log.file_name}", output=f"logs/{name}",
                        columns=ctx.rng.choice(HEADERS), level=level)
        return params.with_files(log=log.data)

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv, re
            line_re = re.compile(r"^(\\S+ \\S+) ([A-Z]+) \\[([^\\]]+)\\] (.*)$")
            rows = []
            for line in open({lit(params.log)}, encoding="utf-8"):
                match = line_re.match(line.strip())
                if match and ({lit(params.level)} is None or match.group(2) == {lit(params.level)}):
                    rows.append(match.groups())
            {self.writer.replace("OUTPUT", lit(params.output)).replace("COLUMNS", lit(params.columns))}
            print(len(rows), "rows")
        """
        return solution(script_step(script, f"I split each {params.level or ''} line of {params.log} into timestamp, "
                                    f"level, service and message with a regex and write {params.output}.",
                                    f"Tabulate {params.log}"))
