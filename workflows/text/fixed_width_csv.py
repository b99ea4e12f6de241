"""Turn a fixed-width report (as a terminal, `column -t` or a database client prints a table: columns
two or more spaces apart, under a dashed rule, or in a `+---+` grid) back into a CSV file for a
spreadsheet: report titles and footers such as `(12 rows)` left out, thousands separators dropped
when the numbers carry them."""

from __future__ import annotations

import datetime as dt

from forge.checks.text_columns import Frame, aligned_lines
from forge.models import ReferenceSolution
from preparers.spreadsheet import make_table
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

SHAPE = {"plain": "columns lined up with spaces", "rule": "columns lined up with spaces under a dashed rule",
         "grid": "a +---+ grid with | between the columns"}
_ASK = ("Turn the table into a CSV file {{ output }}: its header row, then every row in order, one cell per column"
        "{% if extras %}; leave out the report's title and footer lines{% endif %}{% if ungroup %}; write the numbers "
        "without their thousands separators (1,250.50 becomes 1250.50){% endif %}.")


def _shown(value: object, grouped: bool) -> str:
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, float):
        return f"{value:,.2f}" if grouped else f"{value:.2f}"
    if isinstance(value, int):
        return f"{value:,}" if grouped else str(value)
    return " ".join(str(value).replace("|", "/").split())


class Options(SkillParams):
    frame: Frame | None = None
    extras: bool | None = None
    ungroup: bool | None = None


class Params(Prepared):
    input: str
    output: str
    frame: Frame
    shape: str
    extras: bool
    ungroup: bool


@register_workflow
class FixedWidthCsv(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.fixed_width_to_csv", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "{{ input }} is a report printed as a text table ({{ shape }}). " + _ASK + " Leave the report as it is.",
            "I only have the printout {{ input }} ({{ shape }}) and need the data in a spreadsheet. " + _ASK,
            "{{ input }} ({{ shape }}) to CSV. " + _ASK,
        ],
        criteria=["The CSV holds the report table's header and every row, cell for cell.",
                  "Nothing else becomes a row; numbers are numbers."],
        files=[FileSlot(param="input", type="txt", role="input", description="A fixed-width report"),
               FileSlot(param="output", type="csv", description="The table as CSV")],
        checks=[CheckTemplate(func="text.fixed_width_to_csv", bind={"ungroup": "ungroup"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        frame: Frame = opts.frame or rng.choice(["plain", "rule", "grid"])
        extras = opts.extras if opts.extras is not None else rng.random() < 0.5
        ungroup = opts.ungroup if opts.ungroup is not None else rng.random() < 0.5
        table = make_table(rng, ctx.faker, rows=rng.randint(6, 14))
        rows = [list(table.headers), *[[_shown(v, ungroup) for v in row] for row in table.rows]]
        lines = aligned_lines(rows, frame, right_numbers=True)
        if extras:
            lines = [table.title, f"Printed by {ctx.faker.name()}", "", *lines, "",
                     f"({len(rows) - 1} rows)" if frame != "plain" else "End of report"]
        stem = rng.choice([s for s in table.file_stems if not any(ch.isdigit() for ch in s)])
        params = Params(input=f"printouts/{stem}.txt", output=f"{stem}.csv", frame=frame, shape=SHAPE[frame],
                        extras=extras, ungroup=ungroup)
        return params.with_files(input=("\n".join(lines) + "\n").encode("utf-8"))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv, re
            rows = []
            for line in open({lit(params.input)}, encoding="utf-8").read().splitlines():
                if not line.strip() or re.match(r"^[\\s+|:=-]*$", line):
                    continue
                if line.strip().startswith("|"):
                    cells = [c.strip() for c in line.strip().strip("|").split("|")]
                else:
                    cells = re.split(r"\\s{{2,}}", line.strip())
                if len(cells) >= 2:
                    rows.append(cells)
            if {params.ungroup}:
                grouped = re.compile(r"^[+-]?[1-9][0-9]{{0,2}}(,[0-9]{{3}})+(\\.[0-9]+)?$")
                rows = [[c.replace(",", "") if grouped.match(c) else c for c in r] for r in rows]
            with open({lit(params.output)}, "w", newline="", encoding="utf-8") as out:
                csv.writer(out).writerows(rows)
            print(len(rows) - 1, "rows")
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read())",
                                    f"First I look at {params.input} to see how the table is drawn.",
                                    f"Show {params.input}"),
                        script_step(script, "I keep only the lines that split into several cells, split them on "
                                    "the column gaps (or the pipes) and write them as CSV.", f"Write {params.output}"))
