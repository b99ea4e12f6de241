"""Count the records of a nested JSON export by one field and write the counts as JSON."""

from __future__ import annotations


from forge.models import ReferenceSolution
from preparers.data import make_orders_export
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, WorkflowContext, WorkflowSpec, register_workflow


class Params(Prepared):
    export: str
    output: str
    list_path: str
    field: str


@register_workflow
class StatusCounts(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="data.json_counts", apps=["data"], params=Params,
        phrasings=[
            'Using the order export {{ export }}, count how many entries of the "{{ list_path }}" list have each '
            'value of "{{ field }}". Save the result as a JSON object mapping each value to its count in '
            "{{ output }}.",
            'How many orders are there per {{ field }} in {{ export }} (the "{{ list_path }}" array)? Write the '
            "answer to {{ output }} as a JSON object like {\"value\": count, ...}.",
            '{{ export }}: group "{{ list_path }}" by "{{ field }}", count; JSON object -> {{ output }}.',
        ],
        criteria=["Every distinct value appears once with the number of records that have it; nothing else."],
        files=[FileSlot(param="export", type="json", role="input", description="A month's order export"),
               FileSlot(param="output", type="json", description="Counts per value")],
        checks=[CheckTemplate(func="json.counts_by_field", bind={"list_path": "list_path", "field": "field"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        export = make_orders_export(ctx.rng, ctx.faker)
        field = ctx.rng.choice(["status", "customer.country"])
        params = Params(export=f"exports/{export.file_name}", output=f"exports/{field.split('.')[-1]}_counts.json",
                        list_path="orders", field=field)
        return params.with_files(export=export.data)


    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import json
            from collections import Counter
            records = json.load(open({lit(params.export)}))[{lit(params.list_path)}]

            def value(record):
                for key in {lit(params.field)}.split("."):
                    record = record[key]
                return record

            counts = dict(Counter(value(r) for r in records))
            with open({lit(params.output)}, "w") as out:
                json.dump(counts, out, indent=2)
            print(counts)
        """
        return solution(script_step(script, f"I'll load {params.export}, count the {params.list_path} by "
                                    f"{params.field} with a Counter and write the counts to {params.output}.",
                                    f"Count {params.list_path} by {params.field}"))
