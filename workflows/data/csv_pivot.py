"""Pivot a CSV export into a two-way table as a new CSV: one row per value of one category, one
column per value of another, each cell a count, total or average; optionally with a Total row
and column, and with hand-typed labels (case, spacing) that must count as one."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from preparers.data import make_records, write_csv
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow
from workflows.spreadsheet._messy import messy_labels

Aggregate = Literal["count", "sum", "average"]
FIELDS = {"sales": [("Region", "Product"), ("Product", "Region")], "budget": [("Project", "Quarter"),
                                                                            ("Manager", "Quarter")]}
MEASURE = {"count": "the number of {subject}", "sum": "the total {value}",
           "average": "the average {value} (rounded to 2 decimals)"}
_AVG = ("{% if aggregate == 'average' %}, each Total the average over every row it covers (not an average of "
        "averages){% endif %}")
FIGURE = {"count": "len(xs)", "sum": "round(sum(xs), 2)", "average": "round(sum(xs) / len(xs), 2)"}


class Options(SkillParams):
    aggregate: Aggregate | None = None
    totals: bool | None = None
    messy: bool | None = None


class Params(Prepared):
    input: str
    output: str
    row_field: str
    column_field: str
    value_column: str | None
    aggregate: Aggregate
    measure: str
    totals: bool
    messy: bool


@register_workflow
class CsvPivot(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="data.csv_pivot", apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            "Pivot {{ input }} into {{ output }}: one row per {{ row_field }}, one column per {{ column_field }}, "
            "and in each cell {{ measure }} for that pair. The header row starts with \"{{ row_field }}\" followed by "
            "the {{ column_field }} values.{% if totals %} Add a \"Total\" column at the right and a \"Total\" row "
            "at the bottom" + _AVG + ".{% endif %}{% if messy %} The {{ row_field }} and {{ column_field }} names "
            "were typed by hand: names that differ only in case or spacing are the same.{% endif %}",
            "Could you turn {{ input }} into a cross-tab for me? {{ row_field }} down the side, {{ column_field }} "
            "across the top, {{ measure }} in the grid{% if totals %}, plus totals per row and column (labelled "
            "\"Total\")" + _AVG + "{% endif %}. A CSV {{ output }} with \"{{ row_field }}\" as its first header "
            "is perfect."
            "{% if messy %} Careful, the names are typed inconsistently (case, extra spaces).{% endif %}",
            "{{ input }} -> {{ output }}: pivot, rows {{ row_field }} (first header \"{{ row_field }}\"), columns "
            "{{ column_field }}, cells {{ measure }}{% if totals %}, with Total row and column" + _AVG + "{% endif %}"
            "{% if messy %}; names differing only in case/spacing are one{% endif %}.",
        ],
        criteria=["Each row/column pair holds the right figure.", "Every category appears once on each axis."],
        files=[FileSlot(param="input", type="csv", role="input", description="A CSV export"),
               FileSlot(param="output", type="csv", description="The pivot table")],
        checks=[CheckTemplate(func="table.crosstab", fixed={"tolerance": 0.006}, bind={
            "summary": "output", "row_field": "row_field", "column_field": "column_field",
            "value_column": "value_column", "aggregate": "aggregate", "totals": "totals"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        aggregate: Aggregate = opts.aggregate or ctx.rng.choice(["count", "sum", "average"])
        totals = opts.totals if opts.totals is not None else ctx.rng.random() < 0.5
        messy = opts.messy if opts.messy is not None else ctx.rng.random() < 0.3
        table = make_records(ctx.rng, ctx.faker, ctx.rng.randint(40, 160), kinds=FIELDS)  # type: ignore[arg-type]
        row_field, column_field = ctx.rng.choice(FIELDS[table.kind])
        value = None if aggregate == "count" else ctx.rng.choice(table.additive if aggregate == "sum" else table.numeric)
        rows = table.rows
        if messy:
            for field in (row_field, column_field):
                rows = messy_labels(ctx.rng, rows, table.headers.index(field), share=0.2)
        stem = ctx.rng.choice(table.file_stems)
        folder = ctx.rng.choice(["", "exports/", "reports/"])
        params = Params(input=f"{folder}{stem}.csv", output=f"{folder}{stem}_{row_field.lower()}_by_"
                        f"{column_field.lower()}.csv", row_field=row_field, column_field=column_field,
                        value_column=value, aggregate=aggregate, totals=totals, messy=messy,
                        measure=MEASURE[aggregate].format(subject=table.subject, value=value))
        return params.with_files(input=write_csv(table.model_copy(update={"rows": rows})))

    def reference(self, params: Params) -> ReferenceSolution:
        value = "1" if params.value_column is None else f"float(row[{lit(params.value_column)}])"
        script = f"""
            import csv
            rows = list(csv.DictReader(open({lit(params.input)}, newline="", encoding="utf-8")))
            cells, shown = {{}}, {{}}
            def fold(v):
                return shown.setdefault(" ".join(v.split()).casefold(), " ".join(v.split()))
            for row in rows:
                for a in (fold(row[{lit(params.row_field)}]), "Total"):
                    for b in (fold(row[{lit(params.column_field)}]), "Total"):
                        cells.setdefault((a, b), []).append({value})
            labels = sorted({{a for a, _ in cells if a != "Total"}}) + (["Total"] if {params.totals} else [])
            columns = sorted({{b for _, b in cells if b != "Total"}}) + (["Total"] if {params.totals} else [])
            with open({lit(params.output)}, "w", newline="", encoding="utf-8") as out:
                writer = csv.writer(out)
                writer.writerow([{lit(params.row_field)}, *columns])
                for a in labels:
                    writer.writerow([a, *[({FIGURE[params.aggregate]}) if (xs := cells.get((a, b))) else "" for b in columns]])
            print(len(labels), "rows x", len(columns), "columns")
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read()[:600])",
                                    f"First I look at the columns of {params.input}.", f"Show {params.input}"),
                        script_step(script, f"I tally {params.measure} for every ({params.row_field}, "
                                    f"{params.column_field}) pair and write the grid to {params.output}.",
                                    f"Pivot {params.input}"))
