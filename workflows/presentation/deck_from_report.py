"""Draft a deck from a Word report for the meeting that discusses it: a title slide, an agenda of
the headings when asked, and a slide per heading - the first sentence of each paragraph as its
bullets (list items whole), or titles only as a skeleton to fill in; the section's paragraphs as
the slide's speaker notes when asked. The report's tables stay out."""

from __future__ import annotations

import textwrap
from typing import Literal

from forge.models import ReferenceSolution
from preparers.document import make_document, write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._deck import list_step
from workflows.presentation._draw import pick
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Body = Literal["first_sentences", "skeleton"]
SLIDES = ("a title slide carrying only the report's title, {% if agenda %}then an \"Agenda\" slide listing the "
          "report's headings, {% endif %}then one slide per heading, in order, titled with it")
BODY = ("{% if body == 'first_sentences' %}the bullets are the first sentence of each paragraph under the heading "
        "(a bulleted item taken whole){% else %}there is no text besides the title yet (a skeleton we will fill in)"
        "{% endif %}{% if notes %}, and the section's full paragraphs go in the speaker notes, one per line{% endif %}")
BUILD = """
    import os, re, docx, pptx
    report = docx.Document({input})
    title, sections = "", []
    for p in report.paragraphs:
        text = " ".join(p.text.split())
        if p.style.name == "Title":
            title = text
        elif p.style.name == "Heading 1":
            sections.append((text, []))
        elif sections and text:
            sections[-1][1].append((text, p.style.name.startswith("List")))
    deck = pptx.Presentation()
    slide = deck.slides.add_slide(deck.slide_layouts[0])
    slide.shapes.title.text = title
    slide.placeholders[1]._element.getparent().remove(slide.placeholders[1]._element)
    def bullets(slide, lines):
        frame = slide.placeholders[1].text_frame
        for i, line in enumerate(lines):
            (frame.paragraphs[0] if i == 0 else frame.add_paragraph()).text = line
    if {agenda}:
        slide = deck.slides.add_slide(deck.slide_layouts[1])
        slide.shapes.title.text = "Agenda"
        bullets(slide, [h for h, _ in sections])
    for heading, paragraphs in sections:
        if {skeleton}:
            slide = deck.slides.add_slide(deck.slide_layouts[5])
        else:
            slide = deck.slides.add_slide(deck.slide_layouts[1])
            bullets(slide, [t if item else re.match(r"(.+?[.!?])(?=\\s|$)", t).group(1) for t, item in paragraphs])
        slide.shapes.title.text = heading
        if {notes}:
            slide.notes_slide.notes_text_frame.text = "\\n".join(t for t, _ in paragraphs)
        print(heading, len(paragraphs))
    os.makedirs(os.path.dirname({output}) or ".", exist_ok=True)
    deck.save({output})
"""


class Params(Prepared):
    input: str
    output: str
    body: Body
    notes: bool
    agenda: bool


class Options(SkillParams):
    body: Body | None = None
    notes: bool | None = None
    agenda: bool | None = None


@register_workflow
class DeckFromReport(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.deck_from_report", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"Draft a presentation from the report {{{{ input }}}} and save it as {{{{ output }}}}: {SLIDES}; on "
            f"each heading's slide, {BODY}. Leave the report's tables out and the report itself as it is.",
            f"We're discussing {{{{ input }}}} at Thursday's meeting and I need slides for it. Could you make "
            f"{{{{ output }}}} with {SLIDES}? On each heading's slide, {BODY}. No tables needed.",
            f"{{{{ input }}}} -> deck {{{{ output }}}}: {SLIDES}; per heading slide, {BODY}; tables left out.",
        ],
        criteria=["A title slide, the agenda when asked, and one slide per heading of the report, in order.",
                  "Each heading's slide carries the bullets and notes asked for, and nothing else."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report"),
               FileSlot(param="output", type="pptx", description="The deck drafted from it")],
        checks=[CheckTemplate(func="slides.deck_from_report", bind={"body": "body", "notes": "notes",
                                                                     "agenda": "agenda"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        body: Body = getattr(ctx.options, "body", None) or ctx.rng.choice(["first_sentences", "skeleton"])
        notes, agenda = pick(ctx, "notes"), pick(ctx, "agenda")
        while True:  # each plain paragraph two sentences, one sentence break between them
            doc = make_document(ctx.rng, ctx.faker, kind="report")
            plain = [p.text for s in doc.sections for p in s.paragraphs if p.style == "Normal"]
            if all(t.count(". ") == 1 and "?" not in t and "!" not in t for t in plain):
                break
        folder = ctx.rng.choice(["", "reports/", "meetings/"])
        params = Params(input=f"{folder}{doc.file_stem}.docx", output=f"{folder}{doc.file_stem}_slides.pptx",
                        body=body, notes=notes, agenda=agenda)
        return params.with_files(input=write_docx(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        script = textwrap.dedent(BUILD.format(input=lit(params.input), output=lit(params.output),
                                              agenda=lit(params.agenda), notes=lit(params.notes),
                                              skeleton=lit(params.body == "skeleton")))
        read = f"import docx\nfor p in docx.Document({lit(params.input)}).paragraphs: print(p.style.name, '|', p.text)"
        return solution(script_step(read, f"I read {params.input}'s headings and paragraphs.", "Read the report"),
                        script_step(script, "I build the deck with python-pptx from the report's title and level-1 "
                                    "headings, taking each paragraph's first sentence (list items whole) and the "
                                    "notes as asked.", "Draft the deck"),
                        list_step(params.output, "I list the new deck's slides to check them."))
