"""Put a spreadsheet's figures into a Word report: a heading, a short intro and the table."""

from __future__ import annotations

from forge.models import ReferenceSolution
from preparers.spreadsheet import make_table, write_xlsx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, WorkflowContext, WorkflowSpec, register_workflow


class Params(Prepared):
    workbook: str
    sheet: str
    report: str
    heading: str
    subject: str


@register_workflow
class SheetToReport(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="multi.sheet_to_report", apps=["spreadsheet", "document"], params=Params,
        phrasings=[
            'Write a Word report {{ report }} with a heading "{{ heading }}", one sentence introducing it, and below '
            'it a table with everything on the sheet "{{ sheet }}" of {{ workbook }} ({{ subject }}): the same header '
            "and rows in the same order, values as they are in the workbook.",
            'Please put the figures from {{ workbook }} (sheet "{{ sheet }}") into a document, {{ report }}: a '
            '"{{ heading }}" heading, a line of introduction, then the full table (header plus every row, same order).',
            '{{ workbook }} sheet "{{ sheet }}" -> {{ report }}: heading "{{ heading }}", intro sentence, the whole '
            "table (same header, rows, order).",
        ],
        criteria=["The report has the requested heading.", "Its table is the sheet's table, cell for cell."],
        files=[FileSlot(param="workbook", type="xlsx", role="input", description="{{ subject | capitalize }}"),
               FileSlot(param="report", type="docx", description="The report with the table")],
        checks=[CheckTemplate(func="document.table_from", bind={"table": "sheet", "heading": "heading"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        table = make_table(ctx.rng, ctx.faker, rows=ctx.rng.randint(6, 12))
        stem = ctx.rng.choice(table.file_stems)
        params = Params(workbook=f"{stem}.xlsx", sheet=ctx.rng.choice(table.sheet_names), report=f"{stem}_report.docx",
                        heading=table.title, subject=table.subject)
        return params.with_files(workbook=write_xlsx(table, params.sheet))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import datetime, docx, openpyxl

            def shown(value):
                if isinstance(value, datetime.datetime):
                    return value.date().isoformat()
                return "" if value is None else str(value)

            rows = list(openpyxl.load_workbook({lit(params.workbook)}, data_only=True)[{lit(params.sheet)}].values)
            document = docx.Document()
            document.add_heading({lit(params.heading)}, level=1)
            document.add_paragraph("The table below lists the {params.subject} from {params.workbook}.")
            table = document.add_table(rows=0, cols=len(rows[0]))
            table.style = "Table Grid"
            for row in rows:
                for cell, value in zip(table.add_row().cells, row):
                    cell.text = shown(value)
            document.save({lit(params.report)})
            print(len(rows) - 1, "rows")
        """
        return solution(script_step(script, f"I read the sheet with openpyxl and write {params.report} with "
                                    "python-docx: the heading, an intro line, and the table cell by cell.",
                                    f"Write {params.report}"))
