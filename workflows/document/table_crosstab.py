"""A cross-tab of a report's table put into a one-page summary document for a meeting: one row per
region (or project), one column per product (or quarter), each cell the number of rows, the total
or the average of a column for that pair, with a Total row and column where asked. The report
itself stays as it is."""

from __future__ import annotations

import textwrap

from forge.models import ReferenceSolution
from preparers.document import write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.data.csv_pivot import FIELDS, FIGURE, MEASURE, Aggregate
from workflows.document._columns import report_of_kind
from workflows.document._edit import outline_step, table_script
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

_TOTALS = ("{% if totals %} Add a \u201cTotal\u201d column at the right and a \u201cTotal\u201d row at the bottom"
           "{% if aggregate == 'average' %} (each the average over all the rows it covers, not an average of "
           "averages){% endif %}.{% endif %}")


class Options(SkillParams):
    aggregate: Aggregate | None = None
    totals: bool | None = None


class Params(Prepared):
    input: str
    output: str
    row_field: str
    column_field: str
    value_column: str | None
    aggregate: Aggregate
    measure: str
    totals: bool


@register_workflow
class TableCrosstab(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.table_crosstab", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            "Make a cross-tab of the table in {{ input }} for the meeting, in a new document {{ output }} (its only "
            "table, table 1): one row per {{ row_field }}, one column per {{ column_field }}, and in each cell "
            "{{ measure }} for that pair (empty where there is none). The header row starts with "
            "\u201c{{ row_field }}\u201d followed by the {{ column_field }} values." + _TOTALS +
            " Leave {{ input }} as it is.",
            "Could you turn the table in {{ input }} into a pivot I can hand out? {{ row_field }} down the side, "
            "{{ column_field }} across the top, {{ measure }} in the grid, top-left header \u201c{{ row_field }}\u201d. "
            "Put it in a new Word document, {{ output }}, as its table 1." + _TOTALS,
            "{{ input }} -> {{ output }} (table 1): pivot, rows {{ row_field }} (first header \u201c{{ row_field }}\u201d"
            "), columns {{ column_field }}, cells {{ measure }}." + _TOTALS,
        ],
        criteria=["Each row/column pair holds the right figure.", "Every category appears once on each axis."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report with a data table"),
               FileSlot(param="output", type="docx", description="The cross-tab in a new document")],
        checks=[CheckTemplate(func="table.crosstab", fixed={"summary": "table 1"}, bind={
            "row_field": "row_field", "column_field": "column_field", "value_column": "value_column",
            "aggregate": "aggregate", "totals": "totals"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        aggregate: Aggregate = opts.aggregate or ctx.rng.choice(["count", "sum", "average"])  # type: ignore[assignment]
        totals = opts.totals if opts.totals is not None else ctx.rng.random() < 0.5
        doc, table = report_of_kind(ctx, set(FIELDS), 12, 24)
        row_field, column_field = ctx.rng.choice(FIELDS[table.kind])
        value = None if aggregate == "count" else ctx.rng.choice(table.additive if aggregate == "sum" else
                                                                 table.numeric)
        folder = ctx.rng.choice(["", "meeting/", "handouts/"])
        params = Params(input=f"{folder}{doc.file_stem}.docx", output=f"{folder}{doc.file_stem}_crosstab.docx",
                        row_field=row_field, column_field=column_field, value_column=value, aggregate=aggregate,
                        totals=totals, measure=MEASURE[aggregate].format(subject=table.subject, value=value))
        return params.with_files(input=write_docx(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        value = "1" if params.value_column is None else f"number(r[header.index({lit(params.value_column)})])"
        body = textwrap.dedent(f"""
            import os
            a, b = header.index({lit(params.row_field)}), header.index({lit(params.column_field)})
            cells = {{}}
            for r in rows:
                for x in (r[a], "Total"):
                    for y in (r[b], "Total"):
                        cells.setdefault((x, y), []).append({value})
            extra = ["Total"] if {params.totals!r} else []
            labels = sorted({{x for x, _ in cells if x != "Total"}}) + extra
            columns = sorted({{y for _, y in cells if y != "Total"}}) + extra
            out = docx.Document()
            pivot = out.add_table(rows=1, cols=len(columns) + 1)
            pivot.style = "Table Grid"
            for cell, text in zip(pivot.rows[0].cells, [{lit(params.row_field)}, *columns]):
                cell.text = text
            for x in labels:
                line = pivot.add_row().cells
                line[0].text = x
                for cell, y in zip(line[1:], columns):
                    xs = cells.get((x, y))
                    cell.text = "" if not xs else str({FIGURE[params.aggregate]})
            folder = os.path.dirname({lit(params.output)})
            if folder:
                os.makedirs(folder, exist_ok=True)
            out.save({lit(params.output)})
            print(len(labels), "x", len(columns))
        """)
        return solution(outline_step(params.input, f"I look over {params.input} to find the table."),
                        script_step(table_script(params.input, body), f"With python-docx I count up "
                                    f"{params.measure} per {params.row_field} and {params.column_field} and write the "
                                    "grid into a new document.", f"Write {params.output}"),
                        script_step(table_script(params.output, "print(header)\nfor row in rows:\n    print(row)"),
                                    "I read the cross-tab back.", "Check the cross-tab"))
