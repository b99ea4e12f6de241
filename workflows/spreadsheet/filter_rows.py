"""Keep only the rows whose numeric column meets a condition."""

from __future__ import annotations

from typing import Literal

from forge.errors import WorkflowError
from forge.models import Check
from workflows.spec import Brief, WorkflowContext, register_workflow
from workflows.spreadsheet._common import (
    SheetParams,
    SheetWorkflow,
    Transform,
    draw_table,
    lit,
    pick_threshold,
    sheet_checks,
    skill_option,
)

Operator = Literal[">", ">=", "<", "<=", "=="]
PHRASE = {">": "greater than", ">=": "at least", "<": "less than", "<=": "at most", "==": "exactly"}


class FilterRowsParams(SheetParams):
    column: str
    operator: Operator
    condition: str
    threshold: float | int


@register_workflow
class FilterRows(SheetWorkflow[FilterRowsParams]):
    """Skill params: `operator` (> >= < <= ==), `kind` (table kind)."""

    name = "spreadsheet.filter_rows"
    output_description = "The workbook with only the matching rows."
    instruction = (
        'The workbook {{ input }} lists {{ subject }} on the sheet "{{ sheet }}" (header in row 1). '
        "Keep only the data rows whose {{ column }} is {{ condition }} {{ threshold }} "
        "({{ column }} {{ operator }} {{ threshold }}) and delete every other data row, "
        "leaving no blank rows. Keep the header, the columns, the "
        "order of the kept rows and the sheet name, and save the result as {{ output }}. "
        "Keep every cell a plain value, not a formula."
    )
    criteria = [
        "Exactly the rows meeting the condition remain, in their original order, with no blank rows.",
        "The header row and the columns are unchanged.",
    ]

    def draw(self, ctx: WorkflowContext) -> FilterRowsParams:
        operator = skill_option(ctx, "operator", [">", ">=", "<", "<=", "=="])
        for _ in range(20):  # a table where every value is equal cannot be split; redraw
            table = draw_table(ctx)
            column = ctx.rng.choice(table.numeric)
            threshold = pick_threshold(ctx.rng, [float(v) for v in table.column(column)], operator)
            if threshold is not None:
                if isinstance(threshold, float) and threshold.is_integer():
                    threshold = int(threshold)
                return FilterRowsParams.make(
                    ctx,
                    table,
                    "filtered",
                    column=column,
                    operator=operator,
                    condition=PHRASE[operator],
                    threshold=threshold,
                )
        raise WorkflowError(f"{self.name}: no table with a splitting threshold for {operator!r}")

    def checks(self, brief: Brief) -> list[Check]:
        p = brief.params
        what = f"Exactly the input rows with {p['column']} {p['operator']} {p['threshold']}, in order."
        return sheet_checks(brief, "xlsx.rows_where", ["column", "operator", "threshold"], what)

    def transform(self, params: FilterRowsParams) -> Transform:
        snippet = f"""
            key = header.index({lit(params.column)})
            rows = [row for row in rows if row[key] is not None
                    and row[key] {params.operator} {params.threshold!r}]
        """
        return Transform(
            snippet=snippet,
            thought=(
                f"I'll keep only the rows with {params.column} {params.operator} {params.threshold}, "
                "in their original order, write them back under the header, drop the leftover rows "
                f"and save {params.output}."
            ),
            action=f"Keep rows where {params.column} {params.operator} {params.threshold}, "
            f"save {params.output}",
        )
