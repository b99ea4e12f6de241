"""Sort the rows of a report's table by one column (a number, a date or a name), smallest or
largest first, as Word's Table > Sort does: the header stays on top, rows move whole."""

from __future__ import annotations

from typing import Literal

from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from preparers.document import write_docx
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

KeyType = Literal["number", "date", "text"]
ORDER = "{% if descending %}largest{% if key_type == 'date' %} (latest){% endif %} first{% else %}smallest" \
        "{% if key_type == 'date' %} (earliest){% elif key_type == 'text' %} (A to Z){% endif %} first{% endif %}"


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    column: str
    descending: bool
    key_type: KeyType


class Options(SkillParams):
    key_type: KeyType | None = None
    descending: bool | None = None
    in_place: bool | None = None


@register_workflow
class SortTable(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.sort_table", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            f"Sort the rows of the table in {{{{ input }}}} by the {{{{ column }}}} column, {ORDER}. The header row "
            "stays on top and each row moves as a whole; nothing else in the document changes. " + SAVE["formal"],
            f"The table in {{{{ input }}}} would read better sorted by {{{{ column }}}} ({ORDER}). Can you reorder "
            "the rows? Keep the header where it is. " + SAVE["chatty"],
            f"{{{{ input }}}}: sort table rows by {{{{ column }}}}, {ORDER}; header stays. " + SAVE["terse"],
        ],
        criteria=["The table holds the same rows, ordered by the column as asked.", "The header row is unchanged."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report with a data table"),
               FileSlot(param="output", type="docx", description="The report with the sorted table")],
        checks=[CheckTemplate(func="table.sorted_by", bind={"column": "column", "descending": "descending"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        key_type = getattr(ctx.options, "key_type", None) or ctx.rng.choice(["number", "date", "text"])
        descending = getattr(ctx.options, "descending", None)
        descending = ctx.rng.random() < 0.5 if descending is None else descending
        for _ in range(40):  # most table kinds have no date column: 10 tries lost ~1 date draw in 15
            doc, table = report_with_table(ctx)
            candidates = {"number": table.numeric, "date": table.date_columns(),
                          "text": [h for h in table.headers if h not in table.numeric and h not in table.date_columns()]}
            columns = [c for c in candidates[key_type] if table.column(c) != sorted(table.column(c), reverse=descending,
                                                                                      key=lambda v: str(v).casefold()
                                                                                      if isinstance(v, str) else v)]
            if columns:
                break
        else:
            raise WorkflowError(f"no table with an unsorted {key_type} column drawn")
        params = Params(**doc_paths(ctx, doc.file_stem, "sorted"), column=ctx.rng.choice(columns),
                        descending=descending, key_type=key_type)
        return params.with_files(input=write_docx(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        key = {"number": "number(row[col])", "date": "row[col]", "text": "row[col].casefold()"}[params.key_type]
        script = table_script(params.input, f"""
            col = header.index({lit(params.column)})
            rows.sort(key=lambda row: {key}, reverse={params.descending})
            for cells, values in zip(grid.rows[1:], rows):
                for cell, value in zip(cells.cells, values):
                    cell.paragraphs[0].runs[0].text = value if cell.paragraphs[0].runs else cell.text
                    if not cell.paragraphs[0].runs:
                        cell.text = value
            print([row[col] for row in rows])
            {save_code(params.output)}
        """)
        return solution(outline_step(params.input, f"I look over {params.input} to find the table."),
                        script_step(script, f"I read the table's rows, sort them by {params.column} "
                                    f"({'descending' if params.descending else 'ascending'}) and write the cell texts "
                                    "back row by row, keeping each cell's formatting.", f"Sort by {params.column}"),
                        script_step(table_script(params.output, "print(header, rows[:3], rows[-1])"),
                                    "I read the table back to check the order.", "Check the table"))
