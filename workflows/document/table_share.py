"""A column computed from a whole column of a report's table, as a person adds one before a review:
each row's share of the total in percent, its rank, or the running total in the table's (date)
order, over the whole table or within each region, department, warehouse or quarter."""

from __future__ import annotations

import textwrap
from typing import Literal

from forge.models import ReferenceSolution
from preparers.document import write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._columns import append_column, report_of_kind
from workflows.document._edit import SAVE, doc_paths, outline_step, save_code, table_script
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Op = Literal["percent_of_total", "rank_desc", "rank_asc", "running_total"]
GROUPS = {"sales": "Region", "employees": "Department", "inventory": "Warehouse", "budget": "Quarter"}
HEADERS = {"percent_of_total": ["Share of {c} (%)", "% of {c}"], "rank_desc": ["{c} Rank", "Rank by {c}"],
           "rank_asc": ["{c} Rank (lowest first)", "Rank by {c} (ascending)"],
           "running_total": ["Running {c}", "Cumulative {c}"]}
ASK = {"percent_of_total": "each row's {c} as a percentage of the {scope} total, as a number rounded to {places} "
                           "(no % sign: the header says it)",
       "rank_desc": "each row's rank by {c} {within}, 1 for the largest (tied rows share a rank)",
       "rank_asc": "each row's rank by {c} {within}, 1 for the smallest (tied rows share a rank)",
       "running_total": "the running total of {c} {within}, adding up row by row in the table's order (by date)"}
SUFFIX = {"percent_of_total": "shares", "rank_desc": "ranked", "rank_asc": "ranked", "running_total": "running"}
CODE = {
    "percent_of_total": "[f'{100 * v / sum(vs):.{places}f}' for v in vs]",
    "rank_desc": "[str(1 + sum(w > v for w in vs)) for v in vs]",
    "rank_asc": "[str(1 + sum(w < v for w in vs)) for v in vs]",
    "running_total": "[f'{sum(vs[: i + 1]):,.2f}'.removesuffix('.00') for i in range(len(vs))]",
}


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    column: str
    new_header: str
    operation: Op
    group_column: str | None
    decimals: int | None
    ask: str


class Options(SkillParams):
    operation: Op | None = None
    grouped: bool | None = None
    in_place: bool | None = None


@register_workflow
class TableShare(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.table_share", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            'Add a column "{{ new_header }}" at the right end of the table in {{ input }}, holding {{ ask }}. Type the '
            "figures into the cells (no fields or formulas); the existing columns and the rest of the report stay as "
            "they are. " + SAVE["formal"],
            "For the review meeting I'd like to see how each line of the table in {{ input }} compares. Could you add "
            'a "{{ new_header }}" column on the right with {{ ask }}? Nothing else needs to change. ' + SAVE["chatty"],
            '{{ input }}, table: new last column "{{ new_header }}" = {{ ask }}. ' + SAVE["terse"],
            "Readers of {{ input }} keep asking where each row stands. Give its table a last column, "
            '"{{ new_header }}", showing {{ ask }}, and leave the other cells alone. ' + SAVE["formal"],
        ],
        criteria=["The new column holds the right figure on every row, the last row included.",
                  "The table's other columns and the report's text are unchanged."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report with a data table"),
               FileSlot(param="output", type="docx", description="The report with the computed column")],
        checks=[CheckTemplate(func="table.column_from_column", bind={
            "new_header": "new_header", "column": "column", "operation": "operation",
            "group_column": "group_column", "decimals": "decimals"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        op = getattr(ctx.options, "operation", None) or ctx.rng.choice(sorted(CODE))
        grouped = getattr(ctx.options, "grouped", None)
        grouped = ctx.rng.choice([False, True]) if grouped is None else grouped
        doc, table = report_of_kind(ctx, {"sales"} if op == "running_total" else set(GROUPS), 8, 16)
        column = ctx.rng.choice(table.additive)
        group = GROUPS[table.kind] if grouped else None
        decimals = ctx.rng.choice([1, 2]) if op == "percent_of_total" else None
        within = f"within its {group} (each {group} on its own)" if group else "over the whole table"
        ask = ASK[op].format(c=column, scope=f"its {group}'s" if group else "column", within=within,
                         places=f"{decimals} decimal place{'s' if decimals != 1 else ''}")
        params = Params(**doc_paths(ctx, doc.file_stem, SUFFIX[op]),
                        column=column, new_header=ctx.rng.choice(HEADERS[op]).format(c=column), operation=op,
                        group_column=group, decimals=decimals, ask=ask)
        return params.with_files(input=write_docx(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        group = f"row[header.index({lit(params.group_column)})]" if params.group_column else "None"
        compute = f"""
            col, places = header.index({lit(params.column)}), {lit(params.decimals)}
            members = {{}}
            for i, row in enumerate(rows):
                members.setdefault({group}, []).append(i)
            values = [None] * len(rows)
            for indexes in members.values():
                vs = [number(rows[i][col]) for i in indexes]
                for i, value in zip(indexes, {CODE[params.operation]}):
                    values[i] = value
        """
        body = textwrap.dedent(compute) + textwrap.dedent(append_column(params.new_header)) + save_code(params.output)
        return solution(outline_step(params.input, f"I look over {params.input} to find the table."),
                        script_step(table_script(params.input, body), f"With python-docx I read the {params.column} "
                                    f"column as numbers, compute {params.operation.replace('_', ' ')} and type it "
                                    f"into a new last column.", f"Add {params.new_header}"),
                        script_step(table_script(params.output, "print(header); print(rows[-1])"),
                                    "I read the header and the last row back.", "Check the table"))
