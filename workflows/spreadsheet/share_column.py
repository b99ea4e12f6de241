"""A column computed from a whole column: each row's percent of the total, its rank, or the
running total, over the whole table or within each group (region, department...)."""

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
from workflows.spreadsheet._finish import FinishOptions, FinishParams, finish_fields
from workflows.spreadsheet._messy import text_amounts

Op = Literal["percent_of_total", "rank_desc", "rank_asc", "running_total"]
GROUPS = {"sales": ["Region", "Product"], "employees": ["Department"], "inventory": ["Warehouse"],
          "budget": ["Project", "Quarter"]}
HEADERS = {"percent_of_total": ["Share of {c} (%)", "% of {c}", "{c} share %"],
           "rank_desc": ["{c} Rank", "Rank by {c}"], "rank_asc": ["{c} Rank (low first)", "Rank ({c}, ascending)"],
           "running_total": ["Running {c}", "Cumulative {c}"]}
ASK = {"percent_of_total": "each row's {c} as a percentage of the {scope} total (a number like 12.5, rounded to "
                           "{decimals} decimal places)",
       "rank_desc": "each row's rank by {c} {within} (1 = the largest; ties share the same rank)",
       "rank_asc": "each row's rank by {c} {within} (1 = the smallest; ties share the same rank)",
       "running_total": "the running total of {c} {within}, in the sheet's row order"}
CODE = {
    "percent_of_total": "[round(100 * v / sum(vs), {decimals}) for v in vs]",
    "rank_desc": "[1 + sum(w > v for w in vs) for v in vs]",
    "rank_asc": "[1 + sum(w < v for w in vs) for v in vs]",
    "running_total": "[sum(vs[: i + 1]) for i in range(len(vs))]",
}


class Params(FinishParams):
    column: str
    new_header: str
    operation: Op
    group_column: str | None
    decimals: int | None
    ask: str
    text_amounts: bool


class Options(FinishOptions):
    operation: Op | None = None
    grouped: bool | None = None
    text_amounts: bool | None = None


@register_workflow
class ShareColumn(PreparedWorkflow[Params]):
    # the ask's format example ("a number like 12.5") may also be a row's real share
    states_values = ("ask",)
    spec = book_spec(
        "spreadsheet.share_column", Params, Options,
        phrasings=[
            ('{{ input }} lists {{ subject }} on the sheet "{{ sheet }}". Add a column "{{ new_header }}" at the right '
             "end holding {{ ask }}.{% if text_amounts %} {{ column }} was pasted as text (commas, $ signs) - read "
             "those as the numbers they show.{% endif %} Write numbers, not formulas, and leave the other columns as "
             "they are.", "formal"),
            ("Can you add a \"{{ new_header }}\" column to the {{ sheet }} tab of {{ input }}? It should show {{ ask }}. "
             "Values rather than formulas, and don't touch the existing columns.{% if text_amounts %} (Some {{ column }} "
             "figures came in as text with commas or $ signs.){% endif %}", "chatty"),
            ('{{ input }} ("{{ sheet }}"): new last column "{{ new_header }}" = {{ ask }}{% if text_amounts %} '
             "({{ column }} partly text, e.g. '$ 1,234.50'){% endif %}; values only.", "terse"),
            ("For the review I want to see how each of the {{ subject }} in {{ input }} (sheet \"{{ sheet }}\") "
             "compares - add \"{{ new_header }}\" as a new column with {{ ask }}. Stored values, please."
             "{% if text_amounts %} "
             "Mind that {{ column }} holds some amounts typed as text.{% endif %}", "chatty"),
        ],
        criteria=["The new column holds the right figure on every row.", "The original columns are unchanged."],
        checks=[CheckTemplate(func="table.column_from_column", bind={
            "table": "sheet", "new_header": "new_header", "column": "column", "operation": "operation",
            "group_column": "group_column", "decimals": "decimals"})],
        output="The workbook with the new column",
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        op = choose(ctx, "operation", sorted(CODE))
        kind = "sales" if op == "running_total" else ctx.rng.choice(sorted(GROUPS))
        table = big_table(ctx.rng, ctx.faker, kind, 30, 160)
        column = ctx.rng.choice(table.additive)
        group = ctx.rng.choice(GROUPS[kind]) if choose(ctx, "grouped", [False, True]) else None
        decimals = ctx.rng.choice([1, 2]) if op == "percent_of_total" else None
        within = f"within each {group}" if group else "over the whole table"
        ask = ASK[op].format(c=column, scope=f"{group}'s" if group else "column", decimals=decimals, within=within)
        params = Params(**finish_fields(ctx), **names(ctx, table, "share" if op == "percent_of_total" else "ranked"), column=column,
                        new_header=ctx.rng.choice(HEADERS[op]).format(c=column), operation=op, group_column=group,
                        decimals=decimals, ask=ask, text_amounts=choose(ctx, "text_amounts", [False, True]))
        rows = text_amounts(ctx.rng, table.rows, table.index(column)) if params.text_amounts else table.rows
        return params.with_files(input=workbook([(params.sheet, table.headers, rows)], table))

    def reference(self, params: Params) -> ReferenceSolution:
        group = f"row[header.index({lit(params.group_column)})]" if params.group_column else "None"
        body = [NUM, f"""
            col = header.index({lit(params.column)})
            members = {{}}
            for i, row in enumerate(rows):
                members.setdefault({group}, []).append(i)
            print(len(members), "group(s):", list(members)[:10])
            result = [None] * len(rows)
            for indexes in members.values():
                vs = [num(rows[i][col]) for i in indexes]
                for i, value in zip(indexes, {CODE[params.operation].format(decimals=params.decimals)}):
                    result[i] = value
            header.append({lit(params.new_header)})
            for row, value in zip(rows, result):
                row.append(value)
        """, rewrite()]
        return three_steps(params, body, f"I compute {params.ask} with plain Python and append it as "
                           f"{params.new_header!r}.", f"Add {params.new_header}")
