"""Summarise a nested JSON order export per group for a quick report: revenue (quantity x unit price
over the line items), units sold or the average order value, per order status, per customer country
or per product; as an object from group to figure or as a ranked array, largest first."""

from __future__ import annotations

from typing import Literal

from forge.checks.json_groups import Measure
from forge.models import ReferenceSolution
from preparers.data import make_orders_export
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.data._draw import either
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

By = Literal["status", "country", "product"]
GROUP = {"status": ("status", "the order's status field"),
         "country": ("customer.country", "the customer's country, customer.country"),
         "product": ("items.name", "the line item's product name, items.name (each line counted under its own "
                                   "product)")}
MEASURE = {"revenue": "the revenue (the sum of quantity × unit_price over the line items), rounded to 2 decimals",
           "units": "the units sold (the sum of the line items' quantity)",
           "average": "the average order value (each order's sum of quantity × unit_price, averaged over the "
                      "group's orders), rounded to 2 decimals"}
_SHAPE = ("{% if array %}a JSON array of objects {\"{{ group_name }}\": ..., \"{{ measure }}\": ...}, largest "
          "{{ measure }} first (ties by {{ group_name }}, A to Z){% else %}a JSON object mapping each {{ group_name }} "
          "to its {{ measure }}{% endif %}")


class Options(SkillParams):
    by: By | None = None
    measure: Measure | None = None
    array: bool | None = None


class Params(Prepared):
    input: str
    output: str
    group: str
    group_text: str
    group_name: str
    measure: Measure
    measure_text: str
    decimals: int | None
    price: str | None
    array: bool


@register_workflow
class JsonGroupTotals(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="data.json_group_totals", apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            "From the orders in {{ input }} (the list \"orders\", each with its line items in \"items\"), work out "
            "{{ measure_text }} per {{ group_name }} ({{ group_text }}) and write it to {{ output }} as " + _SHAPE + ". "
            "Every {{ group_name }} that occurs gets an entry.",
            "Quick one: I need {{ measure_text }} for each {{ group_name }} from the \"orders\" of {{ input }} (group "
            "by {{ group_text }}; the lines are in each order's \"items\"). Could you put it in {{ output }}, "
            + _SHAPE + "?",
            "{{ input }} (orders[], lines in items[]) -> {{ output }}: {{ measure }} per {{ group_name }} = "
            "{{ measure_text }}; group: {{ group_text }}; output " + _SHAPE + ".",
        ],
        criteria=["One figure per group that occurs in the export.", "Each figure is right and rounded as asked.",
                  "The output has the asked shape and order."],
        files=[FileSlot(param="input", type="json", role="input", description="A nested JSON order export"),
               FileSlot(param="output", type="json", description="The figures per group")],
        checks=[CheckTemplate(func="json.grouped_totals", fixed={"records": "orders", "lines": "items",
                                                                  "quantity": "quantity"},
                              bind={"group": "group", "measure": "measure", "array": "array",
                                    "group_name": "group_name", "value_name": "measure", "decimals": "decimals", "price": "price"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        by: By = opts.by or ctx.rng.choice(list(GROUP))  # type: ignore[assignment]
        choices = ["revenue", "units"] if by == "product" else list(MEASURE)
        measure: Measure = opts.measure or ctx.rng.choice(choices)  # type: ignore[assignment]
        array = either(ctx, opts.array)
        export = make_orders_export(ctx.rng, ctx.faker, count=ctx.rng.randint(15, 40))
        group, text = GROUP[by]
        stem = export.file_name.removesuffix(".json")
        params = Params(input=f"exports/{export.file_name}", output=f"exports/{stem}_{measure}_by_{by}.json",
                        group=group, group_text=text, group_name=by, measure=measure,
                        measure_text=MEASURE[measure], decimals=None if measure == "units" else 2,
                        price=None if measure == "units" else "unit_price", array=array)
        return params.with_files(input=export.data)

    def reference(self, params: Params) -> ReferenceSolution:
        line_figure = "l['quantity']" if params.measure == "units" else "l['quantity'] * l['unit_price']"
        per_line = params.group.startswith("items.")
        finish = {"revenue": "round(sum(v), 2)", "units": "sum(v)", "average": "round(sum(v) / len(v), 2)"}
        script = f"""
            import json
            def get(value, path):
                for key in path.split("."):
                    value = value[key]
                return value
            sums = {{}}
            for order in json.load(open({lit(params.input)}, encoding="utf-8"))["orders"]:
                if {per_line}:
                    for l in order["items"]:
                        sums.setdefault(str(get(l, {lit(params.group.split(".", 1)[-1])})), []).append({line_figure})
                else:
                    sums.setdefault(str(get(order, {lit(params.group)})), []).append(
                        sum({line_figure} for l in order["items"]))
            figures = {{g: {finish[params.measure]} for g, v in sums.items()}}
            if {params.array}:
                result = [{{{lit(params.group_name)}: g, {lit(params.measure)}: f}}
                          for g, f in sorted(figures.items(), key=lambda kv: (-kv[1], kv[0]))]
            else:
                result = figures
            with open({lit(params.output)}, "w", encoding="utf-8") as f:
                json.dump(result, f, indent=2, ensure_ascii=False)
            print(len(figures), "groups")
        """
        return solution(script_step(f"import json; d = json.load(open({lit(params.input)})); "
                                    "print(d['export']); print(json.dumps(d['orders'][0], indent=1))",
                                    "First I look at one order to see where the fields are.", "Inspect the export"),
                        script_step(script, f"I total {params.measure} per {params.group_name} and write "
                                    f"{params.output}.", f"Total {params.measure} per {params.group_name}"))
