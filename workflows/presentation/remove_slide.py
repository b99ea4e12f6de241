"""Delete one named slide from a deck and save the shorter deck under a new name."""

from __future__ import annotations

import io

import pptx

from forge.models import ReferenceSolution
from forge.models.gui_plan import GuiPlan, KeyStep, MenuStep, WaitSettledStep
from preparers.presentation import make_deck, write_pptx
from workflows._gui import office_plan
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, WorkflowContext, WorkflowSpec, register_workflow


class Params(Prepared):
    input: str
    output: str
    title: str


@register_workflow
class RemoveSlide(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.remove_slide", apps=["presentation"], params=Params,
        phrasings=[
            'The slide "{{ title }}" in {{ input }} is out of date. Delete that slide, keep all the others in '
            "their current order, and save the deck as {{ output }}.",
            'Please drop the "{{ title }}" slide from {{ input }} and save the result to {{ output }}; nothing '
            "else should change.",
            '{{ input }}: remove slide "{{ title }}". Save as {{ output }}.',
        ],
        criteria=["The named slide is gone.", "Every other slide is kept, unchanged and in the same order."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A presentation deck"),
               FileSlot(param="output", type="pptx", description="The deck without the slide")],
        checks=[CheckTemplate(func="slides.slide_removed", bind={"title": "title"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        deck = make_deck(ctx.rng, ctx.faker)
        title = ctx.rng.choice(deck.slides[2:-1]).title
        params = Params(input=f"{deck.file_stem}.pptx", output=f"{deck.file_stem}_final.pptx", title=title)
        return params.with_files(input=write_pptx(deck))


    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import pptx
            deck = pptx.Presentation({lit(params.input)})
            order = deck.slides._sldIdLst
            index = next(i for i, s in enumerate(deck.slides) if s.shapes.title is not None
                         and s.shapes.title.text_frame.text.strip() == {lit(params.title)})
            entry = order[index]
            deck.part.drop_rel(entry.rId)
            order.remove(entry)
            deck.save({lit(params.output)})
            print([s.shapes.title.text_frame.text for s in deck.slides])
        """
        terminal = solution(script_step(script, f"python-pptx has no delete call, so I'll remove the {params.title!r} "
                                        "slide's entry (and its relationship) from the slide list, then save as "
                                        f"{params.output} and list the titles.", f"Delete the slide {params.title}"))
        return terminal.model_copy(update={"gui_plan": _gui_plan(params)})


def _gui_plan(params: Params) -> GuiPlan | None:
    """Impress: Home, then Page Down to the slide (its position read from the deck), Slide > Delete Slide."""
    if "input" not in params._files:  # params rebuilt without their deck: no position to go to
        return None
    deck = pptx.Presentation(io.BytesIO(params._files["input"]))
    titles = [s.shapes.title.text_frame.text.strip() if s.shapes.title is not None else "" for s in deck.slides]
    position = titles.index(params.title) + 1
    steps = [KeyStep(keys=["Home"], thought=f"{params.title!r} is slide {position}; Home goes to the first slide.",
                     action="Go to the first slide (Home)")]
    steps += [KeyStep(keys=["Next"], action=f"Next slide (Page Down), to slide {i}") for i in range(2, position + 1)]
    steps += [WaitSettledStep(interval_s=0.3, timeout_s=10),
              MenuStep(path=[["alt", "l"], ["down"], ["down"], ["down"], ["down"], ["enter"]],
                       thought=f"Slide {position} is the current one; Slide > Delete Slide removes it.",
                       action="Slide > Delete Slide")]
    return office_plan("impress", params.input, params.output, steps, thought="The deck is open in Impress.")
