"""Define named ranges so formulas can say `=SUM(Prices)`: one column's data cells, the whole
table with its header, or one name per number column; workbook-wide or local to the sheet."""

from __future__ import annotations

import re
from typing import Literal

from forge.models import ReferenceSolution
from workflows._prepared import PreparedWorkflow
from workflows._steps import lit
from workflows.spec import CheckTemplate, WorkflowContext, register_workflow
from workflows.spreadsheet._book import BookOptions, BookParams, big_table, book_spec, choose, names, three_steps, workbook
from workflows.spreadsheet._gui import column_letter

Target = Literal["column", "table", "numeric_columns"]
TABLE_NAMES = {"sales": ["SalesData", "Orders_All"], "employees": ["StaffTable", "Employees_All"],
               "inventory": ["StockTable", "Inventory_All"], "budget": ["BudgetTable", "Budget_All"]}


class Params(BookParams):
    target: Target
    names: list[str]
    columns: list[str | None]
    listing: str
    sheet_scope: bool


class Options(BookOptions):
    target: Target | None = None
    sheet_scope: bool | None = None


def _name(header: str) -> str:
    """A defined name a person would type for a column: `Unit Price` -> `Unit_Price`."""
    return re.sub(r"\W+", "_", header).strip("_")


@register_workflow
class NameRanges(PreparedWorkflow[Params]):
    spec = book_spec(
        "spreadsheet.name_ranges", Params, Options,
        phrasings=[
            ('In {{ input }} (sheet "{{ sheet }}"), define {{ listing }}, each {% if sheet_scope %}local to the sheet '
             '"{{ sheet }}" (sheet scope){% else %}for the whole workbook (workbook scope){% endif %}, covering exactly '
             "those cells. Do not change the data.", "formal"),
            ("I'd like to write formulas against {{ input }} by name. Could you set up {{ listing }} on the "
             "{{ sheet }} tab? {% if sheet_scope %}Keep the names local to that sheet.{% else %}They should work "
             "from any sheet of the workbook.{% endif %}", "chatty"),
            ('{{ input }} / "{{ sheet }}": named ranges - {{ listing }}; {% if sheet_scope %}sheet{% else %}workbook'
             "{% endif %} scope; data unchanged.", "terse"),
        ],
        criteria=["Each asked name exists with the asked scope.", "Each refers to exactly the asked cells.",
                  "The data is unchanged."],
        checks=[CheckTemplate(func="table.named_ranges", bind={"table": "sheet", "names": "names", "columns": "columns",
                                                                "sheet_scope": "sheet_scope"})],
        output="The workbook with the named ranges",
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        target = choose(ctx, "target", ["column", "table", "numeric_columns"])
        kind = ctx.rng.choice(sorted(TABLE_NAMES))
        table = big_table(ctx.rng, ctx.faker, kind, 20, 200)
        last = len(table.rows) + 1

        def cells(header: str) -> str:
            letter = column_letter(table.headers.index(header))
            return f"{letter}2:{letter}{last}"

        if target == "table":
            name = ctx.rng.choice(TABLE_NAMES[kind])
            ranges, columns = {name: f"A1:{column_letter(len(table.headers) - 1)}{last}"}, {name: None}
            listing = f'the name "{name}" for the whole table, header row included'
        elif target == "column":
            header = ctx.rng.choice(table.numeric)
            ranges, columns = {_name(header): cells(header)}, {_name(header): header}
            listing = f'the name "{_name(header)}" for the {header} data cells (without the header)'
        else:
            ranges, columns = {_name(h): cells(h) for h in table.numeric}, {_name(h): h for h in table.numeric}
            listing = "one name per number column for its data cells (without the header): " + ", ".join(
                f'"{_name(h)}" for {h}' for h in table.numeric)
        params = Params(**names(ctx, table, "named"), target=target, names=list(ranges), columns=[columns[n] for n in ranges], listing=listing,
                        sheet_scope=choose(ctx, "sheet_scope", [False, True]))
        return params.with_files(input=workbook([(params.sheet, table.headers, table.rows)], table))

    def reference(self, params: Params) -> ReferenceSolution:
        body = f"""
            from openpyxl.utils import get_column_letter
            from openpyxl.workbook.defined_name import DefinedName
            last = ws.max_row
            quoted = "'" + ws.title.replace("'", "''") + "'!"
            print("data rows:", last - 1)
            for name, column in zip({lit(params.names)}, {lit(params.columns)}):
                if column is None:  # the whole table, header included
                    target = quoted + "$A$1:$" + get_column_letter(len(header)) + "$" + str(last)
                else:
                    letter = get_column_letter(header.index(column) + 1)
                    target = quoted + "$" + letter + "$2:$" + letter + "$" + str(last)
                {"ws" if params.sheet_scope else "wb"}.defined_names[name] = DefinedName(name, attr_text=target)
                print(name, "->", target)
        """
        return three_steps(params, body, "I define each name over its cells, with "
                           f"{'sheet' if params.sheet_scope else 'workbook'} scope.", "Define the names")
