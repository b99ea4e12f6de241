"""Put a CSV export into a Word report: a heading, a sentence of introduction, then the table."""

from __future__ import annotations

from forge.models import ReferenceSolution
from preparers.data import make_table, write_csv
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, WorkflowContext, WorkflowSpec, register_workflow


class Params(Prepared):
    input: str
    report: str
    heading: str
    subject: str


@register_workflow
class CsvToReport(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="multi.csv_to_report", apps=["data", "document"], params=Params,
        phrasings=[
            "Turn {{ input }} into a Word document, {{ report }}, for people who don't open CSV files: a heading "
            "\"{{ heading }}\", a sentence saying what the table shows, and then the table itself with the CSV's header "
            "and every row in the same order.",
            "Can you make {{ report }} out of the {{ subject }} export {{ input }}? Heading \"{{ heading }}\", a one-line "
            "intro, and the full table underneath (same columns, same rows, same order).",
            "{{ input }} -> {{ report }}: heading \"{{ heading }}\", intro paragraph, whole CSV as a Word table.",
        ],
        criteria=["The report has the heading and an intro.", "Its table is the CSV, cell for cell."],
        files=[FileSlot(param="input", type="csv", role="input", description="A CSV export"),
               FileSlot(param="report", type="docx", description="The Word report")],
        checks=[CheckTemplate(func="document.table_from", bind={"heading": "heading"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        table = make_table(ctx.rng, ctx.faker, rows=ctx.rng.randint(8, 30))
        stem = ctx.rng.choice(table.file_stems)
        params = Params(input=f"exports/{stem}.csv", report=f"reports/{stem}.docx", heading=table.title,
                        subject=table.subject)
        return params.with_files(input=write_csv(table))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv, docx
            rows = list(csv.reader(open({lit(params.input)}, newline="", encoding="utf-8")))
            document = docx.Document()
            document.add_heading({lit(params.heading)}, level=1)
            document.add_paragraph("The table below lists the {params.subject} from {params.input}.")
            table = document.add_table(rows=0, cols=len(rows[0]))
            table.style = "Table Grid"
            for row in rows:
                for cell, value in zip(table.add_row().cells, row):
                    cell.text = value
            document.save({lit(params.report)})
            print(len(rows) - 1, "rows")
        """
        return solution(script_step(script, f"I read {params.input} with the csv module and write {params.report} "
                                    "with python-docx: heading, intro, and the table cell by cell.",
                                    f"Write {params.report}"))
