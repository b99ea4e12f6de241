"""Report on a folder of PDFs in a csv: one row per file with its page count and, when asked, its
paper size (A4 or US Letter) or its stored title; sorted by name or most pages first; a total row
when asked. Someone checking a batch before it goes to the printer or into the archive."""

from __future__ import annotations

import io

from pypdf import PdfReader, PdfWriter

from forge.checks.pdf_reports import PAPERS, ReportColumn, ReportOrder
from forge.models import ReferenceSolution
from preparers.document import make_document
from preparers.pdf import make_pdf, write_pdf, write_sections_pdf
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import (
    CheckTemplate,
    FileSlot,
    SkillParams,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
)

_FILES = "{{ first_file }}, {{ second_file }}, {{ third_file }} and {{ fourth_file }}"
_COLUMNS = ("{% if column == 'paper' %}file, pages, paper (\"A4\" or \"Letter\", the size of the file's first page)"
            "{% elif column == 'title' %}file, pages, title (the title stored in the file's document properties)"
            "{% else %}file, pages{% endif %}")
_ORDER = ("{% if order == 'name' %}sorted by file name from A to Z{% else %}with the file with the most pages first "
          "(files with as many pages in file-name order){% endif %}")
_TOTAL = ("{% if total %} End with a row \"Total\" giving the sum of the pages{% if column != 'none' %} (leave its "
          "other cell empty){% endif %}.{% endif %}")


class Options(SkillParams):
    column: ReportColumn | None = None
    order: ReportOrder | None = None
    total: bool | None = None


class Params(Prepared):
    first_file: str
    second_file: str
    third_file: str
    fourth_file: str
    output: str
    column: ReportColumn
    order: ReportOrder
    total: bool


def _scaled(data: bytes, size: tuple[float, float]) -> bytes:
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    for page in writer.pages:
        page.scale_to(*size)
    buf = io.BytesIO()
    writer.write(buf)
    return buf.getvalue()


@register_workflow
class FolderReport(PreparedWorkflow[Params]):
    states_values = ("first_file", "second_file", "third_file", "fourth_file")  # the report copies the names
    spec = WorkflowSpec(
        name="pdf.folder_report", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "Write a csv report {{ output }} on the PDFs " + _FILES + ": a header row with the columns " + _COLUMNS
            + ", then one row per PDF with its file name (no folder) and its number of pages, " + _ORDER + "."
            + _TOTAL,
            "Before I send " + _FILES + " to the print shop I need an overview. Could you put together {{ output }} "
            "with columns " + _COLUMNS + ", one line per file (just the file name), " + _ORDER + "?" + _TOTAL,
            "Page-count inventory of " + _FILES + " -> {{ output }}; columns " + _COLUMNS + "; " + _ORDER + "."
            + _TOTAL,
        ],
        criteria=["The csv has the header asked for and one row per PDF with its name and true page count.",
                  "The third column (when asked) is right for each file; rows are in the order asked, the total last."],
        files=[*(FileSlot(param=p, type="pdf", role="input", description="A PDF in the batch")
                 for p in ("first_file", "second_file", "third_file", "fourth_file")),
               FileSlot(param="output", type="csv", description="The report, one row per PDF")],
        checks=[CheckTemplate(func="pdf.folder_reported", paths={
            "file": "output", "first_file": "first_file", "second_file": "second_file", "third_file": "third_file",
            "fourth_file": "fourth_file"}, bind={"column": "column", "order": "order", "total": "total"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        column: ReportColumn = opts.column or ctx.rng.choice(["none", "paper", "title"])
        order: ReportOrder = opts.order or ctx.rng.choice(["name", "pages"])
        total = opts.total if opts.total is not None else ctx.rng.random() < 0.5
        folder = ctx.rng.choice(["incoming/", "batch/", "to_print/"])
        files: dict[str, bytes] = {}
        letters = ctx.rng.sample(range(4), ctx.rng.choice([1, 2]) if column == "paper" else ctx.rng.choice([0, 1]))
        for k in range(4):
            if k % 2:
                doc = make_pdf(ctx.rng, ctx.faker, kind="invoice")
                stem, data = doc.file_stem, write_pdf(doc)
            else:
                report = make_document(ctx.rng, ctx.faker, kind="report")
                stem, data = report.file_stem, write_sections_pdf(report)
            while f"{folder}{stem}.pdf" in files:
                stem += "_2"
            files[f"{folder}{stem}.pdf"] = _scaled(data, PAPERS["Letter"]) if k in letters else data
        paths = list(files)
        ctx.rng.shuffle(paths)
        params = Params(first_file=paths[0], second_file=paths[1], third_file=paths[2], fourth_file=paths[3],
                        output=ctx.rng.choice(["pdf_report.csv", f"{folder}inventory.csv", "page_counts.csv"]),
                        column=column, order=order, total=total)
        return params.with_files(**{slot: files[path] for slot, path in zip(
            ("first_file", "second_file", "third_file", "fourth_file"), paths, strict=True)})

    def reference(self, params: Params) -> ReferenceSolution:
        paths = [params.first_file, params.second_file, params.third_file, params.fourth_file]
        third = {"paper": "paper(reader.pages[0])", "title": "(reader.metadata or {}).get('/Title', '')",
                 "none": None}[params.column]
        script = f"""
            import csv, os
            from pypdf import PdfReader
            def paper(page):
                w, h = sorted((float(page.mediabox.width), float(page.mediabox.height)))
                if abs(w - 595.28) < 2 and abs(h - 841.89) < 2:
                    return "A4"
                return "Letter" if abs(w - 612) < 2 and abs(h - 792) < 2 else "other"
            rows = []
            for path in {lit(paths)}:
                reader = PdfReader(path)
                row = [os.path.basename(path), len(reader.pages)]
                if {third is not None}:
                    row.append({third or "None"})
                rows.append(row)
            rows.sort(key=lambda r: r[0].lower())
            if {params.order == "pages"}:
                rows.sort(key=lambda r: -r[1])
            if {params.total}:
                rows.append(["Total", sum(r[1] for r in rows)] + ([""] if {third is not None} else []))
            with open({lit(params.output)}, "w", newline="") as out:
                writer = csv.writer(out)
                writer.writerow({lit(["file", "pages", *([params.column] if params.column != "none" else [])])})
                writer.writerows(rows)
            print(open({lit(params.output)}).read())
        """
        return solution(script_step(script, "I open each PDF with pypdf, read its page count"
                                    + {"paper": " and the size of its first page", "title": " and its stored title",
                                       "none": ""}[params.column]
                                    + ", sort the rows as asked and write the csv.", f"Write {params.output}"))
