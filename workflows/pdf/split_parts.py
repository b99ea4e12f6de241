"""Split a report PDF into two or three files: at the pages named, before the sections named, or
in equal parts; where the report has a cover page, put it at the front of every part or leave it
out. A person splitting a report to send each part to whoever owns it."""

from __future__ import annotations

import io
import textwrap
from typing import ClassVar, Literal

from pypdf import PdfReader, PdfWriter
from reportlab.pdfgen import canvas

from forge.checks.pdf_parts import Cover, SplitRule
from forge.models import ReferenceSolution
from preparers.document import DocumentContent
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.pdf._pages import look_step, report_pdf
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

_AT = ("{% if rule == 'pages' %}a new part starting at page {{ at_pages | join(' and another at page ') }} of the "
       "original{% elif rule == 'headings' %}a new part starting at the page where the section {% for h in at_headings %}"
       "{% if not loop.first %} begins and another where {% endif %}\"{{ h }}\"{% endfor %} begins{% else %}the pages "
       "shared out as evenly as possible (when they do not divide evenly, the earlier parts take one page more)"
       "{% endif %}")
_COVER = ("{% if cover == 'repeat' %} Page 1 is a cover page: it stays at the front of part 1 and goes at the front "
          "of every other part as well{% if rule == 'equal' %} (share out only the pages after it){% endif %}."
          "{% elif cover == 'drop' %} Page 1 is a cover page: leave it out of the parts{% if rule == 'equal' %} and "
          "share out only the pages after it{% endif %}.{% endif %}")
_PARTS = "{{ part1 }}, {{ part2 }}{% if part3 %} and {{ part3 }}{% endif %}"
_STARTS = {
    "pages": "starts = [body[0], *{at_pages}]",
    "headings": """starts = [body[0]]
for heading in {at_headings}:
    starts.append(next(n for n in range(starts[-1] + 1, len(texts) + 1)
                       if any(" ".join(l.split()).lower() == heading.lower() for l in texts[n - 1].splitlines())))""",
    "equal": """size, extra = divmod(len(body), {parts})
starts, at = [], 0
for k in range({parts}):
    starts.append(body[at])
    at += size + (k < extra)""",
}


class Options(SkillParams):
    rule: SplitRule | None = None
    cover: Cover | None = None


class Params(Prepared):
    input: str
    part1: str
    part2: str
    part3: str | None
    rule: SplitRule
    at_pages: list[int]
    at_headings: list[str]
    cover: Cover


def cover_page(doc: DocumentContent) -> bytes:
    """A one-page cover (title, organisation, author, date), drawn invariantly."""
    buf = io.BytesIO()
    sheet = canvas.Canvas(buf, invariant=1)
    sheet.setFont("Helvetica-Bold", 22)
    sheet.drawCentredString(297, 520, doc.title)
    sheet.setFont("Helvetica", 13)
    for y, line in zip((480, 456, 432), (doc.organisation, f"Prepared by {doc.author}", f"{doc.date:%d %B %Y}"),
                       strict=True):
        sheet.drawCentredString(297, y, line)
    sheet.showPage()
    sheet.save()
    return buf.getvalue()


def with_cover(doc: DocumentContent, data: bytes) -> bytes:
    writer = PdfWriter()
    for source in (cover_page(doc), data):
        for page in PdfReader(io.BytesIO(source)).pages:
            writer.add_page(page)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


class SplitParts(PreparedWorkflow[Params]):
    """Two or three parts: each count is its own family, since its file slots are fixed."""

    parts: ClassVar[int]

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rule: SplitRule = opts.rule or ctx.rng.choice(["pages", "headings", "equal"])
        cover: Cover = opts.cover or ctx.rng.choice(["none", "repeat", "drop"])
        doc, pages, data = report_pdf(ctx, min_pages=self.parts + 2)
        offset = 1 if cover == "none" else 2  # the page of section 0
        data = data if cover == "none" else with_cover(doc, data)
        later = sorted(ctx.rng.sample(range(1, len(doc.sections)), self.parts - 1))  # sections starting a part
        folder = ctx.rng.choice(["", "split/", "to_send/"])
        names = ctx.rng.choice([[f"{doc.file_stem}_part{k}" for k in (1, 2, 3)],
                                [f"{doc.file_stem}_{c}" for c in "abc"]])
        params = Params(input=f"{doc.file_stem}.pdf", part1=f"{folder}{names[0]}.pdf", part2=f"{folder}{names[1]}.pdf",
                        part3=f"{folder}{names[2]}.pdf" if self.parts == 3 else None, rule=rule,
                        at_pages=[s + offset for s in later] if rule == "pages" else [],
                        at_headings=[doc.sections[s].heading for s in later] if rule == "headings" else [],
                        cover=cover)
        return params.with_files(input=data)

    def reference(self, params: Params) -> ReferenceSolution:
        starts = _STARTS[params.rule].format(at_pages=params.at_pages, at_headings=params.at_headings,
                                             parts=self.parts)
        outputs = [p for p in (params.part1, params.part2, params.part3) if p]
        head = f"""
            from pypdf import PdfReader, PdfWriter
            reader = PdfReader({lit(params.input)})
            texts = [page.extract_text() or "" for page in reader.pages]
            body = list(range({1 if params.cover == "none" else 2}, len(texts) + 1))
        """
        tail = f"""
            starts.append(len(texts) + 1)
            for k, path in enumerate({lit(outputs)}):
                numbers = list(range(starts[k], starts[k + 1]))
                if {params.cover == "repeat"}:
                    numbers.insert(0, 1)
                writer = PdfWriter()
                for n in numbers:
                    writer.add_page(reader.pages[n - 1])
                with open(path, "wb") as out:
                    writer.write(out)
                print(path, numbers)
        """
        script = "\n".join([textwrap.dedent(head).strip(), starts, textwrap.dedent(tail).strip()])
        return solution(look_step(params.input, f"First I list the pages of {params.input} to see where each part "
                                  "begins."),
                        script_step(script, "I work out the pages of each part and write each one with pypdf.",
                                    f"Split {params.input}"),
                        *(look_step(p, f"Then I list {p}'s pages to check it.") for p in outputs))


def _spec(name: str, parts: int) -> WorkflowSpec:
    outputs = [FileSlot(param=f"part{k}", type="pdf", description=f"Part {k} of the split") for k in range(1, parts + 1)]
    paths = {"first_file": "part1", "second_file": "part2", **({"third_file": "part3"} if parts == 3 else {})}
    return WorkflowSpec(
        name=name, apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            f"Split {{{{ input }}}} into {parts} separate PDFs, {_PARTS}, in that order, with {_AT}.{_COVER} Every "
            "page goes into exactly one part, in its original order; leave the original file as it is.",
            f"{{{{ input }}}} is too much to send in one go. Could you break it up into {parts} files ({_PARTS}) "
            f"with {_AT}?{_COVER} Keep the pages in their order and don't change the original.",
            f"{{{{ input }}}} -> {_PARTS}: {parts} parts, with {_AT}.{_COVER}",
        ],
        criteria=[f"The {parts} part files hold the original's pages in order, each part starting where asked.",
                  "No page is lost, repeated (but a cover asked for on every part) or changed."],
        files=[FileSlot(param="input", type="pdf", role="input", description="A report, one section per page"),
               *outputs],
        checks=[CheckTemplate(func="pdf.pages_split", paths=paths, fixed={} if parts == 3 else {"third_file": None}, bind={
            "rule": "rule", "at_pages": "at_pages", "at_headings": "at_headings", "cover": "cover"})],
    )


@register_workflow
class SplitInTwo(SplitParts):
    parts = 2
    spec = _spec("pdf.split_in_two", 2)


@register_workflow
class SplitInThree(SplitParts):
    parts = 3
    spec = _spec("pdf.split_in_three", 3)
