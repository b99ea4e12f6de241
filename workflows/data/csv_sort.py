"""Sort the records of a CSV file by a number, date or text column, keeping every row whole."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from preparers.data import make_table, write_csv
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

KeyType = Literal["number", "date", "text"]


class Options(SkillParams):
    key_type: KeyType | None = None
    descending: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    column: str
    key_type: KeyType
    descending: bool
    order: str
    in_place: bool = False


@register_workflow
class CsvSort(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="data.csv_sort", apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            "Sort the rows of {{ input }} by the {{ column }} column, {{ order }} "
            "({% if key_type == 'date' %}{% if descending %}newest{% else %}oldest{% endif %}"
            "{% elif key_type == 'text' %}{% if descending %}Z to A{% else %}A to Z, ignoring case{% endif %}"
            "{% else %}{% if descending %}largest{% else %}smallest{% endif %}{% endif %} first), keeping the header first and every "
            "row's fields together, and {% if in_place %}save it over {{ output }} itself{% else %}write the result to "
            "{{ output }}{% endif %}.",
            "Could you reorder {{ input }} by {{ column }} ({{ order }})? Same header, same rows, just sorted; "
            "{% if in_place %}just re-save {{ output }} in place{% else %}save it as {{ output }}{% endif %}.",
            "{{ input }} sorted by {{ column }}, {{ order }} -> {{ output }} (header kept, whole rows{% if in_place %}, in place"
            "{% endif %}).",
        ],
        criteria=["Every row is kept whole, exactly once.", "Rows are ordered by the column in the asked direction."],
        files=[FileSlot(param="input", type="csv", role="input", description="A CSV export"),
               FileSlot(param="output", type="csv", description="The sorted CSV")],
        checks=[CheckTemplate(func="table.sorted_by", bind={"column": "column", "descending": "descending"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        key_type: KeyType = opts.key_type or ctx.rng.choice(["number", "date", "text"])  # type: ignore[assignment]
        descending = opts.descending if opts.descending is not None else ctx.rng.random() < 0.5
        while True:
            table = make_table(ctx.rng, ctx.faker, rows=ctx.rng.randint(20, 30))
            candidates = {"number": table.numeric, "date": table.date_columns(),
                          "text": [h for h in table.headers if h not in table.numeric and h not in table.date_columns()]}
            key = lambda v: str(v).casefold() if key_type == "text" else v  # noqa: E731
            columns = [c for c in candidates[key_type]
                       if list(map(key, table.column(c))) != sorted(map(key, table.column(c)), reverse=descending)]
            if columns:
                break
        stem = ctx.rng.choice(table.file_stems)
        in_place = opts.in_place if opts.in_place is not None else ctx.rng.random() < 0.3
        name = f"exports/{stem}.csv"
        params = Params(input=name, output=name if in_place else f"exports/{stem}_sorted.csv", column=ctx.rng.choice(columns),
                        key_type=key_type, descending=descending, order="descending" if descending else "ascending",
                        in_place=in_place)
        return params.with_files(input=write_csv(table))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv
            with open({lit(params.input)}, newline="", encoding="utf-8") as f:
                header, *rows = list(csv.reader(f))
            key = header.index({lit(params.column)})
            kind = {lit(params.key_type)}
            rows.sort(key=lambda row: float(row[key]) if kind == "number" else row[key].casefold(),
                      reverse={params.descending!r})
            with open({lit(params.output)}, "w", newline="", encoding="utf-8") as out:
                csv.writer(out).writerows([header, *rows])
            print(rows[:3])
        """
        return solution(script_step(script, f"I read {params.input} with the csv module, sort the rows by "
                                    f"{params.column} as {params.key_type}s ({params.order}) and write {params.output}.",
                                    f"Sort {params.input} by {params.column}"))
