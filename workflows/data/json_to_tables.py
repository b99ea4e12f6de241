"""Normalise a shop's nested JSON order export into two related CSV tables for a database or a BI
tool: an orders table (one row per order, the customer's details flattened into it) and an
order-lines table (one row per item, carrying its order's id), with the column names the target
schema uses; optionally each line numbered within its order, each line's total, and each order's
total worked out from its lines."""

from __future__ import annotations

from forge.models import ReferenceSolution
from preparers.data import dump_json, make_orders_export
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.data._draw import either
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

# target header -> path in the export, per table (the orders' customer object flattened)
ORDER_COLUMNS = {"order_id": "id", "order_date": "date", "status": "status", "customer_name": "customer.name",
                 "customer_email": "customer.email", "country": "customer.country"}
LINE_COLUMNS = {"order_id": "id", "sku": "items.sku", "product": "items.name", "quantity": "items.quantity",
                "unit_price": "items.unit_price"}

_MAP = "{% for header, path in columns.items() %}{{ header }} ({{ path }}){{ ', ' if not loop.last }}{% endfor %}"
_ORDERS = ("{{ orders }} - one row per order with the columns " + _MAP.replace("columns", "order_columns") +
           "{% if order_total %}, then {{ order_total }}: the order's total, the sum of quantity x unit_price over "
           "its items, rounded to 2 decimals{% endif %}")
_LINES = ("{{ lines }} - one row per entry of each order's items list, orders in file order, with the columns "
          "{% for header, path in line_columns.items() %}{{ header }} ({{ path }}){% if loop.first and line_no %}, "
          "{{ line_no }} (the item's number within its order: 1, 2, ...){% endif %}{{ ', ' if not loop.last }}"
          "{% endfor %}{% if line_total %}, then {{ line_total }}: quantity x unit_price, rounded to 2 decimals"
          "{% endif %}")


class Options(SkillParams):
    line_no: bool | None = None
    line_total: bool | None = None
    order_total: bool | None = None


class Params(Prepared):
    input: str
    orders: str
    lines: str
    order_columns: dict[str, str]
    line_columns: dict[str, str]
    line_no: str | None
    line_total: str | None
    order_total: str | None


@register_workflow
class JsonToTables(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="data.json_to_tables", apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            "Normalise the order export {{ input }} (its \"orders\" list) into two CSV tables for the database: "
            + _ORDERS + "; and " + _LINES + ". Header row first in each; values as the export has them "
            "(dates as YYYY-MM-DD).",
            "We're loading {{ input }} into the warehouse, which wants orders and order lines apart. Could you "
            "write " + _ORDERS + "? And " + _LINES + ". Keep the export's values as they are.",
            "{{ input }} -> " + _ORDERS + "; " + _LINES + ". Same order as the file.",
        ],
        criteria=["One orders row per order and one line row per item, in the export's order.",
                  "The columns are named and filled as asked; any totals are worked out from the items."],
        files=[FileSlot(param="input", type="json", role="input", description="A nested order export"),
               FileSlot(param="orders", type="csv", description="The orders table"),
               FileSlot(param="lines", type="csv", description="The order-lines table")],
        checks=[CheckTemplate(func="table.normalised_from_json", paths={"file": "orders", "input_file": "input"},
                              bind={"columns": "order_columns", "amount": "order_total"},
                              fixed={"records": "orders", "amount_over": "items", "quantity": "quantity",
                                     "price": "unit_price"}),
                CheckTemplate(func="table.normalised_from_json", paths={"file": "lines", "input_file": "input"},
                              bind={"columns": "line_columns", "position": "line_no", "amount": "line_total"},
                              fixed={"records": "orders", "explode": "items", "quantity": "quantity",
                                     "price": "unit_price"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        line_no, line_total, order_total = (either(ctx, o) for o in (opts.line_no, opts.line_total,
                                                                      opts.order_total))
        export = make_orders_export(ctx.rng, ctx.faker, count=ctx.rng.randint(6, 14))
        folder = ctx.rng.choice(["", "exports/", "etl/"])
        out = ctx.rng.choice(["", "load/", "tables/"])
        month = export.file_name.removeprefix("orders_").removesuffix(".json")
        params = Params(input=folder + export.file_name, orders=f"{folder}{out}orders_{month}.csv",
                        lines=f"{folder}{out}order_lines_{month}.csv", order_columns=dict(ORDER_COLUMNS),
                        line_columns=dict(LINE_COLUMNS), line_no=ctx.rng.choice(["line_no", "line"]) if line_no
                        else None, line_total="line_total" if line_total else None,
                        order_total=ctx.rng.choice(["order_total", "total"]) if order_total else None)
        return params.with_files(input=dump_json(export.value))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv, json, os
            orders = json.load(open({lit(params.input)}, encoding="utf-8"))["orders"]
            def get(obj, path):
                for key in path.split("."):
                    obj = obj[key]
                return obj
            line_total, order_total = {lit(params.line_total)}, {lit(params.order_total)}
            line_no = {lit(params.line_no)}
            order_columns, line_columns = {lit(params.order_columns)}, {lit(params.line_columns)}
            amount = lambda item: round(item["quantity"] * item["unit_price"], 2)
            os.makedirs(os.path.dirname({lit(params.orders)}) or ".", exist_ok=True)
            with open({lit(params.orders)}, "w", newline="", encoding="utf-8") as f:
                out = csv.writer(f)
                out.writerow(list(order_columns) + ([order_total] if order_total else []))
                for order in orders:
                    total = [round(sum(amount(i) for i in order["items"]), 2)] if order_total else []
                    out.writerow([get(order, p) for p in order_columns.values()] + total)
            with open({lit(params.lines)}, "w", newline="", encoding="utf-8") as f:
                out = csv.writer(f)
                header = list(line_columns) + ([line_total] if line_total else [])
                out.writerow(header[:1] + ([line_no] if line_no else []) + header[1:])
                for order in orders:
                    for n, item in enumerate(order["items"], start=1):
                        row = [get(order, p) if not p.startswith("items.") else item[p[6:]]
                               for p in line_columns.values()] + ([amount(item)] if line_total else [])
                        out.writerow(row[:1] + ([n] if line_no else []) + row[1:])
            print(len(orders), "orders,", sum(len(o["items"]) for o in orders), "lines")
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read()[:900])",
                                    f"First I look at how {params.input} nests its orders and items.",
                                    f"Show {params.input}"),
                        script_step(script, f"I write {params.orders} (one row per order) and {params.lines} "
                                    "(one row per item, with its order's id).", "Write the two tables"))
