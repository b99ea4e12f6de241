"""Summarise three CSV exports in one small table before anyone reads them: a quarter's monthly
order exports, or three shops' exports of a month, each as one row with its number of orders and
its revenue, its average or largest order or its number of different customers; a last row over
all three when asked (an average over every order, a customer in two files counted once); amounts
pasted as money text to be read as numbers."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any, Literal

from forge.models import ReferenceSolution
from preparers.data import Table, write_csv
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.data._draw import either
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow
from workflows.spreadsheet._messy import text_amounts

Measure = Literal["total", "average", "largest", "distinct"]
SLOTS = ("first", "second", "third")
HEADER = ["Order ID", "Date", "Customer ID", "Amount"]
# measure -> (column measured, the column's possible headers, how the instruction says it)
MEASURES: dict[str, tuple[str, list[str], str]] = {
    "total": ("Amount", ["Revenue", "Total Amount"], "the sum of its Amount column, rounded to 2 decimals"),
    "average": ("Amount", ["Average Order", "Avg Amount"], "the average of its Amount column, rounded to 2 decimals"),
    "largest": ("Amount", ["Largest Order", "Max Amount"], "the largest value of its Amount column, rounded to 2 "
                "decimals"),
    "distinct": ("Customer ID", ["Customers", "Unique Customers"],
                 "how many different customers it has, by Customer ID"),
}
_TOTAL = ("{% if total_row %} End with a row labelled \"{{ total_row }}\" with the same figures over all the orders "
          "of the three files together{% if measure == 'average' %} (the average of every order, not of the three "
          "averages){% elif measure == 'distinct' %} (a customer who shows up in more than one file counts once)"
          "{% endif %}.{% endif %}{% if text %} Amount was pasted from a report, so some amounts are text with $ "
          "signs and thousands separators: read them as numbers.{% endif %}")
_TABLE = ("one row per file, in the order listed, with the columns {{ header[0] }} (the file's name, e.g. "
          "{{ first_name }}), {{ header[1] }} (how many orders it holds) and {{ header[2] }} ({{ says }})")


class Options(SkillParams):
    measure: Measure | None = None
    total_row: bool | None = None
    text_amounts: bool | None = None


class Params(Prepared):
    first: str
    second: str
    third: str
    output: str
    first_name: str
    what: str
    header: list[str]
    measure: Measure
    column: str
    says: str
    total_row: str | None
    text: bool


def _exports(rng: random.Random, monthly: bool) -> list[list[list[Any]]]:
    """Three exports' order rows: customers drawn from one pool, so some appear in several files."""
    customers = [f"CU-{n}" for n in rng.sample(range(100, 999), rng.randint(10, 18))]
    year, month = rng.choice([2024, 2025]), rng.choice([1, 4, 7, 10])
    number, parts = rng.randrange(20000, 29000), []
    for k in range(3):
        start = dt.date(year, month + k, 1) if monthly else dt.date(year, month, 1)
        rows = []
        for _ in range(rng.randint(6, 16)):
            number += rng.randint(1, 7)
            rows.append([f"SO-{number}", start + dt.timedelta(days=rng.randrange(28)), rng.choice(customers),
                         round(rng.lognormvariate(5, 0.8), 2)])
        parts.append(sorted(rows, key=lambda r: (r[1], r[0])))
    return parts


@register_workflow
class CsvFilesSummary(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="data.csv_files_summary", apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            "Summarise {{ what }} - {{ first }}, {{ second }} and {{ third }} - in {{ output }}: " + _TABLE + "."
            + _TOTAL,
            "Before I go through {{ what }} ({{ first }}, {{ second }}, {{ third }}) I'd like a quick overview. "
            "Could you write {{ output }} with " + _TABLE + "?" + _TOTAL,
            "{{ first }}, {{ second }}, {{ third }} -> {{ output }}: " + _TABLE + "." + _TOTAL,
        ],
        criteria=["One row per file in the order given, with the file's name, its order count and its figure.",
                  "The figures come from the files' rows (amounts read as numbers); any total row covers them all."],
        files=[*(FileSlot(param=s, type="csv", role="input", description="One export") for s in SLOTS),
               FileSlot(param="output", type="csv", description="The summary")],
        checks=[CheckTemplate(func="table.files_summarised",
                              paths={"input_file": "first", "second_file": "second", "third_file": "third"},
                              bind={"header": "header", "measure": "measure", "column": "column",
                                    "total_row": "total_row"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        measure: Measure = opts.measure or ctx.rng.choice(["total", "average", "largest", "distinct"])
        total = either(ctx, opts.total_row)
        text = measure != "distinct" and either(ctx, opts.text_amounts)  # a count of ids reads no amount
        monthly = ctx.rng.random() < 0.5
        parts = _exports(ctx.rng, monthly)
        if monthly:
            names = [f"orders_{r[0][1]:%Y-%m}.csv" for r in parts]
            what = "the quarter's three monthly order exports"
        else:
            names = [f"orders_{shop}.csv" for shop in ctx.rng.sample(["camden", "soho", "hackney", "brixton"], 3)]
            what = "the three shops' order exports for the month"
        folder = ctx.rng.choice(["", "exports/", "reports/"])
        column, headers, says = MEASURES[measure]
        params = Params(**{s: folder + n for s, n in zip(SLOTS, names, strict=True)},
                        output=f"{folder}{ctx.rng.choice(['summary', 'overview', 'files_summary'])}.csv",
                        first_name=names[0], what=what, header=[ctx.rng.choice(["File", "Export"]), "Orders",
                                                                  ctx.rng.choice(headers)],
                        measure=measure, column=column, says=says,
                        total_row=ctx.rng.choice(["Total", "All files"]) if total else None, text=text)
        files = {}
        for slot, rows in zip(SLOTS, parts, strict=True):
            rows = text_amounts(ctx.rng, rows, 3) if text else rows
            files[slot] = write_csv(Table(kind="orders", title="orders", headers=HEADER, rows=rows))
        return params.with_files(**files)

    def reference(self, params: Params) -> ReferenceSolution:
        paths = [params.first, params.second, params.third]
        script = f"""
            import csv, os, re
            measure, column, label = {lit(params.measure)}, {lit(params.column)}, {lit(params.total_row)}
            def figure(values):
                if measure == "distinct":
                    return len({{v.strip().casefold() for v in values if v.strip()}})
                amounts = [float(re.sub(r"[\\s$,]", "", v)) for v in values]  # "$ 1,234.50" -> 1234.5
                if measure == "largest":
                    return round(max(amounts), 2)
                return round(sum(amounts) / (len(amounts) if measure == "average" else 1), 2)
            rows, every = [{lit(params.header)}], []
            for path in {lit(paths)}:
                with open(path, newline="", encoding="utf-8") as f:
                    values = [record[column] for record in csv.DictReader(f)]
                every += values
                rows.append([os.path.basename(path), len(values), figure(values)])
            if label:
                rows.append([label, len(every), figure(every)])
            with open({lit(params.output)}, "w", newline="", encoding="utf-8") as f:
                csv.writer(f).writerows(rows)
            print(rows)
        """
        show = "; ".join(f"print(open({lit(p)}).read()[:300])" for p in paths)
        return solution(script_step(show, "First I look at the three exports.", "Show the exports"),
                        script_step(script, f"I count each file's orders, work out its figure and write "
                                    f"{params.output}.", "Summarise the exports"))
