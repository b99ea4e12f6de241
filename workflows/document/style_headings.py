"""Turn a draft's typed-in headings into real Heading 1 paragraphs - the lines someone made bold,
typed in capitals or numbered by hand - so the navigator and a table of contents can see them;
the first line may become the Title. Body text with a few bold words stays body text."""

from __future__ import annotations

import datetime as dt
import io
from typing import Literal

from forge.models import ReferenceSolution
from preparers._ooxml import normalize_package
from preparers.document import DocumentContent, make_document
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._edit import SAVE, doc_paths, outline_step, save_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Cue = Literal["bold", "caps", "numbered"]
CUE = ("{% if cue == 'bold' %}lines that are bold all the way through (not paragraphs with a few bold words)"
       "{% elif cue == 'caps' %}lines typed in capitals{% else %}lines numbered by hand (\"1. \", \"2. \", ...){% endif %}")
TITLE = ("{% if title %}Make the first line, the document's title, the Title style.{% else %}Leave the first line "
         "(the title) as it is.{% endif %}")
DETECT = {"bold": "all(r.bold for r in p.runs if r.text.strip()) and any(r.text.strip() for r in p.runs)",
          "caps": "any(c.isalpha() for c in text) and text == text.upper()",
          "numbered": "re.match(r'\\d+\\.\\s+\\S', text) is not None"}


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    cue: Cue
    title: bool
    author: str


class Options(SkillParams):
    cue: Cue | None = None
    title: bool | None = None
    in_place: bool | None = None


def draft_docx(doc: DocumentContent, cue: str) -> bytes:
    """The document as someone typed it without styles: a big bold title line, headings marked only
    by the cue, body paragraphs and lists as they are, the table, header and footer."""
    import docx
    from docx.enum.text import WD_ALIGN_PARAGRAPH
    from docx.shared import Pt

    document = docx.Document()
    title = document.add_paragraph()
    run = title.add_run(doc.title)
    run.bold, run.font.size = True, Pt(18)
    title.alignment = WD_ALIGN_PARAGRAPH.CENTER
    for block in doc.opening:
        paragraph = document.add_paragraph(style=block.style)
        for r in block.runs:
            added = paragraph.add_run(r.text)
            added.bold, added.italic = r.bold or None, r.italic or None
    for n, section in enumerate(doc.sections, start=1):
        text = {"bold": section.heading, "caps": section.heading.upper(), "numbered": f"{n}. {section.heading}"}[cue]
        document.add_paragraph().add_run(text).bold = True if cue == "bold" else None
        for block in section.paragraphs:
            paragraph = document.add_paragraph(style=block.style)
            for r in block.runs:
                added = paragraph.add_run(r.text)
                added.bold, added.italic = r.bold or None, r.italic or None
        if section.table is not None:
            grid = document.add_table(rows=1, cols=len(section.table.headers))
            grid.style = "Table Grid"
            for cell, value in zip(grid.rows[0].cells, section.table.headers, strict=True):
                cell.text = value
            for values in section.table.rows:
                for cell, value in zip(grid.add_row().cells, values, strict=True):
                    cell.text = value
    document.sections[0].header.paragraphs[0].text = doc.header
    document.sections[0].footer.paragraphs[0].text = doc.footer
    document.core_properties.author = doc.author
    document.core_properties.created = document.core_properties.modified = dt.datetime.combine(doc.date, dt.time(9))
    buf = io.BytesIO()
    document.save(buf)
    return normalize_package(buf.getvalue(), doc_time=f"{doc.date.isoformat()}T09:00:00Z")


@register_workflow
class StyleHeadings(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.style_headings", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            f"{{{{ input }}}} was typed without styles: its headings are {CUE}. Give every such line after the first "
            f"the Heading 1 paragraph style, keeping its text exactly as it is; no other paragraph becomes a heading "
            f"or changes style. {TITLE} " + SAVE["formal"],
            f"{{{{ author }}}}'s draft {{{{ input }}}} has no real headings, so the navigator is empty - the headings "
            f"are just {CUE}. Could you turn those into proper Heading 1 paragraphs (same wording)? {TITLE} "
            "Please don't restyle anything else. " + SAVE["chatty"],
            f"{{{{ input }}}}: the headings should show up in the navigator and a table of contents as top-level "
            f"(Heading 1) headings, wording unchanged; today they are only {CUE}. {TITLE} " + SAVE["terse"],
        ],
        criteria=["Every heading line has the Heading 1 style, its text unchanged.",
                  "Body paragraphs keep their style, even those with a few bold words."],
        files=[FileSlot(param="input", type="docx", role="input", description="A draft without heading styles"),
               FileSlot(param="output", type="docx", description="The draft with real headings")],
        checks=[CheckTemplate(func="document.headings_styled", bind={"cue": "cue", "title": "title"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        cue = getattr(ctx.options, "cue", None) or ctx.rng.choice(["bold", "caps", "numbered"])
        title = getattr(ctx.options, "title", None)
        title = ctx.rng.random() < 0.5 if title is None else title
        doc = make_document(ctx.rng, ctx.faker, kind=ctx.rng.choice(["report", "report", "memo"]))
        params = Params(**doc_paths(ctx, f"{doc.file_stem}_draft", "styled"), cue=cue, title=title,
                        author=doc.author.split()[0])
        return params.with_files(input=draft_docx(doc, cue))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import re, docx
            document = docx.Document({lit(params.input)})
            lines = [p for p in document.paragraphs if p.text.strip()]
            if {lit(params.title)}:
                lines[0].style = document.styles["Title"]
            count = 0
            for p in lines[1:]:
                text = " ".join(p.text.split())
                if p.style.name == "Normal" and {DETECT[params.cue]}:
                    p.style = document.styles["Heading 1"]
                    count += 1
                    print("heading:", text)
            print(count, "headings styled")
            {save_code(params.output)}
        """
        return solution(outline_step(params.input, f"I list {params.input}'s paragraphs with their styles to see "
                                     f"how the headings were typed."),
                        script_step(script, f"I give the {params.cue} lines the Heading 1 style with python-docx, "
                                    "leaving every other paragraph's style alone.", "Style the headings"),
                        outline_step(params.output, "I list the paragraphs again to see the headings."))
