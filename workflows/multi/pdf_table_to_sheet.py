"""Copy the table printed in a PDF report into a spreadsheet, numbers as numbers."""

from __future__ import annotations

from forge.models import ReferenceSolution
from preparers.pdf import make_pdf, write_pdf
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, WorkflowContext, WorkflowSpec, register_workflow


class Params(Prepared):
    report: str
    workbook: str
    sheet: str


@register_workflow
class PdfTableToSheet(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="multi.pdf_table_to_sheet", apps=["pdf", "spreadsheet"], params=Params,
        phrasings=[
            "The PDF {{ report }} prints a table of monthly sales by region. Copy that table into a new workbook "
            '{{ workbook }} on a sheet named "{{ sheet }}": the header in row 1, then the rows in the same order, '
            "with the amounts stored as numbers (not text).",
            'Can you get the table out of {{ report }} into Excel? Save it as {{ workbook }}, sheet "{{ sheet }}", '
            "same columns and rows as in the PDF, header on top, figures as real numbers.",
            '{{ report }} table -> {{ workbook }} (sheet "{{ sheet }}"; header row 1; same row order; numeric '
            "cells as numbers).",
        ],
        criteria=["The sheet holds the PDF's table: same header, same rows in the same order.",
                  "Amounts are numbers equal to the printed ones."],
        files=[FileSlot(param="report", type="pdf", role="input", description="A regional sales report"),
               FileSlot(param="workbook", type="xlsx", description="The table as a spreadsheet")],
        checks=[CheckTemplate(func="pdf.table_copied", bind={"table": "sheet"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        report = make_pdf(ctx.rng, ctx.faker, kind="report")
        params = Params(report=f"reports/{report.file_stem}.pdf", workbook=f"{report.file_stem}.xlsx",
                        sheet=ctx.rng.choice(["Sales", "By region", "Regional sales"]))
        return params.with_files(report=write_pdf(report))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import re
            import openpyxl
            from pypdf import PdfReader
            text = PdfReader({lit(params.report)}).pages[0].extract_text(extraction_mode="layout")
            rows = [re.split(r"\\s{{2,}}", line.strip()) for line in text.splitlines() if line.strip()]
            start = next(i for i, r in enumerate(rows) if r[0] == "Region")
            table = [rows[start]]
            for row in rows[start + 1:]:
                if len(row) != len(rows[start]):
                    break
                table.append([row[0]] + [float(v.replace(",", "")) for v in row[1:]])
            wb = openpyxl.Workbook()
            ws = wb.active
            ws.title = {lit(params.sheet)}
            for row in table:
                ws.append(row)
            wb.save({lit(params.workbook)})
            print(table[:2], len(table) - 1, "rows")
        """
        return solution(script_step(script, f"I extract {params.report} with pypdf in layout mode, split the table "
                                    "lines on runs of spaces, turn the amounts into numbers and write them with "
                                    f"openpyxl to {params.workbook}.", f"Copy the PDF table into {params.workbook}"))
