"""Add blank pages to a report PDF before it is printed: before each section that would start on a
left-hand page, so that every section opens on a right-hand page of a double-sided print; or at the
end, up to a multiple of four pages for a folded booklet. The blank pages empty, or carrying the
usual 'This page intentionally left blank'. In place or a new PDF."""

from __future__ import annotations

import io

from pypdf import PdfReader

from forge.checks.pdf_padding import CONTINUED, PadRule, padded
from forge.checks.pdf_structure import BLANK_NOTICE
from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from preparers.document import Section, make_document
from preparers.pdf import write_sections_pdf
from workflows._inplace import SAVE, edit_paths
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.pdf._pages import look_step
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

_RULE = ("{% if rule == 'sections_odd' %}it will be printed double-sided and every section must start on a "
         "right-hand (odd-numbered) page: add a blank page before each section that would otherwise start on an "
         "even page (a section starts on a page whose heading does not end with \"" + CONTINUED + "\"), and no "
         "other pages{% else %}it will be printed as a folded booklet, so its page count must be a multiple of four: "
         "add blank pages at the end, as few as needed{% endif %}")
_BLANK = ("{% if notice %}Each page you add should read only \"" + BLANK_NOTICE + "\"{% else %}Leave the added "
          "pages completely empty{% endif %}")


class Options(SkillParams):
    rule: PadRule | None = None
    notice: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    rule: PadRule
    notice: bool


def _split(ctx: WorkflowContext, sections: list[Section]) -> list[Section]:
    """Some sections run over two pages, the second headed '<heading> (continued)'."""
    long = [k for k, s in enumerate(sections) if len(s.paragraphs) >= 2 and k]
    chosen = set(ctx.rng.sample(long, min(len(long), ctx.rng.randint(1, 3))))
    out: list[Section] = []
    for k, s in enumerate(sections):
        if k not in chosen:
            out.append(s)
            continue
        half = len(s.paragraphs) // 2
        out += [s.model_copy(update={"paragraphs": s.paragraphs[:half], "table": None}),
                s.model_copy(update={"heading": f"{s.heading} {CONTINUED}", "paragraphs": s.paragraphs[half:]})]
    return out


@register_workflow
class PadForPrint(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.pad_for_print", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "Prepare {{ input }} for printing: " + _RULE + ". " + _BLANK + ", and keep every page of the report in "
            "its order. " + SAVE["formal"],
            "The print shop needs {{ input }} set up properly: " + _RULE + ". " + _BLANK + ". Don't change the "
            "report's own pages. " + SAVE["chatty"],
            "{{ input }}: " + _RULE + ". " + _BLANK + ". " + SAVE["terse"],
        ],
        criteria=["Blank pages sit exactly where the rule needs them, no more.",
                  "Each blank page is empty or reads only the notice, as asked; the report's pages keep their order."],
        files=[FileSlot(param="input", type="pdf", role="input", description="A report, one page per section part"),
               FileSlot(param="output", type="pdf", description="The report with blank pages added")],
        checks=[CheckTemplate(func="pdf.blank_pages_added", bind={"rule": "rule", "notice": "notice"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rule: PadRule = opts.rule or ctx.rng.choice(["sections_odd", "multiple_of_4"])
        for _ in range(12):
            doc = make_document(ctx.rng, ctx.faker, kind="report")
            doc = doc.model_copy(update={"sections": _split(ctx, doc.sections)})
            data = write_sections_pdf(doc)
            fits = len(PdfReader(io.BytesIO(data)).pages) == len(doc.sections)
            firsts = [doc.title, *doc.headings[1:]]  # each page's first line: page 1 opens with the title
            if fits and len(padded(firsts, rule)) > len(doc.sections):
                break
        else:
            raise WorkflowError(f"no report drawn that needs blank pages under {rule!r}")
        base = edit_paths(ctx, doc.file_stem, "pdf", "print", ["", "print/", "reports/"])
        params = Params(**base, rule=rule, notice=opts.notice if opts.notice is not None else ctx.rng.random() < 0.5)
        return params.with_files(input=data)

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import io
            from pypdf import PdfReader, PdfWriter
            from reportlab.pdfgen import canvas
            reader = PdfReader({lit(params.input)})
            width, height = float(reader.pages[0].mediabox.width), float(reader.pages[0].mediabox.height)
            notice = None
            if {lit(params.notice)}:
                buf = io.BytesIO()
                sheet = canvas.Canvas(buf, pagesize=(width, height))
                sheet.drawCentredString(width / 2, height / 2, {lit(BLANK_NOTICE)})
                sheet.save()
                notice = PdfReader(buf).pages[0]
            writer = PdfWriter()
            def blank():
                writer.add_page(notice) if notice else writer.add_blank_page(width, height)
            for page in reader.pages:
                lines = [line.strip() for line in (page.extract_text() or "").splitlines() if line.strip()]
                starts = not (lines and lines[0].lower().endswith({lit(CONTINUED)}))
                if {lit(params.rule)} == "sections_odd" and starts and len(writer.pages) % 2 == 1:
                    blank()
                writer.add_page(page)
            while {lit(params.rule)} == "multiple_of_4" and len(writer.pages) % 4:
                blank()
            with open({lit(params.output)}, "wb") as out:
                writer.write(out)
            print(len(reader.pages), "pages ->", len(writer.pages))
        """
        return solution(look_step(params.input, f"I list {params.input}'s pages and their headings."),
                        script_step(script, "I copy the pages with pypdf, adding a blank page of the same size "
                                    "wherever the rule needs one.", f"Write {params.output}"),
                        look_step(params.output, "I list the result's pages to confirm where the blanks went."))
