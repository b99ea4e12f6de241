"""Add a contents page to a report PDF: a new page titled Contents, at the front or right after
the cover, listing each section heading with the page it starts on in the finished file (the
new page counts), plainly or numbered 1., 2., ... In place or as a new PDF. What someone does
before circulating a long report that was exported without one."""

from __future__ import annotations

from forge.models import ReferenceSolution
from workflows._inplace import SAVE, edit_paths
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.pdf._pages import look_step, report_pdf
from workflows.pdf.split_parts import with_cover
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

_WHERE = ("{% if at_page == 2 %}right after the cover page, as page 2{% else %}at the very front, as page 1"
          "{% endif %}")
_LINES = ("one line per section ({{ headings | join(', ') }}), in that order{% if numbered %}, numbered 1., 2., 3., "
          "...,{% endif %} each ending with the page number the section starts on in the finished file (counting "
          "the new page)")


class Options(SkillParams):
    cover: bool | None = None
    numbered: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    at_page: int
    numbered: bool
    headings: list[str]


@register_workflow
class AddContentsPage(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.add_contents_page", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "Add a contents page to the report {{ input }}, " + _WHERE + ": a page titled \"Contents\" with "
            + _LINES + ". Leave every other page as it is. " + SAVE["formal"],
            "{{ input }} was exported without a table of contents and it's long. Could you put one in " + _WHERE
            + "? Title it \"Contents\" and give " + _LINES + ". " + SAVE["chatty"],
            "{{ input }}: new page " + _WHERE + " titled \"Contents\", " + _LINES + "; other pages unchanged. "
            + SAVE["terse"],
        ],
        criteria=["One new page titled Contents, where asked, lists every section in order.",
                  "Each entry gives the page its section starts on in the finished file; other pages unchanged."],
        files=[FileSlot(param="input", type="pdf", role="input", description="A report, one section per page"),
               FileSlot(param="output", type="pdf", description="The report with its contents page")],
        checks=[CheckTemplate(func="pdf.contents_page_added", bind={"headings": "headings", "at_page": "at_page",
                                                                    "numbered": "numbered"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        cover = opts.cover if opts.cover is not None else ctx.rng.random() < 0.5
        doc, _, data = report_pdf(ctx, min_pages=3)
        params = Params(**edit_paths(ctx, doc.file_stem, "pdf", "with_contents", ["", "reports/", "to_share/"]),
                        at_page=2 if cover else 1,
                        numbered=opts.numbered if opts.numbered is not None else ctx.rng.random() < 0.5,
                        headings=[s.heading for s in doc.sections])
        return params.with_files(input=with_cover(doc, data) if cover else data)

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import io
            from pypdf import PdfReader, PdfWriter
            from reportlab.pdfgen import canvas

            reader = PdfReader({lit(params.input)})
            headings, at = {lit(params.headings)}, {params.at_page}
            lines = [[" ".join(l.split()) for l in (p.extract_text() or "").splitlines()] for p in reader.pages]
            starts = [next(n for n, page in enumerate(lines, start=1) if h in page) for h in headings]
            buf = io.BytesIO()
            sheet = canvas.Canvas(buf, pagesize=(595.28, 841.89))
            sheet.setFont("Helvetica-Bold", 18)
            sheet.drawString(72, 770, "Contents")
            sheet.setFont("Helvetica", 12)
            for k, (heading, page) in enumerate(zip(headings, starts), start=1):
                label = f"{{k}}. {{heading}}" if {lit(params.numbered)} else heading
                new_page = page + 1 if page >= at else page
                sheet.drawString(72, 740 - 22 * k, f"{{label}} {{'.' * 10}} {{new_page}}")
            sheet.showPage()
            sheet.save()
            writer = PdfWriter(clone_from=reader)
            writer.insert_page(PdfReader(io.BytesIO(buf.getvalue())).pages[0], at - 1)
            with open({lit(params.output)}, "wb") as out:
                writer.write(out)
        """
        return solution(look_step(params.input, f"First I list the pages of {params.input} to see where each "
                                  "section starts."),
                        script_step(script, "I draw a Contents page with reportlab (each heading with the page it "
                                    "will start on once the new page is in) and insert it with pypdf.",
                                    f"Write {params.output}"),
                        look_step(params.output, f"Then I list {params.output}'s pages to check the entries."))
