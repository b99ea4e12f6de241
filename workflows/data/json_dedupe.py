"""Reduce a JSON sync dump to one record per id before it is loaded: the CRM sync sent some customers
(the catalogue feed some products) more than once, each copy an update; keep the first copy, the last
one sent, or the one with the latest updated_at (copies were not sent in time order); in the order ids
first appear or sorted by id; the records bare or inside the dump's envelope."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any, Literal

from faker import Faker

from forge.models import ReferenceSolution
from preparers.data import dump_json
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.data._draw import either
from workflows.data._records import record
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Keep = Literal["first", "last", "latest"]
KINDS = {"customers": ("id", ["email", "phone", "city"]), "products": ("sku", ["price", "stock", "active"])}
RULE = {"first": "keep the copy that comes first in the file",
        "last": "keep the copy that comes last in the file (the last one sent)",
        "latest": "keep the copy with the latest updated_at (the copies were not sent in time order)"}


class Options(SkillParams):
    keep: Keep | None = None
    sort_by_key: bool | None = None
    wrapped: bool | None = None


class Params(Prepared):
    input: str
    output: str
    kind: str
    records: str | None
    key: str
    keep: Keep
    rule: str
    timestamp: str | None
    sort_by_key: bool


def _dump(rng: random.Random, faker: Faker, kind: str) -> list[dict[str, Any]]:
    """Records with updated_at, some sent two or three times with changes, copies out of time order."""
    key, changing = KINDS[kind]
    start = dt.datetime(2025, rng.randint(1, 10), rng.randint(1, 20), 8)
    stamp = lambda: f"{start + dt.timedelta(minutes=rng.randrange(20000)):%Y-%m-%dT%H:%M:%SZ}"  # noqa: E731
    sent = [{**record(rng, faker, kind, n), "updated_at": stamp()} for n in rng.sample(range(1000, 9999),
                                                                                      rng.randint(8, 14))]
    for original in rng.sample(sent[:], rng.randint(3, 5)):
        for _ in range(rng.choice([1, 1, 2])):
            fresh = record(rng, faker, kind, 0)
            copy = {**original, **{f: fresh[f] for f in rng.sample(changing, 2)}, "updated_at": stamp()}
            sent.insert(rng.randint(sent.index(original) + 1, len(sent)), copy)
    return sent


def _distinct(sent: list[dict[str, Any]], key: str) -> bool:
    """Whether the three rules keep different copies for some id, and no id's copies share a timestamp."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for r in sent:
        groups.setdefault(r[key], []).append(r)
    copies = [g for g in groups.values() if len(g) > 1]
    latest = [max(g, key=lambda r: r["updated_at"]) for g in copies]
    return (all(len({r["updated_at"] for r in g}) == len(g) for g in copies)
            and any(x is not g[-1] for x, g in zip(latest, copies, strict=True))
            and any(x is not g[0] for x, g in zip(latest, copies, strict=True)))


@register_workflow
class JsonDedupe(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="data.json_dedupe", apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            "The sync dump {{ input }}{% if records %} (its \"{{ records }}\" array){% endif %} has some {{ kind }} "
            "more than once. Write {{ output }} with one record per {{ key }}: {{ rule }}, whole as it is. "
            "{% if sort_by_key %}Order the records by {{ key }}.{% else %}List them in the order each {{ key }} "
            "first appears.{% endif %}{% if records %} The rest of the file stays as it is.{% endif %}",
            "Before I load {{ input }} could you get rid of the repeated {{ kind }}? Same {{ key }} = same record; "
            "{{ rule }}. Save it as {{ output }}, {% if sort_by_key %}sorted by {{ key }}{% else %}in the order the "
            "{{ key }}s first show up{% endif %}{% if records %}, keeping the file's structure around \""
            "{{ records }}\"{% endif %}.",
            "{{ input }}{% if records %} ({{ records }}){% endif %} -> {{ output }}: one record per {{ key }}, "
            "{{ rule }}; {% if sort_by_key %}sorted by {{ key }}{% else %}first-appearance order{% endif %}.",
        ],
        criteria=["Exactly one record per id, the copy the rule keeps, unchanged.",
                  "The order and the file's structure are as asked."],
        files=[FileSlot(param="input", type="json", role="input", description="A sync dump"),
               FileSlot(param="output", type="json", description="One record per id")],
        checks=[CheckTemplate(func="json.one_per_key", bind={"records": "records", "key": "key", "keep": "keep",
                                                              "timestamp": "timestamp", "sort_by_key": "sort_by_key"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        keep: Keep = opts.keep or ctx.rng.choice(["first", "last", "latest"])  # type: ignore[assignment]
        sort, wrapped = either(ctx, opts.sort_by_key), either(ctx, opts.wrapped)
        kind = ctx.rng.choice(sorted(KINDS))
        key = KINDS[kind][0]
        sent = _dump(ctx.rng, ctx.faker, kind)
        while not _distinct(sent, key):
            sent = _dump(ctx.rng, ctx.faker, kind)
        doc: Any = {"source": f"{kind}-sync", "batch": ctx.rng.randint(100, 999), kind: sent} if wrapped else sent
        folder = ctx.rng.choice(["", "sync/", "imports/"])
        params = Params(input=f"{folder}{kind}_sync.json", output=f"{folder}{kind}_unique.json", kind=kind,
                        records=kind if wrapped else None, key=key, keep=keep, rule=RULE[keep],
                        timestamp="updated_at" if keep == "latest" else None, sort_by_key=sort)
        return params.with_files(input=dump_json(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import json
            doc = json.load(open({lit(params.input)}, encoding="utf-8"))
            records = doc[{lit(params.records)}] if {lit(params.records)} else doc
            key, keep = {lit(params.key)}, {lit(params.keep)}
            chosen = {{}}
            for r in records:  # a dict keeps each id where it first appears
                k = str(r[key])
                if k not in chosen or keep == "last":
                    chosen[k] = r
                elif keep == "latest" and r["updated_at"] > chosen[k]["updated_at"]:
                    chosen[k] = r
            order = sorted(chosen, key=str.casefold) if {params.sort_by_key} else list(chosen)
            unique = [chosen[k] for k in order]
            if {lit(params.records)}:
                doc[{lit(params.records)}] = unique
            else:
                doc = unique
            with open({lit(params.output)}, "w", encoding="utf-8") as f:
                json.dump(doc, f, indent=2, ensure_ascii=False)
            print(len(records), "records ->", len(unique))
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read()[:600])",
                                    f"First I look at the records in {params.input}.", f"Show {params.input}"),
                        script_step(script, f"I keep one record per {params.key} ({params.keep}) and write "
                                    f"{params.output}.", "Remove the repeats"))
