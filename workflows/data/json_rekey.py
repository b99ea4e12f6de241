"""Re-shape JSON records between the two ways exports hold them: an array of records turned into an
object keyed by each record's id (for a lookup-table API or a config loader; the id kept inside or
dropped), or an object keyed by id turned back into an array of records holding the id (in the
object's order, by id or by name); the records bare or inside an export's envelope."""

from __future__ import annotations

import random
from typing import Any, Literal

from faker import Faker

from forge.models import ReferenceSolution
from preparers.data import dump_json
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.data._draw import either
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

To = Literal["object", "array"]
Order = Literal["as_is", "key", "name"]
KINDS = {"products": ("sku", "name"), "users": ("username", "full_name")}


class Options(SkillParams):
    to: To | None = None
    wrapped: bool | None = None
    keep_key: bool | None = None
    order: Order | None = None


class Params(Prepared):
    input: str
    output: str
    key: str
    to: To
    records: str | None
    keep_key: bool
    order_by: str | None
    kind: str


def _records(rng: random.Random, faker: Faker, kind: str) -> list[dict[str, Any]]:
    out = []
    for n in rng.sample(range(1000, 9999), rng.randint(8, 20)):
        if kind == "products":
            out.append({"sku": f"SKU-{n}", "name": faker.catch_phrase().title(),
                        "category": rng.choice(["Tools", "Garden", "Office", "Kitchen"]),
                        "price": round(rng.uniform(3, 400), 2), "stock": rng.randint(0, 300)})
        else:
            first, last = faker.first_name(), faker.last_name()
            out.append({"username": f"{first[0]}{last}{n}".lower(), "full_name": f"{first} {last}",
                        "email": f"{first}.{last}@{faker.free_email_domain()}".lower(),
                        "role": rng.choice(["admin", "editor", "viewer"]), "active": rng.random() < 0.8})
    return out


@register_workflow
class JsonRekey(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="data.json_rekey", apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            "{% if to == 'object' %}The {{ kind }} in {{ input }} are {% if records %}an array under \"{{ records }}\""
            "{% else %}a JSON array{% endif %}. Turn them into {{ output }}: a JSON object mapping each record's "
            "{{ key }} to the record{% if keep_key %} (the record keeping its {{ key }} field){% else %} (the "
            "{{ key }} field removed from the record, since it is the key){% endif %}.{% else %}The {{ kind }} in "
            "{{ input }} are {% if records %}an object under \"{{ records }}\"{% else %}a JSON object{% endif %} "
            "keyed by {{ key }}. Turn them into {{ output }}: a JSON array with one record per entry, the key added "
            "to each record as a \"{{ key }}\" field, {% if order_by %}ordered by {{ order_by }} (A to Z){% else %}in "
            "the object's order{% endif %}.{% endif %} Every other value stays as it is.",
            "The loader wants {% if to == 'object' %}a lookup keyed by {{ key }}{% else %}a plain list{% endif %}, "
            "not what's in {{ input }}. Could you write {{ output }} as {% if to == 'object' %}an object from "
            "{{ key }} to each record{% if not keep_key %}, without repeating {{ key }} inside the record"
            "{% endif %}{% else %}an array of the records with their key as \"{{ key }}\" in each"
            "{% if order_by %}, sorted by {{ order_by }}{% else %}, same order as now{% endif %}{% endif %}?"
            "{% if records %} The records are under \"{{ records }}\".{% endif %}",
            "{{ input }}{% if records %} ({{ records }}){% endif %} -> {{ output }}: {% if to == 'object' %}array -> "
            "object keyed by {{ key }}, {% if keep_key %}key kept in record{% else %}key dropped from record"
            "{% endif %}{% else %}object -> array, key as \"{{ key }}\", {% if order_by %}sorted by {{ order_by }}"
            "{% else %}object order{% endif %}{% endif %}; values unchanged.",
        ],
        criteria=["Every record is there once, with its values unchanged.",
                  "The shape, the id field and the order are as asked."],
        files=[FileSlot(param="input", type="json", role="input", description="A JSON export"),
               FileSlot(param="output", type="json", description="The re-shaped records")],
        checks=[CheckTemplate(func="json.rekeyed", bind={"key": "key", "to": "to", "records": "records",
                                                          "keep_key": "keep_key", "order_by": "order_by"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        to: To = opts.to or ctx.rng.choice(["object", "array"])  # type: ignore[assignment]
        wrapped = either(ctx, opts.wrapped)
        keep = either(ctx, opts.keep_key) if to == "object" else True
        order: Order = opts.order or ctx.rng.choice(["as_is", "key", "name"])  # type: ignore[assignment]
        kind = ctx.rng.choice(sorted(KINDS))
        key, name = KINDS[kind]
        records = _records(ctx.rng, ctx.faker, kind)
        body: Any = records if to == "object" else {r[key]: {k: v for k, v in r.items() if k != key} for r in records}
        stamp = f"2025-0{ctx.rng.randint(1, 9)}-1{ctx.rng.randint(0, 9)}T08:00:00Z"
        doc = {"exported_at": stamp, "count": len(records), kind: body} if wrapped else body
        stem = f"{kind}_{'by_' + key if to == 'object' else 'list'}"
        params = Params(input=f"exports/{kind}.json", output=f"exports/{stem}.json", key=key, to=to,
                        records=kind if wrapped else None, keep_key=keep,
                        order_by={"as_is": None, "key": key, "name": name}[order] if to == "array" else None,
                        kind=kind)
        return params.with_files(input=dump_json(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import json
            doc = json.load(open({lit(params.input)}, encoding="utf-8"))
            source = doc[{lit(params.records)}] if {lit(params.records)} else doc
            key = {lit(params.key)}
            if {lit(params.to)} == "object":
                result = {{r[key]: (r if {params.keep_key} else {{k: v for k, v in r.items() if k != key}})
                          for r in source}}
            else:
                result = [{{key: k, **v}} for k, v in source.items()]
                if {lit(params.order_by)}:
                    result.sort(key=lambda r: str(r[{lit(params.order_by)}]).casefold())
            with open({lit(params.output)}, "w", encoding="utf-8") as f:
                json.dump(result, f, indent=2, ensure_ascii=False)
            print(len(result), "records")
        """
        shape = f"an object keyed by {params.key}" if params.to == "object" else "an array"
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read()[:600])",
                                    f"First I look at how {params.input} holds its records.", f"Show {params.input}"),
                        script_step(script, f"I turn the records into {shape} and write {params.output}.",
                                    "Re-shape the records"))
