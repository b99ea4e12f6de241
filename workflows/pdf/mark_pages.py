"""Stamp a word on chosen pages of a report PDF only: APPROVED on the sign-off (last) page,
CONFIDENTIAL on the pages that mention a sensitive subject, COPY on a page range or on named
pages, or a mark on every page that does not mention a term. Every other page stays bare. In
place or as a new PDF."""

from __future__ import annotations

from forge.checks.pdf_marks import MarkSelect
from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from workflows._inplace import SAVE, edit_paths
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.pdf._pages import look_step, report_pdf, split_term
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

WHICH = {
    "listed": "page{% if pages | length > 1 %}s{% endif %} {{ pages | join(' and ') }}",
    "range": "pages {{ from_page }} to {{ to_page }}",
    "mentioning": 'every page that mentions "{{ term }}"',
    "not_mentioning": 'every page that does not mention "{{ term }}"',
    "last": "the last page only",
}
_WHICH = "".join(f"{{% if select == {k!r} %}}{v}{{% endif %}}" for k, v in WHICH.items())
WORDS = ("CONFIDENTIAL", "APPROVED", "COPY", "SUPERSEDED", "FOR REVIEW")
_PICK = {"listed": "n in pages", "range": "from_page <= n <= to_page", "mentioning": "said(text)",
         "not_mentioning": "not said(text)", "last": "n == len(reader.pages)"}


class Options(SkillParams):
    select: MarkSelect | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    text: str
    select: MarkSelect
    pages: list[int]
    from_page: int | None
    to_page: int | None
    term: str | None


@register_workflow
class MarkPages(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.mark_pages", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            'In {{ input }}, stamp the word "{{ text }}" on ' + _WHICH + ", as a line of text in a margin, and leave "
            "every other page exactly as it is. " + SAVE["formal"],
            'Could you mark {{ input }} with "{{ text }}" on ' + _WHICH + "? Just a line of text in the margin; the "
            "other pages shouldn't get it. " + SAVE["chatty"],
            '{{ input }}: "{{ text }}" on ' + _WHICH + ", nothing on the other pages. " + SAVE["terse"],
        ],
        criteria=["Each page the rule picks carries the word once; no other page does.",
                  "Every page keeps its own content, and no page is added, lost or moved."],
        files=[FileSlot(param="input", type="pdf", role="input", description="A report, one section per page"),
               FileSlot(param="output", type="pdf", description="The PDF with the chosen pages stamped")],
        checks=[CheckTemplate(func="pdf.pages_marked", bind={"text": "text", "select": "select", "pages": "pages",
                                                             "from_page": "from_page", "to_page": "to_page",
                                                             "term": "term"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        select: MarkSelect = opts.select or ctx.rng.choice(list(WHICH))
        doc, pages, data = report_pdf(ctx, min_pages=4)
        count = len(pages)
        listed = sorted(ctx.rng.sample(range(1, count + 1), ctx.rng.choice([1, 2]))) if select == "listed" else []
        start = ctx.rng.randint(1, count - 2) if select == "range" else None
        end = ctx.rng.randint(start + 1, count - (start == 1)) if start is not None else None
        term = split_term(ctx, pages) if select in ("mentioning", "not_mentioning") else None
        if select == "range" and (start, end) == (1, count):
            raise WorkflowError("the range covers every page")
        word = "APPROVED" if select == "last" else ctx.rng.choice(WORDS)
        params = Params(**edit_paths(ctx, doc.file_stem, "pdf", "marked", ["", "outgoing/", "reports/"]), text=word,
                        select=select, pages=listed, from_page=start, to_page=end, term=term)
        return params.with_files(input=data)

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import io, re
            from pypdf import PdfReader, PdfWriter
            from reportlab.pdfgen import canvas
            reader = PdfReader({lit(params.input)})
            writer = PdfWriter(clone_from=reader)
            pages, from_page, to_page = {lit(params.pages)}, {lit(params.from_page)}, {lit(params.to_page)}
            said = lambda text: re.search(r"(?<!\\w)" + re.escape({lit(params.term or "")}) + r"(?!\\w)",
                                          " ".join(text.split()), re.I)
            for n, page in enumerate(writer.pages, start=1):
                text = reader.pages[n - 1].extract_text() or ""
                if not ({_PICK[params.select]}):
                    continue
                width, height = float(page.mediabox.width), float(page.mediabox.height)
                buf = io.BytesIO()
                sheet = canvas.Canvas(buf, pagesize=(width, height))
                sheet.setFont("Helvetica-Bold", 11)
                sheet.drawRightString(width - 36, height - 28, {lit(params.text)})
                sheet.save()
                page.merge_page(PdfReader(buf).pages[0])
                print("stamped page", n)
            with open({lit(params.output)}, "wb") as out:
                writer.write(out)
        """
        return solution(look_step(params.input, f"First I list the pages of {params.input} to see which ones the "
                                  "stamp goes on."),
                        script_step(script, "I draw the word on a transparent page of the same size with reportlab "
                                    "and merge it onto each chosen page with pypdf.", f"Write {params.output}"),
                        look_step(params.output, f"Then I list {params.output}'s pages to check."))
