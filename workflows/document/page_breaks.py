"""Page breaks in a report: every chapter (Heading 1) on a new page, one section started on a new
page, or a draft's scattered manual page breaks taken out (the empty paragraphs holding some
of them, and the ones ending a paragraph mid-section). The text never changes."""

from __future__ import annotations

import io
import random
from typing import Literal

from forge.models import ReferenceSolution
from preparers._ooxml import normalize_package
from preparers.document import make_document, write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._edit import SAVE, doc_paths, outline_step, save_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

At = Literal["every_heading", "heading", "none"]
ASK = ("{% if at == 'every_heading' %}every Heading 1 section starts on a new page (the first one too, so the title "
       "and opening lines have the first page to themselves){% elif at == 'heading' %}the section \"{{ heading }}\" "
       "starts on a new page, and no other page break is added{% else %}there are no manual page breaks left - "
       "the text should just flow from page to page{% endif %}")


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    at: At
    heading: str | None
    author: str


class Options(SkillParams):
    at: At | None = None
    in_place: bool | None = None


def scattered_breaks(data: bytes, rng: random.Random, date: str) -> bytes:
    """The docx with manual page breaks where a draft has them: in empty paragraphs before some
    headings, and at the end of a body paragraph or two mid-section."""
    import docx
    from docx.enum.text import WD_BREAK

    document = docx.Document(io.BytesIO(data))
    paragraphs = [p for p in document.paragraphs if p.text.strip()]
    headings = [p for p in paragraphs[1:] if p.style.name == "Heading 1"]
    body = [p for p in paragraphs[1:-1] if p.style.name != "Heading 1"]
    for heading in rng.sample(headings, min(len(headings), rng.randint(1, 2))):
        heading.insert_paragraph_before().add_run().add_break(WD_BREAK.PAGE)
    for paragraph in rng.sample(body, min(len(body), rng.randint(1, 2))):
        paragraph.add_run().add_break(WD_BREAK.PAGE)
    buf = io.BytesIO()
    document.save(buf)
    return normalize_package(buf.getvalue(), doc_time=f"{date}T09:00:00Z")


@register_workflow
class PageBreaks(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.page_breaks", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            f"Change the page breaks of {{{{ input }}}} so that {ASK}. Do not change any text, style or table. "
            + SAVE["formal"],
            f"{{{{ author }}}} is printing {{{{ input }}}} for the board pack. Could you sort out the pagination so "
            f"that {ASK}? The wording and formatting stay exactly as they are. " + SAVE["chatty"],
            f"{{{{ input }}}}: pagination fix - {ASK}. " + SAVE["terse"],
        ],
        criteria=["Exactly the paragraphs asked start a new page.", "Every paragraph and table reads as it did."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report"),
               FileSlot(param="output", type="docx", description="The report with its page breaks set")],
        checks=[CheckTemplate(func="document.page_starts", bind={"at": "at", "heading": "heading"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        at = getattr(ctx.options, "at", None) or ctx.rng.choice(["every_heading", "heading", "none"])
        doc = make_document(ctx.rng, ctx.faker, kind="report")
        data = write_docx(doc)
        if at == "none":
            data = scattered_breaks(data, ctx.rng, doc.date.isoformat())
        params = Params(**doc_paths(ctx, doc.file_stem, "paged"), at=at, author=doc.author.split()[0],
                        heading=ctx.rng.choice(doc.headings[1:]) if at == "heading" else None)
        return params.with_files(input=data)

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import docx
            from docx.oxml.ns import qn
            document = docx.Document({lit(params.input)})
            at, heading = {lit(params.at)}, {lit(params.heading)}
            for p in list(document.paragraphs):
                text = " ".join(p.text.split())
                breaks = [b for b in p._p.iter(qn("w:br")) if b.get(qn("w:type")) == "page"]
                if at == "none":
                    for b in breaks:
                        b.getparent().remove(b)
                    p.paragraph_format.page_break_before = None
                    if breaks and not text:
                        p._p.getparent().remove(p._p)
                    print("removed", len(breaks), "break(s) at", repr(text[:40]))
                elif p.style.name == "Heading 1" and (at == "every_heading" or text == heading):
                    p.paragraph_format.page_break_before = True
                    print("page break before", repr(text))
            {save_code(params.output)}
        """
        how = ("I remove every w:br page break (and the empty paragraphs that only held one) with python-docx"
               if params.at == "none" else "I set 'page break before' on the heading paragraph(s) with python-docx")
        return solution(outline_step(params.input, f"I list {params.input}'s paragraphs and styles to find the "
                                     "headings."),
                        script_step(script, how + ", touching no text.", "Set the page breaks"),
                        outline_step(params.output, "I list the paragraphs again: the text must be unchanged."))
