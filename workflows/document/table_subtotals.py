"""Subtotals in a report's table, as Calc's Data > Subtotals lays them out and people copy by hand
into Word: the rows grouped by region, product, department or quarter (sorted first when they are
not), a '<group> Total' row after each group with the total or the count of some columns, and a
Grand Total row at the end where asked."""

from __future__ import annotations

import textwrap
from typing import Literal

from forge.models import ReferenceSolution
from preparers.document import TableBlock, write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._columns import report_of_kind
from workflows.document._edit import SAVE, doc_paths, outline_step, save_code, shown, table_script
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Aggregate = Literal["sum", "count"]
GROUPS = {"sales": ["Region", "Product"], "employees": ["Department"], "budget": ["Quarter"]}
WORD = {"sum": "total", "count": "count"}
CODE = {"sum": "sum(xs)", "count": "len(xs)"}
_COLS = "{{ columns | join(' and ') }}"


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    group_column: str
    columns: list[str]
    aggregate: Aggregate
    word: str
    grand_total: bool
    presorted: bool


class Options(SkillParams):
    aggregate: Aggregate | None = None
    grand_total: bool | None = None
    presorted: bool | None = None
    in_place: bool | None = None


@register_workflow
class TableSubtotals(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.table_subtotals", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            "Add subtotals to the table in {{ input }}: {% if not presorted %}first sort its rows by {{ group_column }}"
            " (A to Z, keeping their order within each group), then {% endif %}after each {{ group_column }}'s rows "
            "insert a row with \u201c<{{ group_column }}> Total\u201d (e.g. \u201cX Total\u201d) in the "
            "{{ group_column }} column and the {{ word }} of " + _COLS + " for that group, the other cells empty."
            "{% if grand_total %} Finish with a \u201cGrand Total\u201d row over all the data rows.{% endif %} "
            + SAVE["formal"],
            "Could you break the table in {{ input }} down by {{ group_column }}"
            "{% if not presorted %} (the rows aren't in order yet - sort them A to Z first, otherwise keeping their "
            "order){% endif %}? After each group I'd like a \u201c<name> Total\u201d row with the {{ word }} of "
            + _COLS + "{% if grand_total %}, plus a \u201cGrand Total\u201d row at the bottom{% endif %}. Other cells "
            "of those rows stay empty. " + SAVE["chatty"],
            "{{ input }}: {% if not presorted %}sort the table by {{ group_column }} A-Z, {% endif %}subtotal "
            "({{ word }}) " + _COLS + " per {{ group_column }}, rows labelled \u201c<group> Total\u201d"
            "{% if grand_total %}, \u201cGrand Total\u201d last{% endif %}. " + SAVE["terse"],
        ],
        criteria=["Groups A to Z, each followed by its Total row with the right figures.",
                  "Data rows unchanged and in their order within each group."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report with a data table"),
               FileSlot(param="output", type="docx", description="The report with subtotal rows")],
        checks=[CheckTemplate(func="table.subtotals", bind={"group_column": "group_column", "columns": "columns",
                                                             "aggregate": "aggregate", "grand_total": "grand_total"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        aggregate: Aggregate = opts.aggregate or ctx.rng.choice(["sum", "count"])
        grand, presorted = (v if v is not None else ctx.rng.random() < 0.5 for v in (opts.grand_total, opts.presorted))
        while True:  # at least two groups, one with several rows
            doc, table = report_of_kind(ctx, set(GROUPS), 10, 22)
            group = ctx.rng.choice(GROUPS[table.kind])
            g = table.headers.index(group)
            names = [str(row[g]) for row in table.rows]
            if 1 < len(set(names)) < len(names):
                break
        rows = sorted(table.rows, key=lambda r: str(r[g]).casefold()) if presorted else list(table.rows)
        while not presorted and [str(r[g]).casefold() for r in rows] == sorted(str(r[g]).casefold() for r in rows):
            ctx.rng.shuffle(rows)  # rows not grouped yet, so the sort the task asks for matters
        pool = table.additive if aggregate == "sum" else table.numeric
        size = ctx.rng.randint(1, len(pool)) if aggregate == "sum" else 1  # a count is the same in every column
        columns = sorted(ctx.rng.sample(pool, size), key=table.headers.index)
        block = TableBlock(headers=table.headers, rows=[[shown(v, table.formats.get(h, "")) for h, v in
                                                         zip(table.headers, row, strict=True)] for row in rows])
        sections = [s.model_copy(update={"table": block}) if s.table is not None else s for s in doc.sections]
        params = Params(**doc_paths(ctx, doc.file_stem, "subtotals"), group_column=group, columns=columns,
                        aggregate=aggregate, word=WORD[aggregate], grand_total=grand, presorted=presorted)
        return params.with_files(input=write_docx(doc.model_copy(update={"sections": sections})))

    def reference(self, params: Params) -> ReferenceSolution:
        compute = f"""
            g = header.index({lit(params.group_column)})
            cols = [header.index(c) for c in {lit(params.columns)}]
            groups = {{}}
            for row in rows:
                groups.setdefault(row[g], []).append(row)
            def total(label, members):
                line = [""] * len(header)
                line[g] = label
                for c in cols:
                    xs = [number(r[c]) for r in members]
                    figure = {CODE[params.aggregate]}
                    line[c] = f"{{int(figure):,}}" if figure == int(figure) else f"{{figure:,.2f}}"
                return line
            out = []
            for name in sorted(groups, key=str.casefold):
                out += groups[name] + [total(f"{{name}} Total", groups[name])]
            if {lit(params.grand_total)}:
                out.append(total("Grand Total", rows))
            while len(grid.rows) - 1 < len(out):
                grid.add_row()
            for line, values in zip(list(grid.rows)[1:], out):
                for cell, value in zip(line.cells, values):
                    cell.text = value
            print(len(groups), "groups")
        """
        body = textwrap.dedent(compute) + save_code(params.output)
        return solution(outline_step(params.input, f"I look over {params.input} to find the table."),
                        script_step(table_script(params.input, body), f"With python-docx I group the rows by "
                                    f"{params.group_column} (A to Z) and write a Total row with the {params.word} "
                                    "after each group.", "Insert the subtotals"),
                        script_step(table_script(params.output, "for row in rows:\n    print(row)"),
                                    "I read the table back.", "Check the table"))
