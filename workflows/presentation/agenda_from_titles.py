"""Write (or bring up to date) a deck's agenda slide from its topic slides' titles, in order: the
agenda lists every slide between it and the closing slide."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from preparers.presentation import Bullet, make_deck, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._deck import SAVE, deck_paths, list_step, save_code
from workflows.spec import (
    CheckTemplate,
    FileSlot,
    SkillParams,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
)

Agenda = Literal["stale", "missing"]
ASK = ('{% if missing %}add an "{{ agenda }}" slide right after the title slide that lists{% else %}the "{{ agenda }}" '
       "slide is out of date: make it list{% endif %} the titles of the slides that follow it, one per line, in "
       'order, up to but not including "{{ closing }}"')


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    agenda: str
    closing: str
    missing: bool


class Options(SkillParams):
    agenda: Agenda | None = None
    in_place: bool | None = None


@register_workflow
class AgendaFromTitles(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.agenda_from_titles", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"In {{{{ input }}}}, {ASK}. Leave the other slides as they are. " + SAVE["formal"],
            f"We moved things around in {{{{ input }}}} - could you sort out the agenda? Basically {ASK}. "
            + SAVE["chatty"],
            f"{{{{ input }}}}: {ASK}. " + SAVE["terse"],
        ],
        criteria=["The agenda lists the topic slides' titles in order.", "No other slide changed."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A presentation deck"),
               FileSlot(param="output", type="pptx", description="The deck with an up-to-date agenda")],
        checks=[CheckTemplate(func="slides.agenda_matches", bind={"agenda_title": "agenda", "closing_title": "closing"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        missing = (getattr(ctx.options, "agenda", None) or ctx.rng.choice(["stale", "missing"])) == "missing"
        deck = make_deck(ctx.rng, ctx.faker)
        slides = list(deck.slides)
        if missing:
            slides.pop(1)
        else:  # an old agenda: an item dropped, another renamed since
            items = [b.text for b in slides[1].bullets]
            items.pop(ctx.rng.randrange(len(items)))
            items.insert(ctx.rng.randrange(len(items) + 1), ctx.rng.choice(["Budget", "Open issues", "Team changes"]))
            slides[1] = slides[1].model_copy(update={"bullets": [Bullet(text=t) for t in items]})
        params = Params(**deck_paths(ctx, deck.file_stem, "agenda"), agenda=deck.slides[1].title,
                        closing=deck.slides[-1].title, missing=missing)
        return params.with_files(input=write_pptx(deck.model_copy(update={"slides": slides})))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import pptx
            deck = pptx.Presentation({lit(params.input)})
            titles = [s.shapes.title.text_frame.text.strip() for s in deck.slides]
            if {params.missing}:
                slide = deck.slides.add_slide(deck.slide_layouts[1])
                slide.shapes.title.text = {lit(params.agenda)}
                entries = deck.slides._sldIdLst
                entry = entries[-1]
                entries.remove(entry)
                entries.insert(1, entry)
            agenda = deck.slides[1]
            topics = titles[1 if {params.missing} else 2:titles.index({lit(params.closing)})]
            body = next(s for s in agenda.placeholders if s.placeholder_format.idx != 0)
            body.text_frame.text = "\\n".join(topics)
            print("agenda:", topics)
            {save_code(params.output)}
        """
        return solution(list_step(params.input, f"I list the slides of {params.input} to read the topic titles."),
                        script_step(script, "I write the titles between the agenda and the closing slide into the "
                                    "agenda's body placeholder, one per line.", "Update the agenda"),
                        list_step(params.output, "I list the slides again to compare agenda and titles."))
