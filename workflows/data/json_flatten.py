"""Flatten a nested JSON order export into a flat table: one row per order, or one per line item."""

from __future__ import annotations

from typing import ClassVar

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

ORDER_FIELDS = ["id", "date", "customer.name", "customer.email", "customer.country", "status"]
ITEM_FIELDS = ["items.sku", "items.name", "items.quantity", "items.unit_price"]


class Options(SkillParams):
    per_item: bool | None = None


class Params(Prepared):
    input: str
    output: str
    columns: list[str]
    explode: str | None


@register_workflow
class JsonFlatten(PreparedWorkflow[Params]):
    output_type: ClassVar[str] = "csv"
    spec = WorkflowSpec(
        name="data.json_flatten", apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            "Flatten the orders in {{ input }} into {{ output }}: one row per {% if explode %}line item (the entries "
            "of each order's {{ explode }} list){% else %}order{% endif %}, with the columns {{ columns | join(', ') }} "
            "in that order, named exactly like that (dotted names are nested fields). Keep the export's order.",
            "Our BI tool can't read nested JSON. Could you turn the orders of {{ input }} into a flat table {{ output }}? I need "
            "{{ columns | join(', ') }} as the header{% if explode %}, and one row for every item in {{ explode }} "
            "(repeat the order fields on each){% else %}, one row per order{% endif %}.",
            "{{ input }} (orders) -> {{ output }}: {% if explode %}explode {{ explode }}, {% endif %}columns "
            "{{ columns | join(', ') }}, source order.",
        ],
        criteria=["The header is the requested fields.", "One row per record (or item) with its values."],
        files=[FileSlot(param="input", type="json", role="input", description="A nested JSON order export"),
               FileSlot(param="output", type="csv", description="The flattened table")],
        checks=[CheckTemplate(func="table.from_json", fixed={"list_path": "orders"},
                              bind={"columns": "columns", "explode": "explode"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        export = make_orders_export(ctx.rng, ctx.faker, count=ctx.rng.randint(20, 70))
        per_item = opts.per_item if opts.per_item is not None else ctx.rng.random() < 0.5
        fields = ["id", *sorted(ctx.rng.sample(ORDER_FIELDS[1:], ctx.rng.randint(2, 4)), key=ORDER_FIELDS.index)]
        if per_item:
            fields += ITEM_FIELDS if ctx.rng.random() < 0.5 else [f for f in ITEM_FIELDS if f != "items.name"]
        stem = export.file_name.removesuffix(".json")
        params = Params(input=f"exports/{export.file_name}", output=f"exports/{stem}{'_items' if per_item else ''}."
                        f"{self.output_type}", columns=fields, explode="items" if per_item else None)
        return params.with_files(input=export.data)

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import json
            def get(value, path):
                for key in path.split("."):
                    value = value.get(key) if isinstance(value, dict) else None
                return value
            columns, explode = {lit(params.columns)}, {lit(params.explode)}
            rows = []
            for order in json.load(open({lit(params.input)}, encoding="utf-8"))["orders"]:
                for item in (order[explode] if explode else [None]):
                    rows.append([get(item, c.split(".", 1)[1]) if explode and c.startswith(explode + ".")
                                 else get(order, c) for c in columns])
            {self._writer(params)}
            print(len(rows), "rows")
        """
        return solution(script_step(script, f"I load {params.input}, pick {', '.join(params.columns)} from each "
                                    f"{'item' if params.explode else 'order'} and write {params.output}.",
                                    f"Flatten {params.input}"))

    def _writer(self, params: Params) -> str:
        return (f'import csv\n            with open({lit(params.output)}, "w", newline="", encoding="utf-8") as f: '
                "w = csv.writer(f); w.writerow(columns); w.writerows(rows)")
