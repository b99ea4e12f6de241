"""Join two CSV exports on a shared id column: every order with its customer's details."""

from __future__ import annotations

from typing import ClassVar, Literal

from forge.models import ReferenceSolution
from preparers.data import make_customer_orders, write_csv
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


class Options(SkillParams):
    how: Literal["inner", "left"] | None = None


class Params(Prepared):
    orders: str
    customers: str
    output: str
    key: str
    how: Literal["inner", "left"]


@register_workflow
class CsvJoin(PreparedWorkflow[Params]):
    output_ext: ClassVar[str] = "csv"
    writer: ClassVar[str] = 'csv.writer(open(OUTPUT, "w", newline="", encoding="utf-8")).writerows(out)'
    spec = WorkflowSpec(
        name="data.csv_join", apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            "Combine {{ orders }} with {{ customers }} on {{ key }}: every order row followed by that customer's "
            "other columns. {% if how == 'inner' %}Orders whose customer isn't in {{ customers }} should be left "
            "out{% else %}Keep every order, even when {{ customers }} has no such customer (leave those cells "
            "empty){% endif %}. Keep the order rows in their original order and save the result as {{ output }}.",
            "Finance wants the order list with the customer details next to each order. Can you match {{ orders }} "
            "to {{ customers }} by {{ key }} and write {{ output }}? Orders columns first, then the customer columns. "
            "{% if how == 'inner' %}Skip orders we can't match.{% else %}Don't drop unmatched orders, just leave the "
            "customer part blank.{% endif %}",
            "{{ orders }} {{ how }}-join {{ customers }} on {{ key }} -> {{ output }} (left columns then right, "
            "left row order).",
        ],
        criteria=["Each kept order carries its customer's columns.", "Unmatched orders handled as asked."],
        files=[FileSlot(param="orders", type="csv", role="input", description="An order export"),
               FileSlot(param="customers", type="csv", role="input", description="The customer list"),
               FileSlot(param="output", type="csv", description="Orders with customer details")],
        checks=[CheckTemplate(func="table.joined", bind={"key": "key", "how": "how"},
                              paths={"input_file": "orders", "right_file": "customers"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        orders, customers = make_customer_orders(ctx.rng, ctx.faker)
        month = orders.rows[0][1].strftime("%Y_%m")  # type: ignore[union-attr]
        params = Params(orders=f"orders_{month}.csv", customers="customers.csv",
                        output=f"orders_{month}_customers.{self.output_ext}",
                        key="Customer ID", how=opts.how or ctx.rng.choice(["inner", "left"]))
        return params.with_files(orders=write_csv(orders), customers=write_csv(customers))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv
            def read(path):
                return list(csv.reader(open(path, newline="", encoding="utf-8")))
            left, right = read({lit(params.orders)}), read({lit(params.customers)})
            lk, rk = left[0].index({lit(params.key)}), right[0].index({lit(params.key)})
            others = [i for i in range(len(right[0])) if i != rk]
            lookup = {{row[rk]: row for row in right[1:]}}
            out = [left[0] + [right[0][i] for i in others]]
            for row in left[1:]:
                match = lookup.get(row[lk])
                if match is not None:
                    out.append(row + [match[i] for i in others])
                elif {lit(params.how)} == "left":
                    out.append(row + [""] * len(others))
            {self.writer.replace("OUTPUT", lit(params.output))}
            print(len(left) - 1, "orders,", len(out) - 1, "rows written")
        """
        return solution(script_step(script, f"I index {params.customers} by {params.key}, walk {params.orders} in "
                                    f"order and append each customer's columns ({params.how} join).",
                                    f"Join {params.orders} with {params.customers}"))
