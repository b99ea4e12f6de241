"""Add a computed column: the product, difference, sum or ratio of two numeric columns, rounded."""

from __future__ import annotations

from typing import Literal

from preparers.spreadsheet import DERIVED_COLUMNS, derived_candidates
from workflows.spec import WorkflowContext, register_workflow
from workflows.spreadsheet._common import SheetOptions, SheetParams, SheetWorkflow, Transform, lit, sheet_spec

Operation = Literal["product", "difference", "sum", "ratio"]
SYMBOL = {"product": "*", "difference": "-", "sum": "+", "ratio": "/"}
PHRASE = {"product": "{l} multiplied by {r}", "difference": "{l} minus {r}", "sum": "{l} plus {r}",
          "ratio": "{l} divided by {r}"}
class DerivedColumnParams(SheetParams):
    operation: Operation
    left: str
    right: str
    new_header: str
    formula: str
    decimals: int


class DerivedColumnOptions(SheetOptions):
    operation: Operation | None = None


@register_workflow
class DerivedColumn(SheetWorkflow[DerivedColumnParams]):
    spec = sheet_spec(
        "spreadsheet.derived_column", DerivedColumnParams, DerivedColumnOptions,
        phrasings=[
            ('The workbook {{ input }} lists {{ subject }} on the sheet "{{ sheet }}" (header in row 1). Add a new '
             'column with the header "{{ new_header }}" right after the last column. For every data row it must hold '
             "{{ formula }} for that row, rounded to {{ decimals }} decimal places. Leave the existing columns, rows "
             "and the sheet name unchanged, and save the result as {{ output }}. "),
            ('I need a "{{ new_header }}" column at the end of the table in {{ input }} (sheet "{{ sheet }}"): on '
             "each row, {{ formula }}, rounded to {{ decimals }} decimal places. Keep everything else as it is and "
             "save the workbook as {{ output }}. "),
            ('{{ input }}, sheet "{{ sheet }}": append column "{{ new_header }}" = {{ formula }} per row, rounded to '
             "{{ decimals }} decimal places; existing cells and sheet name unchanged. Save as {{ output }}. "),
        ],
        note="values",
        criteria=[
            "A new column with exactly the requested header was added after the existing columns.",
            "Each row's new value is the requested calculation on that row, rounded as asked, stored as a number.",
            "The existing columns and rows are unchanged.",
        ],
        check="table.derived_column", bind=["new_header", "left", "right", "operation", "decimals"],
        description="{{ new_header }} = {{ formula }} on every row, rounded to {{ decimals }} decimal places.",
        output="The workbook with one computed column added.",
    )

    def draw(self, ctx: WorkflowContext) -> DerivedColumnParams:
        operation = self.option(ctx, "operation", ["product", "difference", "sum", "ratio"])
        table = self.table(ctx, kinds=sorted({k for k, op, *_ in DERIVED_COLUMNS if op == operation}))
        left, right, header = ctx.rng.choice(derived_candidates(table, operation, SYMBOL[operation]))
        return DerivedColumnParams.make(
            ctx, table, "with_" + header, operation=operation, left=left, right=right, new_header=header,
            formula=PHRASE[operation].format(l=left, r=right), decimals=4 if operation == "ratio" else 2,
        )

    def transform(self, params: DerivedColumnParams) -> Transform:
        snippet = f"""
            a, b = header.index({lit(params.left)}), header.index({lit(params.right)})
            header.append({lit(params.new_header)})
            for row in rows:
                row.append(round(row[a] {SYMBOL[params.operation]} row[b], {params.decimals}))
        """
        return Transform(
            snippet=snippet,
            thought=(f"I'll compute {params.formula} for each row in Python, round to {params.decimals} decimals, "
                     f"and write it as a new {params.new_header!r} column, saving to {params.output}."),
            action=f"Add the {params.new_header} column and save {params.output}",
        )
