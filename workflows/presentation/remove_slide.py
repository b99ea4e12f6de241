"""Delete one named slide from a deck and save the shorter deck under a new name."""

from __future__ import annotations


from forge.models import ReferenceSolution
from preparers.presentation import make_deck, write_pptx
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
        return solution(script_step(script, f"python-pptx has no delete call, so I'll remove the {params.title!r} "
                                    "slide's entry (and its relationship) from the slide list, then save as "
                                    f"{params.output} and list the titles.", f"Delete the slide {params.title}"))
