"""Two summaries a person builds from a table on its way from one app's file into another's: a
cross-tab (one category down the side, another across the top, a count, total or average in each
cell, with Total row and column or not), or the table with a column worked out from a whole
column (each row's share of the total, its rank, or the running total; over the table or within
each group). Registered once per (source, target) pair like `table_hops`:
`multi.table_crosstab.pdf_to_xlsx`, `multi.table_share_column.docx_to_csv`... The checks are the
table library's (`table.crosstab`, `table.column_from_column`), which read any of these formats.
"""

from __future__ import annotations

from typing import Any, Literal

from preparers.data import GROUP_KEYS
from workflows._steps import lit
from workflows.data.csv_pivot import FIELDS, FIGURE, MEASURE, Aggregate
from workflows.multi._hop import PAIRS
from workflows.multi.table_hops import HopParams, TableHop, register_hop
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec
from workflows.spreadsheet.share_column import CODE, HEADERS

# --- cross-tab -------------------------------------------------------------------------------------

_TOTALS = ('{% if totals %} Add a "Total" column at the right and a "Total" row at the bottom{% if aggregate == '
           "'average' %} (each the average over all the rows it covers, not an average of averages){% endif %}."
           "{% endif %}")


class CrosstabOptions(SkillParams):
    aggregate: Aggregate | None = None
    totals: bool | None = None


class CrosstabParams(HopParams):
    row_field: str
    column_field: str
    value_column: str | None
    aggregate: Aggregate
    measure: str
    totals: bool


class TableCrosstab(TableHop[CrosstabParams]):
    suffixes = ["crosstab", "pivot", "grid"]
    spec = WorkflowSpec(
        name="multi.table_crosstab",
        description=("Cross-tabulate a table carried into another app's file: a count, total or average per "
                     "pair of categories."),
        apps=["data", "spreadsheet"], params=CrosstabParams, skill_params=CrosstabOptions,
        phrasings=[
            "Make a cross-tab of the table in {{ src_noun }} {{ source }} and save it as {{ tgt_noun }}, {{ output }}: "
            "one row per {{ row_field }}, one column per {{ column_field }}, and in each cell {{ measure }} for that "
            'pair (empty where there is none). The header row starts with "{{ row_field }}" followed by the '
            "{{ column_field }} values." + _TOTALS,
            "Could you turn {{ source }} into a pivot for the meeting? {{ row_field }} down the side, {{ column_field }} "
            "across the top, {{ measure }} in the grid. Put it in {{ output }}, first header \"{{ row_field }}\"."
            "{% if totals %} Totals per row and per column too, both labelled \"Total\"{% if aggregate == 'average' %}"
            " (averages over the rows, not of the averages){% endif %}.{% endif %}",
            "{{ source }} -> {{ output }}: pivot, rows {{ row_field }} (first header \"{{ row_field }}\"), columns "
            "{{ column_field }}, cells {{ measure }}{% if totals %}, with a Total row and column{% if aggregate == "
            "'average' %} (over all rows){% endif %}{% endif %}.",
            "I want to see {{ measure }} by {{ row_field }} and {{ column_field }} at a glance. The data is in "
            "{{ source }}; a grid in {{ output }} with the {{ row_field }} values as rows and the {{ column_field }} "
            'values as columns would do, its top-left header "{{ row_field }}".' + _TOTALS,
        ],
        criteria=["Each row/column pair holds the right figure.", "Every category appears once on each axis."],
        files=[FileSlot(param="source", type="csv", role="input"), FileSlot(param="output", type="xlsx")],
        checks=[CheckTemplate(func="table.crosstab", bind={
            "summary": "output", "row_field": "row_field", "column_field": "column_field",
            "value_column": "value_column", "aggregate": "aggregate", "totals": "totals"})],
    )

    def draw(self, ctx: WorkflowContext) -> CrosstabParams:
        opts: CrosstabOptions = ctx.options  # type: ignore[assignment]
        aggregate: Aggregate = opts.aggregate or ctx.rng.choice(["count", "sum", "average"])  # type: ignore[assignment]
        totals = opts.totals if opts.totals is not None else ctx.rng.random() < 0.5
        table = self.table(ctx, kinds=FIELDS)  # type: ignore[arg-type]
        row_field, column_field = ctx.rng.choice(FIELDS[table.kind])
        value = None if aggregate == "count" else ctx.rng.choice(table.additive if aggregate == "sum" else table.numeric)
        params = CrosstabParams(**self.hop(ctx, table), row_field=row_field, column_field=column_field,
                                value_column=value, aggregate=aggregate, totals=totals,
                                measure=MEASURE[aggregate].format(subject=table.subject, value=value))
        return params.with_files(source=self.source_bytes(table))

    def core(self, params: CrosstabParams) -> str:
        value = "1" if params.value_column is None else f"r[header.index({lit(params.value_column)})]"
        return (f"a, b = header.index({lit(params.row_field)}), header.index({lit(params.column_field)})\n"
                "cells = {}\nfor r in rows:\n"
                "    for x in (str(r[a]), 'Total'):\n"
                "        for y in (str(r[b]), 'Total'):\n"
                f"            cells.setdefault((x, y), []).append({value})\n"
                f"extra = ['Total'] if {params.totals!r} else []\n"
                "labels = sorted({x for x, _ in cells if x != 'Total'}) + extra\n"
                "columns = sorted({y for _, y in cells if y != 'Total'}) + extra\n"
                f"out = [[{lit(params.row_field)}, *columns]] + [[x, *[({FIGURE[params.aggregate]}) "
                "if (xs := cells.get((x, y))) else None for y in columns]] for x in labels]")

    def doing(self, params: CrosstabParams) -> str:
        return f"cross-tabulate {params.measure} by {params.row_field} and {params.column_field}"


# --- a column from a whole column ------------------------------------------------------------------

Op = Literal["percent_of_total", "rank_desc", "running_total"]
ASK = {"percent_of_total": "each row's {c} as a percentage of the {scope} total (rounded to {decimals} decimal "
                           "place{plural}, written as a plain number, not a fraction)",
       "rank_desc": "each row's rank by {c} {within}, the largest ranking first (ties share the same rank)",
       "running_total": "the running total of {c} {within}, adding the rows in the order the table lists them"}


class ShareOptions(SkillParams):
    operation: Op | None = None
    grouped: bool | None = None


class ShareParams(HopParams):
    column: str
    new_header: str
    operation: Op
    group_column: str | None
    decimals: int | None
    ask: str


class TableShareColumn(TableHop[ShareParams]):
    states_values = ("decimals",)  # "rounded to 1 decimal place" may name a share the table holds
    suffixes = ["annotated", "extended", "for_review"]
    spec = WorkflowSpec(
        name="multi.table_share_column",
        description=("Carry a table into another app's file with each row's percent of the total, rank or "
                     "running total."),
        apps=["data", "spreadsheet"], params=ShareParams, skill_params=ShareOptions,
        phrasings=[
            "Copy the table from {{ src_noun }} {{ source }} into {{ tgt_noun }}, {{ output }}, and add a last column "
            '"{{ new_header }}" holding {{ ask }}. The other columns and the rows stay as they are, in their order.',
            "For the review I'd like {{ source }} in {{ output }} instead, with one more column at the end, "
            "\"{{ new_header }}\": {{ ask }}. Please don't reorder or change anything else.",
            '{{ source }} -> {{ output }}: all rows and columns as they are, plus a last column "{{ new_header }}" = '
            "{{ ask }}.",
        ],
        criteria=["The source's rows and columns unchanged, in order.", "A new last column with the right figure on "
                  "every row."],
        files=[FileSlot(param="source", type="csv", role="input"), FileSlot(param="output", type="xlsx")],
        checks=[CheckTemplate(func="table.column_from_column", bind={
            "new_header": "new_header", "column": "column", "operation": "operation",
            "group_column": "group_column", "decimals": "decimals"})],
    )

    def draw(self, ctx: WorkflowContext) -> ShareParams:
        opts: ShareOptions = ctx.options  # type: ignore[assignment]
        op: Op = opts.operation or ctx.rng.choice(list(ASK))  # type: ignore[assignment]
        grouped = opts.grouped if opts.grouped is not None else ctx.rng.random() < 0.5
        table = self.table(ctx)
        column = ctx.rng.choice(table.additive)
        group = ctx.rng.choice(GROUP_KEYS[table.kind]) if grouped else None
        decimals = ctx.rng.choice([1, 2]) if op == "percent_of_total" else None
        within = f"within each {group}" if group else "over the whole table"
        ask = ASK[op].format(c=column, scope=f"{group}'s" if group else "column", decimals=decimals, within=within,
                             plural="s" if decimals != 1 else "")
        params = ShareParams(**self.hop(ctx, table), column=column, operation=op, group_column=group,
                             new_header=ctx.rng.choice(HEADERS[op]).format(c=column), decimals=decimals, ask=ask)
        return params.with_files(source=self.source_bytes(table))

    def core(self, params: ShareParams) -> str:
        group = f"r[header.index({lit(params.group_column)})]" if params.group_column else "None"
        figures = CODE[params.operation].format(decimals=params.decimals)
        if params.operation == "running_total":  # money adds up with float noise: cents, as the table shows them
            figures = "[round(sum(vs[: i + 1]), 2) for i in range(len(vs))]"
        return (f"c = header.index({lit(params.column)})\nmembers = {{}}\n"
                f"for i, r in enumerate(rows):\n    members.setdefault({group}, []).append(i)\n"
                "result = [None] * len(rows)\nfor indexes in members.values():\n"
                "    vs = [rows[i][c] for i in indexes]\n"
                f"    for i, value in zip(indexes, {figures}):\n        result[i] = value\n"
                f"out = [header + [{lit(params.new_header)}], *[r + [v] for r, v in zip(rows, result)]]")

    def doing(self, params: ShareParams) -> str:
        return f"add {params.new_header} ({params.operation})"


FAMILIES: list[type[TableHop[Any]]] = [register_hop(base, s, t) for base in (TableCrosstab, TableShareColumn)
                                       for s, t in PAIRS]
