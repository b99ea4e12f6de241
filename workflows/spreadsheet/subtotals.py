"""Data > Subtotals: group the rows by a category (sorting them first when they are not), put a
'<group> Total' row after each group with the sum, count or average of some columns, and
optionally a Grand Total row at the end."""

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

Aggregate = Literal["sum", "count", "average"]
GROUPS = {"sales": ["Region"], "employees": ["Department"], "inventory": ["Warehouse"], "budget": ["Quarter"]}
FIGURE = {"sum": "sum(xs)", "count": "len(xs)", "average": "sum(xs) / len(xs)"}
WORD = {"sum": "total", "count": "count", "average": "average"}


class Params(FinishParams):
    group_column: str
    columns: list[str]
    aggregate: Aggregate
    word: str
    grand_total: bool
    presorted: bool


class Options(FinishOptions):
    aggregate: Aggregate | None = None
    grand_total: bool | None = None
    presorted: bool | None = None


@register_workflow
class Subtotals(PreparedWorkflow[Params]):
    spec = book_spec(
        "spreadsheet.subtotals", Params, Options,
        phrasings=[
            ('Add subtotals to the sheet "{{ sheet }}" of {{ input }}: {% if not presorted %}first sort the rows by '
             "{{ group_column }} (A to Z, keeping their order within each group), then {% endif %}after each "
             '{{ group_column }}\'s rows insert a row with "<{{ group_column }}> Total" (e.g. "X Total") in the '
             "{{ group_column }} column and the {{ word }} of {{ columns | join(' and ') }} for that group, other "
             'cells empty.{% if grand_total %} Finish with a "Grand Total" row over all the data rows.{% endif %} '
             "Values, not formulas.", "formal"),
            ("Could you do what Data > Subtotals does on the {{ sheet }} tab of {{ input }}? Group by {{ group_column }}"
             "{% if not presorted %} (the rows aren't sorted yet - sort A to Z first){% endif %}, and after each group "
             'add a "<name> Total" row with the {{ word }} of {{ columns | join(" and ") }}'
             '{% if grand_total %}, plus a "Grand Total" row at the bottom{% endif %}. Plain numbers.', "chatty"),
            ('{{ input }} / "{{ sheet }}": {% if not presorted %}sort by {{ group_column }} A-Z, {% endif %}subtotal '
             '({{ word }}) {{ columns | join(", ") }} per {{ group_column }}, rows labelled "<group> Total"'
             '{% if grand_total %}, "Grand Total" last{% endif %}; values only.', "terse"),
        ],
        criteria=["Groups A to Z, each followed by its Total row with the right figures.",
                  "Data rows unchanged and in their order within each group."],
        checks=[CheckTemplate(func="table.subtotals", bind={"table": "sheet", "group_column": "group_column",
                                                             "columns": "columns", "aggregate": "aggregate",
                                                             "grand_total": "grand_total"})],
        output="The workbook with subtotal rows",
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        aggregate = choose(ctx, "aggregate", ["sum", "count", "average"])
        grand, presorted = choose(ctx, "grand_total", [False, True]), choose(ctx, "presorted", [False, True])
        kind = ctx.rng.choice(sorted(GROUPS))
        table = big_table(ctx.rng, ctx.faker, kind, 20, 120)
        group = ctx.rng.choice(GROUPS[kind])
        pool = table.additive if aggregate == "sum" else table.numeric
        columns = sorted(ctx.rng.sample(pool, ctx.rng.randint(1, len(pool))), key=table.headers.index)
        rows = table.rows
        if presorted:
            rows = sorted(rows, key=lambda r: str(r[table.index(group)]).casefold())
        params = Params(**finish_fields(ctx), **names(ctx, table, "subtotals"), group_column=group, columns=columns, aggregate=aggregate,
                        word=WORD[aggregate], grand_total=grand, presorted=presorted)
        return params.with_files(input=workbook([(params.sheet, table.headers, rows)], table))

    def reference(self, params: Params) -> ReferenceSolution:
        body = [f"""
            g = header.index({lit(params.group_column)})
            cols = [header.index(c) for c in {lit(params.columns)}]
            groups = {{}}
            for row in rows:
                groups.setdefault(row[g], []).append(row)
            def total(label, members):
                line = [None] * len(header)
                line[g] = label
                for c in cols:
                    xs = [r[c] for r in members]
                    line[c] = {FIGURE[params.aggregate]}
                return line
            out = []
            for name in sorted(groups, key=lambda v: str(v).casefold()):
                out += groups[name] + [total(f"{{name}} Total", groups[name])]
            if {params.grand_total}:
                out.append(total("Grand Total", rows))
            print(len(groups), "groups")
            rows = out
        """, rewrite()]
        return three_steps(params, body, f"I group the rows by {params.group_column} (A to Z) and write a Total row "
                           f"with the {params.word} after each group.", "Insert the subtotals")
