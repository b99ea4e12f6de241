"""Put the records of a JSON file in order by one field before it is read or shared: a catalogue by
price, an order export by date or by the customer's name (a field inside each order), a customer
list by surname; ascending or descending; the records a bare array or inside an export's envelope
(kept as it is); a new file or the file itself."""

from __future__ import annotations

import random
from typing import Any, Literal

from faker import Faker

from forge.models import ReferenceSolution
from preparers.data import dump_json, make_orders_export
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.data._draw import either
from workflows.data._records import record
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Key = Literal["number", "date", "text", "nested"]
# per key type: the records' kind, the field, how the instruction names it, the directions' words
KEYS: dict[str, tuple[str, str, str, tuple[str, str]]] = {
    "number": ("products", "price", "price", ("lowest price first", "highest price first")),
    "date": ("orders", "date", "order date (the date field)", ("oldest first", "newest first")),
    "text": ("customers", "last_name", "surname (last_name)", ("A to Z, ignoring case", "Z to A, ignoring case")),
    "nested": ("orders", "customer.name", "the customer's name (customer.name, inside each order's customer object)",
               ("A to Z, ignoring case", "Z to A, ignoring case")),
}


class Options(SkillParams):
    key: Key | None = None
    descending: bool | None = None
    wrapped: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    subject: str
    records: str | None
    by: str
    field: str
    descending: bool
    order: str


def _records(rng: random.Random, faker: Faker, kind: str) -> tuple[list[Any], dict[str, Any]]:
    """The records and the envelope around them (the export's header fields)."""
    if kind == "orders":
        export = make_orders_export(rng, faker, count=rng.randint(8, 16)).value
        return list(export["orders"]), {"export": export["export"]}  # type: ignore[index, call-overload]
    items = [record(rng, faker, kind, n) for n in rng.sample(range(1000, 9999), rng.randint(8, 18))]
    return items, {"exported_at": f"2025-{rng.randint(1, 9):02d}-{rng.randint(10, 28)}T06:00:00Z",
                   "count": len(items)}


def _value(item: dict[str, Any], dotted: str) -> Any:
    for part in dotted.split("."):
        item = item[part]
    return item.casefold() if isinstance(item, str) else item


@register_workflow
class JsonSort(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="data.json_sort", apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            "Sort the {{ subject }} in {{ input }}{% if records %} (the \"{{ records }}\" array){% endif %} by "
            "{{ field }}, {{ order }}. Each record stays whole{% if records %} and the rest of the file stays as it "
            "is{% endif %}; {% if in_place %}save the sorted file over {{ input }}{% else %}write the result to "
            "{{ output }} with the same structure{% endif %}.",
            "Could you put the {{ subject }} in {{ input }} in order of {{ field }}, {{ order }}? Don't change any "
            "record{% if records %} or the other parts of the file - only the order of \"{{ records }}\"{% endif %}."
            "{% if in_place %} Just overwrite {{ input }}.{% else %} Save it as {{ output }}.{% endif %}",
            "{{ input }}{% if records %} ({{ records }}){% endif %}: sort {{ subject }} by {{ field }}, {{ order }}"
            "{% if in_place %}, in place{% else %} -> {{ output }}{% endif %}; records unchanged.",
        ],
        criteria=["Every record is there once, unchanged.", "The records follow the field in the asked direction."],
        files=[FileSlot(param="input", type="json", role="input", description="A JSON export"),
               FileSlot(param="output", type="json", description="The sorted records")],
        checks=[CheckTemplate(func="json.records_sorted", bind={"records": "records", "by": "by",
                                                                 "descending": "descending"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        key: Key = opts.key or ctx.rng.choice(sorted(KEYS))  # type: ignore[assignment]
        descending, wrapped, in_place = (either(ctx, o) for o in (opts.descending, opts.wrapped, opts.in_place))
        kind, by, field, words = KEYS[key]
        items, envelope = _records(ctx.rng, ctx.faker, kind)
        while sorted(items, key=lambda r: _value(r, by), reverse=descending) == items:
            ctx.rng.shuffle(items)
        doc: Any = {**envelope, kind: items} if wrapped else items
        folder = ctx.rng.choice(["", "exports/", "data/"])
        stem = {"products": "catalogue", "orders": "orders", "customers": "customers"}[kind]
        params = Params(input=f"{folder}{stem}.json", output=f"{folder}{stem}{'' if in_place else '_sorted'}.json",
                        in_place=in_place, subject=kind, records=kind if wrapped else None, by=by, field=field,
                        descending=descending, order=words[descending])
        return params.with_files(input=dump_json(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import json
            doc = json.load(open({lit(params.input)}, encoding="utf-8"))
            records = doc[{lit(params.records)}] if {lit(params.records)} else doc
            def key(record):
                for part in {lit(params.by)}.split("."):
                    record = record[part]
                return record.casefold() if isinstance(record, str) else record
            records.sort(key=key, reverse={params.descending})
            with open({lit(params.output)}, "w", encoding="utf-8") as f:
                json.dump(doc, f, indent=2, ensure_ascii=False)
            print(len(records), "records sorted by", {lit(params.by)})
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read()[:600])",
                                    f"First I look at where {params.input} keeps its records.", f"Show {params.input}"),
                        script_step(script, f"I sort the records by {params.by} and write {params.output}.",
                                    "Sort the records"))
