"""Put the company letterhead (a one-page PDF: name and address at the top, registration details
in the footer) onto a report before it goes out: on every page, on the first page only, or on
every page but the first (its cover). In place or a new PDF."""

from __future__ import annotations

import io

from forge.checks.pdf_overlay import OverlayPages
from forge.models import ReferenceSolution
from workflows._inplace import SAVE, edit_paths
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.pdf._pages import look_step, report_pdf
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

_WHERE = ("{% if pages == 'all' %}on every page{% elif pages == 'first' %}on the first page only (the other pages "
          "stay plain){% else %}on every page except the first (the cover page stays as it is)"
          "{% endif %}")


class Options(SkillParams):
    pages: OverlayPages | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    letterhead: str
    pages: OverlayPages


def letterhead_pdf(ctx: WorkflowContext, organisation: str) -> bytes:
    """The letterhead: the organisation's name and address at the top margin, its registration
    details at the bottom, nothing in between (reportlab, invariant)."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    sheet = canvas.Canvas(buf, pagesize=A4, invariant=1)
    sheet.setTitle(f"{organisation} letterhead")
    sheet.setFont("Helvetica-Bold", 12)
    sheet.drawRightString(560, 818, organisation)
    sheet.setFont("Helvetica", 8)
    sheet.drawRightString(560, 806, f"{ctx.faker.street_address()}, {ctx.faker.city()} {ctx.faker.postcode()}")
    sheet.drawString(40, 16, f"Registered office as above. Company number {ctx.faker.numerify('0#######')}. "
                     f"VAT number {ctx.faker.numerify('GB### #### ##')}.")
    sheet.showPage()
    sheet.save()
    return buf.getvalue()


@register_workflow
class AddLetterhead(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.add_letterhead", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "Put the company letterhead in {{ letterhead }} onto {{ input }} " + _WHERE + ", laid over each page so "
            "the page's own content stays as it is. " + SAVE["formal"],
            "{{ input }} is going out to a client, so it needs our letterhead ({{ letterhead }}) " + _WHERE + ". "
            "Could you merge it onto the pages without changing anything else? " + SAVE["chatty"],
            "{{ letterhead }} onto {{ input }}, " + _WHERE + "; content unchanged. " + SAVE["terse"],
        ],
        criteria=["The letterhead shows on the pages asked for and on no other page.",
                  "Every page keeps its own content and its place; no page added or lost."],
        files=[FileSlot(param="input", type="pdf", role="input", description="A report, one section per page"),
               FileSlot(param="letterhead", type="pdf", role="input", description="The one-page letterhead"),
               FileSlot(param="output", type="pdf", description="The report on letterhead")],
        checks=[CheckTemplate(func="pdf.pages_overlaid", paths={"input_file": "input", "overlay_file": "letterhead"},
                              bind={"pages": "pages"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        doc, _, data = report_pdf(ctx)
        base = edit_paths(ctx, doc.file_stem, "pdf", "letterhead", ["", "outgoing/", "reports/"])
        params = Params(**base, letterhead=ctx.rng.choice(["templates/letterhead.pdf", "letterhead.pdf",
                                                           "branding/letterhead_a4.pdf"]),
                        pages=opts.pages or ctx.rng.choice(["all", "first", "all_but_first"]))
        return params.with_files(input=data, letterhead=letterhead_pdf(ctx, doc.organisation))

    def reference(self, params: Params) -> ReferenceSolution:
        pick = {"all": "True", "first": "n == 1", "all_but_first": "n > 1"}[params.pages]
        script = f"""
            from pypdf import PdfReader, PdfWriter
            head = PdfReader({lit(params.letterhead)}).pages[0]
            writer = PdfWriter(clone_from=PdfReader({lit(params.input)}))
            for n, page in enumerate(writer.pages, start=1):
                if {pick}:
                    page.merge_page(head, over=False)
            with open({lit(params.output)}, "wb") as out:
                writer.write(out)
            print("letterhead on", [n for n in range(1, len(writer.pages) + 1) if {pick}])
        """
        return solution(look_step(params.letterhead, f"I look at the letterhead in {params.letterhead}."),
                        script_step(script, "I merge the letterhead page under each page asked for with pypdf, "
                                    "so the page's own content stays on top.", f"Write {params.output}"),
                        look_step(params.output, "I read the result back to confirm."))
