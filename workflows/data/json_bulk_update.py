"""A bulk edit of JSON records before they go back into a system: every record meeting a condition
(a category or a country, or a number below or at least a threshold) gets a field set (products
taken off sale, customers flagged), a new field added (a tag, a segment) or a number raised by a
percentage (a price rise, a higher credit limit); the records bare or inside an export envelope;
a new file or the file itself."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import JsonValue

from forge.models import ReferenceSolution
from preparers.data import dump_json
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.data._draw import either
from workflows.data._records import record
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow
from workflows.spreadsheet._common import round_between

Change = Literal["set", "add", "raise"]
Condition = Literal["text", "number"]
# per kind: the text field, the number field and its operator, the field set (value, words), the field added
# (value, words), the number raised
KINDS: dict[str, dict[str, Any]] = {
    "products": {"text": "category", "number": ("stock", "<", "below"), "set": ("active", False, "take them off "
                 "sale (active set to false)"), "add": ("tag", "clearance", "add a field \"tag\" set to "
                 "\"clearance\""), "raise": "price"},
    "customers": {"text": "country", "number": ("credit_limit", ">=", "at least"), "set": ("vip", True, "flag them "
                  "as VIP (vip set to true)"), "add": ("segment", "key account", "add a field \"segment\" set to "
                  "\"key account\""), "raise": "credit_limit"},
}


class Options(SkillParams):
    change: Change | None = None
    condition: Condition | None = None
    wrapped: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    kind: str
    records: str | None
    where: str
    operator: Literal["==", "<", ">="]
    value: str | float | int
    condition: str
    field: str
    set_to: JsonValue
    percent: float | None
    edit: str


def _threshold(values: list[float], rng: Any) -> float | int:
    """A round number strictly between two neighbouring values (never on one)."""
    ordered = sorted(set(values))
    pairs = list(zip(ordered, ordered[1:], strict=False))[len(ordered) // 5: max(1, 4 * len(ordered) // 5)]
    low, high = rng.choice(pairs)
    bound = round_between(low, high, include_lo=False)
    return bound if bound < high else (low + high) / 2


@register_workflow
class JsonBulkUpdate(PreparedWorkflow[Params]):
    states_values = ("percent",)
    spec = WorkflowSpec(
        name="data.json_bulk_update", apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            "In {{ input }}{% if records %} (the \"{{ records }}\" array){% endif %}, for every one of the {{ kind }} "
            "whose {{ condition }}, {{ edit }}. Leave every other record and value exactly as it is"
            "{% if records %}, and the rest of the file too{% endif %}; {% if in_place %}save the file in place"
            "{% else %}write the result to {{ output }}{% endif %}.",
            "Quick bulk edit on {{ input }} please: the {{ kind }} whose {{ condition }} - {{ edit }}. Nothing else "
            "should change.{% if in_place %} Overwrite {{ input }}.{% else %} Save it as {{ output }}.{% endif %}",
            "{{ input }}{% if records %} ({{ records }}){% endif %}: where {{ condition }} -> {{ edit }}; others "
            "unchanged{% if in_place %}, in place{% else %} -> {{ output }}{% endif %}.",
        ],
        criteria=["Exactly the records meeting the condition are edited, as asked.",
                  "Every other record and value is unchanged; the structure is kept."],
        files=[FileSlot(param="input", type="json", role="input", description="A JSON export"),
               FileSlot(param="output", type="json", description="The edited records")],
        checks=[CheckTemplate(func="json.records_updated", bind={
            "records": "records", "where": "where", "operator": "operator", "value": "value", "field": "field",
            "set_to": "set_to", "percent": "percent"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        change: Change = opts.change or ctx.rng.choice(["set", "add", "raise"])  # type: ignore[assignment]
        condition: Condition = opts.condition or ctx.rng.choice(["text", "number"])  # type: ignore[assignment]
        wrapped, in_place = either(ctx, opts.wrapped), either(ctx, opts.in_place)
        kind = ctx.rng.choice(sorted(KINDS))
        spec = KINDS[kind]
        while True:  # some records meet the condition, some do not, and the edit changes one at least
            items = [record(ctx.rng, ctx.faker, kind, n) for n in ctx.rng.sample(range(1000, 9999),
                                                                              ctx.rng.randint(10, 20))]
            if condition == "text":
                where, operator = spec["text"], "=="
                value: Any = ctx.rng.choice(sorted({r[where] for r in items}))
                meets = [r for r in items if r[where] == value]
            else:
                where, operator, _ = spec["number"]
                value = _threshold([r[where] for r in items], ctx.rng)
                meets = [r for r in items if (r[where] < value if operator == "<" else r[where] >= value)]
            if change != "set" or any(r[spec["set"][0]] != spec["set"][1] for r in meets):
                if 0 < len(meets) < len(items):
                    break
        said = {"<": "is below", ">=": "is at least", "==": "is"}[operator]
        percent = ctx.rng.choice([5, 8, 10, 12, 15]) if change == "raise" else None
        field = spec["raise"] if change == "raise" else spec[change][0]
        edit = (f"raise {field} by {percent}% (rounded to 2 decimal places)" if change == "raise"
                else spec[change][2])
        folder, stem = ctx.rng.choice(["", "exports/", "data/"]), {"products": "catalogue", "customers": "crm"}[kind]
        doc: Any = {"exported_at": "2025-06-02T07:00:00Z", "count": len(items), kind: items} if wrapped else items
        params = Params(input=f"{folder}{stem}.json", output=f"{folder}{stem}{'' if in_place else '_updated'}.json",
                        in_place=in_place, kind=kind, records=kind if wrapped else None, where=where,
                        operator=operator, value=value,
                        condition=f"{where} {said} {value if operator != '==' else chr(34) + value + chr(34)}",
                        field=field, set_to=None if change == "raise" else spec[change][1], percent=percent,
                        edit=edit)
        return params.with_files(input=dump_json(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import json
            doc = json.load(open({lit(params.input)}, encoding="utf-8"))
            records = doc[{lit(params.records)}] if {lit(params.records)} else doc
            where, op, value = {lit(params.where)}, {lit(params.operator)}, {lit(params.value)}
            def meets(r):
                if op == "==":
                    return str(r[where]).casefold() == str(value).casefold()
                return r[where] < value if op == "<" else r[where] >= value
            field, percent = {lit(params.field)}, {lit(params.percent)}
            hits = [r for r in records if meets(r)]
            for r in hits:
                r[field] = {lit(params.set_to)} if percent is None else round(r[field] * (1 + percent / 100), 2)
            with open({lit(params.output)}, "w", encoding="utf-8") as f:
                json.dump(doc, f, indent=2, ensure_ascii=False)
            print(len(hits), "of", len(records), "records updated")
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read()[:600])",
                                    f"First I look at the records in {params.input}.", f"Show {params.input}"),
                        script_step(script, f"I edit the records whose {params.condition} and write "
                                    f"{params.output}.", "Edit the matching records"))
