"""Sort the records of a CSV file by one column, keeping every row whole (the table checks on csv)."""

from __future__ import annotations

from forge.models import ReferenceSolution
from preparers.data import make_table, write_csv
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, WorkflowContext, WorkflowSpec, register_workflow


class Params(Prepared):
    input: str
    output: str
    column: str
    descending: bool
    order: str


@register_workflow
class CsvSort(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="data.csv_sort", apps=["data"], params=Params,
        phrasings=[
            "Sort the rows of {{ input }} by the {{ column }} column, {{ order }} "
            "({% if descending %}largest{% else %}smallest{% endif %} first), keeping the header first and every "
            "row's fields together, and write the result to {{ output }}.",
            "Could you reorder {{ input }} by {{ column }} ({{ order }})? Same header, same rows, just sorted; "
            "save it as {{ output }}.",
            "{{ input }} sorted by {{ column }}, {{ order }} -> {{ output }} (header kept, whole rows).",
        ],
        criteria=["Every row is kept whole, exactly once.", "Rows are ordered by the column in the asked direction."],
        files=[FileSlot(param="input", type="csv", role="input", description="A CSV export"),
               FileSlot(param="output", type="csv", description="The sorted CSV")],
        checks=[CheckTemplate(func="table.sorted_by", bind={"column": "column", "descending": "descending"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        table = make_table(ctx.rng, ctx.faker)
        descending = ctx.rng.random() < 0.5
        columns = [c for c in table.numeric if table.column(c) != sorted(table.column(c), reverse=descending)]
        stem = ctx.rng.choice(table.file_stems)
        params = Params(input=f"exports/{stem}.csv", output=f"exports/{stem}_sorted.csv", column=ctx.rng.choice(columns),
                        descending=descending, order="descending" if descending else "ascending")
        return params.with_files(input=write_csv(table))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv
            with open({lit(params.input)}, newline="", encoding="utf-8") as f:
                header, *rows = list(csv.reader(f))
            key = header.index({lit(params.column)})
            rows.sort(key=lambda row: float(row[key]), reverse={params.descending!r})
            with open({lit(params.output)}, "w", newline="", encoding="utf-8") as out:
                csv.writer(out).writerows([header, *rows])
            print(rows[:3])
        """
        return solution(script_step(script, f"I read {params.input} with the csv module, sort the rows by "
                                    f"{params.column} as numbers ({params.order}) and write {params.output}.",
                                    f"Sort {params.input} by {params.column}"))
