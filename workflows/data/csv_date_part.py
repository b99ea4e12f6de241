"""Add a column derived from a CSV export's date column before it goes into a report: the year, the
month's name, the quarter, the weekday, or the days from each date until a given day; the dates ISO
as exported, or typed by hand in mixed forms (slashed ones month/day/year); a new file or in place."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from forge.models import ReferenceSolution
from preparers.data import Table, write_csv
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.data._draw import either
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow
from workflows.spreadsheet._book import AS_DATE
from workflows.spreadsheet._messy import text_dates

Part = Literal["year", "month_name", "quarter", "weekday", "days_until"]
HEADER = {"year": "Year", "month_name": "Month", "quarter": "Quarter", "weekday": "Weekday", "days_until": "Days Open"}
ASK = {"year": "the year of {c} (as a number)", "month_name": "the full month name of {c} (January, February, ...)",
       "quarter": "the calendar quarter of {c}, written Q1 to Q4", "weekday": "the day of the week of {c} (Monday, ...)",
       "days_until": "the number of days from {c} to {until} (a whole number)"}
CODE = {"year": "d.year", "month_name": "d.strftime('%B')", "quarter": "f'Q{(d.month - 1) // 3 + 1}'",
        "weekday": "d.strftime('%A')", "days_until": "(UNTIL - d).days"}
PRIORITY = ["Low", "Normal", "High", "Urgent"]


class Options(SkillParams):
    part: Part | None = None
    text_dates: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    column: str
    part: Part
    new_header: str
    until: dt.date | None
    ask: str
    text_dates: bool
    in_place: bool


@register_workflow
class CsvDatePart(PreparedWorkflow[Params]):
    states_values = ("until",)
    spec = WorkflowSpec(
        name="data.csv_date_part", apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            "Add a column \"{{ new_header }}\" at the end of {{ input }} holding {{ ask }} for every row.{% if "
            "text_dates %} The {{ column }} values were typed by hand in mixed formats (slashed dates are "
            "month/day/year).{% endif %} Leave the other columns as they are and {% if in_place %}save {{ output }} "
            "in place{% else %}write the result to {{ output }}{% endif %}.",
            "For the weekly report I need {{ ask }} next to each ticket in {{ input }}: a new last column "
            "\"{{ new_header }}\", please.{% if text_dates %} Careful, the dates are text in different formats (the "
            "slashed ones are US month/day/year).{% endif %} {% if in_place %}Just overwrite {{ output }}.{% else %}"
            "Save it as {{ output }}.{% endif %}",
            "{{ input }} -> {{ output }}{% if in_place %} (in place){% endif %}: new last column \"{{ new_header }}\" "
            "= {{ ask }}{% if text_dates %} (dates are text, mixed formats, m/d/y when slashed){% endif %}.",
        ],
        criteria=["The new column holds the asked-for part of every row's date.", "The other columns are unchanged."],
        files=[FileSlot(param="input", type="csv", role="input", description="A ticket export"),
               FileSlot(param="output", type="csv", description="The export with the date column")],
        checks=[CheckTemplate(func="table.date_part_column", bind={"new_header": "new_header", "column": "column",
                                                                    "part": "part", "until": "until"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        part: Part = opts.part or ctx.rng.choice(list(CODE))  # type: ignore[assignment]
        as_text, in_place = either(ctx, opts.text_dates, 0.4), either(ctx, opts.in_place, 0.4)
        start = dt.date(ctx.rng.choice([2024, 2025]), ctx.rng.randint(1, 12), 1)
        rows = [[f"T-{n}", start + dt.timedelta(days=ctx.rng.randrange(270)), ctx.faker.company(),
                 ctx.rng.choice(PRIORITY), ctx.faker.name()]
                for n in sorted(ctx.rng.sample(range(10000, 99999), ctx.rng.randint(20, 60)))]
        until = max(r[1] for r in rows) + dt.timedelta(days=ctx.rng.randint(5, 60)) if part == "days_until" else None
        if as_text:
            rows = text_dates(ctx.rng, rows, 1)
        table = Table(kind="tickets", title="tickets", headers=["Ticket", "Opened", "Customer", "Priority", "Agent"],
                      rows=rows)
        folder = ctx.rng.choice(["", "exports/", "support/"])
        name = f"{folder}tickets_{start:%Y_%m}.csv"
        ask = ASK[part].format(c="Opened", until=until.isoformat() if until else "")
        params = Params(input=name, output=name if in_place else name.replace(".csv", f"_{part}.csv"),
                        column="Opened", part=part, new_header=HEADER[part], until=until, ask=ask,
                        text_dates=as_text, in_place=in_place)
        return params.with_files(input=write_csv(table))

    def reference(self, params: Params) -> ReferenceSolution:
        until = f"UNTIL = dt.date.fromisoformat({lit(params.until.isoformat())})" if params.until else ""
        script = AS_DATE + f"""
import csv
{until}
with open({lit(params.input)}, newline="", encoding="utf-8") as f:
    header, *rows = list(csv.reader(f))
col = header.index({lit(params.column)})
header.append({lit(params.new_header)})
for row in rows:
    d = as_date(row[col])
    row.append({CODE[params.part]})
with open({lit(params.output)}, "w", newline="", encoding="utf-8") as out:
    csv.writer(out).writerows([header, *rows])
print(rows[0][col], "->", rows[0][-1])
"""
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read()[:400])",
                                    f"First I look at how {params.column} is written.", f"Show {params.input}"),
                        script_step(script, f"I parse each {params.column} value into a date and append {params.ask}.",
                                    f"Add {params.new_header}"))
