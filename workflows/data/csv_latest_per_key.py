"""Reduce a history export to one row per key by a date column: the current price of each SKU from
a price history, the last reading of each meter, each customer's latest details (or the earliest:
launch prices, first readings, details at sign-up). The history is appended from several sources,
so the row to keep is found by its date, not its position; messy exports type the key in another
case or with stray spaces; the rows stay in the file's order or are sorted by key."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any, Literal

from faker import Faker

from forge.models import ReferenceSolution
from preparers.data import Table, write_csv
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.data._draw import either, misleading_order, retyped
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Keep = Literal["latest", "earliest"]
# per kind: headers (key first, date last), what a row is, the output's stem by keep
KINDS: dict[str, tuple[list[str], str, dict[str, str]]] = {
    "prices": (["SKU", "Product", "Unit Price", "Effective Date"], "price change",
               {"latest": "current_prices", "earliest": "launch_prices"}),
    "meters": (["Meter ID", "Address", "Reading kWh", "Read On"], "reading",
               {"latest": "last_readings", "earliest": "first_readings"}),
    "customers": (["Customer ID", "Name", "Email", "City", "Plan", "Updated On"], "update",
                  {"latest": "current_customers", "earliest": "customers_at_signup"}),
}
PRODUCTS = ["Desk lamp", "Office chair", "Monitor arm", "Label printer", "Paper shredder", "Whiteboard",
            "Filing cabinet", "Headset", "Webcam", "Docking station", "Laser pointer", "Footrest"]


class Options(SkillParams):
    keep: Keep | None = None
    messy: bool | None = None
    sort_by_key: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    key: str
    date_column: str
    keep: Keep
    what: str
    messy: bool
    sort_by_key: bool
    in_place: bool


def _history(rng: random.Random, faker: Faker, kind: str, keep: Keep) -> list[list[Any]]:
    """Each key's rows with distinct dates, the whole history shuffled, so the kept row is neither
    the key's first nor its last in the file for at least one key."""
    start = dt.date(rng.choice([2023, 2024]), rng.randint(1, 12), 1)
    rows: list[list[Any]] = []
    for j, n in enumerate(rng.sample(range(1000, 9999), rng.randint(8, 18))):
        days = sorted(rng.sample(range(500), 3 if j == 0 else rng.choice([1, 2, 2, 3, 3, 4])))
        if kind == "prices":
            first = [f"SKU-{n}", rng.choice(PRODUCTS)]
            values = [[round(rng.uniform(8, 400), 2)] for _ in days]
        elif kind == "meters":
            first, level = [f"MTR-{n}", faker.street_address()], rng.randint(1000, 40000)
            values = [[level + i * rng.randint(150, 900)] for i in range(len(days))]
        else:
            first, name = [f"CU-{n}"], faker.name()
            values = [[name, faker.email(), faker.city(), rng.choice(["Free", "Pro", "Team"])] for _ in days]
        rows += [[*first, *value, start + dt.timedelta(days=day)] for value, day in zip(values, days, strict=True)]
    return misleading_order(rng, rows, keep)


@register_workflow
class CsvLatestPerKey(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="data.csv_latest_per_key", apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            "{{ input }} is a history with several rows per {{ key }}, not in date order. Keep exactly one row per "
            "{{ key }}: the one with the {{ keep }} {{ date_column }}, whole and unchanged.{% if messy %} Some "
            "{{ key }}s were typed in another case or with stray spaces: those are the same {{ key }}.{% endif %} "
            "{% if sort_by_key %}Sort the result by {{ key }} (A to Z){% else %}Keep the kept rows in the order they "
            "have in the file{% endif %}, and {% if in_place %}save it over {{ output }} itself{% else %}write it to "
            "{{ output }}{% endif %}.",
            "Could you boil {{ input }} down to one row per {{ key }}? I want the {{ keep }} {{ what }} for each (by "
            "{{ date_column }}; the file isn't sorted by date).{% if messy %} Careful, the {{ key }} was typed "
            "inconsistently (case, spaces).{% endif %} {% if sort_by_key %}Ordered by {{ key }}, please{% else %}Same "
            "row order as the file{% endif %}; {% if in_place %}just overwrite {{ output }}{% else %}save it as "
            "{{ output }}{% endif %}.",
            "{{ input }} -> {{ output }}{% if in_place %} (in place){% endif %}: one row per {{ key }}, the {{ keep }} "
            "by {{ date_column }}{% if messy %} (keys differing only in case/spacing are one){% endif %}; "
            "{% if sort_by_key %}sorted by {{ key }}{% else %}file order{% endif %}; rows unchanged.",
        ],
        criteria=["One row per key, the one with the asked date.", "Rows are kept whole, in the asked order."],
        files=[FileSlot(param="input", type="csv", role="input", description="A history export"),
               FileSlot(param="output", type="csv", description="One row per key")],
        checks=[CheckTemplate(func="table.latest_per_key", bind={
            "key": "key", "date_column": "date_column", "keep": "keep", "fold_case": "messy",
            "sort_by_key": "sort_by_key"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        keep: Keep = opts.keep or ctx.rng.choice(["latest", "earliest"])  # type: ignore[assignment]
        messy, sort_by_key = either(ctx, opts.messy), either(ctx, opts.sort_by_key)
        in_place = either(ctx, opts.in_place)
        kind = ctx.rng.choice(sorted(KINDS))
        headers, what, stems = KINDS[kind]
        rows = _history(ctx.rng, ctx.faker, kind, keep)
        if messy:
            for row in ctx.rng.sample(rows, max(3, len(rows) // 5)):
                row[0] = retyped(ctx.rng, row[0])
        folder = ctx.rng.choice(["", "exports/", "history/"])
        name = f"{folder}{kind}_history.csv"
        params = Params(input=name, output=name if in_place else f"{folder}{stems[keep]}.csv", key=headers[0],
                        date_column=headers[-1], keep=keep, what=what, messy=messy, sort_by_key=sort_by_key,
                        in_place=in_place)
        return params.with_files(input=write_csv(Table(kind=kind, title=kind, headers=headers, rows=rows)))

    def reference(self, params: Params) -> ReferenceSolution:
        fold = "' '.join(row[0].split()).casefold()" if params.messy else "row[0].strip()"
        script = f"""
            import csv
            with open({lit(params.input)}, newline="", encoding="utf-8") as f:
                header, *rows = list(csv.reader(f))
            d = header.index({lit(params.date_column)})
            assert header[0] == {lit(params.key)}, header
            best = {{}}
            for i, row in enumerate(rows):
                group = {fold}
                if group not in best or ((row[d] > rows[best[group]][d]) == {params.keep == "latest"}):
                    best[group] = i
            order = sorted(best) if {params.sort_by_key} else sorted(best, key=best.get)
            with open({lit(params.output)}, "w", newline="", encoding="utf-8") as out:
                csv.writer(out).writerows([header, *[rows[best[g]] for g in order]])
            print(len(rows), "rows ->", len(best), {lit(params.key)} + "s")
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read()[:500])",
                                    f"First I look at {params.input}: its key and date columns.",
                                    f"Show {params.input}"),
                        script_step(script, f"I keep, per {params.key}, the row with the {params.keep} "
                                    f"{params.date_column} (ISO dates compare as text) and write {params.output}.",
                                    f"Keep the {params.keep} row per {params.key}"))
