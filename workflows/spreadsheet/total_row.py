"""Add a labelled summary row (sum, average, max or min) below a table."""

from __future__ import annotations

from typing import Literal

from workflows.spec import WorkflowContext, register_workflow
from workflows.spreadsheet._common import SheetOptions, SheetParams, SheetWorkflow, Transform, lit, sheet_spec

Aggregate = Literal["sum", "average", "max", "min"]
LABELS = {"sum": "Total", "average": "Average", "max": "Maximum", "min": "Minimum"}
PYTHON = {"sum": "sum(values)", "average": "sum(values) / len(values)", "max": "max(values)", "min": "min(values)"}
COLUMNS = "{{ columns | join(' and ') }} column{% if columns | length > 1 %}s{% endif %}"


class TotalRowParams(SheetParams):
    aggregate: Aggregate
    label: str
    label_column: str
    columns: list[str]


class TotalRowOptions(SheetOptions):
    aggregate: Aggregate | None = None


@register_workflow
class TotalRow(SheetWorkflow[TotalRowParams]):
    spec = sheet_spec(
        "spreadsheet.total_row", TotalRowParams, TotalRowOptions,
        phrasings=[
            ('The workbook {{ input }} lists {{ subject }} on the sheet "{{ sheet }}" (header in row 1). Directly '
             'below the last data row, add one summary row: put the label "{{ label }}" in the {{ label_column }} '
             "column and the {{ label | lower }} of the data rows in the " + COLUMNS + ". Leave the header, the "
             "data rows and the sheet name unchanged, and save the result as {{ output }}. "),
            ('Could you add a "{{ label }}" row under the {{ subject }} in {{ input }} (sheet "{{ sheet }}")? Put '
             '"{{ label }}" in the {{ label_column }} column and the {{ label | lower }} of all the data rows in the '
             + COLUMNS + ". Don't change anything else, and save it as {{ output }}. "),
            ('{{ input }}, sheet "{{ sheet }}": append a summary row right under the data with {{ label_column }} '
             '= "{{ label }}" and, in the ' + COLUMNS + ", the {{ aggregate }} of the data rows. Header, rows and "
             "sheet name stay as they are. Save as {{ output }}. "),
        ],
        note="values",
        criteria=[
            "The summary row sits directly below the last data row, labelled exactly as asked.",
            "The summary cells hold the requested aggregate of the data rows as numbers, not formulas or text.",
            "The header and the original data rows are unchanged.",
        ],
        check="table.total_row", bind=["label_column", "label", "columns", "aggregate"], tolerance=0.01,
        description="A {{ label }} row below the data: the {{ aggregate }} of each named column.",
        output="The workbook with a summary row below the data.",
    )

    def draw(self, ctx: WorkflowContext) -> TotalRowParams:
        aggregate = self.option(ctx, "aggregate", ["sum", "average", "max", "min"])
        table = self.table(ctx)
        pool = table.additive if aggregate == "sum" else table.numeric
        chosen = ctx.rng.sample(pool, ctx.rng.randint(1, len(pool)))
        return TotalRowParams.make(
            ctx, table, "with_" + LABELS[aggregate].lower(), aggregate=aggregate, label=LABELS[aggregate],
            label_column=table.label_column, columns=[c for c in table.numeric if c in chosen],
        )

    def transform(self, params: TotalRowParams) -> Transform:
        snippet = f"""
            summary = [None] * len(header)
            summary[header.index({lit(params.label_column)})] = {lit(params.label)}
            for name in {lit(params.columns)}:
                i = header.index(name)
                values = [row[i] for row in rows]
                summary[i] = {PYTHON[params.aggregate]}
            rows.append(summary)
        """
        return Transform(
            snippet=snippet,
            thought=(f"I'll compute the {params.aggregate} of {', '.join(params.columns)} over the data rows in "
                     f"Python and append a {params.label!r} row with plain numbers, saving to {params.output}."),
            action=f"Append the {params.label} row and save {params.output}",
        )
