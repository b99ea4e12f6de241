"""Stamp the pages of a report PDF: a word across each page (DRAFT, CONFIDENTIAL), page numbers,
'Page N of T', or Bates numbers for a legal production (a prefix and six digits, continuing from
a given number); on every page or every page but the cover; in place or as a new PDF."""

from __future__ import annotations

from typing import Literal

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

Stamp = Literal["text", "page_number", "page_of_total", "bates"]
WORDS = ("DRAFT", "CONFIDENTIAL", "INTERNAL", "COPY", "PRELIMINARY")
WHAT = {
    "text": 'the word "{{ text }}" on',
    "page_number": 'a page number reading "Page N" (N being the page\'s place in the file) on',
    "page_of_total": 'a page number reading "Page N of T" (N the page\'s place in the file, T the number of pages) on',
    "bates": 'a Bates number, "{{ text }}-" and six digits starting at {{ "%06d" | format(first_number) }} for page 1 '
             "and going up by one per page, on",
}
_WHAT = "".join(f"{{% if stamp == {k!r} %}}{v}{{% endif %}}" for k, v in WHAT.items())
_WHERE = ("{% if skip_first %} every page except the first (the cover stays bare; the numbering still counts it)"
          "{% else %} every page{% endif %}")
_LABEL = {"text": "word", "page_number": "f'Page {n}'", "page_of_total": "f'Page {n} of {total}'",
          "bates": "f'{word}-{first + n - 1:06d}'"}


class Options(SkillParams):
    stamp: Stamp | None = None
    skip_first: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    stamp: Stamp
    text: str | None
    first_number: int | None
    skip_first: bool


@register_workflow
class StampPages(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.stamp", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "Add " + _WHAT + _WHERE + " of {{ input }}, as text in a margin. Leave the pages' own content as it is. "
            + SAVE["formal"],
            "Before this goes out, could you put " + _WHAT + _WHERE + " of {{ input }}? A line of text in the "
            "margin is fine. " + SAVE["chatty"],
            "{{ input }}: stamp " + _WHAT + _WHERE + ". " + SAVE["terse"],
        ],
        criteria=["Each page asked for carries its stamp exactly as asked; the cover is left bare where asked.",
                  "Every page keeps its own content, and no page is added, lost or moved."],
        files=[FileSlot(param="input", type="pdf", role="input", description="A report, one section per page"),
               FileSlot(param="output", type="pdf", description="The stamped PDF")],
        checks=[CheckTemplate(func="pdf.pages_stamped", bind={"stamp": "stamp", "text": "text",
                                                              "first_number": "first_number",
                                                              "skip_first": "skip_first"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        stamp: Stamp = opts.stamp or ctx.rng.choice(list(WHAT))
        skip_first = opts.skip_first if opts.skip_first is not None else ctx.rng.random() < 0.4
        doc, _, data = report_pdf(ctx, min_pages=3)
        text = ctx.rng.choice(WORDS) if stamp == "text" else \
            ctx.rng.choice(["ACME", "DEF", "PROD", "EXH", "CASE"]) + str(ctx.rng.randint(1, 9)) if stamp == "bates" \
            else None
        first = ctx.rng.choice([1, 1, ctx.rng.randint(100, 4000)]) if stamp == "bates" else None
        params = Params(**edit_paths(ctx, doc.file_stem, "pdf", "stamped", ["", "outgoing/", "reports/"]), stamp=stamp,
                        text=text, first_number=first, skip_first=skip_first)
        return params.with_files(input=data)

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import io
            from pypdf import PdfReader, PdfWriter
            from reportlab.pdfgen import canvas
            writer = PdfWriter(clone_from=PdfReader({lit(params.input)}))
            total, word, first = len(writer.pages), {lit(params.text)}, {params.first_number or 1}
            for n, page in enumerate(writer.pages, start=1):
                if {params.skip_first!r} and n == 1:
                    continue
                label = {_LABEL[params.stamp]}
                width, height = float(page.mediabox.width), float(page.mediabox.height)
                buf = io.BytesIO()
                sheet = canvas.Canvas(buf, pagesize=(width, height))
                sheet.setFont("Helvetica", 9)
                sheet.drawRightString(width - 36, 20, label)
                sheet.save()
                page.merge_page(PdfReader(buf).pages[0])
            with open({lit(params.output)}, "wb") as out:
                writer.write(out)
        """
        return solution(look_step(params.input, f"First I list the pages of {params.input}."),
                        script_step(script, "I draw each page's stamp on a transparent page of the same size with "
                                    "reportlab and merge it onto the page with pypdf.", f"Write {params.output}"),
                        look_step(params.output, f"Then I list {params.output}'s pages to see each stamp."))
