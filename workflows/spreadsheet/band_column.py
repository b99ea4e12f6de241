"""Label each row by the band its number falls in (a nested IF): two bands (below / at least a
threshold) or three (low / medium / high), as a new column."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from workflows._prepared import PreparedWorkflow
from workflows._steps import lit
from workflows.spec import CheckTemplate, WorkflowContext, register_workflow
from workflows.spreadsheet._book import (
    NUM,
    big_table,
    book_spec,
    choose,
    names,
    rewrite,
    three_steps,
    workbook,
)
from workflows.spreadsheet._common import round_between
from workflows.spreadsheet._finish import FinishOptions, FinishParams, finish_fields
from workflows.spreadsheet._messy import text_amounts

LABELS = {2: [["Below target", "On target"], ["No", "Yes"], ["Standard", "Priority"]],
          3: [["Low", "Medium", "High"], ["Small", "Medium", "Large"], ["Bronze", "Silver", "Gold"]]}
HEADERS = ["Band", "Tier", "Category", "Level"]
RULE = ('"{{ labels[0] }}" when {{ column }} is below {{ bounds[0] }}, '
        '{% if bounds | length > 1 %}"{{ labels[1] }}" from {{ bounds[0] }} up to (not including) {{ bounds[1] }}, '
        'and "{{ labels[2] }}" from {{ bounds[1] }} up{% else %}and "{{ labels[1] }}" from {{ bounds[0] }} up{% endif %}')


class Params(FinishParams):
    new_header: str
    column: str
    bounds: list[float]
    labels: list[str]
    text_amounts: bool


class Options(FinishOptions):
    bands: Literal[2, 3] | None = None
    text_amounts: bool | None = None


@register_workflow
class BandColumn(PreparedWorkflow[Params]):
    spec = book_spec(
        "spreadsheet.band_column", Params, Options,
        phrasings=[
            ('In {{ input }} (sheet "{{ sheet }}"), add a column "{{ new_header }}" at the end that reads ' + RULE +
             ". Plain text values, not formulas; other columns unchanged.{% if text_amounts %} Some {{ column }} values "
             "were pasted as text (commas, $): band them by the number they show.{% endif %}", "formal"),
            ("Could you tag every row of the {{ sheet }} tab in {{ input }} with a \"{{ new_header }}\" column? "
             "Rule: " + RULE + ". Just the words, no formulas.{% if text_amounts %} (Careful: part of {{ column }} came "
             "in as text.){% endif %}", "chatty"),
            ('{{ input }} / "{{ sheet }}": new column "{{ new_header }}" = ' + RULE + "{% if text_amounts %} ({{ column }} partly text){% endif %}; values only.", "terse"),
        ],
        criteria=["Every row carries the label of its band.", "The original columns are unchanged."],
        checks=[CheckTemplate(func="table.banded_column", bind={"table": "sheet", "new_header": "new_header",
                                                                 "column": "column", "bounds": "bounds", "labels": "labels"})],
        output="The workbook with the band column",
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        bands = choose(ctx, "bands", [2, 3])
        table = big_table(ctx.rng, ctx.faker, ctx.rng.choice(["sales", "employees", "inventory", "budget"]), 30, 200)
        column = ctx.rng.choice(table.numeric)
        ordered = sorted(float(v) for v in table.column(column))
        cuts = [ordered[len(ordered) * k // bands] for k in range(1, bands)]
        bounds = []
        for cut in cuts:
            below = max([v for v in ordered if v < cut], default=cut - 1)
            bound = float(round_between(below, cut, include_lo=False))
            bounds.append(int(bound) if bound.is_integer() else bound)
        params = Params(**finish_fields(ctx), **names(ctx, table, "banded"), new_header=ctx.rng.choice(HEADERS), column=column,
                        bounds=bounds, labels=ctx.rng.choice(LABELS[bands]),
                        text_amounts=choose(ctx, "text_amounts", [False, True]))
        rows = text_amounts(ctx.rng, table.rows, table.index(column)) if params.text_amounts else table.rows
        return params.with_files(input=workbook([(params.sheet, table.headers, rows)], table))

    def reference(self, params: Params) -> ReferenceSolution:
        body = [NUM, f"""
            col = header.index({lit(params.column)})
            bounds, labels = {lit(params.bounds)}, {lit(params.labels)}
            header.append({lit(params.new_header)})
            for row in rows:
                row.append(labels[sum(num(row[col]) >= b for b in bounds)])
            print({{label: sum(r[-1] == label for r in rows) for label in labels}})
        """, rewrite()]
        return three_steps(params, body, f"I compare each {params.column} with the bounds {params.bounds} and append "
                           "the band's label.", f"Add {params.new_header}")
