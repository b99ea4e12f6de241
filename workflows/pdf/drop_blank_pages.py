"""Drop the blank pages from a scanned report: the empty backs a duplex scanner saved, or also the
pages that only say 'This page intentionally left blank', or that show nothing but a page number.
In place or as a new PDF. Someone tidying a scan before sending it on."""

from __future__ import annotations

import io

from pypdf import PdfReader, PdfWriter
from reportlab.pdfgen import canvas

from forge.checks.pdf_structure import BLANK_NOTICE
from forge.models import ReferenceSolution
from workflows._inplace import SAVE, edit_paths
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

_BLANK = ("{% if notice_blank %}the blank pages: the empty ones and those whose only text is \"This page "
          "intentionally left blank\"{% elif number_blank %}the blank pages: the empty ones and those that show "
          "nothing but a page number{% else %}the empty pages the scanner added (no text at all){% endif %}")


class Options(SkillParams):
    notice_blank: bool | None = None
    number_blank: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    notice_blank: bool
    number_blank: bool


def filler_page(text: str | None) -> bytes:
    """An A4 page, empty or carrying only the notice (centred) or a page number (in the footer)."""
    buf = io.BytesIO()
    sheet = canvas.Canvas(buf, pagesize=(595.28, 841.89), invariant=1)
    if text:
        sheet.setFont("Helvetica-Oblique", 10)
        sheet.drawCentredString(297, 420 if text == BLANK_NOTICE else 30, text)
    sheet.showPage()
    sheet.save()
    return buf.getvalue()


@register_workflow
class DropBlankPages(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.drop_blank_pages", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "Remove " + _BLANK + " from {{ input }}. Keep every other page once, in its order. " + SAVE["formal"],
            "The scanner stuffed {{ input }} with pages that have nothing on them. Could you take out " + _BLANK
            + "? Everything else should stay in the same order. " + SAVE["chatty"],
            "{{ input }} should hold only pages with content: drop " + _BLANK + ". " + SAVE["terse"],
        ],
        criteria=["Every blank page (as the request defines it) is gone.",
                  "Every page with content is kept once, in its original order, unchanged."],
        files=[FileSlot(param="input", type="pdf", role="input", description="A scanned report with blank pages"),
               FileSlot(param="output", type="pdf", description="The PDF without its blank pages")],
        checks=[CheckTemplate(func="pdf.blank_pages_dropped", bind={"notice_blank": "notice_blank",
                                                                    "number_blank": "number_blank"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        notice = opts.notice_blank if opts.notice_blank is not None else ctx.rng.random() < 0.5
        numbers = not notice and (opts.number_blank if opts.number_blank is not None else ctx.rng.random() < 0.5)
        doc, _, data = report_pdf(ctx, min_pages=3)
        content = list(PdfReader(io.BytesIO(data)).pages)
        after = sorted(ctx.rng.sample(range(len(content)), ctx.rng.randint(1, len(content) - 1)))
        marked = notice or numbers  # at least one marked filler, so the notice or the number matters
        kinds = [marked, *(marked and ctx.rng.random() < 0.5 for _ in after[1:])]
        ctx.rng.shuffle(kinds)
        style = ctx.rng.choice(["{n}", "Page {n}", "- {n} -"])
        writer = PdfWriter()
        for n, page in enumerate(content):
            writer.add_page(page)
            if n in after:
                text = (BLANK_NOTICE if notice else style.format(n=len(writer.pages) + 1)) \
                    if kinds[after.index(n)] else None
                writer.add_page(PdfReader(io.BytesIO(filler_page(text))).pages[0])
        buf = io.BytesIO()
        writer.write(buf)
        params = Params(**edit_paths(ctx, f"{doc.file_stem}_scan", "pdf", "clean", ["", "scans/", "inbox/"]),
                        notice_blank=notice, number_blank=numbers)
        return params.with_files(input=buf.getvalue())

    def reference(self, params: Params) -> ReferenceSolution:
        notice = "or text.lower().rstrip('.') == " + lit(BLANK_NOTICE.lower()) if params.notice_blank else \
            r"or re.fullmatch(r'(page )?\d{1,4}|- ?\d{1,4} ?-', text.lower())" if params.number_blank else ""
        script = f"""
            import re
            from pypdf import PdfReader, PdfWriter
            reader = PdfReader({lit(params.input)})
            writer = PdfWriter()
            for n, page in enumerate(reader.pages, start=1):
                text = " ".join((page.extract_text() or "").split())
                if not text {notice}:
                    print("dropping page", n, repr(text))
                    continue
                writer.add_page(page)
            with open({lit(params.output)}, "wb") as out:
                writer.write(out)
        """
        return solution(look_step(params.input, f"First I list the pages of {params.input} with their text to spot "
                                  "the blank ones."),
                        script_step(script, "I copy every page that has content into a new PDF with pypdf, skipping "
                                    "the blank ones, and write it.", f"Write {params.output}"),
                        look_step(params.output, f"Then I list {params.output}'s pages to check."))
