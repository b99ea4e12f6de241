"""Keep the records of a JSON order export that meet one condition (a status, a nested country, a
date from a day), as a bare array or inside the export with its count updated."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from preparers.data import make_orders_export
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import (
    CheckTemplate,
    FileSlot,
    SkillParams,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
)

Condition = Literal["status", "country", "date_from"]
FIELDS = {"status": ("status", "=="), "country": ("customer.country", "=="), "date_from": ("date", ">=")}


class Options(SkillParams):
    condition: Condition | None = None
    keep_envelope: bool | None = None


class Params(Prepared):
    input: str
    output: str
    field: str
    operator: Literal["==", ">="]
    value: str
    keep_envelope: bool


@register_workflow
class JsonFilter(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="data.json_filter", apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            "From the orders in {{ input }}, keep only those whose {{ field }} {% if operator == '==' %}is "
            "{{ value }}{% else %}is on or after {{ value }}{% endif %}, each order complete and in the original "
            "order. {% if keep_envelope %}Write the whole export to {{ output }} as before (same \"export\" header) "
            "but with just those orders and its count updated.{% else %}Write them to {{ output }} as a plain JSON "
            "array of order objects.{% endif %}",
            "Can you filter {{ input }} down to the orders with {{ field }} {{ operator }} {{ value }} and save the "
            "result as {{ output }}? {% if keep_envelope %}Keep the file's structure (the export block, with count "
            "matching the orders left).{% else %}Just a JSON list of the matching orders is fine.{% endif %}",
            "{{ input }} (orders) where {{ field }} {{ operator }} {{ value }} -> {{ output }}"
            "{% if keep_envelope %} (same envelope, export.count updated){% else %} (bare array){% endif %}.",
        ],
        criteria=["Exactly the matching orders, whole and in order.", "The output shape asked for."],
        files=[FileSlot(param="input", type="json", role="input", description="A nested JSON order export"),
               FileSlot(param="output", type="json", description="The matching orders")],
        checks=[CheckTemplate(func="json.records_where", fixed={"list_path": "orders"}, bind={
            "field": "field", "operator": "operator", "value": "value", "keep_envelope": "keep_envelope"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        condition: Condition = opts.condition or ctx.rng.choice(list(FIELDS))  # type: ignore[assignment]
        export = make_orders_export(ctx.rng, ctx.faker, count=ctx.rng.randint(20, 60))
        orders = export.value["orders"]  # type: ignore[index,call-overload]
        field, operator = FIELDS[condition]
        if condition == "date_from":
            value = sorted(o["date"] for o in orders)[len(orders) // 2]
        else:
            value = ctx.rng.choice([o["status"] if condition == "status" else o["customer"]["country"] for o in orders])
        keep = opts.keep_envelope if opts.keep_envelope is not None else ctx.rng.random() < 0.5
        stem = export.file_name.removesuffix(".json")
        params = Params(input=f"exports/{export.file_name}", output=f"exports/{stem}_{condition}.json", field=field,
                        operator=operator, value=value, keep_envelope=keep)
        return params.with_files(input=export.data)

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import json
            data = json.load(open({lit(params.input)}, encoding="utf-8"))
            def field(order):
                for key in {lit(params.field)}.split("."):
                    order = order[key]
                return str(order).casefold()
            bound = {lit(params.value)}.casefold()
            equal = {lit(params.operator)} == "=="
            kept = [o for o in data["orders"] if (field(o) == bound if equal else field(o) >= bound)]
            if {params.keep_envelope!r}:
                data["orders"], data["export"]["count"] = kept, len(kept)
                result = data
            else:
                result = kept
            open({lit(params.output)}, "w").write(json.dumps(result, indent=2, ensure_ascii=False) + "\\n")
            print(len(kept), "orders kept")
        """
        return solution(script_step(script, f"I load {params.input}, keep the orders where {params.field} "
                                    f"{params.operator} {params.value} and write {params.output}.",
                                    f"Filter {params.input}"))
