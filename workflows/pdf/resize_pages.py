"""Change the page size of a report PDF: A4 to US Letter for an American printer, US Letter to A4
for a European one (content scaled to the new size), or trim a margin off every side through
the crop box (a scan with wide borders). In place or as a new PDF."""

from __future__ import annotations

import io
import textwrap
from xml.sax.saxutils import escape

from reportlab.lib.pagesizes import letter
from reportlab.platypus import Paragraph, SimpleDocTemplate

from forge.checks.pdf_structure import PAPER, Resize
from forge.models import ReferenceSolution
from workflows._inplace import SAVE, edit_paths
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.pdf._pages import report_pdf
from workflows.spec import (
    CheckTemplate,
    FileSlot,
    SkillParams,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
)

_ASK = ("{% if target == 'letter' %}resize every page of {{ input }} (A4 now) to US Letter, 8.5 x 11 inches, portrait, "
        "scaling each page's content to the new size{% elif target == 'a4' %}resize every page of {{ input }} (US "
        "Letter now) to A4, 210 x 297 mm, portrait, scaling each page's content to the new size{% else %}trim "
        "{{ margin_mm }} mm off every side (top, bottom, left and right) of every page of {{ input }}, so only the "
        "area inside shows{% endif %}")


class Options(SkillParams):
    target: Resize | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    target: Resize
    margin_mm: int | None


def letter_report(data_pages: list[str], title: str) -> bytes:
    """The same report text laid out on US Letter pages, one section per page."""
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import PageBreak

    styles = getSampleStyleSheet()
    buf = io.BytesIO()
    story: list[object] = []
    for n, text in enumerate(data_pages):
        if n:
            story.append(PageBreak())
        story.append(Paragraph(escape(text), styles["BodyText"]))
    SimpleDocTemplate(buf, pagesize=letter, title=title, invariant=True).build(story)
    return buf.getvalue()


@register_workflow
class ResizePages(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.resize_pages", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "Please " + _ASK + ". Keep every page, in order, with its text. " + SAVE["formal"],
            "The print shop says the PDF won't fit their paper as it is. Could you " + _ASK + "? Nothing else "
            "should change. " + SAVE["chatty"],
            "For a clean print: " + _ASK + ". " + SAVE["terse"],
        ],
        criteria=["Every page shows the size asked for (or its old area less the margin on each side).",
                  "No page is lost, added or moved and each keeps its text."],
        files=[FileSlot(param="input", type="pdf", role="input", description="A report, one section per page"),
               FileSlot(param="output", type="pdf", description="The resized PDF")],
        checks=[CheckTemplate(func="pdf.pages_resized", bind={"target": "target", "margin_mm": "margin_mm"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        target: Resize = opts.target or ctx.rng.choice(["letter", "a4", "trim"])
        doc, pages, data = report_pdf(ctx, min_pages=2)
        if target == "a4":
            data = letter_report(pages, doc.title)
        margin = ctx.rng.choice([5, 8, 10, 12, 15]) if target == "trim" else None
        params = Params(**edit_paths(ctx, doc.file_stem, "pdf", target if target != "trim" else "trimmed",
                                     ["", "print/", "outgoing/"]), target=target, margin_mm=margin)
        return params.with_files(input=data)

    def reference(self, params: Params) -> ReferenceSolution:
        look = f"""
            from pypdf import PdfReader
            for n, page in enumerate(PdfReader({lit(params.input)}).pages, start=1):
                print(n, "media", [float(v) for v in page.mediabox], "crop", [float(v) for v in page.cropbox])
        """
        if params.target == "trim":
            edit = f"""
                inset = {params.margin_mm} * 72 / 25.4
                box = page.cropbox
                left, bottom, right, top = float(box.left), float(box.bottom), float(box.right), float(box.top)
                page.cropbox.lower_left = (left + inset, bottom + inset)
                page.cropbox.upper_right = (right - inset, top - inset)
            """
        else:
            width, height = PAPER[params.target]
            edit = f"""
                page.scale_to({width}, {height})
            """
        body = textwrap.indent(textwrap.dedent(edit).strip("\n"), " " * 16)
        script = f"""
            from pypdf import PdfReader, PdfWriter
            writer = PdfWriter(clone_from=PdfReader({lit(params.input)}))
            for page in writer.pages:
{body}
            with open({lit(params.output)}, "wb") as out:
                writer.write(out)
            for n, page in enumerate(PdfReader({lit(params.output)}).pages, start=1):
                print(n, "crop", [round(float(v), 1) for v in page.cropbox])
        """
        return solution(script_step(look, f"First I print each page's media and crop box of {params.input} (in "
                                    "points).", f"List the page sizes of {params.input}"),
                        script_step(script, "I change each page with pypdf (scaling it to the paper size, or moving "
                                    "its crop box in by the margin; 1 mm = 72/25.4 pt) and print the boxes back.",
                                    f"Write {params.output}"))
