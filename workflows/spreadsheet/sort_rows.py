"""Sort a table's rows by one column, ascending or descending."""

from __future__ import annotations

from forge.errors import WorkflowError
from forge.models import Check
from workflows.spec import Brief, WorkflowContext, register_workflow
from workflows.spreadsheet._common import (
    SheetParams,
    SheetWorkflow,
    Transform,
    draw_table,
    lit,
    sheet_checks,
    skill_option,
)


class SortRowsParams(SheetParams):
    column: str
    descending: bool
    order: str


@register_workflow
class SortRows(SheetWorkflow[SortRowsParams]):
    """Skill params: `descending` (bool), `kind` (table kind)."""

    name = "spreadsheet.sort_rows"
    output_description = "The workbook with its data rows sorted."
    instruction = (
        'The workbook {{ input }} lists {{ subject }} on the sheet "{{ sheet }}" (header in row 1). '
        "Sort the data rows by the {{ column }} column in {{ order }} order "
        "({% if descending %}largest{% else %}smallest{% endif %} first), keeping each row's cells together. "
        "Keep the header in row 1, do not add or remove rows or columns, keep the sheet name, "
        "and save the result as {{ output }}. Keep every cell a plain value, not a formula."
    )
    criteria = [
        "Every original row appears exactly once, with its cells kept together.",
        "The rows are ordered by the requested column in the requested direction.",
        "The header row is unchanged and still in row 1.",
    ]

    def draw(self, ctx: WorkflowContext) -> SortRowsParams:
        descending = skill_option(ctx, "descending", [False, True])
        table = draw_table(ctx)
        # A column already in the asked order would make doing nothing a solution: never draw one.
        unsorted = [c for c in table.numeric + table.date_columns() if not _in_order(table.column(c), descending)]
        if not unsorted:
            raise WorkflowError(f"every sortable column of this {table.kind} table is already in order")
        column = ctx.rng.choice(unsorted)
        return SortRowsParams.make(
            ctx,
            table,
            "sorted",
            column=column,
            descending=descending,
            order="descending" if descending else "ascending",
        )

    def checks(self, brief: Brief) -> list[Check]:
        p = brief.params
        what = f"Same rows as the input, in {p['order']} order of {p['column']!r}."
        return sheet_checks(brief, "xlsx.sorted_by", ["column", "descending"], what)

    def transform(self, params: SortRowsParams) -> Transform:
        snippet = f"""
            key = header.index({lit(params.column)})
            rows.sort(key=lambda row: row[key], reverse={params.descending!r})
        """
        return Transform(
            snippet=snippet,
            thought=(
                f"I'll read the rows with openpyxl, sort them by {params.column} ({params.order}) "
                "as whole rows, "
                f"write them back under the header and save as {params.output}."
            ),
            action=f"Sort the rows by {params.column} ({params.order}) and save {params.output}",
        )


def _in_order(values: list, descending: bool) -> bool:  # noqa: ANN001 (cells of one column)
    pairs = list(zip(values, values[1:]))
    return all(b <= a for a, b in pairs) if descending else all(a <= b for a, b in pairs)
