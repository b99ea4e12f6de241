"""Add a labelled summary row (sum, average, max or min) below a table."""

from __future__ import annotations

from typing import Literal

from forge.models import Check
from workflows.spec import Brief, WorkflowContext, register_workflow
from workflows.spreadsheet._common import (
    VALUES_NOTE,
    SheetParams,
    SheetWorkflow,
    Transform,
    draw_table,
    lit,
    sheet_checks,
    skill_option,
)

Aggregate = Literal["sum", "average", "max", "min"]
LABELS = {"sum": "Total", "average": "Average", "max": "Maximum", "min": "Minimum"}
PYTHON = {
    "sum": "sum(values)",
    "average": "sum(values) / len(values)",
    "max": "max(values)",
    "min": "min(values)",
}


class TotalRowParams(SheetParams):
    aggregate: Aggregate
    label: str
    label_column: str
    columns: list[str]


@register_workflow
class TotalRow(SheetWorkflow[TotalRowParams]):
    """Skill params: `aggregate` (sum|average|max|min), `kind` (table kind)."""

    name = "spreadsheet.total_row"
    output_description = "The workbook with a summary row below the data."
    instruction = (
        'The workbook {{ input }} lists {{ subject }} on the sheet "{{ sheet }}" (header in row 1). '
        'Directly below the last data row, add one summary row: put the label "{{ label }}" in the '
        "{{ label_column }} column and the {{ label | lower }} of the data rows in the "
        "{% for c in columns %}{{ c }}{% if not loop.last %} and {% endif %}{% endfor %} column"
        "{% if columns | length > 1 %}s{% endif %}. Leave the header, the data rows and the sheet name "
        "unchanged, and save the result as {{ output }}. " + VALUES_NOTE
    )
    criteria = [
        "The summary row sits directly below the last data row, labelled exactly as asked.",
        "The summary cells hold the requested aggregate of the data rows as numbers, not formulas or text.",
        "The header and the original data rows are unchanged.",
    ]

    def draw(self, ctx: WorkflowContext) -> TotalRowParams:
        aggregate = skill_option(ctx, "aggregate", ["sum", "average", "max", "min"])
        table = draw_table(ctx)
        pool = table.additive if aggregate == "sum" else table.numeric
        chosen = ctx.rng.sample(pool, ctx.rng.randint(1, len(pool)))
        columns = [c for c in table.numeric if c in chosen]
        return TotalRowParams.make(
            ctx,
            table,
            "with_" + LABELS[aggregate].lower(),
            aggregate=aggregate,
            label=LABELS[aggregate],
            label_column=table.label_column,
            columns=columns,
        )

    def checks(self, brief: Brief) -> list[Check]:
        p = brief.params
        keys = ["label_column", "label", "columns", "aggregate"]
        what = f"A {p['label']!r} row below the data: the {p['aggregate']} of each named column."
        return sheet_checks(brief, "xlsx.total_row", keys, what, tolerance=0.01)

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
            thought=(
                f"I'll compute the {params.aggregate} of {', '.join(params.columns)} "
                "over the data rows in Python "
                f"and append a {params.label!r} row with plain numbers, saving to {params.output}."
            ),
            action=f"Append the {params.label} row and save {params.output}",
        )
