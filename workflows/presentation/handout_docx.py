"""A Word handout of a deck for the people who read it instead of watching it (sent before a board
meeting, printed for a workshop): the deck's title as the document title, then each slide's title
as a heading with the slide's text under it - its speaker notes after the text, or not; hidden
backup slides left out or kept; every slide on its own page or the slides running on."""

from __future__ import annotations

import textwrap

from forge.models import ReferenceSolution
from preparers.presentation import make_deck
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._body import topics
from workflows.presentation._deck import list_step
from workflows.presentation._draw import pick
from workflows.presentation._hidden import write_with_hidden
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

NOTES = ("{% if notes %}then the slide's speaker notes, one paragraph per line{% else %}and not the speaker notes, "
         "which stay private{% endif %}")
HIDDEN = ("{% if hidden %}Hidden backup slides go in too, in their place{% else %}Leave out the hidden slides"
          "{% endif %}")
PAGES = ("{% if page_per_slide %}each slide starts on a new page (the first may share the title's page)"
         "{% else %}the slides run on one after another with no page breaks{% endif %}")
SCRIPT = """
    import os, docx, pptx
    from docx.enum.text import WD_BREAK
    deck = pptx.Presentation({input})
    handout = docx.Document()
    slides = list(deck.slides)
    handout.add_heading(" ".join(slides[0].shapes.title.text_frame.text.split()), level=0)
    first = True
    for slide in slides[1:]:
        if slide._element.get("show") == "0" and not {hidden}:
            continue
        if {pages} and not first:
            handout.add_paragraph().add_run().add_break(WD_BREAK.PAGE)
        first = False
        title = slide.shapes.title
        handout.add_heading(" ".join(title.text_frame.text.split()) if title is not None else "", level=1)
        for shape in slide.shapes:
            if shape.has_text_frame and shape != title:
                for p in shape.text_frame.paragraphs:
                    if p.text.strip():
                        handout.add_paragraph(" ".join(p.text.split()))
        if {notes} and slide.has_notes_slide:
            for line in slide.notes_slide.notes_text_frame.text.splitlines():
                if line.strip():
                    handout.add_paragraph(" ".join(line.split()))
    os.makedirs(os.path.dirname({output}) or ".", exist_ok=True)
    handout.save({output})
    print([p.text for p in handout.paragraphs if p.text])
"""


class Params(Prepared):
    input: str
    output: str
    notes: bool
    hidden: bool
    page_per_slide: bool


class Options(SkillParams):
    notes: bool | None = None
    hidden: bool | None = None
    page_per_slide: bool | None = None


@register_workflow
class HandoutDocx(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.handout_docx", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            "Make a Word handout of {{ input }} and save it as {{ output }}. It starts with the deck's title (the "
            "title slide's) in the Title style; then, for every slide after the title slide, in order, the slide's "
            f"title as a Heading 1 followed by the slide's text lines as ordinary paragraphs, {NOTES}. {HIDDEN}; "
            f"{PAGES}.",
            "Some of the board will read {{ input }} rather than sit through it, so I'd like it as a Word document, "
            "{{ output }}: the deck title at the top as the document title, and for each slide after the cover its "
            f"title as a Heading 1 with its text underneath as normal paragraphs, {NOTES}. {HIDDEN}, and {PAGES}.",
            f"{{{{ input }}}} -> {{{{ output }}}} (docx handout): Title = deck title; per slide after the cover a "
            f"Heading 1 with its title, its text lines as paragraphs, {NOTES}. {HIDDEN}; {PAGES}.",
            "The workshop people want something to write on. Turn {{ input }} into a handout in Word, {{ output }}, "
            "with the deck's title as its Title and, slide by slide after the title slide, a Heading 1 per slide "
            f"title and its text below it as plain paragraphs, {NOTES}. {HIDDEN}; {PAGES}.",
        ],
        criteria=["The document opens with the deck's title and has one Heading 1 per slide kept, in the deck's "
                  "order, each followed by the slide's text (and notes when asked).",
                  "Hidden slides and page breaks as asked; nothing else in the document."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A deck with speaker notes"),
               FileSlot(param="output", type="docx", description="The handout")],
        checks=[CheckTemplate(func="slides.handout_written", paths={"input_file": "input"},
                              bind={"notes": "notes", "hidden": "hidden", "page_per_slide": "page_per_slide"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        deck = make_deck(ctx.rng, ctx.faker)
        found = topics(deck)
        hidden = ctx.rng.sample(found, ctx.rng.randint(1, max(1, len(found) // 3)))
        folder = ctx.rng.choice(["", "slides/", "handouts/", "board/"])
        stem = deck.file_stem
        name = ctx.rng.choice([f"{stem}_handout", f"{stem}_notes", f"handout_{stem}", f"{stem}_reading_copy"])
        params = Params(input=f"{folder}{stem}.pptx", output=f"{folder}{name}.docx", notes=pick(ctx, "notes"),
                        hidden=pick(ctx, "hidden"), page_per_slide=pick(ctx, "page_per_slide"))
        return params.with_files(input=write_with_hidden(deck, hidden))

    def reference(self, params: Params) -> ReferenceSolution:
        script = textwrap.dedent(SCRIPT.format(input=lit(params.input), output=lit(params.output),
                                               notes=lit(params.notes), hidden=lit(params.hidden),
                                               pages=lit(params.page_per_slide)))
        return solution(list_step(params.input, f"I list the slides of {params.input}, their text and notes."),
                        script_step(script, "I walk the slides with python-pptx (hidden ones have show=\"0\") and "
                                    "write the handout with python-docx: the title, a Heading 1 per slide, its lines "
                                    "and notes as asked, page breaks as asked.", "Write the handout"))
