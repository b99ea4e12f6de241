"""Add a computed column to a report's table - the product, difference, sum or ratio of two number
columns, rounded - as a person does in Writer's table before sending the figures round."""

from __future__ import annotations

from typing import Literal

from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from preparers.document import write_docx
from preparers.spreadsheet import derived_candidates
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._edit import SAVE, doc_paths, outline_step, report_with_table, save_code, table_script
from workflows.spec import (
    CheckTemplate,
    FileSlot,
    SkillParams,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
)
from workflows.spreadsheet.derived_column import PHRASE, SYMBOL

Operation = Literal["product", "difference", "sum", "ratio"]


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    operation: Operation
    left: str
    right: str
    new_header: str
    formula: str
    decimals: int


class Options(SkillParams):
    operation: Operation | None = None
    in_place: bool | None = None


@register_workflow
class TableColumn(PreparedWorkflow[Params]):
    states_values = ("decimals",)
    spec = WorkflowSpec(
        name="document.table_column", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            'Add a column headed "{{ new_header }}" at the right of the table in {{ input }}: on every row it holds '
            "{{ formula }}, rounded to {{ decimals }} decimal places. The existing cells and the rest of the document "
            "stay as they are. " + SAVE["formal"],
            'Could you give the table in {{ input }} an extra "{{ new_header }}" column on the right? Each row should '
            "show {{ formula }} (to {{ decimals }} decimal places). " + SAVE["chatty"],
            '{{ input }}: table + last column "{{ new_header }}" = {{ formula }}, {{ decimals }} dp. ' + SAVE["terse"],
        ],
        criteria=["The new column holds the computed value on every row, rounded as asked.",
                  "The original columns are unchanged."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report with a data table"),
               FileSlot(param="output", type="docx", description="The report with the new column")],
        checks=[CheckTemplate(func="table.derived_column", bind={"new_header": "new_header", "left": "left",
                                                                  "right": "right", "operation": "operation",
                                                                  "decimals": "decimals"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        operation = getattr(ctx.options, "operation", None) or ctx.rng.choice(list(SYMBOL))
        for _ in range(10):
            doc, table = report_with_table(ctx, 6, 18)
            if candidates := derived_candidates(table, operation, SYMBOL[operation]):
                break
        else:
            raise WorkflowError(f"no table with two number columns to take the {operation} of drawn")
        left, right, header = ctx.rng.choice(candidates)
        params = Params(**doc_paths(ctx, doc.file_stem, "extended"), operation=operation, left=left, right=right,
                        new_header=header, formula=PHRASE[operation].format(l=left, r=right),
                        decimals=4 if operation == "ratio" else 2)
        return params.with_files(input=write_docx(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        script = table_script(params.input, f"""
            a, b = header.index({lit(params.left)}), header.index({lit(params.right)})
            column = grid.add_column(grid.columns[-1].width)
            column.cells[0].text = {lit(params.new_header)}
            for cell, row in zip(column.cells[1:], rows):
                cell.text = f"{{round(number(row[a]) {SYMBOL[params.operation]} number(row[b]), {params.decimals}):,.{params.decimals}f}}"
            print([c.text for c in column.cells[:4]])
            {save_code(params.output)}
        """)
        return solution(outline_step(params.input, f"I look over {params.input} to find the table."),
                        script_step(script, f"I read {params.left} and {params.right} as numbers on each row and "
                                    f"write {params.formula} into a new last column.", f"Add {params.new_header}"),
                        script_step(table_script(params.output, "print(header, rows[:3])"),
                                    "I read the table back to check the new column.", "Check the table"))
