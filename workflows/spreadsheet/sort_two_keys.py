"""Sort a sheet by two columns: a category first (A to Z or Z to A), then a number or date within
each category (largest or smallest first), as Data > Sort with two keys does."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from workflows._prepared import PreparedWorkflow
from workflows._steps import lit
from workflows.spec import CheckTemplate, WorkflowContext, register_workflow
from workflows.spreadsheet._book import (
    big_table,
    book_spec,
    choose,
    names,
    rewrite,
    three_steps,
    workbook,
)
from workflows.spreadsheet._finish import FinishOptions, FinishParams, finish_fields

FIRST = {"sales": ["Region", "Product"], "employees": ["Department"], "inventory": ["Warehouse"],
         "budget": ["Quarter", "Project"]}
DIR = "{% if second_descending %}largest (latest){% else %}smallest (earliest){% endif %} first"


class Params(FinishParams):
    first: str
    second: str
    first_descending: bool
    second_descending: bool


class Options(FinishOptions):
    second_type: Literal["number", "date"] | None = None
    first_descending: bool | None = None
    second_descending: bool | None = None


@register_workflow
class SortTwoKeys(PreparedWorkflow[Params]):
    spec = book_spec(
        "spreadsheet.sort_two_keys", Params, Options,
        phrasings=[
            ('Sort the data rows of the sheet "{{ sheet }}" in {{ input }} by {{ first }} '
             "({% if first_descending %}Z to A{% else %}A to Z{% endif %}), and within each {{ first }} by "
             "{{ second }} (" + DIR + "). Whole rows move; the header stays in row 1.", "formal"),
            ("Can you order the {{ sheet }} tab of {{ input }} by {{ first }} "
             "({% if first_descending %}reverse alphabetical{% else %}alphabetical{% endif %}) and then by "
             "{{ second }}, " + DIR + "? Keep rows together and the header on top.", "chatty"),
            ('{{ input }} / "{{ sheet }}": sort by {{ first }} {% if first_descending %}desc{% else %}asc{% endif %}, '
             "then {{ second }} {% if second_descending %}desc{% else %}asc{% endif %}.", "terse"),
        ],
        criteria=["Every row kept whole.", "Ordered by the first key, ties by the second, as asked."],
        checks=[CheckTemplate(func="table.sorted_by_keys", bind={
            "table": "sheet", "first": "first", "second": "second", "first_descending": "first_descending",
            "second_descending": "second_descending"})],
        output="The sorted workbook",
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        second_type = choose(ctx, "second_type", ["number", "date"])
        kind = ctx.rng.choice(["sales", "employees"] if second_type == "date" else sorted(FIRST))
        table = big_table(ctx.rng, ctx.faker, kind, 30, 200)
        params = Params(**finish_fields(ctx), **names(ctx, table, "sorted"), first=ctx.rng.choice(FIRST[kind]),
                        second=ctx.rng.choice(table.date_columns() if second_type == "date" else table.numeric),
                        first_descending=choose(ctx, "first_descending", [False, True]),
                        second_descending=choose(ctx, "second_descending", [False, True]))
        return params.with_files(input=workbook([(params.sheet, table.headers, table.rows)], table))

    def reference(self, params: Params) -> ReferenceSolution:
        body = [f"""
            a, b = header.index({lit(params.first)}), header.index({lit(params.second)})
            rows.sort(key=lambda r: r[b], reverse={params.second_descending})
            rows.sort(key=lambda r: str(r[a]).casefold(), reverse={params.first_descending})
            print([(r[a], r[b]) for r in rows[:5]])
        """, rewrite()]
        return three_steps(params, body, f"I sort by {params.second} first and then, stably, by {params.first}, so "
                           f"{params.second} orders the rows within each {params.first}.", "Sort by two keys")
