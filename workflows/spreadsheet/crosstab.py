"""A two-way pivot on a new sheet: one row per value of one category, one column per value of
another, each cell a count, total or average; optionally with a Total row and column."""

from __future__ import annotations

from typing import ClassVar, Literal

from forge.models import ReferenceSolution
from workflows._prepared import PreparedWorkflow
from workflows._steps import lit
from workflows.spec import CheckTemplate, WorkflowContext, register_workflow
from workflows.spreadsheet._book import (
    big_table,
    book_spec,
    choose,
    names,
    three_steps,
    workbook,
)
from workflows.spreadsheet._finish import FinishOptions, FinishParams, finish_fields
from workflows.spreadsheet._messy import messy_labels

Aggregate = Literal["count", "sum", "average"]
FIELDS = {"sales": [("Region", "Product"), ("Product", "Region")], "budget": [("Project", "Quarter"),
                                                                            ("Manager", "Quarter")]}
MEASURE = {"count": "the number of {subject}", "sum": "the total {value}", "average": "the average {value}"}
FIGURE = {"count": "len(xs)", "sum": "sum(xs)", "average": "round(sum(xs) / len(xs), 4)"}


class Params(FinishParams):
    FINISH_ON: ClassVar[str] = "summary"
    summary: str
    row_field: str
    column_field: str
    value_column: str | None
    aggregate: Aggregate
    totals: bool
    measure: str
    messy: bool


class Options(FinishOptions):
    aggregate: Aggregate | None = None
    totals: bool | None = None
    messy: bool | None = None


@register_workflow
class Crosstab(PreparedWorkflow[Params]):
    spec = book_spec(
        "spreadsheet.crosstab", Params, Options,
        phrasings=[
            ('From the sheet "{{ sheet }}" of {{ input }}, build a cross-tab on a new sheet "{{ summary }}": one row '
             "per {{ row_field }} (names down column A, with \"{{ row_field }}\" in A1), one column per "
             "{{ column_field }} (names across row 1), and in each cell {{ measure }}.{% if totals %} Add a \"Total\" "
             'column at the right and a "Total" row at the bottom.{% endif %} Values, not formulas.{% if messy %} The {{ row_field }} and {{ column_field }} names were typed by hand: '
             "treat names that differ only in case or spacing as the same.{% endif %}", "formal"),
            ("Could you pivot the {{ sheet }} tab of {{ input }} for me? {{ row_field }} down the side, "
             "{{ column_field }} across the top, {{ measure }} in the grid{% if totals %}, plus totals for each row "
             'and column (labelled "Total"){% endif %}. Put it on a new tab "{{ summary }}" as plain numbers, with '
             '"{{ row_field }}" in A1.{% if messy %} Watch out, the names are typed inconsistently (case, spaces).'
             "{% endif %}", "chatty"),
            ('{{ input }} ("{{ sheet }}"): new sheet "{{ summary }}" = {{ measure }} by {{ row_field }} (rows, A1 '
             '"{{ row_field }}") x {{ column_field }} (columns){% if totals %}, with Total row and column{% endif %}; '
             "values only{% if messy %}; names differing only in case/spacing are one{% endif %}.", "terse"),
        ],
        criteria=["Each row/column pair holds the right figure.", "Every category appears once on each axis.",
                  "The data sheet is unchanged."],
        checks=[CheckTemplate(func="table.crosstab", bind={
            "table": "sheet", "summary": "summary", "row_field": "row_field", "column_field": "column_field",
            "value_column": "value_column", "aggregate": "aggregate", "totals": "totals"})],
        output="The workbook with the cross-tab sheet",
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        aggregate, totals = choose(ctx, "aggregate", ["count", "sum", "average"]), choose(ctx, "totals", [False, True])
        kind = ctx.rng.choice(sorted(FIELDS))
        table = big_table(ctx.rng, ctx.faker, kind, 40, 200)
        rows_field, cols_field = ctx.rng.choice(FIELDS[kind])
        value = None if aggregate == "count" else ctx.rng.choice(table.additive if aggregate == "sum" else table.numeric)
        params = Params(**finish_fields(ctx), **names(ctx, table, "pivot"), summary=ctx.rng.choice(["Pivot", "Cross-tab", "Summary"]),
                        row_field=rows_field, column_field=cols_field, value_column=value, aggregate=aggregate,
                        totals=totals, measure=MEASURE[aggregate].format(subject=table.subject, value=value),
                        messy=choose(ctx, "messy", [False, True]))
        rows = table.rows
        if params.messy:
            for field in (rows_field, cols_field):
                rows = messy_labels(ctx.rng, rows, table.index(field), share=0.2)
        return params.with_files(input=workbook([(params.sheet, table.headers, rows)], table))

    def reference(self, params: Params) -> ReferenceSolution:
        value = "1" if params.value_column is None else f"row[header.index({lit(params.value_column)})]"
        body = f"""
            r, c = header.index({lit(params.row_field)}), header.index({lit(params.column_field)})
            cells, shown = {{}}, {{}}
            def fold(v):
                return shown.setdefault(" ".join(str(v).split()).casefold(), " ".join(str(v).split()))
            for row in rows:
                for a in (fold(row[r]), "Total"):
                    for b in (fold(row[c]), "Total"):
                        cells.setdefault((a, b), []).append({value})
            labels = sorted({{fold(row[r]) for row in rows}}) + (["Total"] if {params.totals} else [])
            columns = sorted({{fold(row[c]) for row in rows}}) + (["Total"] if {params.totals} else [])
            print(len(labels), "rows x", len(columns), "columns")
            out = wb.create_sheet({lit(params.summary)})
            out.append([{lit(params.row_field)}, *columns])
            for a in labels:
                out.append([a, *[({FIGURE[params.aggregate]}) if (xs := cells.get((a, b))) else None for b in columns]])
        """
        return three_steps(params, body, f"I tally {params.measure} for every ({params.row_field}, {params.column_field}) "
                           f"pair and write the grid to {params.summary!r}.", "Build the cross-tab", sheet=params.summary)
