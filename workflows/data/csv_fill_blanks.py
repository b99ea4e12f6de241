"""Fill the empty cells of one CSV column by a stated rule before the file goes on: a region a
report printed once per group filled down, a missing department set to a stated default, a missing
discount set to zero, a weather station's missing readings set to the column's mean or median, or
to the mean of the same station's readings."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any, Literal

from faker import Faker

from forge.models import ReferenceSolution
from preparers.data import Table, write_csv
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.data._draw import either
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Fill = Literal["down", "text", "zero", "mean", "median", "group_mean"]
RULE = {"down": "the nearest {{ column }} above it (the report prints each {{ column }} only on its first row)",
        "text": "\"{{ value }}\"", "zero": "0 (an empty {{ column }} means none)",
        "mean": "the average of the {{ column }} values that are given, rounded to 2 decimals",
        "median": "the median of the {{ column }} values that are given",
        "group_mean": "the average of the given {{ column }} values of the same {{ group_by }}, rounded to 2 decimals"}
_RULE = "".join(f"{{% if fill == {k!r} %}}{v}{{% endif %}}" for k, v in RULE.items())
STATIONS = ["Harbour", "Airport", "Hilltop", "Riverside", "Old Town", "Moorland"]
DEPARTMENTS = ["Finance", "Operations", "Marketing", "Sales", "Engineering", "Support"]


class Options(SkillParams):
    fill: Fill | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    column: str
    fill: Fill
    method: str
    value: str | int | None
    group_by: str | None
    decimals: int | None
    in_place: bool


def _blank(rng: random.Random, rows: list[list[Any]], c: int, share: float, *, first: bool = False) -> None:
    """Empty about `share` of column `c` (never the first row when `first`), the last row always."""
    for row in rows[1 if first else 0:]:
        if rng.random() < share:
            row[c] = None
    rows[-1][c] = None


def make_table(rng: random.Random, faker: Faker, fill: Fill) -> tuple[Table, str, str | None]:
    """The export for a rule: its table, the column to fill, the grouping column (group_mean)."""
    if fill == "down":
        rows = [[region, faker.city(), dt.date(2025, m, 1).strftime("%b"), rng.randrange(20, 900) * 10]
                for region in rng.sample(["North", "South", "East", "West", "Central"], 4)
                for m in range(1, rng.randint(3, 5) + 1)]
        for i in range(len(rows) - 1, 0, -1):
            rows[i][0] = None if rows[i][0] == rows[i - 1][0] else rows[i][0]
        return Table(kind="report", title="sales_report", headers=["Region", "Store", "Month", "Sales"], rows=rows,
                     file_stems=["sales_report"]), "Region", None
    if fill == "text":
        rows = [[f"E{n}", faker.name(), rng.choice(DEPARTMENTS), rng.choice(["London", "Leeds", "Glasgow"])]
                for n in sorted(rng.sample(range(1000, 9999), rng.randint(15, 30)))]
        _blank(rng, rows, 2, 0.2)
        return Table(kind="staff", title="staff", headers=["Employee ID", "Name", "Department", "Office"], rows=rows,
                     file_stems=["staff_directory"]), "Department", None
    if fill == "zero":
        rows = [[f"SO-{n}", faker.company(), rng.randint(1, 20), round(rng.uniform(20, 900), 2),
                 rng.choice([5, 10, 15, 2.5])] for n in sorted(rng.sample(range(20000, 29999), rng.randint(15, 30)))]
        _blank(rng, rows, 4, 0.45)
        return Table(kind="orders", title="orders", headers=["Order ID", "Customer", "Quantity", "Amount",
                     "Discount %"], rows=rows, file_stems=["orders_export"]), "Discount %", None
    start, stations = dt.date(2025, rng.randint(1, 11), 1), rng.sample(STATIONS, rng.randint(3, 4))
    base = {s: rng.uniform(2, 20) for s in stations}
    rows = [[s, start + dt.timedelta(days=d), round(base[s] + rng.uniform(-4, 4), 1), round(rng.uniform(0, 12), 1)]
            for d in range(rng.randint(4, 7)) for s in stations]
    _blank(rng, rows, 2, 0.2)
    for s in stations:  # every station keeps a reading to average
        if all(r[2] is None for r in rows if r[0] == s):
            next(r for r in rows if r[0] == s)[2] = round(base[s], 1)
    return Table(kind="weather", title="weather", headers=["Station", "Date", "Temp C", "Rain mm"], rows=rows,
                 file_stems=["station_readings"]), "Temp C", "Station" if fill == "group_mean" else None


@register_workflow
class CsvFillBlanks(PreparedWorkflow[Params]):
    states_values = ("value",)
    spec = WorkflowSpec(
        name="data.csv_fill_blanks", apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            "Some {{ column }} cells in {{ input }} are empty. Fill each empty {{ column }} with " + _RULE + ", leave "
            "every other cell as it is, and {% if in_place %}save {{ output }} in place{% else %}write the result to "
            "{{ output }}{% endif %}.",
            "Before we load {{ input }}, the gaps in {{ column }} need filling: " + _RULE + ". Nothing else should "
            "change. {% if in_place %}Just overwrite {{ output }}{% else %}Save it as {{ output }}{% endif %}, thanks.",
            "{{ input }} -> {{ output }}{% if in_place %} (in place){% endif %}: empty {{ column }} := " + _RULE + "; "
            "all else unchanged.",
        ],
        criteria=["Every empty cell of the column holds its fill.", "No other cell changed."],
        files=[FileSlot(param="input", type="csv", role="input", description="A CSV export with gaps"),
               FileSlot(param="output", type="csv", description="The filled CSV")],
        checks=[CheckTemplate(func="table.blanks_filled", bind={
            "column": "column", "method": "method", "value": "value", "group_by": "group_by",
            "decimals": "decimals"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        fill: Fill = opts.fill or ctx.rng.choice(list(RULE))  # type: ignore[assignment]
        in_place = either(ctx, opts.in_place)
        table, column, group_by = make_table(ctx.rng, ctx.faker, fill)
        value = {"text": ctx.rng.choice(["Unassigned", "Unknown", "Not given"]), "zero": 0}.get(fill)
        method = {"down": "down", "text": "value", "zero": "value", "group_mean": "mean"}.get(fill, fill)
        folder, stem = ctx.rng.choice(["", "exports/", "data/"]), table.file_stems[0]
        params = Params(input=f"{folder}{stem}.csv", output=f"{folder}{stem}{'' if in_place else '_filled'}.csv",
                        column=column, fill=fill, method=method, value=value, group_by=group_by,
                        decimals=2 if fill in ("mean", "group_mean") else None, in_place=in_place)
        return params.with_files(input=write_csv(table))

    def reference(self, params: Params) -> ReferenceSolution:
        figure = {"mean": "round(statistics.fmean(xs), 2)", "median": "statistics.median(xs)"}.get(params.method, "None")
        script = f"""
            import csv, statistics
            with open({lit(params.input)}, newline="", encoding="utf-8") as f:
                header, *rows = list(csv.reader(f))
            c = header.index({lit(params.column)})
            g = header.index({lit(params.group_by)}) if {lit(params.group_by)} else None
            given = {{}}
            for row in rows:
                if row[c].strip() and {lit(params.method)} in ("mean", "median"):
                    given.setdefault(row[g] if g is not None else None, []).append(float(row[c]))
            above = None
            for row in rows:
                if row[c].strip():
                    above = row[c]
                    continue
                xs = given.get(row[g] if g is not None else None)
                row[c] = {{"down": above, "value": {lit(params.value)}}}.get({lit(params.method)}) \\
                    if {lit(params.method)} in ("down", "value") else {figure}
            with open({lit(params.output)}, "w", newline="", encoding="utf-8") as out:
                csv.writer(out).writerows([header, *rows])
            print(len(rows), "rows written to", {lit(params.output)})
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read()[:500])",
                                    f"First I look at {params.input} and its gaps in {params.column}.",
                                    f"Show {params.input}"),
                        script_step(script, f"I fill each empty {params.column} ({params.fill}) and write "
                                    f"{params.output}.", f"Fill the gaps in {params.column}"))
