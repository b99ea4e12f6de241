"""Map JSON records to another system's field names before an import: a CRM's customers for a new
CRM, a catalogue's products for a new shop. Fields are renamed by a stated mapping; flat fields are
gathered into a nested object (an address, the dimensions) or a nested object's fields lifted out
as flat ones; numbers and yes/no flags the old system kept as text become JSON numbers and
booleans; the fields the mapping does not name are dropped or kept."""

from __future__ import annotations

import random
from typing import Any, Literal

from forge.models import ReferenceSolution
from preparers.data import dump_json
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.data._draw import either
from workflows.data._records import record
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Shape = Literal["rename", "nest", "flatten"]


_WHERE = "{% if records %} (under \"{{ records }}\"){% endif %}"
_CONVERT = ("{% if as_numbers %}{{ as_numbers | join(' and ') }} as JSON numbers{% endif %}{% if as_numbers and "
            "as_booleans %} and {% endif %}{% if as_booleans %}{{ as_booleans[0] }} as true/false{% endif %}")
_DOTS = ("{% if shape == 'nest' %} (Dotted names are fields inside an object: {{ group }} should end up as an "
         "object of its own.){% elif shape == 'flatten' %} (Dotted names are the fields inside the export's "
         "{{ group }} object: they become top-level fields.){% endif %}")


def _pairs(arrow: str, between: str) -> str:
    """The mapping written out, old name `arrow` new name, `between` pairs."""
    return (f"{{% for old, new in mapping.items() %}}{{{{ old }}}}{arrow}{{{{ new }}}}{{% if not loop.last %}}"
            f"{between}{{% endif %}}{{% endfor %}}")


class Kind:
    """A record kind: its generator, renames for its plain fields, and the group of fields that is
    nested (or flat) with their new names; `numbers` and `flag` are the fields an old system types as text."""

    def __init__(self, subject: str, system: str, group: str, fields: dict[str, str], grouped: dict[str, str],
                 numbers: list[str], flag: str) -> None:
        self.subject, self.system, self.group, self.fields, self.grouped = subject, system, group, fields, grouped
        self.numbers, self.flag = numbers, flag


KINDS = {
    "customers": Kind("customer records", "the new CRM", "address",
                      {"id": "customer_id", "first_name": "given_name", "last_name": "family_name",
                       "email": "email_address", "phone": "phone_number", "credit_limit": "credit_limit_eur",
                       "vip": "is_vip", "created": "created_on"},
                      {"street": "line1", "city": "city", "postcode": "postal_code", "country": "country"},
                      ["credit_limit"], "vip"),
    "products": Kind("product records", "the new shop system", "dimensions",
                     {"sku": "product_code", "name": "title", "category": "category_name", "price": "unit_price",
                      "stock": "quantity_on_hand", "weight_kg": "weight", "active": "is_active",
                      "supplier": "supplier_name"},
                     {"width_cm": "width", "height_cm": "height", "depth_cm": "depth"},
                     ["price", "stock"], "active"),
}


class Options(SkillParams):
    shape: Shape | None = None
    keep_others: bool | None = None
    convert: bool | None = None
    wrapped: bool | None = None


class Params(Prepared):
    input: str
    output: str
    subject: str
    system: str
    records: str | None
    mapping: dict[str, str]
    shape: Shape
    group: str | None
    keep_others: bool
    as_numbers: list[str]
    as_booleans: list[str]
    text_fields: list[str]


def _as_text(value: Any, rng: random.Random) -> str:
    if isinstance(value, bool):
        return rng.choice(["yes", "Yes"]) if value else rng.choice(["no", "No"])
    return f"{value:.2f}" if isinstance(value, float) else str(value)


def _shaped(item: dict[str, Any], kind: Kind, shape: Shape, convert: bool, rng: random.Random) -> dict[str, Any]:
    """The record as the old system exports it: the group nested (flatten) or flat, text-typed values."""
    out = {k: (_as_text(v, rng) if convert and k in [*kind.numbers, kind.flag] else v) for k, v in item.items()}
    if shape == "flatten":
        nested = {k: out.pop(k) for k in kind.grouped}
        out[kind.group] = nested
    return out


@register_workflow
class JsonMapFields(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="data.json_map_fields", apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            "Map the {{ subject }} in {{ input }}" + _WHERE + " to the import format of {{ system }} and write them to "
            "{{ output }} as a JSON array, one object per record, in the same order. Field mapping (old -> new"
            "{% if group %}; a dot means a field inside an object{% endif %}): " + _pairs(" -> ", ", ") + ". "
            "{% if keep_others %}Any other field stays as it is.{% else %}Leave out every field the mapping does not "
            "name.{% endif %}{% if text_fields %} The export holds {{ text_fields | join(' and ') }} as text: write "
            + _CONVERT + ".{% endif %} Values are otherwise unchanged.",
            "We're moving to {{ system }} and its importer wants other field names than {{ input }} has. Could you "
            "turn the {{ subject }}" + _WHERE + " into {{ output }}, a plain JSON array in the same order, renaming "
            "like this: " + _pairs(" becomes ", "; ") + "?" + _DOTS + " {% if keep_others %}Keep the other fields as "
            "they are.{% else %}Drop anything that isn't in that list.{% endif %}{% if text_fields %} Also the old "
            "system wrote {{ text_fields | join(' and ') }} as text; the new one needs " + _CONVERT + ".{% endif %}",
            "{{ input }}" + _WHERE + " -> {{ output }} (array, same order): " + _pairs("->", ", ") +
            "{% if group %} (dots = nested){% endif %}; {% if keep_others %}other fields kept{% else %}unmapped fields "
            "dropped{% endif %}{% if text_fields %}; " + _CONVERT + "{% endif %}.",
        ],
        criteria=["Every record is there, in order, with each value under its new name (nested as asked).",
                  "Conversions and the unmapped fields are as asked; no value is changed otherwise."],
        files=[FileSlot(param="input", type="json", role="input", description="The old system's export"),
               FileSlot(param="output", type="json", description="The records for the import")],
        checks=[CheckTemplate(func="json.fields_mapped", bind={
            "records": "records", "mapping": "mapping", "keep_others": "keep_others", "as_numbers": "as_numbers",
            "as_booleans": "as_booleans"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        shape: Shape = opts.shape or ctx.rng.choice(["rename", "nest", "flatten"])  # type: ignore[assignment]
        keep, convert, wrapped = (either(ctx, o) for o in (opts.keep_others, opts.convert, opts.wrapped))
        name = ctx.rng.choice(sorted(KINDS))
        kind = KINDS[name]
        typed = [*kind.numbers, kind.flag]
        plain = [f for f in kind.fields if f not in typed]
        renamed = [f for f in kind.fields if f in typed or f in ctx.rng.sample(plain, ctx.rng.randint(2, 4))]
        mapping = {f: kind.fields[f] for f in renamed}
        if shape == "nest":
            mapping |= {f: f"{kind.group}.{new}" for f, new in kind.grouped.items()}
        elif shape == "flatten":
            mapping |= {f"{kind.group}.{f}": f"{kind.group}_{new}" for f, new in kind.grouped.items()}
        ids = ctx.rng.sample(range(1000, 9999), ctx.rng.randint(8, 18))
        records = [_shaped(record(ctx.rng, ctx.faker, name, n), kind, shape, convert, ctx.rng) for n in ids]
        doc: Any = {"exported_at": f"2025-0{ctx.rng.randint(1, 9)}-2{ctx.rng.randint(0, 8)}T07:30:00Z",
                    "count": len(records), name: records} if wrapped else records
        folder = ctx.rng.choice(["", "migration/", "import/"])
        params = Params(input=f"{folder}{name}_export.json", output=f"{folder}{name}_import.json",
                        subject=kind.subject, system=kind.system, records=name if wrapped else None,
                        mapping=mapping, shape=shape, group=kind.group if shape != "rename" else None, keep_others=keep,
                        as_numbers=[kind.fields[f] for f in kind.numbers] if convert else [],
                        as_booleans=[kind.fields[kind.flag]] if convert else [],
                        text_fields=typed if convert else [])
        return params.with_files(input=dump_json(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import json
            doc = json.load(open({lit(params.input)}, encoding="utf-8"))
            records = doc[{lit(params.records)}] if {lit(params.records)} else doc
            mapping = {lit(params.mapping)}
            touched = {{old.split(".")[0] for old in mapping}}
            def get(record, path):
                for key in path.split("."):
                    if not isinstance(record, dict) or key not in record:
                        return None, False
                    record = record[key]
                return record, True
            def put(record, path, value):
                *parents, last = path.split(".")
                for key in parents:
                    record = record.setdefault(key, {{}})
                record[last] = value
            out = []
            for record in records:
                new = {{k: v for k, v in record.items() if k not in touched}} if {params.keep_others} else {{}}
                for old, path in mapping.items():
                    value, found = get(record, old)
                    if found:
                        put(new, path, value)
                for path in {lit(params.as_numbers)}:
                    text = get(new, path)[0].strip()
                    put(new, path, float(text) if "." in text else int(text))
                for path in {lit(params.as_booleans)}:
                    put(new, path, get(new, path)[0].strip().lower() in ("yes", "y", "true", "1"))
                out.append(new)
            with open({lit(params.output)}, "w", encoding="utf-8") as f:
                json.dump(out, f, indent=2, ensure_ascii=False)
            print(len(out), "records mapped")
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read()[:800])",
                                    f"First I look at how {params.input} holds its records and fields.",
                                    f"Show {params.input}"),
                        script_step(script, f"I map every record's fields to the new names and write {params.output}.",
                                    "Map the fields"))
