"""Take the wide table out of a Word report (one column per month, quarter, week or survey
question) as the long rows a finance or BI system imports: one row per figure with the row's
name, the former column's header and the value - row by row, column by column, or row by row
leaving out the empty cells - written as a CSV, a sheet of a new workbook, or a table in a new
Word document; the report itself left as it is. The figures are the CSV unpivot family's
(`workflows.data.csv_unpivot.make_wide`), printed as a Word table."""

from __future__ import annotations

import datetime as dt
import textwrap
from typing import Literal

from forge.models import ReferenceSolution
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.data.csv_unpivot import make_wide
from workflows.document._edit import outline_step
from workflows.document._table_doc import table_docx, write_rows_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Target = Literal["csv", "xlsx", "docx"]
# per wide table kind: the report's title and the sentence introducing its table
TITLES = {"stores": ("Store sales by month", "Each store's sales by month so far this year."),
          "regions": ("Revenue by quarter", "Revenue booked in each region, quarter by quarter."),
          "timesheet": ("Hours worked by week", "The hours each person logged, week by week."),
          "survey": ("Staff survey scores", "Each respondent's score (1 to 6) for every question of the survey.")}
_ORDER = ("{% if by_column %}column by column (every {{ id_column }} for the first {{ variable_header | lower }}, "
          "then the next){% else %}row by row (each {{ id_column }}'s figures together, in the table's column "
          "order){% endif %}")
_BLANKS = ("{% if skip_blank %}leaving out the empty cells{% else %}keeping each empty cell as a row with an empty "
           "{{ value_header }}{% endif %}")
_INTO = ("{% if target == 'csv' %}a CSV file {{ output }}{% elif target == 'xlsx' %}a new workbook {{ output }}, on "
         "a sheet named {{ into }}{% else %}a new Word document {{ output }} as its only table ({{ into }}){% endif %}")


class Options(SkillParams):
    target: Target | None = None
    by_column: bool | None = None
    skip_blank: bool | None = None


class Params(Prepared):
    input: str
    output: str
    target: Target
    into: str
    id_column: str
    variable_header: str
    value_header: str
    by_column: bool
    skip_blank: bool


@register_workflow
class TableUnpivot(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.table_unpivot", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            "The table in {{ input }} has one column per {{ variable_header | lower }}. Put its figures into "
            + _INTO + " as a long table with the header {{ id_column }}, {{ variable_header }}, {{ value_header }} "
            "and one row per figure, " + _ORDER + ", " + _BLANKS + ". Leave {{ input }} as it is.",
            "Our system only imports long data, not the wide layout of the table in {{ input }}. Could you unpivot "
            "it into " + _INTO + "? Three columns: {{ id_column }}, {{ variable_header }}, {{ value_header }}; go "
            + _ORDER + " and " + _BLANKS + ".",
            "{{ input }} table -> " + _INTO + ": wide to long, columns {{ id_column }} | {{ variable_header }} | "
            "{{ value_header }}, " + _ORDER + "; " + _BLANKS + ".",
        ],
        criteria=["One long row per figure, in the order asked.", "The name, the former column's header and the "
                  "value stay together; empty cells kept or dropped as asked."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report holding a wide table"),
               FileSlot(param="output", type="csv", types_by={"target": {"docx": "docx", "xlsx": "xlsx"}},
                        description="The long table")],
        checks=[CheckTemplate(func="table.unpivoted", bind={
            "into": "into", "id_column": "id_column", "variable_header": "variable_header",
            "value_header": "value_header", "by_column": "by_column", "skip_blank": "skip_blank"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        target: Target = opts.target or ctx.rng.choice(["csv", "xlsx", "docx"])
        by_column = opts.by_column if opts.by_column is not None else ctx.rng.random() < 0.5
        skip_blank = opts.skip_blank if opts.skip_blank is not None else ctx.rng.random() < 0.5
        table, variable, value = make_wide(ctx.rng, ctx.faker)
        title, intro = TITLES[table.kind]
        date = dt.date(2025, 1, 1) + dt.timedelta(days=ctx.rng.randrange(330))
        stem = f"{table.file_stems[0]}_report"
        data = table_docx(ctx, title=f"{title}, {date:%B %Y}", heading=title, intro=intro, headers=table.headers,
                          rows=table.rows, stem=stem, date=date)
        folder = ctx.rng.choice(["", "reports/", "docs/"])
        out_stem = f"{table.file_stems[0]}_long"
        into = {"csv": out_stem, "xlsx": ctx.rng.choice(["Long", "Import", "Data"]), "docx": "table 1"}[target]
        params = Params(input=f"{folder}{stem}.docx", output=f"{folder}{out_stem}.{target}", target=target,
                        into=into, id_column=table.headers[0], variable_header=variable, value_header=value,
                        by_column=by_column, skip_blank=skip_blank)
        return params.with_files(input=data)

    def reference(self, params: Params) -> ReferenceSolution:
        order = ("[(r, c) for c in range(1, len(header)) for r in range(len(rows))]" if params.by_column
                 else "[(r, c) for r in range(len(rows)) for c in range(1, len(header))]")
        script = f"""
            import docx
            grid = docx.Document({lit(params.input)}).tables[0]
            header, *rows = [[c.text.strip() for c in r.cells] for r in grid.rows]
            assert header[0] == {lit(params.id_column)}, header
            out = [[{lit(params.id_column)}, {lit(params.variable_header)}, {lit(params.value_header)}]]
            for r, c in {order}:
                if {params.skip_blank} and not rows[r][c]:
                    continue
                out.append([rows[r][0], header[c], rows[r][c]])
            print(len(rows), "wide rows ->", len(out) - 1, "long rows")
        """
        return solution(outline_step(params.input, f"I look over {params.input} to find its table."),
                        script_step(textwrap.dedent(script) + write_rows_code(params.output, params.target,
                                                                              params.into),
                                    f"I read the table with python-docx, emit one row per figure and write "
                                    f"{params.output}.", "Unpivot the table"))
