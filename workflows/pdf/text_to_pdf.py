"""Turn a text file into a PDF to send round: markdown meeting notes (headings, bullets, action
boxes) or a plain-text report; on A4 or US Letter; with the document title given, or taken from
the file's first line. Every word of the file must reach the PDF in order; the look is free."""

from __future__ import annotations

import re
from typing import Literal

from forge.models import ReferenceSolution
from preparers.text import make_notes, make_report_text
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Source = Literal["notes", "report"]
SOURCE_TYPES = {"notes": "md", "report": "txt"}
_PAPER = "{% if paper == 'a4' %}A4{% else %}US Letter{% endif %}"
_TITLE = ('{% if title %}the document title (Title property) "{{ title }}"{% else %}the document title (Title '
          "property) set to the file's first line{% endif %}")
_KEEP = ("{% if source == 'notes' %}The markdown symbols (#, -, [ ]) need not show, but every word must.{% else %}"
         "Every word must be there, in order.{% endif %}")


class Options(SkillParams):
    source: Source | None = None
    paper: Literal["a4", "letter"] | None = None
    title_from_first_line: bool | None = None


class Params(Prepared):
    input: str
    output: str
    source: Source
    paper: Literal["a4", "letter"]
    title: str | None
    title_from_first_line: bool


@register_workflow
class TextToPdf(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.text_to_pdf", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "Convert {{ input }} into a PDF, {{ output }}, on " + _PAPER + " pages, with " + _TITLE + ". " + _KEEP,
            "I need {{ input }} as a PDF I can mail round. Could you make {{ output }} from it? " + _PAPER
            + " paper please, and give it " + _TITLE + ". " + _KEEP,
            "{{ input }} -> {{ output }} (PDF, " + _PAPER + ", " + _TITLE + "). " + _KEEP,
        ],
        criteria=["The PDF holds every word of the file, in order.",
                  "Its pages are the paper size asked, and its Title property is the one asked for."],
        files=[FileSlot(param="input", type="txt", role="input", description="The text to convert",
                        types_by={"source": SOURCE_TYPES}),
               FileSlot(param="output", type="pdf", description="The PDF made from it")],
        checks=[CheckTemplate(func="pdf.text_converted", paths={"source_file": "input"},
                              bind={"paper": "paper", "title": "title",
                                    "title_from_first_line": "title_from_first_line"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        source: Source = opts.source or ctx.rng.choice(["notes", "report"])
        content = (make_notes if source == "notes" else make_report_text)(ctx.rng, ctx.faker)
        text = content.text if source == "notes" else re.sub(r"(?m)^#+ ", "", content.text)
        from_line = opts.title_from_first_line if opts.title_from_first_line is not None else ctx.rng.random() < 0.5
        stem = content.file_name.rsplit(".", 1)[0]
        first = text.splitlines()[0].lstrip("# ")
        given = first.split(" - ")[0].split(",")[0] + ctx.rng.choice([" (minutes)", " - for circulation", " (final)"])
        folder = ctx.rng.choice(["", "notes/", "to_send/"])
        params = Params(input=f"{folder}{stem}.{SOURCE_TYPES[source]}", output=f"{folder}{stem}.pdf", source=source,
                        paper=opts.paper or ctx.rng.choice(["a4", "letter"]), title=None if from_line else given,
                        title_from_first_line=from_line)
        return params.with_files(input=text.encode())

    def reference(self, params: Params) -> ReferenceSolution:
        size = "A4" if params.paper == "a4" else "letter"
        script = f"""
            from xml.sax.saxutils import escape
            from reportlab.lib.pagesizes import A4, letter
            from reportlab.lib.styles import getSampleStyleSheet
            from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer

            lines = open({lit(params.input)}, encoding="utf-8").read().splitlines()
            title = {lit(params.title)} or lines[0].lstrip("# ").strip()
            styles = getSampleStyleSheet()
            story = []
            for line in lines:
                if not line.strip():
                    story.append(Spacer(1, 6))
                elif line.startswith("#"):
                    level = min(len(line) - len(line.lstrip("#")), 3)
                    style = styles["Title" if level == 1 else f"Heading{{level}}"]
                    story.append(Paragraph(escape(line.lstrip("# ")), style))
                elif line.startswith("- "):
                    story.append(Paragraph(escape(line[2:]), styles["Normal"], bulletText="\\u2022"))
                else:
                    story.append(Paragraph(escape(line), styles["Normal"]))
            doc = SimpleDocTemplate({lit(params.output)}, pagesize={size}, title=title)
            doc.build(story)
            print("wrote", {lit(params.output)}, "titled", repr(title))
        """
        return solution(script_step(script, f"I lay out {params.input} with reportlab, line by line (headings as "
                                    "headings, bullets as bullets), on the paper asked, with the title set.",
                                    f"Write {params.output}"))
