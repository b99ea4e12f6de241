"""A small summary table under a report's data table, as a person adds one before a review: one
row per region, department or quarter with the number of rows, the total, the average or the
highest figure of a column, A to Z or largest first. The data table stays as it was."""

from __future__ import annotations

import textwrap
from typing import Literal

from forge.models import ReferenceSolution
from preparers.document import write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._columns import report_of_kind
from workflows.document._edit import SAVE, doc_paths, outline_step, save_code, table_script
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Aggregate = Literal["count", "sum", "average", "max"]
Order = Literal["group", "value_desc"]
GROUPS = {"sales": ["Region", "Product"], "employees": ["Department"], "budget": ["Quarter"]}
WORDS = {"count": "number of rows", "sum": "total", "average": "average", "max": "highest"}
HEADERS = {"count": "Rows", "sum": "Total {v}", "average": "Average {v}", "max": "Highest {v}"}
CODE = {"count": "len(xs)", "sum": "sum(xs)", "average": "round(sum(xs) / len(xs), 2)", "max": "max(xs)"}
_WHAT = ("the {{ word }}{% if value_column %} of {{ value_column }}{% endif %} for each {{ group_column }}"
         "{% if aggregate == 'average' %} (rounded to two decimals){% endif %}")
_ORDER = "{% if order == 'group' %}{{ group_column }}s A to Z{% else %}largest first{% endif %}"


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    group_column: str
    value_column: str | None
    aggregate: Aggregate
    word: str
    value_header: str
    order: Order


class Options(SkillParams):
    aggregate: Aggregate | None = None
    order: Order | None = None
    in_place: bool | None = None


@register_workflow
class TableSummary(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.table_summary", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            "Under the table in {{ input }}, add a second table (table 2 of the document) giving " + _WHAT + ": two "
            "columns headed \u201c{{ group_column }}\u201d and \u201c{{ value_header }}\u201d, one row per "
            "{{ group_column }}, " + _ORDER + ". The data table itself stays as it is. " + SAVE["formal"],
            "Could you put a little summary under the table in {{ input }}? " + _WHAT[0].upper() + _WHAT[1:] + ", "
            + _ORDER + ", in a two-column table - table 2, right after the main one - headed "
            "\u201c{{ group_column }}\u201d and \u201c{{ value_header }}\u201d. No total row, and please don't touch "
            "the main table. " + SAVE["chatty"],
            "{{ input }}: below the table, table 2: {{ group_column }} | {{ value_header }} = " + _WHAT + ", "
            + _ORDER + ". " + SAVE["terse"],
        ],
        criteria=["One row per group with the right figure, in the order asked; no other rows.",
                  "The data table is unchanged."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report with a data table"),
               FileSlot(param="output", type="docx", description="The report with a summary table")],
        checks=[CheckTemplate(func="table.group_summary", fixed={"summary": "table 2"},
                              bind={"group_column": "group_column", "value_column": "value_column",
                                    "aggregate": "aggregate", "order": "order"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        aggregate: Aggregate = opts.aggregate or ctx.rng.choice(list(WORDS))
        order: Order = opts.order or ctx.rng.choice(["group", "value_desc"])
        doc, table = report_of_kind(ctx, set(GROUPS), 10, 24)
        group = ctx.rng.choice(GROUPS[table.kind])
        while len({row[table.headers.index(group)] for row in table.rows}) < 2:
            doc, table = report_of_kind(ctx, set(GROUPS), 10, 24)
            group = ctx.rng.choice(GROUPS[table.kind])
        value = None if aggregate == "count" else ctx.rng.choice(table.additive if aggregate == "sum" else
                                                                 table.numeric)
        params = Params(**doc_paths(ctx, doc.file_stem, "summary"), group_column=group, value_column=value,
                        aggregate=aggregate, word=WORDS[aggregate], value_header=HEADERS[aggregate].format(v=value),
                        order=order)
        return params.with_files(input=write_docx(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        value = f"number(row[header.index({lit(params.value_column)})])" if params.value_column else "1"
        key = ("lambda kv: kv[0].casefold()" if params.order == "group" else "lambda kv: -kv[1]")
        compute = f"""
            g = header.index({lit(params.group_column)})
            groups = {{}}
            for row in rows:
                groups.setdefault(row[g], []).append({value})
            figures = sorted(((name, {CODE[params.aggregate]}) for name, xs in groups.items()), key={key})
            gap = document.add_paragraph()  # an empty line keeps the two tables apart
            summary = document.add_table(rows=1, cols=2)
            summary.style = grid.style
            for cell, text in zip(summary.rows[0].cells, [{lit(params.group_column)}, {lit(params.value_header)}]):
                cell.paragraphs[0].add_run(text).bold = True
            for name, figure in figures:
                cells = summary.add_row().cells
                cells[0].text = name
                cells[1].text = f"{{figure:,}}" if isinstance(figure, int) else f"{{figure:,.2f}}"
            grid._tbl.addnext(gap._p)
            gap._p.addnext(summary._tbl)
            print(figures)
        """
        body = textwrap.dedent(compute) + save_code(params.output)
        return solution(outline_step(params.input, f"I look over {params.input} to find the table."),
                        script_step(table_script(params.input, body), f"With python-docx I group the rows by "
                                    f"{params.group_column}, work out the {params.word} and put a two-column table "
                                    "under the data table.", "Add the summary table"),
                        script_step(table_script(params.output, "print(len(document.tables), 'tables')"),
                                    "I check the report now has the summary table.", "Check the tables"))
