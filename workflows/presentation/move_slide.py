"""Move one slide of a deck so it follows another named slide, editing the deck in place."""

from __future__ import annotations

import io

import pptx

from forge.models import ReferenceSolution
from forge.models.gui_plan import GuiPlan, GuiStep, KeyStep, WaitSettledStep
from preparers.presentation import make_deck, write_pptx
from workflows._gui import office_plan
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, WorkflowContext, WorkflowSpec, register_workflow


class Params(Prepared):
    deck: str
    title: str
    after_title: str


@register_workflow
class MoveSlide(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.move_slide", apps=["presentation"], params=Params,
        phrasings=[
            'In {{ deck }}, move the slide "{{ title }}" so that it comes right after the slide "{{ after_title }}". '
            "Don't change any slide's content and keep the other slides in their current order; save in place.",
            'The story flows better if "{{ title }}" follows "{{ after_title }}". Could you move that slide in '
            "{{ deck }} (nothing else changes) and save the file?",
            '{{ deck }}: move slide "{{ title }}" to directly after "{{ after_title }}"; save over it.',
        ],
        criteria=["The slide sits directly after the named slide.", "No slide changed; the others keep their order."],
        files=[FileSlot(param="deck", type="pptx", role="in_place", description="A presentation deck")],
        checks=[CheckTemplate(func="slides.slide_moved", bind={"title": "title", "after_title": "after_title"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        deck = make_deck(ctx.rng, ctx.faker)
        titles = [s.title for s in deck.slides[2:-1]]
        title, after = ctx.rng.sample(titles, 2)
        while titles.index(after) + 1 == titles.index(title):  # already there: moving it would change nothing
            title, after = ctx.rng.sample(titles, 2)
        params = Params(deck=f"{deck.file_stem}.pptx", title=title, after_title=after)
        return params.with_files(deck=write_pptx(deck))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import pptx
            deck = pptx.Presentation({lit(params.deck)})

            def index(title):
                return next(i for i, s in enumerate(deck.slides) if s.shapes.title.text_frame.text.strip() == title)

            order = deck.slides._sldIdLst
            entry = order[index({lit(params.title)})]
            order.remove(entry)
            order.insert(index({lit(params.after_title)}) + 1, entry)
            deck.save({lit(params.deck)})
            print([s.shapes.title.text_frame.text for s in deck.slides])
        """
        terminal = solution(script_step(script, "python-pptx keeps the slide order in the presentation's slide id "
                                        f"list: I take {params.title!r} out and put it back right after "
                                        f"{params.after_title!r}.", f"Move the slide {params.title}"))
        return terminal.model_copy(update={"gui_plan": _gui_plan(params)})


def _gui_plan(params: Params) -> GuiPlan | None:
    """Impress: go to the slide (Home, Page Down), then Slide > Move > Slide Up/Down by its shortcut
    (Alt+Shift+Page Up/Down) until it follows the named slide; Save in place."""
    if "deck" not in params._files:  # params rebuilt without their deck: no positions to work from
        return None
    deck = pptx.Presentation(io.BytesIO(params._files["deck"]))
    titles = [s.shapes.title.text_frame.text.strip() if s.shapes.title is not None else "" for s in deck.slides]
    start, after = titles.index(params.title), titles.index(params.after_title)
    target = after + 1 if start > after else after  # its index once moved
    chord, word = (["alt", "shift", "Prior"], "up") if target < start else (["alt", "shift", "Next"], "down")
    steps: list[GuiStep] = [KeyStep(keys=["Home"], thought=f"{params.title!r} is slide {start + 1}; Home goes to "
                                    "the first slide.", action="Go to the first slide (Home)")]
    steps += [KeyStep(keys=["Next"], action=f"Next slide (Page Down), to slide {i + 1}") for i in range(1, start + 1)]
    steps.append(WaitSettledStep(interval_s=0.3, timeout_s=10))
    steps += [KeyStep(keys=chord, thought=f"It must end as slide {target + 1}, right after {params.after_title!r}: "
                      f"{abs(target - start)} move(s) {word}." if i == 0 else "",
                      action=f"Slide > Move > Slide {word.capitalize()}") for i in range(abs(target - start))]
    return office_plan("impress", params.deck, params.deck, steps, thought="The deck is open in Impress.")
