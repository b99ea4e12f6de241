"""Fill in the empty slide titles of a deck, so its outline, agenda and navigation work again: from
the first bullet (an outline import put the title there), from a loose text box someone typed the
title into (the box then goes), or from the agenda, whose items follow the slides in order."""

from __future__ import annotations

import textwrap
from typing import Literal

from forge.models import ReferenceSolution
from preparers.presentation import Bullet, make_deck, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import script_step, solution
from workflows.presentation._body import open_code, spoilt_slides
from workflows.presentation._deck import SAVE, deck_paths, list_step, save_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Source = Literal["first_line", "text_box", "agenda"]
CAUSE = {
    "first_line": "came from an outline import: the title of each ended up as the first bullet point. Move that "
                  "first bullet into the slide's title placeholder (and out of the bullet list)",
    "text_box": "had their title typed into a separate text box instead of the title placeholder. Put that text "
                "into each slide's title placeholder and delete the text box",
    "agenda": "lost their titles. The Agenda slide lists the topics in slide order (the first slide after the "
              "agenda is the first item, and so on): give each untitled slide the title of its agenda item",
}
FILL = {  # python: `slide` -> `text` (the title), removing the source where it moves
    "first_line": """
        body = slide.placeholders[1].text_frame
        first = body.paragraphs[0]
        text = first.text
        first._p.getparent().remove(first._p)
    """,
    "text_box": """
        box = next(s for s in slide.shapes if s.has_text_frame and not s.is_placeholder and s.text_frame.text.strip())
        text = box.text_frame.text
        box._element.getparent().remove(box._element)
    """,
    "agenda": """
        text = items[n - agenda_at - 1]
    """,
}


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    source: Source
    cause: str
    agenda_title: str | None


class Options(SkillParams):
    source: Source | None = None
    in_place: bool | None = None


@register_workflow
class FillTitles(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.fill_titles", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            "Some slides of {{ input }} have an empty title: they {{ cause }}. The other slides stay as they are. "
            + SAVE["formal"],
            "The outline view of {{ input }} shows blank titles because some slides {{ cause }}, please. "
            + SAVE["chatty"],
            "{{ input }}: untitled slides {{ cause }}. " + SAVE["terse"],
        ],
        criteria=["Every untitled slide has its title in the title placeholder, taken from where the request says.",
                  "The text the title came from is gone where it was to move; other slides are unchanged."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A deck with untitled slides"),
               FileSlot(param="output", type="pptx", description="The deck with every title filled in")],
        checks=[CheckTemplate(func="slides.titles_filled", bind={"source": "source", "agenda_title": "agenda_title"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        source = getattr(ctx.options, "source", None) or ctx.rng.choice(list(CAUSE))
        deck = make_deck(ctx.rng, ctx.faker)
        untitled, _ = spoilt_slides(ctx, deck)
        moved = {"first_line": lambda s: {"bullets": [Bullet(text=s.title), *s.bullets]},
                 "text_box": lambda s: {"boxes": [s.title]}, "agenda": lambda s: {}}[source]
        slides = [s.model_copy(update={"title": "", **moved(s)}) if i in untitled else s
                  for i, s in enumerate(deck.slides)]
        deck = deck.model_copy(update={"slides": slides})
        params = Params(**deck_paths(ctx, deck.file_stem, "titled"), source=source, cause=CAUSE[source],
                        agenda_title=deck.slides[1].title if source == "agenda" else None)
        return params.with_files(input=write_pptx(deck))

    def reference(self, params: Params) -> ReferenceSolution:
        script = open_code(params.input) + textwrap.dedent("""
            agenda_at = next(n for n, s in enumerate(deck.slides, start=1) if title(s) == "Agenda")
            items = [p.text for p in deck.slides[agenda_at - 1].placeholders[1].text_frame.paragraphs if p.text.strip()]
            for n, slide in enumerate(deck.slides, start=1):
                if title(slide) or slide.shapes.title is None:
                    continue
        """) + textwrap.indent(textwrap.dedent(FILL[params.source]).strip(), "    ") + textwrap.dedent(f"""
                slide.shapes.title.text_frame.text = " ".join(text.split())
                print("slide", n, "titled", repr(text))
            {save_code(params.output)}
        """)
        return solution(list_step(params.input, f"I list the slides of {params.input} to find the untitled ones."),
                        script_step(script, "I fill each empty title placeholder with python-pptx from where the "
                                    "title was left.", "Fill in the titles"),
                        list_step(params.output, "I list the slides again to check every title."))
