"""Keep only the rows whose numeric column meets a condition."""

from __future__ import annotations

from typing import Literal

from forge.errors import WorkflowError
from workflows.spec import WorkflowContext, register_workflow
from workflows.spreadsheet._common import SheetOptions, SheetParams, SheetWorkflow, Transform, lit, sheet_spec

Operator = Literal[">", ">=", "<", "<=", "=="]
PHRASE = {">": "greater than", ">=": "at least", "<": "less than", "<=": "at most", "==": "exactly"}


class FilterRowsParams(SheetParams):
    column: str
    operator: Operator
    condition: str
    threshold: float | int


class FilterRowsOptions(SheetOptions):
    operator: Operator | None = None


@register_workflow
class FilterRows(SheetWorkflow[FilterRowsParams]):
    spec = sheet_spec(
        "spreadsheet.filter_rows", FilterRowsParams, FilterRowsOptions,
        phrasings=[
            ('The workbook {{ input }} lists {{ subject }} on the sheet "{{ sheet }}" (header in row 1). Keep only '
             "the data rows whose {{ column }} is {{ condition }} {{ threshold }} ({{ column }} {{ operator }} "
             "{{ threshold }}) and delete every other data row, leaving no blank rows. Keep the header, the columns, "
             "the order of the kept rows and the sheet name, and save the result as {{ output }}. "),
            ('Please trim {{ input }} (sheet "{{ sheet }}") down to the {{ subject }} with {{ column }} '
             "{{ condition }} {{ threshold }}: remove the other rows completely, no gaps left behind, and keep the "
             "remaining rows in their order under the same header. Save it as {{ output }}. "),
            ('{{ input }}, sheet "{{ sheet }}": keep rows where {{ column }} {{ operator }} {{ threshold }}, drop '
             "the rest (no blank rows); header, column order, row order and sheet name unchanged. Save as "
             "{{ output }}. "),
        ],
        note="plain",
        criteria=[
            "Exactly the rows meeting the condition remain, in their original order, with no blank rows.",
            "The header row and the columns are unchanged.",
        ],
        check="table.rows_where", bind=["column", "operator", "threshold"],
        description="Exactly the input rows with {{ column }} {{ operator }} {{ threshold }}, in order.",
        output="The workbook with only the matching rows.",
    )

    def draw(self, ctx: WorkflowContext) -> FilterRowsParams:
        operator = self.option(ctx, "operator", [">", ">=", "<", "<=", "=="])
        for _ in range(20):  # a table where every value is equal cannot be split; redraw
            table = self.table(ctx)
            column = ctx.rng.choice(table.numeric)
            threshold = self.threshold(ctx.rng, [float(v) for v in table.column(column)], operator)
            if threshold is not None:
                if isinstance(threshold, float) and threshold.is_integer():
                    threshold = int(threshold)
                return FilterRowsParams.make(ctx, table, "filtered", column=column, operator=operator,
                                             condition=PHRASE[operator], threshold=threshold)
        raise WorkflowError(f"{self.name}: no table with a splitting threshold for {operator!r}")

    def transform(self, params: FilterRowsParams) -> Transform:
        snippet = f"""
            key = header.index({lit(params.column)})
            rows = [row for row in rows if row[key] is not None
                    and row[key] {params.operator} {params.threshold!r}]
        """
        return Transform(
            snippet=snippet,
            thought=(f"I'll keep only the rows with {params.column} {params.operator} {params.threshold}, in their "
                     f"original order, write them back under the header, drop the leftover rows and save "
                     f"{params.output}."),
            action=f"Keep rows where {params.column} {params.operator} {params.threshold}, save {params.output}",
        )
