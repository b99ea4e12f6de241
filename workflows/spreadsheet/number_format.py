"""Give one column a number format: dollars or euros with cents, whole numbers with a thousands
separator, two decimals, or a date style (ISO, day/month/year, the month spelled out); optionally
from amounts or dates typed as text, which must become real numbers or dates first."""

from __future__ import annotations

from typing import Literal

from forge.checks.table_layout import FORMATS, format_code
from forge.models import ReferenceSolution
from workflows._prepared import PreparedWorkflow
from workflows._steps import lit
from workflows.spec import CheckTemplate, WorkflowContext, register_workflow
from workflows.spreadsheet._book import AS_DATE, NUM, big_table, book_spec, choose, names, three_steps, workbook
from workflows.spreadsheet._finish import FinishOptions, FinishParams, finish_fields
from workflows.spreadsheet._messy import text_amounts, text_dates

Format = Literal["currency", "euro", "thousands", "two_decimals", "date_iso", "date_dmy", "date_long"]
CODE = {"currency": '"$"#,##0.00', "euro": '#,##0.00 "€"', "thousands": "#,##0", "two_decimals": "0.00",
        "date_iso": "yyyy-mm-dd", "date_dmy": "dd/mm/yyyy", "date_long": "d mmmm yyyy"}
SAY = {"currency": "US dollars with cents and a thousands separator (like $1,234.50)",
       "euro": "euros with two decimals and a thousands separator (like 1,234.50 €)",
       "thousands": "whole numbers with a thousands separator (like 12,345), no decimals",
       "two_decimals": "plain numbers with exactly two decimals (like 1234.50), no currency sign",
       "date_iso": "ISO dates (YYYY-MM-DD)", "date_dmy": "day/month/year dates (DD/MM/YYYY)",
       "date_long": "dates with the month spelled out (like 5 March 2025)"}
MONEY = {"sales": ["Unit Price"], "employees": ["Salary", "Bonus"], "inventory": ["Unit Cost"],
         "budget": ["Budget", "Actual"]}
COUNTS = {"sales": ["Units"], "employees": ["Salary"], "inventory": ["Quantity"], "budget": ["Budget", "Actual"]}
DATED = {"sales": ["Date"], "employees": ["Start Date"]}
SHOWN_BEFORE = ["General", "0", "0.0", "#,##0.00", '"$"#,##0.00', "0.00", "#,##0", "m/d/yyyy", "d-mmm-yy",
                "yyyy-mm-dd", "dd/mm/yyyy", "mmmm d, yyyy"]  # the column's format in the given workbook


class Params(FinishParams):
    column: str
    format: Format
    wanted: str
    convert: bool


class Options(FinishOptions):
    format: Format | None = None
    convert: bool | None = None


@register_workflow
class NumberFormat(PreparedWorkflow[Params]):
    spec = book_spec(
        "spreadsheet.number_format", Params, Options,
        phrasings=[
            ('In {{ input }} (sheet "{{ sheet }}"), format the {{ column }} column as {{ wanted }}: every data cell, '
             "values unchanged.{% if convert %} Many {{ column }} cells were pasted as text, so turn them into real "
             "{% if format.startswith('date') %}dates{% else %}numbers{% endif %} first.{% endif %}", "formal"),
            ("The {{ column }} figures on the {{ sheet }} tab of {{ input }} look all over the place - could you show "
             "them as {{ wanted }}? Don't change any value, just how it's displayed.{% if convert %} A lot of them "
             "came in as text, so they need to become proper {% if format.startswith('date') %}dates{% else %}"
             "numbers{% endif %} too.{% endif %}", "chatty"),
            ('{{ input }} / "{{ sheet }}": number format of {{ column }} -> {{ wanted }}{% if convert %} (convert '
             "the text cells to {% if format.startswith('date') %}dates{% else %}numbers{% endif %} first)"
             "{% endif %}; values as they are.", "terse"),
        ],
        criteria=["Every data cell of the column shows the asked format.", "No value changed (text became its number "
                  "or date when asked).", "Nothing else on the sheet changed."],
        checks=[CheckTemplate(func="table.number_formatted", bind={"table": "sheet", "column": "column",
                                                                    "format": "format", "convert": "convert"})],
        output="The workbook with the column formatted",
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        fmt = choose(ctx, "format", list(CODE))
        convert = choose(ctx, "convert", [False, True])
        dates = fmt.startswith("date")
        pool = DATED if dates else COUNTS if fmt == "thousands" else MONEY
        kind = ctx.rng.choice(sorted(pool))
        table = big_table(ctx.rng, ctx.faker, kind, 30, 200)
        column = ctx.rng.choice(pool[kind])
        shown = [c for c in SHOWN_BEFORE if not FORMATS[fmt](format_code(c))
                 and (c[0] in "md" or c[0] == "y") is dates]  # a date column shows a date format, a number one not
        table = table.model_copy(update={"formats": {**table.formats, column: ctx.rng.choice(shown)}})
        rows = table.rows
        if convert:
            rows = (text_dates if dates else text_amounts)(ctx.rng, rows, table.index(column))
        params = Params(**finish_fields(ctx), **names(ctx, table, "formatted"), column=column, format=fmt,
                        wanted=SAY[fmt], convert=convert)
        return params.with_files(input=workbook([(params.sheet, table.headers, rows)], table))

    def reference(self, params: Params) -> ReferenceSolution:
        dates = params.format.startswith("date")
        value = ("as_date(cell.value)" if dates else "num(cell.value)") if params.convert else "cell.value"
        body = [AS_DATE if dates else NUM, f"""
            col = header.index({lit(params.column)}) + 1
            for r in range(2, ws.max_row + 1):
                cell = ws.cell(r, col)
                if cell.value is None:
                    continue
                cell.value = {value}
                cell.number_format = {lit(CODE[params.format])}
            print("formatted", ws.max_row - 1, "cells of", {lit(params.column)})
        """]
        return three_steps(params, body, f"I set the number format of every {params.column} cell to "
                           f"{CODE[params.format]}" + (" after turning the text into real values." if params.convert
                                                       else ", leaving the values alone."),
                           f"Format {params.column}")
