"""Sort a table's rows by one column - a number, a date or a text column - ascending or descending."""

from __future__ import annotations

from itertools import pairwise
from typing import Any, Literal

from pydantic import Field

from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from forge.models.gui_plan import MenuStep, NameBoxStep
from workflows.spec import WorkflowContext, register_workflow
from workflows.spreadsheet._common import SheetOptions, SheetParams, SheetWorkflow, Transform, lit, sheet_spec
from workflows.spreadsheet._gui import calc_plan, column_letter

KeyType = Literal["number", "date", "text"]
TABLES = 50  # tables drawn before a draw gives up (a fitting kind is one of four: 0.75**50 ~ 6e-7)
FIRST = {("number", False): "smallest", ("number", True): "largest", ("date", False): "earliest",
         ("date", True): "latest", ("text", False): "A to Z", ("text", True): "Z to A"}


class SortRowsParams(SheetParams):
    column: str
    descending: bool
    order: str
    first: str = Field(description="What comes first, as a person says it: largest, earliest, A to Z ...")


class SortRowsOptions(SheetOptions):
    descending: bool | None = None
    key_type: KeyType | None = Field(default=None, description="The key column's type; None: a number or date column.")


@register_workflow
class SortRows(SheetWorkflow[SortRowsParams]):
    spec = sheet_spec(
        "spreadsheet.sort_rows", SortRowsParams, SortRowsOptions,
        phrasings=[
            ('The workbook {{ input }} lists {{ subject }} on the sheet "{{ sheet }}" (header in row 1). Sort the '
             "data rows by the {{ column }} column in {{ order }} order ({{ first }}"
             "{% if first in ('A to Z', 'Z to A') %}, ignoring case{% else %} first{% endif %}), keeping each row's cells together. Keep the header in row 1, do not add "
             "or remove rows or columns, keep the sheet name, and save the result as {{ output }}. "),
            ('Can you put the {{ subject }} in {{ input }} (sheet "{{ sheet }}") in order of {{ column }}, '
             "{{ first }}{% if first not in ('A to Z', 'Z to A') %} first{% endif %}? Move whole rows, leave the header on "
             "top and don't add or drop anything. Save the sorted workbook as {{ output }}. "),
            ('{{ input }}, sheet "{{ sheet }}": sort data rows by {{ column }}, {{ order }} ({{ first }}'
             "{% if first not in ('A to Z', 'Z to A') %} first{% endif %}); whole rows move, header "
             "stays in row 1, same rows and columns, same sheet name. Save as {{ output }}. "),
        ],
        note="plain",
        criteria=[
            "Every original row appears exactly once, with its cells kept together.",
            "The rows are ordered by the requested column in the requested direction.",
            "The header row is unchanged and still in row 1.",
        ],
        check="table.sorted_by", bind=["column", "descending"],
        description="Same rows as the input, in {{ order }} order of {{ column }}.",
        output="The workbook with its data rows sorted.",
    )

    def draw(self, ctx: WorkflowContext) -> SortRowsParams:
        descending = self.option(ctx, "descending", [False, True])
        key_type = getattr(ctx.options, "key_type", None)
        for _ in range(TABLES):  # some kinds keep their dates in order (a sales log): another table, then
            table = self.table(ctx)
            dates = table.date_columns()
            texts = [h for h in table.headers if h not in table.numeric and h not in dates]
            pool = {"number": table.numeric, "date": dates, "text": texts}.get(key_type or "", table.numeric + dates)
            # A column already in the asked order would make doing nothing a solution: never draw one.
            unsorted = [c for c in pool if not _in_order(table.column(c), descending)]
            if unsorted:
                break
        else:
            raise WorkflowError(f"no {key_type or 'sortable'} column of {TABLES} tables drawn is out of order")
        column = ctx.rng.choice(unsorted)
        kind = key_type or ("date" if column in dates else "number")
        return SortRowsParams.make(ctx, table, "sorted", column=column, descending=descending,
                                   order="descending" if descending else "ascending", first=FIRST[(kind, descending)])

    def transform(self, params: SortRowsParams) -> Transform:
        snippet = f"""
            key = header.index({lit(params.column)})
            rows.sort(key=lambda row: {"str(row[key]).casefold()" if params.first in ("A to Z", "Z to A") else "row[key]"},
                      reverse={params.descending!r})
        """
        return Transform(
            snippet=snippet,
            thought=(f"I'll read the rows with openpyxl, sort them by {params.column} ({params.order}) as whole "
                     f"rows, write them back under the header and save as {params.output}."),
            action=f"Sort the rows by {params.column} ({params.order}) and save {params.output}",
        )

    def reference(self, params: SortRowsParams) -> ReferenceSolution:
        """The terminal solution, plus the GUI route: cursor into the column, Data > Sort Ascending/Descending."""
        letter = column_letter(params.table.headers.index(params.column))
        menu = ["n"] if params.descending else ["a"]
        plan = calc_plan(params.input, params.output, [
            NameBoxStep(target=f"{letter}2", thought=f"{params.column} is column {letter}; I put the cursor in its "
                        "first data cell through the Name Box.", action=f"Go to cell {letter}2 via the Name Box"),
            MenuStep(path=[["alt", "d"], menu], thought=f"Data > Sort {params.order.capitalize()} sorts the whole "
                     "table by the cursor's column and keeps the header row on top.",
                     action=f"Data > Sort {params.order.capitalize()}"),
        ], thought="The workbook is open in Calc.")
        return super().reference(params).model_copy(update={"gui_plan": plan})


def _in_order(values: list[Any], descending: bool) -> bool:
    pairs = list(pairwise([v.casefold() if isinstance(v, str) else v for v in values]))
    return all(b <= a for a, b in pairs) if descending else all(a <= b for a, b in pairs)
