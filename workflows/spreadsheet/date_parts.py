"""Add a column derived from a date column: the year, the month's name, the quarter, the weekday,
or the days from each date until a given day; the dates may be real dates or text in mixed forms."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from forge.models import ReferenceSolution
from workflows._prepared import PreparedWorkflow
from workflows._steps import lit
from workflows.spec import CheckTemplate, WorkflowContext, register_workflow
from workflows.spreadsheet._book import (
    AS_DATE,
    big_table,
    book_spec,
    choose,
    names,
    rewrite,
    three_steps,
    workbook,
)
from workflows.spreadsheet._finish import FinishOptions, FinishParams, finish_fields
from workflows.spreadsheet._messy import text_dates

Part = Literal["year", "month_name", "quarter", "weekday", "days_until"]
DATES = {"sales": "Date", "employees": "Start Date"}
HEADER = {"year": ["Year"], "month_name": ["Month"], "quarter": ["Quarter", "Qtr"], "weekday": ["Weekday", "Day"],
          "days_until": ["Days", "Age (days)", "Days elapsed"]}
ASK = {"year": "the year of {c} (as a number)", "month_name": "the full month name of {c} (January, February, ...)",
       "quarter": "the calendar quarter of {c}, written Q1 to Q4", "weekday": "the day of the week of {c} (Monday, ...)",
       "days_until": "the number of days from {c} to {until} (a whole number)"}
CODE = {"year": "d.year", "month_name": "d.strftime('%B')", "quarter": "f'Q{(d.month - 1) // 3 + 1}'",
        "weekday": "d.strftime('%A')", "days_until": "(UNTIL - d).days"}


class Params(FinishParams):
    column: str
    part: Part
    new_header: str
    until: dt.date | None
    ask: str
    text_dates: bool


class Options(FinishOptions):
    part: Part | None = None
    text_dates: bool | None = None


@register_workflow
class DateParts(PreparedWorkflow[Params]):
    spec = book_spec(
        "spreadsheet.date_parts", Params, Options,
        phrasings=[
            ('{{ input }} lists {{ subject }} on the sheet "{{ sheet }}". Add a column "{{ new_header }}" at the end '
             "with {{ ask }} for every row.{% if text_dates %} Note that {{ column }} was typed as text in mixed "
             "formats (slashed dates are month/day/year).{% endif %} Values, not formulas; other columns unchanged.",
             "formal"),
            ("For the report I need {{ ask }} next to each row of the {{ sheet }} tab in {{ input }} - new column "
             '"{{ new_header }}", please.{% if text_dates %} Careful, the dates are text in different formats '
             "(the slashed ones are US month/day/year).{% endif %} Plain values.", "chatty"),
            ('{{ input }} / "{{ sheet }}": new last column "{{ new_header }}" = {{ ask }}{% if text_dates %} (dates '
             "are text, mixed formats, m/d/y when slashed){% endif %}; values only.", "terse"),
        ],
        criteria=["The new column holds the asked-for part of every row's date.", "The other columns are unchanged."],
        checks=[CheckTemplate(func="table.date_part_column", bind={"table": "sheet", "new_header": "new_header",
                                                                    "column": "column", "part": "part", "until": "until"})],
        output="The workbook with the date column",
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        part, as_text = choose(ctx, "part", list(CODE)), choose(ctx, "text_dates", [False, True])
        kind = ctx.rng.choice(sorted(DATES))
        table = big_table(ctx.rng, ctx.faker, kind, 30, 200)
        column = DATES[kind]
        latest = max(table.column(column))
        until = latest + dt.timedelta(days=ctx.rng.randint(5, 200)) if part == "days_until" else None
        rows = text_dates(ctx.rng, table.rows, table.index(column)) if as_text else table.rows
        params = Params(**finish_fields(ctx), **names(ctx, table, part), column=column, part=part,
                        new_header=ctx.rng.choice(HEADER[part]), until=until,
                        ask=ASK[part].format(c=column, until=until.isoformat() if until else ""), text_dates=as_text)
        return params.with_files(input=workbook([(params.sheet, table.headers, rows)], table))

    def reference(self, params: Params) -> ReferenceSolution:
        until = f"UNTIL = dt.date.fromisoformat({lit(params.until.isoformat())})" if params.until else ""
        body = [AS_DATE, f"""
            {until}
            col = header.index({lit(params.column)})
            header.append({lit(params.new_header)})
            for row in rows:
                d = as_date(row[col])
                row.append({CODE[params.part]})
            print(rows[0][col], "->", rows[0][-1])
        """, rewrite()]
        return three_steps(params, body, f"I parse each {params.column} value into a date and append {params.ask}.",
                           f"Add {params.new_header}")
