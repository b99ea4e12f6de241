"""Stack three exports of one table into one CSV for a quarter's report: three monthly order
exports, or the orders the regional offices each sent. Columns are matched by name (an export
whose columns come in another order), a column may name each row's file, overlapping exports keep
each order once, and the rows may be put in date order."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any, Literal

from faker import Faker

from forge.models import ReferenceSolution
from preparers.data import Table, make_table, write_csv
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.data._draw import either
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Scenario = Literal["monthly", "regional"]
HEADER = ["Order ID", "Date", "Customer", "Region", "Product", "Units", "Unit Price"]
REGIONS = ["North", "South", "East", "West", "Central"]

_FILES = "{{ first }}, {{ second }} and {{ third }}"
_WHAT = ("{% if scenario == 'monthly' %}the order exports for {{ span }}{% else %}the orders the {{ span }} "
         "offices each exported{% endif %}")
_HOW = ("{% if reordered %} {{ reordered }} has the same columns in another order: match them by name and keep "
        "the column order of {{ first }}.{% endif %}{% if source_column %} Add a last column \"{{ source_column }}\" "
        "holding the name of the file each row came from (just the file name, e.g. {{ first_name }}).{% endif %}"
        "{% if key %} The exports overlap: an order that appears again (same {{ key }}) is kept once, from the "
        "first file it appears in ({{ first }} first, then {{ second }}, then {{ third }}).{% endif %}"
        "{% if sort_by %} Order the rows by {{ sort_by }}, oldest first.{% else %} Keep the rows file after file, "
        "each file's rows in their order.{% endif %}")


class Options(SkillParams):
    reordered: bool | None = None
    source_column: bool | None = None
    overlap: bool | None = None
    sort: bool | None = None


class Params(Prepared):
    first: str
    second: str
    third: str
    output: str
    first_name: str
    scenario: Scenario
    span: str
    reordered: str | None
    source_column: str | None
    key: str | None
    sort_by: str | None


def _exports(rng: random.Random, faker: Faker, scenario: Scenario, overlap: bool, start: dt.date,
             regions: list[str]) -> list[list[list[Any]]]:
    """Three exports' rows (in HEADER order), each in Order ID order; with `overlap`, a few rows of
    one export repeated in the next (re-exported days, an order two offices both logged)."""
    base = make_table(rng, faker, kind="sales", rows=rng.randint(45, 90)).rows
    parts: list[list[list[Any]]] = [[], [], []]
    for i, row in enumerate(base):
        if scenario == "monthly":
            part = min(2, i * 3 // len(base))
            month = dt.date(start.year, start.month + part, 1)
            day = month + dt.timedelta(days=min(27, i * 28 * 3 // len(base) % 28 + rng.choice([0, 0, -2, -3, 1])))
            parts[part].append([row[0], max(month, day), row[2], row[3], *row[4:]])
        else:
            part = rng.randrange(3)
            day = start + dt.timedelta(days=i * 88 // len(base) + rng.choice([0, 0, -4, 2]))
            parts[part].append([row[0], max(start, day), row[2], regions[part], *row[4:]])
    if overlap:
        for n in (1, 2):
            repeats = parts[n - 1][-rng.randint(2, 4):] if scenario == "monthly" else \
                rng.sample(parts[n - 1], min(len(parts[n - 1]), rng.randint(2, 3)))
            parts[n] = sorted(parts[n] + [list(r) for r in repeats], key=lambda r: r[0])
    return parts


def _shuffled_columns(rng: random.Random) -> list[int]:
    order = list(range(len(HEADER)))
    while order == list(range(len(HEADER))):
        rng.shuffle(order)
    return order


@register_workflow
class CsvStack(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="data.csv_stack", apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            "Combine " + _WHAT + " - " + _FILES + " - into one CSV, {{ output }}: one header row, then every row "
            "of the three files." + _HOW,
            "For the quarterly figures I need " + _WHAT + " in a single file. Could you stack " + _FILES + " into "
            "{{ output }}? Just one header at the top." + _HOW,
            _FILES + " -> {{ output }}: append the three into one table (one header)." + _HOW,
        ],
        criteria=["Every row of the three exports is in the file once, under the right columns.",
                  "One header row; the source column, the repeats and the order are as asked."],
        files=[FileSlot(param="first", type="csv", role="input", description="The first export"),
               FileSlot(param="second", type="csv", role="input", description="The second export"),
               FileSlot(param="third", type="csv", role="input", description="The third export"),
               FileSlot(param="output", type="csv", description="The stacked exports")],
        checks=[CheckTemplate(func="table.stacked",
                              paths={"input_file": "first", "second_file": "second", "third_file": "third"},
                              bind={"source_column": "source_column", "key": "key", "sort_by": "sort_by"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        reordered, source, overlap, sort = (either(ctx, o) for o in
                                            (opts.reordered, opts.source_column, opts.overlap, opts.sort))
        scenario: Scenario = ctx.rng.choice(["monthly", "regional"])
        year, quarter = ctx.rng.choice([2024, 2025]), ctx.rng.randrange(4)
        start = dt.date(year, 3 * quarter + 1, 1)
        regions = ctx.rng.sample(REGIONS, 3)
        parts = _exports(ctx.rng, ctx.faker, scenario, overlap, start, regions)
        folder = ctx.rng.choice(["", "exports/", f"q{quarter + 1}/"])
        if scenario == "monthly":
            names = [f"orders_{year}-{3 * quarter + m:02d}.csv" for m in (1, 2, 3)]
            span = f"{start:%B} to {dt.date(year, 3 * quarter + 3, 1):%B} {year}"
            output = f"orders_{year}_q{quarter + 1}.csv"
        else:
            names = [f"{r.lower()}_orders.csv" for r in regions]
            span = f"{regions[0]}, {regions[1]} and {regions[2]}"
            output = f"all_orders_q{quarter + 1}_{year}.csv"
        moved = ctx.rng.choice([1, 2]) if reordered else None
        params = Params(first=folder + names[0], second=folder + names[1], third=folder + names[2],
                        output=folder + output, first_name=names[0], scenario=scenario, span=span,
                        reordered=folder + names[moved] if moved else None,
                        source_column=ctx.rng.choice(["Source File", "Source", "File"]) if source else None,
                        key="Order ID" if overlap else None, sort_by="Date" if sort else None)
        files: dict[str, bytes] = {}
        for n, (slot, rows) in enumerate(zip(("first", "second", "third"), parts, strict=True)):
            order = _shuffled_columns(ctx.rng) if n == moved else list(range(len(HEADER)))
            files[slot] = write_csv(Table(kind="sales", title="orders", headers=[HEADER[i] for i in order],
                                          rows=[[r[i] for i in order] for r in rows]))
        return params.with_files(**files)

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv, os
            paths = [{lit(params.first)}, {lit(params.second)}, {lit(params.third)}]
            key, source, sort_by = {lit(params.key)}, {lit(params.source_column)}, {lit(params.sort_by)}
            rows, seen, header = [], set(), None
            for path in paths:
                with open(path, newline="", encoding="utf-8") as f:
                    reader = csv.DictReader(f)
                    header = header or list(reader.fieldnames)
                    for record in reader:
                        if key and record[key] in seen:
                            continue
                        seen.add(record[key] if key else None)
                        rows.append([record[h] for h in header] + ([os.path.basename(path)] if source else []))
            if sort_by:
                rows.sort(key=lambda r: r[header.index(sort_by)])  # ISO dates sort as text
            with open({lit(params.output)}, "w", newline="", encoding="utf-8") as f:
                csv.writer(f).writerows([header + ([source] if source else []), *rows])
            print(len(rows), "rows")
        """
        show = "; ".join(f"print(open({lit(p)}).read()[:300])" for p in (params.first, params.second, params.third))
        return solution(script_step(show, "First I look at the three exports' headers and rows.", "Show the exports"),
                        script_step(script, f"I read each export by column name and write the rows to "
                                    f"{params.output}.", "Stack the exports"))
