"""Merge two JSON exports of the same records by their id (a CRM and the billing system, the shop's
catalogue and the warehouse's stock list): fields of both united, a value they disagree on settled
by a stated rule (one file wins, the later-updated record wins, or one file wins unless its value is
empty), keeping the ids of either file, of both or of the first; an array by id or an object keyed by id."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

from faker import Faker

from forge.checks.json_merge import Keep, Prefer
from forge.models import ReferenceSolution
from preparers.data import dump_json
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

RULE = {"first": "keep the value from {{ first }}", "second": "take the value from {{ second }}",
        "newer": "take the value from whichever of the two records has the later {{ updated }}",
        "fill": "keep the value from {{ first }}, unless it is empty there (null or \"\"): then take {{ second }}'s"}
KEEP = {"all": "every {{ key }} that appears in either file, once", "both": "only the {{ key }}s found in both files",
        "first": "every {{ key }} of {{ first }} (ones only in {{ second }} are left out)"}
_RULE = "".join(f"{{% if prefer == {k!r} %}}{v}{{% endif %}}" for k, v in RULE.items())
_KEEP = "".join(f"{{% if keep == {k!r} %}}{v}{{% endif %}}" for k, v in KEEP.items())
_SHAPE = ("{% if keyed %}a JSON object mapping each {{ key }} to its merged record (the record still holding its "
          "{{ key }}){% else %}a JSON array of the merged records ordered by {{ key }}{% endif %}")
# per kind: key, first file, second file, fields only the first has, shared fields, fields only the second has
KINDS = {"customers": ("customer_id", "crm_customers.json", "billing_customers.json", ["phone"],
                       ["name", "email", "city"], ["plan", "vat_id"]),
         "products": ("sku", "catalogue.json", "warehouse_stock.json", ["description"],
                      ["name", "price", "category"], ["stock", "bin"])}


FINISH = ["Matt black", "Brushed steel", "Natural oak", "White enamel", "Recycled plastic", "Galvanised"]
MATERIAL = ["frame", "body with rubber grip", "finish, weatherproof", "case", "shell with steel fittings"]
USE = ["for daily use", "for workshops", "for small offices", "for outdoor use", "for professional kitchens"]


class Options(SkillParams):
    prefer: Prefer | None = None
    keep: Keep | None = None
    keyed: bool | None = None


class Params(Prepared):
    first: str
    second: str
    output: str
    key: str
    updated: str | None
    prefer: Prefer
    keep: Keep
    keyed: bool


def _value(rng: random.Random, faker: Faker, kind: str, field: str) -> Any:
    return {"phone": faker.phone_number, "email": faker.email, "city": faker.city,
            "name": faker.name if kind == "customers" else lambda: faker.catch_phrase().title(),
            "plan": lambda: rng.choice(["Free", "Pro", "Team"]), "vat_id": lambda: f"GB{rng.randrange(10**8, 10**9)}",
            "description": lambda: f"{rng.choice(FINISH)} {rng.choice(MATERIAL)}, {rng.choice(USE)}", "price": lambda: round(rng.uniform(3, 400), 2),
            "category": lambda: rng.choice(["Tools", "Garden", "Office", "Kitchen", "Lighting"]),
            "stock": lambda: rng.randint(0, 300), "bin": lambda: f"{rng.choice('ABCD')}-{rng.randint(1, 40):02d}"}[field]()


def make_sources(rng: random.Random, faker: Faker, kind: str, fill: bool) -> tuple[list[dict], list[dict]]:
    """Two exports sharing most ids, a few ids in one only; some shared records disagree on a field
    (or on several), and (`fill`) the first export has blanks the second can fill."""
    key, _, _, only_a, shared, only_b = KINDS[kind]
    count = rng.randint(14, 30)
    ids = [f"{'CU' if kind == 'customers' else 'SKU'}-{n}" for n in sorted(rng.sample(range(1000, 9999), count))]
    where = ["a", "b", *rng.choices(["both"] * 8 + ["a", "b"], k=count - 4), "both", "both"]
    rng.shuffle(where)
    start = dt.datetime(2025, rng.randint(1, 6), 1, 8)
    first: list[dict] = []
    second: list[dict] = []
    for n, (ident, side) in enumerate(zip(ids, where, strict=True)):
        base = {f: _value(rng, faker, kind, f) for f in shared}
        a = {key: ident, **base, **{f: _value(rng, faker, kind, f) for f in only_a}}
        b = {key: ident, **base, **{f: _value(rng, faker, kind, f) for f in only_b}}
        for record in (a, b):
            record["updated_at"] = (start + dt.timedelta(minutes=rng.randrange(60 * 24 * 90))).isoformat()
        for field in rng.sample(shared, rng.choice([0, 0, 1, 1, 2])):
            b[field] = _value(rng, faker, kind, field)
        if fill and (rng.random() < 0.3 or n == where.index("both")):
            a[rng.choice(shared if n == where.index("both") else [*shared, *only_a])] = rng.choice([None, ""])
        first += [a] if side != "b" else []
        second += [b] if side != "a" else []
    a_by = {r[key]: r for r in first}
    pairs = [(a_by[b[key]], b) for b in second if b[key] in a_by]
    if not any(a[f] not in (None, "", b[f]) for a, b in pairs for f in shared):
        pairs[-1][1][shared[0]] = _value(rng, faker, kind, shared[0])  # at least one conflict to settle
    rng.shuffle(second)
    return first, second


@register_workflow
class JsonMerge(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="data.json_merge", apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            "Merge {{ first }} and {{ second }} into {{ output }}, matching records on {{ key }}. A merged record has "
            "every field of both; where the two records have different values for the same field, " + _RULE + ". "
            "Keep " + _KEEP + ". Write " + _SHAPE + ".",
            "These records live in two systems and I need one list. Could you combine {{ first }} with "
            "{{ second }} by {{ key }}? Fields from both, and when they disagree, " + _RULE + ". I want " + _KEEP +
            ", saved to {{ output }} as " + _SHAPE + ".",
            "{{ first }} + {{ second }} -> {{ output }}: join on {{ key }}, union of fields, conflicts: " + _RULE +
            "; keep " + _KEEP + "; output " + _SHAPE + ".",
        ],
        criteria=["One record per kept id, with the fields of both files.", "Conflicting values settled by the rule.",
                  "The ids kept and the output's shape are as asked."],
        files=[FileSlot(param="first", type="json", role="input", description="The first export"),
               FileSlot(param="second", type="json", role="input", description="The second export"),
               FileSlot(param="output", type="json", description="The merged records")],
        checks=[CheckTemplate(func="json.records_merged", paths={"input_file": "first", "other_file": "second"},
                              bind={"key": "key", "prefer": "prefer", "keep": "keep", "keyed": "keyed",
                                    "updated_field": "updated"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        kind = ctx.rng.choice(sorted(KINDS))
        key, first_name, second_name, *_ = KINDS[kind]
        prefer: Prefer = opts.prefer or ctx.rng.choice(list(RULE))  # type: ignore[assignment]
        keep: Keep = opts.keep or ctx.rng.choice(list(KEEP))  # type: ignore[assignment]
        keyed = opts.keyed if opts.keyed is not None else ctx.rng.random() < 0.4
        first, second = make_sources(ctx.rng, ctx.faker, kind, prefer == "fill")
        folder = ctx.rng.choice(["", "exports/", "sync/"])
        params = Params(first=folder + first_name, second=folder + second_name, output=f"{folder}{kind}_merged.json",
                        key=key, updated="updated_at" if prefer == "newer" else None, prefer=prefer, keep=keep, keyed=keyed)
        return params.with_files(first=dump_json(first), second=dump_json(second))

    def reference(self, params: Params) -> ReferenceSolution:
        pick = {"first": "False", "second": "True", "newer": f"b[{lit(params.updated)}] > a[{lit(params.updated)}]",
                "fill": "a[name] is None or a[name] == ''"}[params.prefer]
        keys = {"all": "a_by.keys() | b_by.keys()", "both": "a_by.keys() & b_by.keys()", "first": "a_by.keys()"}
        script = f"""
            import json
            key = {lit(params.key)}
            a_by = {{r[key]: r for r in json.load(open({lit(params.first)}, encoding="utf-8"))}}
            b_by = {{r[key]: r for r in json.load(open({lit(params.second)}, encoding="utf-8"))}}
            merged = {{}}
            for k in sorted({keys[params.keep]}):
                a, b = a_by.get(k), b_by.get(k)
                if a is None or b is None:
                    merged[k] = a or b
                    continue
                out = dict(a)
                for name, value in b.items():
                    if name not in out or ({pick}):
                        out[name] = value
                merged[k] = out
            result = merged if {params.keyed} else list(merged.values())
            with open({lit(params.output)}, "w", encoding="utf-8") as f:
                json.dump(result, f, indent=2, ensure_ascii=False)
            assert len(json.load(open({lit(params.output)}, encoding="utf-8"))) == len(merged)
            print(len(a_by), "+", len(b_by), "->", len(merged), "records")
        """
        return solution(script_step(f"import json; a = json.load(open({lit(params.first)})); "
                                    f"b = json.load(open({lit(params.second)})); print(len(a), a[0]); print(len(b), b[0])",
                                    "First I look at one record of each export and how many there are.",
                                    "Inspect both exports"),
                        script_step(script, f"I index both by {params.key}, merge each pair field by field "
                                    f"(conflicts: {params.prefer}) and write the result.", "Merge the exports"))
