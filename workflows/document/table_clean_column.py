"""Clean one column of a report's table: stray double spaces in names, codes someone typed in
lower case, amounts pasted with currency signs and thousands separators, or a grouping column
left blank under each group's first row (as a pasted report shows it) filled down."""

from __future__ import annotations

import re
from typing import Literal

from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from preparers.document import TableBlock, write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._edit import SAVE, doc_paths, outline_step, report_with_table, save_code, shown
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Operation = Literal["trim", "upper", "number_text", "fill_down"]
ASK = {
    "trim": "some cells of the {{ column }} column have double spaces or spaces at the ends; make every gap a "
            "single space",
    "upper": "some {{ column }} codes were typed in lower case; write every {{ column }} code in capitals",
    "number_text": "the {{ column }} amounts were pasted with currency signs and thousands separators; write each "
                   "as a plain number (digits and a decimal point only)",
    "fill_down": "the {{ column }} column is blank under the first row of each group; fill each blank cell with "
                 "the value above it",
}
ASKED = ("{% if operation == 'trim' %}" + ASK["trim"] + "{% elif operation == 'upper' %}" + ASK["upper"]
         + "{% elif operation == 'number_text' %}" + ASK["number_text"] + "{% else %}" + ASK["fill_down"]
         + "{% endif %}")


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    column: str
    operation: Operation


class Options(SkillParams):
    operation: Operation | None = None
    in_place: bool | None = None


def _messy(rows: list[list[str]], col: int, op: Operation, ctx: WorkflowContext) -> list[list[str]] | None:
    """The printed rows with the column made messy the way `op` cleans up; None when it cannot be."""
    rows = [list(r) for r in rows]
    picks = ctx.rng.sample(range(len(rows)), max(2, len(rows) // 3))
    if op == "trim" and all(" " in rows[i][col] for i in picks):
        for i in picks:
            rows[i][col] = " " + rows[i][col].replace(" ", "  ", 1) + " "
        return rows
    if op == "upper" and all(re.fullmatch(r"[A-Z0-9-]+", r[col]) and re.search("[A-Z]", r[col]) for r in rows):
        for i in picks:
            rows[i][col] = rows[i][col].lower()
        return rows
    if op == "number_text" and all(re.fullmatch(r"[\d,]+\.\d\d", r[col]) for r in rows):
        sign = ctx.rng.choice(["$", "£", "€"])  # one currency, written with or without a space
        for r in rows:
            r[col] = sign + ctx.rng.choice(["", " "]) + r[col]
        return rows
    if op == "fill_down" and 1 < len({r[col] for r in rows}) < len(rows):
        rows.sort(key=lambda r: r[col])
        return [[("" if n and r[col] == rows[n - 1][col] and c == col else v) for c, v in enumerate(r)]
                for n, r in enumerate(rows)]
    return None


@register_workflow
class TableCleanColumn(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.table_clean_column", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            "In the table of {{ input }}, " + ASKED + ". Every other cell, the row order and the rest of the "
            "document stay as they are. " + SAVE["formal"],
            "The table in {{ input }} needs a tidy-up: " + ASKED + ". Could you fix that column only? "
            + SAVE["chatty"],
            "{{ input }}: clean the table's {{ column }} column ({% if operation == 'trim' %}single spaces"
            "{% elif operation == 'upper' %}codes in capitals{% elif operation == 'number_text' %}plain numbers, no "
            "currency signs or separators{% else %}blanks filled down from above{% endif %}); nothing else. "
            + SAVE["terse"],
        ],
        criteria=["Every cell of the column is cleaned as asked, the last row included.",
                  "Every other cell, the header, the row order and the document's text are unchanged."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report with a messy table column"),
               FileSlot(param="output", type="docx", description="The report with the column cleaned")],
        checks=[CheckTemplate(func="table.column_cleaned", bind={"column": "column", "operation": "operation"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        op = getattr(ctx.options, "operation", None) or ctx.rng.choice(list(ASK))
        for _ in range(20):
            doc, table = report_with_table(ctx, 8, 16)
            printed = [[shown(v, table.formats.get(h, "")) for h, v in zip(table.headers, r, strict=True)]
                       for r in table.rows]
            cols = list(range(len(table.headers)))
            ctx.rng.shuffle(cols)
            found = next(((c, rows) for c in cols if (rows := _messy(printed, c, op, ctx)) is not None), None)
            if found is not None:
                break
        else:
            raise WorkflowError(f"no table with a column to {op} drawn")
        col, rows = found
        block = TableBlock(headers=table.headers, rows=rows)
        doc = doc.model_copy(update={"sections": [s.model_copy(update={"table": block}) if s.table is not None else s
                                                  for s in doc.sections]})
        params = Params(**doc_paths(ctx, doc.file_stem, "clean"), column=table.headers[col], operation=op)
        return params.with_files(input=write_docx(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import re
            import docx
            document = docx.Document({lit(params.input)})
            grid = document.tables[0]
            col = [c.text.strip() for c in grid.rows[0].cells].index({lit(params.column)})
            op, above = {lit(params.operation)}, ""
            for line in list(grid.rows)[1:]:
                cell = line.cells[col]
                value = cell.text
                if op == "trim":
                    value = " ".join(value.split())
                elif op == "upper":
                    value = value.upper()
                elif op == "number_text":
                    value = re.sub(r"[^0-9.]", "", value)
                elif not value.strip():
                    value = above
                above = value
                if value != cell.text:
                    cell.text = value
            print([line.cells[col].text for line in list(grid.rows)[1:]])
            {save_code(params.output)}
        """
        return solution(outline_step(params.input, f"I look over {params.input} to find the table."),
                        script_step(script, f"With python-docx I rewrite each cell of the {params.column} column as "
                                    "asked, leaving the others alone.", f"Clean {params.column}"),
                        outline_step(params.output, "I list the paragraphs again: the text must be unchanged."))
