"""Report what changed between two snapshots of a supplier's JSON product feed (yesterday's and
today's) before the shop imports it: the products added, the ones removed, and the ones changed -
by sku, or field by field with the old and new value; stock levels, which move every day, ignored
or counted; the feed a bare array or inside the supplier's envelope."""

from __future__ import annotations

import copy
import datetime as dt
import random
from typing import Any

from forge.models import ReferenceSolution
from preparers.data import dump_json
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.data._draw import either
from workflows.data._records import record
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

_CHANGED = ("{% if detail %}one entry per changed field, each an object {\"sku\": ..., \"field\": ..., \"old\": ..., "
            "\"new\": ...}, ordered by sku and then by field name{% else %}the skus whose product changed in any "
            "way{% endif %}")
_REPORT = ("a JSON object (products matched by their \"sku\" field) with three lists: \"added\" (the skus "
           "only in {{ new }}), \"removed\" (the skus only in {{ old }}) and \"changed\" (" + _CHANGED + "); "
           "the skus in each list in order{% if ignore %}. Stock moves every day, so ignore changes to stock "
           "(a product whose only change is its stock has not changed){% endif %}{% if records %}. Both feeds "
           "keep the products under \"{{ records }}\"{% endif %}")


class Options(SkillParams):
    detail: bool | None = None
    ignore_stock: bool | None = None
    wrapped: bool | None = None


class Params(Prepared):
    old: str
    new: str
    output: str
    supplier: str
    records: str | None
    detail: bool
    ignore: list[str]


def _snapshots(rng: random.Random, items: list[dict[str, Any]], fresh: list[dict[str, Any]],
               ignore: bool) -> list[dict[str, Any]]:
    """Today's feed from yesterday's: some products gone, new ones added, some changed (a price, a name,
    off sale); stock moved on many (`ignore`) or on a few products, alone or with another change."""
    today = [copy.deepcopy(p) for p in items]
    for product in rng.sample(today, rng.randint(1, 3)):
        today.remove(product)
    for product in rng.sample(today, rng.randint(2, 4)):
        change = rng.choice(["price", "name", "active"])
        product[change] = (round(product["price"] * rng.choice([0.9, 1.05, 1.1]), 2) if change == "price" else
                           f"{product['name']} (new model)" if change == "name" else not product["active"])
    for product in rng.sample(today, max(2, len(today) // 2) if ignore else 2):
        product["stock"] = max(0, product["stock"] + rng.choice([-12, -5, -3, 4, 20]))
    return today + fresh


@register_workflow
class JsonFeedDiff(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="data.json_feed_diff", apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            "Compare {{ supplier }}'s product feed from yesterday, {{ old }}, with today's, {{ new }}, and write "
            "the changes to {{ output }}: " + _REPORT + ".",
            "Before we import today's feed from {{ supplier }} I need to know what changed since yesterday. Could "
            "you compare {{ old }} and {{ new }} and save {{ output }} as " + _REPORT + "?",
            "{{ old }} vs {{ new }} -> {{ output }}: " + _REPORT + ".",
        ],
        criteria=["Added and removed list exactly the skus in only one feed.",
                  "Changed lists the products (or fields) that differ, ignoring what the task says to ignore."],
        files=[FileSlot(param="old", type="json", role="input", description="Yesterday's feed"),
               FileSlot(param="new", type="json", role="input", description="Today's feed"),
               FileSlot(param="output", type="json", description="The change report")],
        checks=[CheckTemplate(func="json.records_diffed", paths={"input_file": "old", "other_file": "new"},
                              bind={"records": "records", "detail": "detail", "ignore": "ignore"},
                              fixed={"key": "sku"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        detail, ignore, wrapped = (either(ctx, o) for o in (opts.detail, opts.ignore_stock, opts.wrapped))
        numbers = ctx.rng.sample(range(1000, 9999), ctx.rng.randint(12, 20))
        items = [record(ctx.rng, ctx.faker, "products", n) for n in sorted(numbers[:-2])]
        fresh = [record(ctx.rng, ctx.faker, "products", n) for n in numbers[-ctx.rng.randint(1, 2):]]
        today = _snapshots(ctx.rng, items, fresh, ignore)
        supplier = ctx.faker.company()
        day = dt.date(2025, 1, 1) + dt.timedelta(days=ctx.rng.randrange(330))
        folder = ctx.rng.choice(["", "feeds/", "imports/feed/"])

        def feed(products: list[dict[str, Any]], date: dt.date) -> bytes:
            return dump_json({"supplier": supplier, "exported_at": f"{date}T05:00:00Z", "count": len(products),
                              "products": products} if wrapped else products)

        params = Params(old=f"{folder}feed_{day - dt.timedelta(days=1)}.json", new=f"{folder}feed_{day}.json",
                        output=f"{folder}feed_changes_{day}.json", supplier=supplier,
                        records="products" if wrapped else None, detail=detail, ignore=["stock"] if ignore else [])
        return params.with_files(old=feed(items, day - dt.timedelta(days=1)), new=feed(today, day))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import json
            def products(path):
                doc = json.load(open(path, encoding="utf-8"))
                return {{p["sku"]: p for p in (doc[{lit(params.records)}] if {lit(params.records)} else doc)}}
            old, new = products({lit(params.old)}), products({lit(params.new)})
            ignore = {lit(params.ignore)}
            both = sorted(old.keys() & new.keys())
            changes = [{{"sku": s, "field": f, "old": old[s].get(f), "new": new[s].get(f)}} for s in both
                       for f in sorted(old[s].keys() | new[s].keys())
                       if f not in ignore and old[s].get(f) != new[s].get(f)]
            report = {{"added": sorted(new.keys() - old.keys()), "removed": sorted(old.keys() - new.keys()),
                       "changed": changes if {params.detail} else sorted({{c["sku"] for c in changes}})}}
            with open({lit(params.output)}, "w", encoding="utf-8") as f:
                json.dump(report, f, indent=2, ensure_ascii=False)
            print(json.dumps(report, indent=1)[:1000])
        """
        return solution(script_step(f"print(open({lit(params.new)}, encoding='utf-8').read()[:600])",
                                    "First I look at how the feed holds its products.", f"Show {params.new}"),
                        script_step(script, f"I match the two feeds' products by sku and write {params.output}.",
                                    "Report the changes"))
