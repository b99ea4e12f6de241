"""Set page labels on a report PDF, so the viewer's page box reads as the printed book would: the
front matter (cover, contents) in roman numerals, i, ii or I, II; the body from 1, or from the
number a previous volume ended on; and, when
asked, an appendix numbered on its own after a prefix (A-1, A-2). In place or as a new PDF."""

from __future__ import annotations

import io

from pypdf import PdfReader, PdfWriter
from reportlab.pdfgen import canvas

from forge.checks.pdf_structure import RomanStyle
from forge.models import ReferenceSolution
from preparers.document import DocumentContent
from workflows._inplace import SAVE, edit_paths
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.pdf._pages import report_pdf
from workflows.pdf.split_parts import cover_page
from workflows.spec import (
    CheckTemplate,
    FileSlot,
    SkillParams,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
)

PREFIXES = ("A-", "App-", "Annex ")
_FRONT = ("{% if front_style == 'lower' %}small roman numerals (i, ii, ...){% else %}capital roman numerals "
          "(I, II, ...){% endif %}")
_BODY = ("{% if body_start > 1 %}{{ body_start }}, {{ body_start + 1 }}, ... (this volume continues the previous one, "
         "which ended on page {{ body_start - 1 }}){% else %}1, 2, 3, ...{% endif %}")
_APPENDIX = ("{% if appendix_heading %}, except that the appendix, from the section \"{{ appendix_heading }}\" to the "
             "end, is numbered on its own from 1 after the prefix \"{{ appendix_prefix }}\" "
             "(\"{{ appendix_prefix }}1\", \"{{ appendix_prefix }}2\" and so on){% endif %}")


class Options(SkillParams):
    front_style: RomanStyle | None = None
    continues: bool | None = None
    appendix: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    body_heading: str
    front_style: RomanStyle
    body_start: int
    appendix_heading: str | None
    appendix_prefix: str | None


def contents_page(doc: DocumentContent) -> bytes:
    """A contents page listing the section headings (no page numbers), drawn invariantly."""
    buf = io.BytesIO()
    sheet = canvas.Canvas(buf, invariant=1)
    sheet.setFont("Helvetica-Bold", 18)
    sheet.drawString(72, 760, "Contents")
    sheet.setFont("Helvetica", 12)
    for k, heading in enumerate(doc.headings, start=1):
        sheet.drawString(90, 730 - 20 * k, f"{k}  {heading}")
    sheet.showPage()
    sheet.save()
    return buf.getvalue()


def with_front_matter(doc: DocumentContent, data: bytes, contents: bool) -> bytes:
    writer = PdfWriter()
    for source in (cover_page(doc), *([contents_page(doc)] if contents else []), data):
        for page in PdfReader(io.BytesIO(source)).pages:
            writer.add_page(page)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


@register_workflow
class PageLabels(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.page_labels", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "Set the page labels of {{ input }} so that the front matter (every page before the section \"{{ "
            "body_heading }}\") is numbered in " + _FRONT + " starting at one, and the pages from \"{{ body_heading }}"
            "\" on are numbered " + _BODY + _APPENDIX + ". Leave the pages themselves as they are. "
            + SAVE["formal"],
            "When I type 1 into the viewer's page box for {{ input }} it opens the cover, not the first real page. "
            "Could you fix the page numbering? The front pages should count in " + _FRONT + ", and the real "
            "numbering should start on \"{{ body_heading }}\" and run " + _BODY + _APPENDIX + ". " + SAVE["chatty"],
            "Make {{ input }}'s page labels match a printed book: front matter in " + _FRONT + ", then " + _BODY
            + " from \"{{ body_heading }}\" on" + _APPENDIX + ". " + SAVE["terse"],
        ],
        criteria=["Every page before the body carries a roman numeral label from one, in the case asked.",
                  "The body is labelled from 1 (and the appendix from its prefix and 1, when asked); pages unchanged."],
        files=[FileSlot(param="input", type="pdf", role="input", description="A report with a cover and front matter"),
               FileSlot(param="output", type="pdf", description="The PDF with its page labels")],
        checks=[CheckTemplate(func="pdf.pages_labelled", bind={
            "body_heading": "body_heading", "front_style": "front_style", "body_start": "body_start",
            "appendix_heading": "appendix_heading", "appendix_prefix": "appendix_prefix"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        style: RomanStyle = opts.front_style or ctx.rng.choice(["lower", "upper"])
        appendix = opts.appendix if opts.appendix is not None else ctx.rng.random() < 0.5
        continues = opts.continues if opts.continues is not None else ctx.rng.random() < 0.3
        start = ctx.rng.randint(41, 260) if continues else 1
        doc, _, data = report_pdf(ctx, min_pages=4 if appendix else 3)
        data = with_front_matter(doc, data, contents=ctx.rng.random() < 0.7)
        at = ctx.rng.randint(max(2, len(doc.sections) - 2), len(doc.sections) - 1) if appendix else None
        params = Params(**edit_paths(ctx, doc.file_stem, "pdf", "labelled", ["", "book/", "print/"]),
                        body_heading=doc.headings[0], front_style=style, body_start=start,
                        appendix_heading=doc.headings[at] if at is not None else None,
                        appendix_prefix=ctx.rng.choice(PREFIXES) if appendix else None)
        return params.with_files(input=data)

    def reference(self, params: Params) -> ReferenceSolution:
        look = f"""
            from pypdf import PdfReader
            reader = PdfReader({lit(params.input)})
            for n, page in enumerate(reader.pages, start=1):
                print(n, [" ".join(l.split()) for l in (page.extract_text() or "").splitlines() if l.strip()][:3])
        """
        script = f"""
            from pypdf import PdfReader, PdfWriter
            reader = PdfReader({lit(params.input)})
            texts = [[" ".join(l.split()).lower() for l in (p.extract_text() or "").splitlines()] for p in reader.pages]
            def find(heading, after=0):
                return next(i for i in range(after, len(texts)) if heading.lower() in texts[i])
            body = find({lit(params.body_heading)}, 1)
            appendix = find({lit(params.appendix_heading)}, body + 1) if {lit(params.appendix_heading)} else None
            last = len(texts) - 1
            writer = PdfWriter(clone_from=reader)
            writer.set_page_label(0, body - 1, style={lit("/r" if params.front_style == "lower" else "/R")}, start=1)
            writer.set_page_label(body, (appendix - 1) if appendix else last, style="/D", start={params.body_start})
            if appendix:
                writer.set_page_label(appendix, last, style="/D", prefix={lit(params.appendix_prefix)}, start=1)
            with open({lit(params.output)}, "wb") as out:
                writer.write(out)
            print(PdfReader({lit(params.output)}).page_labels)
        """
        return solution(script_step(look, f"First I print the first lines of each page of {params.input} to see "
                                    "where the front matter ends.", f"List the pages of {params.input}"),
                        script_step(script, "I set the page label ranges with pypdf (roman front matter, decimal "
                                    "body) and print the labels back to check them.", f"Write {params.output}"))
