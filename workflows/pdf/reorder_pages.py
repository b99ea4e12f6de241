"""Put a shuffled scan back in order: someone dropped the printout before scanning it, and the
pages now need sorting by what they say: the order the contents page lists the sections in,
the page number printed in each footer, or the number in each section heading; sometimes a
sheet went through the feeder twice and must be kept once. In place or as a new PDF."""

from __future__ import annotations

import io

from pypdf import PdfReader, PdfWriter
from reportlab.pdfgen import canvas

from forge.checks.pdf_order import OrderBy, page_keys
from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from preparers.document import DocumentContent
from preparers.pdf import write_sections_pdf
from workflows._inplace import SAVE, edit_paths
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.pdf._pages import look_step, report_pdf
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

RULE = {
    "contents": "page 1 is still the contents page: keep it first and put the other pages in the order it lists "
                "the sections",
    "printed_number": "put the pages back in order by the page number printed at the foot of each page",
    "heading_number": "put the pages back in order by the section numbers their headings start with (1., 2., 3., "
                      "...)",
}
_RULE = "".join(f"{{% if by == {b!r} %}}{text}{{% endif %}}" for b, text in RULE.items())
_TWICE = "{% if duplicate %} One sheet went through the feeder twice: keep only one copy of it.{% endif %}"


class Options(SkillParams):
    by: OrderBy | None = None
    duplicate: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    by: OrderBy
    duplicate: bool


def _canvas_page(draw: object) -> PdfReader:
    buf = io.BytesIO()
    sheet = canvas.Canvas(buf, pagesize=(595.28, 841.89), invariant=1)
    draw(sheet)  # type: ignore[operator]
    sheet.showPage()
    sheet.save()
    return PdfReader(io.BytesIO(buf.getvalue()))


def contents_page(doc: DocumentContent) -> PdfReader:
    """A contents page: the title, then 'Contents' and one line per section with its page."""
    def draw(sheet: canvas.Canvas) -> None:
        sheet.setFont("Helvetica-Bold", 18)
        sheet.drawString(72, 770, doc.title)
        sheet.drawString(72, 730, "Contents")
        sheet.setFont("Helvetica", 12)
        for k, section in enumerate(doc.sections, start=2):
            sheet.drawString(90, 740 - 24 * k, f"{section.heading} {'.' * 12} {k}")
    return _canvas_page(draw)


def ordered_pages(ctx: WorkflowContext, by: OrderBy) -> tuple[DocumentContent, list[object]]:
    """The report's pages in their right order, as the rule will find them."""
    doc, _, data = report_pdf(ctx, min_pages=4)
    if by == "heading_number":
        doc = doc.model_copy(update={"sections": [s.model_copy(update={"heading": f"{k}. {s.heading}"})
                                                  for k, s in enumerate(doc.sections, start=1)]})
        data = write_sections_pdf(doc)
    pages = list(PdfReader(io.BytesIO(data)).pages)
    if by == "contents":
        pages.insert(0, contents_page(doc).pages[0])
    if by == "printed_number":
        style = ctx.rng.choice(["Page {n}", "Page {n} of {t}"])
        writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
        for n, page in enumerate(writer.pages, start=1):
            footer = style.format(n=n, t=len(pages))
            page.merge_page(_canvas_page(lambda s, f=footer: s.drawCentredString(297, 30, f)).pages[0])
        pages = list(PdfReader(io.BytesIO(_write(list(writer.pages)))).pages)
    return doc, pages


def _write(pages: list[object]) -> bytes:
    writer = PdfWriter()
    for page in pages:
        writer.add_page(page)  # type: ignore[arg-type]
    buf = io.BytesIO()
    writer.write(buf)
    return buf.getvalue()


@register_workflow
class ReorderPages(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.reorder_pages", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "The pages of the scanned report {{ input }} are out of order. " + _RULE[0].upper() + _RULE[1:] + "."
            + _TWICE + " Do not change the pages themselves. " + SAVE["formal"],
            "I dropped the printout before scanning it, so {{ input }} is all shuffled. Could you sort it out? "
            + _RULE + "." + _TWICE + " " + SAVE["chatty"],
            "{{ input }}: pages shuffled; " + _RULE + "." + _TWICE + " " + SAVE["terse"],
        ],
        criteria=["Every page of the scan appears once, in the order the rule gives.",
                  "No page is changed, lost or left twice."],
        files=[FileSlot(param="input", type="pdf", role="input", description="A scanned report, pages shuffled"),
               FileSlot(param="output", type="pdf", description="The report with its pages in order")],
        checks=[CheckTemplate(func="pdf.pages_reordered", bind={"by": "by"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        by: OrderBy = opts.by or ctx.rng.choice(list(RULE))
        duplicate = opts.duplicate if opts.duplicate is not None else ctx.rng.random() < 0.4
        doc, pages = ordered_pages(ctx, by)
        fixed = 1 if by == "contents" else 0
        rest = list(range(fixed, len(pages)))
        while rest == sorted(rest):
            ctx.rng.shuffle(rest)
        order = [*range(fixed), *rest]
        if duplicate:
            order.insert(ctx.rng.randint(fixed, len(order)), ctx.rng.choice(order[fixed:]))
        data = _write([pages[i] for i in order])
        keys = page_keys([p.extract_text() or "" for p in PdfReader(io.BytesIO(data)).pages], by)
        if None in keys or len(set(keys)) != len(pages):
            raise WorkflowError(f"the pages do not each give one place by {by}: {keys}")
        params = Params(**edit_paths(ctx, f"{doc.file_stem}_scan", "pdf", "sorted", ["", "scans/", "inbox/"]),
                        by=by, duplicate=duplicate)
        return params.with_files(input=data)

    def reference(self, params: Params) -> ReferenceSolution:
        key = {
            "printed_number": "int(re.findall(r'\\bpage\\s+(\\d+)', text, re.I)[-1])",
            "heading_number": "next(int(m.group(1)) for l in lines if (m := re.match(r'(\\d+)[.)]\\s', l)))",
            "contents": "-1 if n == 0 else next(entries.index(l) for l in lines if l in entries)",
        }[params.by]
        script = f"""
            import re
            from pypdf import PdfReader, PdfWriter
            reader = PdfReader({lit(params.input)})
            texts = [page.extract_text() or "" for page in reader.pages]
            first = [" ".join(l.split()) for l in texts[0].splitlines() if l.strip()]
            listed = first[first.index("Contents") + 1:] if "Contents" in first else first
            entries = [re.sub(r"^\\d+[.)]\\s*|[\\s.]*\\d*$", "", l) for l in listed]
            seen, ranked = set(), []
            for n, text in enumerate(texts):
                lines = [" ".join(l.split()) for l in text.splitlines() if l.strip()]
                if "".join(text.split()) in seen:
                    print("page", n + 1, "is a second copy; skipping it")
                    continue
                seen.add("".join(text.split()))
                ranked.append(({key}, n))
            writer = PdfWriter()
            for place, n in sorted(ranked):
                writer.add_page(reader.pages[n])
            with open({lit(params.output)}, "wb") as out:
                writer.write(out)
            print([n + 1 for place, n in sorted(ranked)])
        """
        return solution(look_step(params.input, f"First I list the pages of {params.input} to see what each one "
                                  "says about its place."),
                        script_step(script, "I rank every page by the rule with pypdf, keep one copy of any page "
                                    "scanned twice, and write the pages in that order.", f"Write {params.output}"),
                        look_step(params.output, f"Then I list {params.output}'s pages to check the order."))
