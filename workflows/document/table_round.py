"""Round a money column of a report's table for readers who do not need the cents: to the nearest
whole amount, up (a budget that must not fall short), down (a claim that must not overstate), or
to the nearest ten or hundred for a summary (ten for a column under 1,000), written back into the
table's own cells."""

from __future__ import annotations

from typing import Literal

from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from preparers.document import write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._edit import SAVE, doc_paths, outline_step, report_with_table, save_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Operation = Literal["nearest", "up", "down", "multiple"]
HOW = ("{% if operation == 'nearest' %}to the nearest whole number{% elif operation == 'up' %}up to the next whole "
       "number (never down){% elif operation == 'down' %}down to the whole number below (never up){% else %}to the "
       "nearest {{ multiple }}{% endif %}")


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    column: str
    operation: Operation
    multiple: int | None


class Options(SkillParams):
    operation: Operation | None = None
    in_place: bool | None = None


@register_workflow
class TableRound(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.table_round", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            f"In the table of {{{{ input }}}}, round every {{{{ column }}}} amount {HOW}, in the table's own cells. "
            "Every other cell and the rest of the document stay as they are. " + SAVE["formal"],
            f"Nobody reading {{{{ input }}}} needs the cents: could you round the {{{{ column }}}} column of its "
            f"table {HOW}? Leave everything else alone. " + SAVE["chatty"],
            f"{{{{ input }}}}: table column {{{{ column }}}} rounded {HOW}. " + SAVE["terse"],
        ],
        criteria=["Every amount of the column is rounded as asked, the last row included.",
                  "Every other cell and the document's text are unchanged."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report with a money column"),
               FileSlot(param="output", type="docx", description="The report with the column rounded")],
        checks=[CheckTemplate(func="table.column_rounded", bind={"column": "column", "operation": "operation",
                                                                  "multiple": "multiple"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        op = getattr(ctx.options, "operation", None) or ctx.rng.choice(["nearest", "up", "down", "multiple"])
        for _ in range(20):  # a column of amounts with cents
            doc, table = report_with_table(ctx, 8, 16)
            money = [h for h in table.numeric if all(isinstance(v, float) for v in table.column(h))
                     and any(round(v) != v for v in table.column(h))]
            if money:
                break
        else:
            raise WorkflowError("no table with a column of amounts drawn")
        column = ctx.rng.choice(money)
        step = 100 if max(table.column(column)) >= 1000 else 10
        params = Params(**doc_paths(ctx, doc.file_stem, "rounded"), column=column, operation=op,
                        multiple=step if op == "multiple" else None)
        return params.with_files(input=write_docx(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        mode = {"nearest": "ROUND_HALF_UP", "up": "ROUND_CEILING", "down": "ROUND_FLOOR",
                "multiple": "ROUND_HALF_UP"}[params.operation]
        script = f"""
            from decimal import Decimal, {mode}
            import docx
            document = docx.Document({lit(params.input)})
            grid = document.tables[0]
            col = [c.text.strip() for c in grid.rows[0].cells].index({lit(params.column)})
            step = Decimal({lit(params.multiple or 1)})
            done = []
            for line in list(grid.rows)[1:]:
                cell = line.cells[col]
                exact = Decimal(cell.text.strip().replace(",", ""))
                value = int((exact / step).quantize(Decimal(1), rounding={mode}) * step)
                cell.paragraphs[0].runs[0].text = f"{{value:,}}"
                for extra in cell.paragraphs[0].runs[1:]:
                    extra.text = ""
                done.append(value)
            print(done)
            {save_code(params.output)}
        """
        return solution(outline_step(params.input, f"I look over {params.input} to find the table."),
                        script_step(script, f"With python-docx I round each {params.column} cell with Decimal "
                                    "(no float surprises) and write it back in the same run.", "Round the amounts"),
                        outline_step(params.output, "I list the paragraphs again: the text must be unchanged."))
