"""Split a batch scan into its three documents at the separator pages: an empty sheet put between
documents, or a printed separator sheet (the kind a scanning station uses; then an empty back
scanned with a document is part of it). The separators go; each document becomes its own PDF.
Someone filing a stack of paper scanned in one go."""

from __future__ import annotations

import io

from pypdf import PdfReader, PdfWriter
from reportlab.pdfgen import canvas

from forge.checks.pdf_structure import Separator
from forge.models import ReferenceSolution
from preparers.pdf import make_pdf, write_pdf
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.pdf._pages import look_step, report_pdf
from workflows.spec import (
    CheckTemplate,
    FileSlot,
    SkillParams,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
)

SHEETS = ("SEPARATOR SHEET", "NEXT DOCUMENT", "PATCH SHEET")
_SEP = ("{% if separator == 'blank' %}an empty page (no text at all) between one document and the next{% else %}a "
        "separator sheet between one document and the next, a page that says only \"{{ sheet_text }}\"{% endif %}")
_PARTS = "{{ first_file }}, {{ second_file }} and {{ third_file }}"


class Options(SkillParams):
    separator: Separator | None = None


class Params(Prepared):
    input: str
    first_file: str
    second_file: str
    third_file: str
    separator: Separator
    sheet_text: str | None


def separator_page(text: str | None) -> bytes:
    buf = io.BytesIO()
    sheet = canvas.Canvas(buf, pagesize=(595.28, 841.89), invariant=1)
    if text:
        sheet.setFont("Helvetica-Bold", 36)
        sheet.drawCentredString(297, 420, text)
    sheet.showPage()
    sheet.save()
    return buf.getvalue()


@register_workflow
class SplitAtSeparators(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.split_at_separators", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "{{ input }} is a batch scan of three documents, with " + _SEP + ". Split it into " + _PARTS + ", one "
            "document each, in the order they were scanned, leaving the separator pages out. Keep the scan itself.",
            "I fed a whole stack through the scanner and got one file, {{ input }}. There's " + _SEP + ". Could you "
            "cut it into three PDFs, " + _PARTS + " (first document first), without the separators?",
            "Three documents, one scan: {{ input }}, with " + _SEP + ". Each document should end up as its own file ("
            + _PARTS + ", in scan order), with no separator pages left in any of them.",
        ],
        criteria=["Each output holds exactly one document's pages, in order, the documents in scan order.",
                  "No separator page is left in any output; no content page is lost."],
        files=[FileSlot(param="input", type="pdf", role="input", description="A batch scan of three documents"),
               *(FileSlot(param=p, type="pdf", description=f"Document {k} of the scan")
                 for k, p in enumerate(("first_file", "second_file", "third_file"), start=1))],
        checks=[CheckTemplate(func="pdf.split_at_separators", paths={
            "input_file": "input", "first_file": "first_file", "second_file": "second_file",
            "third_file": "third_file"}, bind={"separator": "separator", "sheet_text": "sheet_text"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        separator: Separator = opts.separator or ctx.rng.choice(["blank", "sheet"])
        text = ctx.rng.choice(SHEETS) if separator == "sheet" else None
        report_at, back_at = ctx.rng.randrange(3), ctx.rng.randrange(3)
        writer, stems = PdfWriter(), []
        for k in range(3):
            if k == report_at:
                doc, _, data = report_pdf(ctx, min_pages=2)
                stems.append(doc.file_stem)
            else:
                invoice = make_pdf(ctx.rng, ctx.faker, kind="invoice")
                stems.append(invoice.file_stem)
                data = write_pdf(invoice)
            if k:
                writer.add_page(PdfReader(io.BytesIO(separator_page(text))).pages[0])
            for page in PdfReader(io.BytesIO(data)).pages:
                writer.add_page(page)
            if separator == "sheet" and k == back_at:  # a blank back scanned with its document: content here
                writer.add_page(PdfReader(io.BytesIO(separator_page(None))).pages[0])
        buf = io.BytesIO()
        writer.write(buf)
        folder = ctx.rng.choice(["", "scans/", "filed/"])
        names = ctx.rng.choice([[f"document_{k}" for k in (1, 2, 3)], [f"scan_part{k}" for k in (1, 2, 3)]])
        params = Params(input=ctx.rng.choice(["batch_scan.pdf", "scan_stack.pdf", "inbox_scan.pdf"]),
                        first_file=f"{folder}{names[0]}.pdf", second_file=f"{folder}{names[1]}.pdf",
                        third_file=f"{folder}{names[2]}.pdf", separator=separator, sheet_text=text)
        return params.with_files(input=buf.getvalue())

    def reference(self, params: Params) -> ReferenceSolution:
        sheet = lit((params.sheet_text or "").lower())
        test = "not text" if params.separator == "blank" else f"text.lower() == {sheet}"
        outputs = [params.first_file, params.second_file, params.third_file]
        script = f"""
            import os
            from pypdf import PdfReader, PdfWriter
            reader = PdfReader({lit(params.input)})
            runs = [[]]
            for page in reader.pages:
                text = " ".join((page.extract_text() or "").split())
                if {test}:
                    runs.append([])
                else:
                    runs[-1].append(page)
            runs = [run for run in runs if run]
            print(len(runs), "documents:", [len(run) for run in runs], "pages")
            for path, run in zip({lit(outputs)}, runs):
                os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
                writer = PdfWriter()
                for page in run:
                    writer.add_page(page)
                with open(path, "wb") as out:
                    writer.write(out)
        """
        return solution(look_step(params.input, f"First I list the pages of {params.input} to find the separators."),
                        script_step(script, "I cut the scan at each separator page with pypdf, leaving the "
                                    "separators out, and write each document to its file.", "Write the three PDFs"),
                        *(look_step(p, f"Then I list {p}'s pages to check it.") for p in outputs))
