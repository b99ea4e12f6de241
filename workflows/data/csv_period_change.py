"""Add a column computed from each row's earlier periods to a CSV series before a monthly or weekly
report: the change from the previous period, that change in percent, or a trailing moving average.
The series is one shop's or site's (rows in date order), one per store or region (each store's
previous period is some rows up, the rows interleaved by date or blocked by store), or one series
whose amounts were exported as money text ('$12,340.50'), which must be read as numbers.
"""

from __future__ import annotations

import datetime as dt
import random
from typing import Any, Literal

from faker import Faker

from forge.checks import table_period as _period  # noqa: F401  (registers table.period_change)
from forge.models import ReferenceSolution
from preparers.data import Table, write_csv
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.data._draw import either
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Operation = Literal["difference", "percent_change", "moving_average"]
Series = Literal["single", "grouped", "money_text"]
ASK = {
    "difference": "the change in {{ column }} from the previous {{ period }}{{ within }}, rounded to {{ decimals }} "
                  "decimal places",
    "percent_change": "the change in {{ column }} from the previous {{ period }}{{ within }} in percent of that "
                      "previous figure (a rise of a fifth is 20), rounded to {{ decimals }} decimal places",
    "moving_average": "the average of {{ column }} over the last {{ window }} {{ period }}s{{ within }}, this one "
                      "included, rounded to {{ decimals }} decimal places",
}
_ASK = "".join(f"{{% if operation == {k!r} %}}{v}{{% endif %}}" for k, v in ASK.items())
EMPTY = ("{% if operation == 'moving_average' %}the rows that do not yet have {{ window }} {{ period }}s{{ within }} "
         "to average{% else %}the first {{ period }}{{ within }}, which has nothing before it{% endif %}")
HEADERS = {"difference": ["Change", "Change vs Prior", "Delta"], "percent_change": ["Change %", "Growth %", "Pct Change"],
           "moving_average": ["Moving Avg", "Rolling Average", "Trend"]}
SERIES = {  # kind -> (period, date header, measures, file stems, group header, groups)
    "shop": ("month", "Month", ["Revenue", "Orders"], ["monthly_sales", "shop_revenue"], "Store",
             ["Leeds", "Bristol", "Glasgow", "Cardiff", "York", "Norwich"]),
    "web": ("week", "Week Starting", ["Signups", "Active Users"], ["weekly_signups", "growth_weekly"], "Region",
            ["EMEA", "Americas", "APAC", "Nordics", "DACH"]),
    "energy": ("month", "Month", ["kWh Used", "Cost"], ["energy_use", "utility_bills"], "Site",
               ["Head Office", "Warehouse", "Depot North", "Lab", "Retail Park"]),
}
MONEY = {"Revenue", "Cost"}
EXTRA = {"shop": "Returns", "web": "Tickets", "energy": "Degree Days"}  # a second figure beside the measure


class Options(SkillParams):
    operation: Operation | None = None
    series: Series | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    column: str
    new_header: str
    operation: Operation
    period: str
    window: int | None
    group_by: str | None
    within: str
    decimals: int
    in_place: bool


def _rows(rng: random.Random, kind: str, groups: list[str | None], money: bool) -> tuple[list[str], list[list[Any]], str]:
    """The series: one row per period (and group), every figure positive, in date order."""
    period, date_header, measures, _, group_header, _ = SERIES[kind]
    column = rng.choice([m for m in measures if not money or m in MONEY])
    n = rng.randint(10, 24) if period == "month" else rng.randint(12, 30)
    start = dt.date(rng.randint(2021, 2024), rng.randint(1, 12), 1)
    dates = [dt.date(start.year + (start.month - 1 + i) // 12, (start.month - 1 + i) % 12 + 1, 1) if period == "month"
             else start + dt.timedelta(weeks=i) for i in range(n)]
    level = {g: rng.uniform(800, 40000) for g in groups}
    rows = []
    for d in dates:
        for g in groups:
            level[g] *= rng.uniform(0.85, 1.18)
            value: Any = round(level[g], 2) if column in MONEY else max(1, round(level[g] / 10))
            if money:
                value = f"${value:,.2f}"
            rows.append([*([g] if g is not None else []), d.isoformat() if period == "week" else d.strftime("%Y-%m"),
                         value, rng.randint(1, 400)])
    header = [*([group_header] if groups != [None] else []), date_header, column, EXTRA[kind]]
    return header, rows, column


@register_workflow
class CsvPeriodChange(PreparedWorkflow[Params]):
    states_values = ("window", "decimals")
    spec = WorkflowSpec(
        name="data.csv_period_change", apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            "Add a column \"{{ new_header }}\" at the end of {{ input }} holding, for each row, " + _ASK + ". Leave it "
            "empty for " + EMPTY + ". Keep every other column and row exactly as it is and {% if in_place %}save "
            "{{ output }} in place{% else %}write the result to {{ output }}{% endif %}.",
            "For the report I need the trend next to the figures in {{ input }}: a new last column \"{{ new_header }}\" "
            "with " + _ASK + ". Nothing goes in it for " + EMPTY + ". The rows are already in date order; don't "
            "change them. {% if in_place %}Overwrite {{ output }}{% else %}Save it as {{ output }}{% endif %}.",
            "{{ input }} -> {{ output }}{% if in_place %} (in place){% endif %}: append \"{{ new_header }}\" = " + _ASK
            + "; empty for " + EMPTY + "; other cells unchanged.",
        ],
        criteria=["The new column holds each row's figure as asked, rounded as stated.",
                  "Rows without enough earlier periods are left empty.", "No other cell, row or column changed."],
        files=[FileSlot(param="input", type="csv", role="input", description="A CSV series in date order"),
               FileSlot(param="output", type="csv", description="The series with the new column")],
        checks=[CheckTemplate(func="table.period_change", bind={
            "new_header": "new_header", "column": "column", "operation": "operation", "window": "window",
            "group_column": "group_by", "decimals": "decimals"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        operation: Operation = opts.operation or ctx.rng.choice(list(ASK))  # type: ignore[assignment]
        series: Series = opts.series or ctx.rng.choice(["single", "grouped", "money_text"])  # type: ignore[assignment]
        kind = ctx.rng.choice([k for k in SERIES if series != "money_text" or set(SERIES[k][2]) & MONEY])
        period, _, _, stems, group_header, names = SERIES[kind]
        groups: list[str | None] = ctx.rng.sample(names, ctx.rng.randint(3, 5)) if series == "grouped" else [None]
        header, rows, column = _rows(ctx.rng, kind, groups, series == "money_text")
        if series == "grouped" and ctx.rng.random() < 0.5:
            rows.sort(key=lambda row: str(row[0]))  # blocked by store, each in date order
        in_place = either(ctx, opts.in_place)
        folder, stem = ctx.rng.choice(["", "reports/", "exports/"]), ctx.rng.choice(stems)
        window = ctx.rng.choice([3, 6] if period == "month" else [4, 8]) if operation == "moving_average" else None
        params = Params(
            input=f"{folder}{stem}.csv", output=f"{folder}{stem}{'' if in_place else '_trend'}.csv", column=column,
            new_header=ctx.rng.choice(HEADERS[operation]), operation=operation, period=period, window=window,
            group_by=group_header if series == "grouped" else None,
            within=f" of the same {group_header.lower()}" if series == "grouped" else "",
            decimals=ctx.rng.choice([1, 2]), in_place=in_place)
        return params.with_files(input=write_csv(Table(kind=kind, title=stem, headers=header, rows=rows)))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv
            with open({lit(params.input)}, newline="", encoding="utf-8") as f:
                header, *rows = list(csv.reader(f))
            c = header.index({lit(params.column)})
            g = header.index({lit(params.group_by)}) if {lit(params.group_by)} else None
            seen = {{}}
            for row in rows:
                xs = seen.setdefault(row[g] if g is not None else None, [])
                xs.append(float(row[c].replace("$", "").replace(",", "")))
                op, w = {lit(params.operation)}, {lit(params.window)}
                if op == "moving_average":
                    new = sum(xs[-w:]) / w if len(xs) >= w else None
                elif len(xs) < 2:
                    new = None
                else:
                    new = xs[-1] - xs[-2] if op == "difference" else 100 * (xs[-1] - xs[-2]) / xs[-2]
                row.append("" if new is None else round(new, {params.decimals}))
            with open({lit(params.output)}, "w", newline="", encoding="utf-8") as out:
                csv.writer(out).writerows([header + [{lit(params.new_header)}], *rows])
            print(len(rows), "rows written to", {lit(params.output)})
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read()[:600])",
                                    f"First I look at {params.input}: its columns and the order of the periods.",
                                    f"Show {params.input}"),
                        script_step(script, f"I walk the rows in order, keep each series' {params.column} figures so "
                                    f"far, and append {params.new_header!r} ({params.operation.replace('_', ' ')}).",
                                    f"Add {params.new_header}"))
