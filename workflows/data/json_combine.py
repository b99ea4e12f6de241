"""Combine a month's JSON order exports from four offices (or sales channels) into one file for the
month's report or one import: the records of every export, their envelopes left behind; orders
a sync sent to two exports kept once; each order tagged with the file it came from; in date order
or file after file; as a bare array or an object holding the orders and their count."""

from __future__ import annotations

import copy
from typing import Any

from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from preparers.data import dump_json, make_orders_export
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.data._draw import either
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

SLOTS = ("first", "second", "third", "fourth")
SOURCES = {"office": ["london", "leeds", "bristol", "glasgow", "dublin", "cardiff"],
           "channel": ["web", "phone", "partners", "marketplace", "events"]}

_FILES = "{{ first }}, {{ second }}, {{ third }} and {{ fourth }}"
_HOW = ("{% if key %} Some orders were sent to two exports by the sync: keep each {{ key }} once, the copy from the "
        "first file it appears in (in the order listed).{% endif %}{% if source_field %} Add a \"{{ source_field }}\" "
        "field to every order holding the name of the file it came from (just the file name, e.g. "
        "{{ first_name }}).{% endif %}{% if sort_by %} Order the orders by {{ sort_by }}, oldest first.{% else %} Keep "
        "them file after file, each file's orders in their order.{% endif %}{% if count_field %} Write an object with "
        "two fields: \"orders\" (the list) and \"{{ count_field }}\" (how many orders it holds).{% else %} The result "
        "is a plain JSON array of the orders.{% endif %}")


class Options(SkillParams):
    overlap: bool | None = None
    source: bool | None = None
    sort: bool | None = None
    envelope: bool | None = None


class Params(Prepared):
    first: str
    second: str
    third: str
    fourth: str
    output: str
    first_name: str
    what: str
    month: str
    key: str | None
    source_field: str | None
    sort_by: str | None
    count_field: str | None


def _exports(ctx: WorkflowContext, overlap: bool) -> tuple[str, list[list[dict[str, Any]]]]:
    """The month and four exports' orders, each in date order; with `overlap`, a few orders of one
    export also in a later one (a sync that sent them twice)."""
    for _ in range(20):
        export = make_orders_export(ctx.rng, ctx.faker, count=ctx.rng.randint(16, 28)).value
        orders: list[dict[str, Any]] = export["orders"]  # type: ignore[index, call-overload, assignment]
        parts: list[list[dict[str, Any]]] = [[], [], [], []]
        for n, order in enumerate(orders):
            parts[n % 4 if n < 8 else ctx.rng.randrange(4)].append(order)
        if overlap:
            for source in ctx.rng.sample(range(3), 2):
                order = ctx.rng.choice(parts[source])
                target = ctx.rng.randrange(source + 1, 4)
                parts[target] = sorted([*parts[target], copy.deepcopy(order)], key=lambda o: (o["date"], o["id"]))
        flat = [o["date"] for part in parts for o in part]
        if flat != sorted(flat):  # else ordering by date would ask nothing
            return str(export["export"]["month"]), parts  # type: ignore[index, call-overload]
    raise WorkflowError("every draw of the exports came out in date order")


@register_workflow
class JsonCombine(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="data.json_combine", apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            "Combine the {{ month }} order exports of our {{ what }} - " + _FILES + " - into one file, {{ output }}: "
            "every order of each export's \"orders\" list (the export headers are not needed)." + _HOW,
            "For the {{ month }} report I need all the orders in one JSON file. Could you put the orders from "
            + _FILES + " together in {{ output }}? Each order stays whole." + _HOW,
            _FILES + " -> {{ output }}: all the \"orders\" in one file, orders unchanged." + _HOW,
        ],
        criteria=["Every order of the four exports is in the file, whole, once.",
                  "The repeats, the source field, the order and the file's shape are as asked."],
        files=[*(FileSlot(param=s, type="json", role="input", description="One export") for s in SLOTS),
               FileSlot(param="output", type="json", description="The combined orders")],
        checks=[CheckTemplate(func="json.records_combined",
                              paths={"input_file": "first", "second_file": "second", "third_file": "third",
                                     "fourth_file": "fourth"},
                              bind={"key": "key", "source_field": "source_field", "sort_by": "sort_by",
                                    "count_field": "count_field"}, fixed={"records": "orders"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        overlap, source, sort, envelope = (either(ctx, o) for o in (opts.overlap, opts.source, opts.sort,
                                                                     opts.envelope))
        month, parts = _exports(ctx, overlap)
        what = ctx.rng.choice(sorted(SOURCES))
        names = ctx.rng.sample(SOURCES[what], 4)
        folder = ctx.rng.choice(["", "exports/", f"orders/{month}/"])
        files = [f"{folder}{name}_orders_{month}.json" for name in names]
        params = Params(**dict(zip(SLOTS, files, strict=True)), output=f"{folder}all_orders_{month}.json",
                        first_name=files[0].rsplit("/", 1)[-1],
                        what="offices" if what == "office" else "sales channels",
                        month=month, key="id" if overlap else None,
                        source_field=ctx.rng.choice(["source_file", "export_file"]) if source else None,
                        sort_by="date" if sort else None,
                        count_field=ctx.rng.choice(["count", "total_orders"]) if envelope else None)
        contents = {slot: dump_json({"export": {"source": name, "month": month, "currency": "USD",
                                                "count": len(part)}, "orders": part})
                    for slot, name, part in zip(SLOTS, names, parts, strict=True)}
        return params.with_files(**contents)

    def reference(self, params: Params) -> ReferenceSolution:
        paths = [params.first, params.second, params.third, params.fourth]
        script = f"""
            import json, os
            key, source, sort_by, count = {lit(params.key)}, {lit(params.source_field)}, {lit(params.sort_by)}, \\
                {lit(params.count_field)}
            orders, seen = [], set()
            for path in {lit(paths)}:
                for order in json.load(open(path, encoding="utf-8"))["orders"]:
                    if key and order[key] in seen:
                        continue  # sent to two exports: the first copy stays
                    seen.add(order[key] if key else None)
                    orders.append({{**order, source: os.path.basename(path)}} if source else order)
            if sort_by:
                orders.sort(key=lambda o: o[sort_by])  # ISO dates sort as text
            result = {{"orders": orders, count: len(orders)}} if count else orders
            with open({lit(params.output)}, "w", encoding="utf-8") as f:
                json.dump(result, f, indent=2, ensure_ascii=False)
            print(len(orders), "orders")
        """
        show = "; ".join(f"print({lit(p)}, open({lit(p)}).read()[:300])" for p in paths)
        return solution(script_step(show, "First I look at how the exports hold their orders.", "Show the exports"),
                        script_step(script, f"I read the orders of each export in turn and write {params.output}.",
                                    "Combine the exports"))
