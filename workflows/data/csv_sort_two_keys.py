"""Sort a CSV export by a category and, within it, by a figure or a date - orders by region then by
value, staff by department then by start date - the category A to Z, the second key ascending or
descending; a new file or in place."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from preparers.data import GROUP_KEYS, make_records, write_csv
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.data._draw import either
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

SecondType = Literal["number", "date"]
WORDS = {("number", False): "smallest first", ("number", True): "largest first",
         ("date", False): "oldest first", ("date", True): "newest first"}
_SAVE = "{% if in_place %}save {{ output }} in place{% else %}write the result to {{ output }}{% endif %}"


class Options(SkillParams):
    second_type: SecondType | None = None
    descending: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    subject: str
    first: str
    second: str
    descending: bool
    order: str


@register_workflow
class CsvSortTwoKeys(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="data.csv_sort_two_keys", apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            "Sort the {{ subject }} in {{ input }} by {{ first }} (A to Z, ignoring case) and, within each "
            "{{ first }}, by {{ second }}, {{ order }}. Keep the header and every row whole; " + _SAVE + ".",
            "Could you reorder {{ input }} so the rows are grouped by {{ first }} (A to Z) and, inside each group, "
            "run by {{ second }} {{ order }}? Same header and rows, just in that order - " + _SAVE + ".",
            "{{ input }}: sort by {{ first }} A-Z, then {{ second }} {{ order }}; whole rows, header kept; "
            + _SAVE + ".",
        ],
        criteria=["Every row is kept whole, exactly once.",
                  "Rows run by the first key, and within it by the second in the asked direction."],
        files=[FileSlot(param="input", type="csv", role="input", description="A CSV export"),
               FileSlot(param="output", type="csv", description="The sorted export")],
        checks=[CheckTemplate(func="table.sorted_by_keys", bind={"first": "first", "second": "second",
                                                                  "second_descending": "descending"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        kind: SecondType = opts.second_type or ctx.rng.choice(["number", "date"])  # type: ignore[assignment]
        descending, in_place = either(ctx, opts.descending), either(ctx, opts.in_place)
        kinds = {k: GROUP_KEYS[k] for k in ("sales", "employees")} if kind == "date" else None
        table = make_records(ctx.rng, ctx.faker, ctx.rng.randint(25, 70), kinds=kinds)
        first = ctx.rng.choice(GROUP_KEYS[table.kind])
        second = ctx.rng.choice(table.date_columns() if kind == "date" else table.numeric)
        stem, folder = ctx.rng.choice(table.file_stems), ctx.rng.choice(["", "exports/", "reports/"])
        params = Params(input=f"{folder}{stem}.csv", output=f"{folder}{stem}{'' if in_place else '_sorted'}.csv",
                        in_place=in_place, subject=table.subject, first=first, second=second, descending=descending,
                        order=WORDS[(kind, descending)])
        rows = list(table.rows)
        ctx.rng.shuffle(rows)  # the export in entry order: sorting by the first key alone leaves the second unsorted
        return params.with_files(input=write_csv(table.model_copy(update={"rows": rows})))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv
            with open({lit(params.input)}, newline="", encoding="utf-8") as f:
                header, *rows = list(csv.reader(f))
            a, b = header.index({lit(params.first)}), header.index({lit(params.second)})
            second = (lambda r: r[b]) if {lit(params.second)}.endswith("Date") else (lambda r: float(r[b]))
            rows.sort(key=second, reverse={params.descending})  # a stable sort: the second key first
            rows.sort(key=lambda r: r[a].casefold())
            with open({lit(params.output)}, "w", newline="", encoding="utf-8") as f:
                csv.writer(f).writerows([header, *rows])
            print(len(rows), "rows sorted")
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read()[:500])",
                                    f"First I look at {params.input}'s columns.", f"Show {params.input}"),
                        script_step(script, f"I sort by {params.second} ({params.order}), then stably by "
                                    f"{params.first}, and write {params.output}.", "Sort by two keys"))
