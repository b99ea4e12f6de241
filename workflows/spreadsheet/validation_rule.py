"""Add a data validation rule to one column so new entries stay clean: a drop-down list of the
allowed categories, whole numbers in a range, amounts not below zero, dates within a period, or
codes of limited length; rejecting other entries with a message or only warning; over the rows
there are or also the empty rows below, ready for new entries."""

from __future__ import annotations

import datetime as dt
import math
from typing import Literal

from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from workflows._prepared import PreparedWorkflow
from workflows._steps import lit
from workflows.spec import CheckTemplate, WorkflowContext, register_workflow
from workflows.spreadsheet._book import BookOptions, BookParams, big_table, book_spec, choose, names, three_steps, workbook

RuleKind = Literal["list", "whole_between", "decimal_min", "date_between", "text_length"]
Alert = Literal["stop", "warning"]
COLUMNS = {  # rule -> table kind -> columns it suits
    "list": {"sales": ["Region"], "employees": ["Department"], "inventory": ["Warehouse"], "budget": ["Quarter"]},
    "whole_between": {"sales": ["Units"], "inventory": ["Quantity"]},
    "decimal_min": {"sales": ["Unit Price"], "employees": ["Bonus"], "inventory": ["Unit Cost"], "budget": ["Actual"]},
    "date_between": {"sales": ["Date"], "employees": ["Start Date"]},
    "text_length": {"sales": ["Order ID"], "inventory": ["SKU"], "budget": ["Cost Center"]},
}
SAY = {"list": "one of {a} (a drop-down list)", "whole_between": "a whole number from {a} to {b}",
       "decimal_min": "a number of at least {a}", "date_between": "a date from {a} to {b}",
       "text_length": "text of at most {a} characters"}
MESSAGES = ["Please check this entry.", "Value not allowed here.", "See the data entry rules.", "Invalid entry."]
DV = {"list": ("list", None), "whole_between": ("whole", "between"), "decimal_min": ("decimal", "greaterThanOrEqual"),
      "date_between": ("date", "between"), "text_length": ("textLength", "lessThanOrEqual")}


class Params(BookParams):
    column: str
    rule: RuleKind
    values: list[float | str]
    allowed: str
    alert: Alert
    message: str
    through_row: int | None
    ahead: bool


class Options(BookOptions):
    rule: RuleKind | None = None
    alert: Alert | None = None
    ahead: bool | None = None


@register_workflow
class ValidationRule(PreparedWorkflow[Params]):
    spec = book_spec(
        "spreadsheet.validation_rule", Params, Options,
        phrasings=[
            ('In {{ input }} (sheet "{{ sheet }}"), add data validation to the {{ column }} column so that a cell '
             "must hold {{ allowed }}; cover {% if ahead %}the data rows and the empty rows below them, down to row "
             "{{ through_row }}, ready for new entries{% else %}the existing data rows{% endif %}. "
             '{% if alert == "stop" %}Reject anything else{% else %}Only warn (Warning style) about anything else'
             '{% endif %} with the error message "{{ message }}". Do not change the data.', "formal"),
            ("People keep typing junk into {{ column }} on the {{ sheet }} tab of {{ input }}. Could you put a "
             "validation on it: only {{ allowed }}? {% if alert == 'stop' %}Block wrong entries{% else %}Don't block "
             "them, just show a warning{% endif %} saying \"{{ message }}\". {% if ahead %}It should also work for "
             "new rows, so take it down to row {{ through_row }}.{% else %}Just the rows that are there now."
             "{% endif %}", "chatty"),
            ('{{ input }} / "{{ sheet }}": validation on {{ column }} = {{ allowed }}, range {% if ahead %}row 2 to '
             '{{ through_row }}{% else %}data rows only{% endif %}, {% if alert == "stop" %}stop{% else %}warning'
             '{% endif %} alert "{{ message }}"; data unchanged.', "terse"),
        ],
        criteria=["A validation rule of the asked kind and bounds covers the asked cells of the column.",
                  "Other entries are rejected (or warned about) with the asked message.", "The data is unchanged."],
        checks=[CheckTemplate(func="table.validated", bind={
            "table": "sheet", "column": "column", "rule": "rule", "values": "values", "through_row": "through_row",
            "alert": "alert", "message": "message"})],
        output="The workbook with the validation rule",
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        rule = choose(ctx, "rule", list(SAY))
        kind = ctx.rng.choice(sorted(COLUMNS[rule]))
        table = big_table(ctx.rng, ctx.faker, kind, 20, 150)
        column = ctx.rng.choice(COLUMNS[rule][kind])
        cells = [v for v in table.column(column) if v is not None]
        values: list[float | str]
        if rule == "list":
            values = sorted({str(v) for v in cells})
            if len(",".join(values)) > 200:
                raise WorkflowError(f"{column} has too many categories for a drop-down list")
            a, b = ", ".join(values), ""
        elif rule == "whole_between":
            top = 10 ** math.ceil(math.log10(max(cells) + 1))
            values = [ctx.rng.choice([0, 1]), top]
            a, b = str(values[0]), str(top)
        elif rule == "decimal_min":
            values, a, b = [0], "0", ""
        elif rule == "date_between":
            years = sorted({v.year for v in cells})
            start, end = dt.date(years[0], 1, 1), dt.date(years[-1], 12, 31)
            values, a, b = [start.isoformat(), end.isoformat()], start.isoformat(), end.isoformat()
        else:
            longest = max(len(str(v)) for v in cells)
            values = [longest + ctx.rng.choice([0, 2, 4])]
            a, b = str(values[0]), ""
        ahead = choose(ctx, "ahead", [False, True])
        params = Params(**names(ctx, table, "validated"), column=column, rule=rule, values=values,
                        allowed=SAY[rule].format(a=a, b=b), alert=choose(ctx, "alert", ["stop", "warning"]),
                        message=ctx.rng.choice(MESSAGES), ahead=ahead,
                        through_row=ctx.rng.choice([500, 1000]) if ahead else None)
        return params.with_files(input=workbook([(params.sheet, table.headers, table.rows)], table))

    def reference(self, params: Params) -> ReferenceSolution:
        kind, operator = DV[params.rule]
        if params.rule == "list":
            formulas = [f'"{",".join(str(v) for v in params.values)}"']
        elif params.rule == "date_between":
            formulas = [f"DATE({d.year},{d.month},{d.day})" for d in map(dt.date.fromisoformat, map(str, params.values))]
        else:
            formulas = [str(int(v)) if float(v).is_integer() else str(v) for v in params.values]
        body = f"""
            from openpyxl.utils import get_column_letter
            from openpyxl.worksheet.datavalidation import DataValidation
            letter = get_column_letter(header.index({lit(params.column)}) + 1)
            f = {lit(formulas)}
            dv = DataValidation(type={lit(kind)}, operator={lit(operator)}, formula1=f[0],
                                formula2=f[1] if len(f) > 1 else None, allow_blank=True, showErrorMessage=True,
                                errorStyle={lit(params.alert)}, error={lit(params.message)})
            ws.add_data_validation(dv)
            last = {params.through_row or "ws.max_row"}
            dv.add(f"{{letter}}2:{{letter}}{{last}}")
            print("validation", {lit(kind)}, "on", f"{{letter}}2:{{letter}}{{last}}")
        """
        down = f"row {params.through_row}" if params.through_row else "its last data row"
        return three_steps(params, body, f"I attach a {kind} validation to {params.column} down to {down} with a "
                           f"{params.alert} alert.", f"Validate {params.column}")
