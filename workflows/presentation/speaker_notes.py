"""Write the speaker notes of one named slide, editing the deck in place."""

from __future__ import annotations

from forge.models import ReferenceSolution
from preparers.presentation import make_deck, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, WorkflowContext, WorkflowSpec, register_workflow

NOTES = ["Open with the customer story before showing the figures.",
         "Keep this brief and hand over to {name} for questions.",
         "Stress that the plan was agreed with the {dept} team last week.",
         "Remind everyone that the detailed numbers are in the appendix.",
         "Ask {name} to say a few words about the pilot."]


class Params(Prepared):
    deck: str
    slide_title: str
    notes: str


@register_workflow
class SpeakerNotes(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.speaker_notes", apps=["presentation"], params=Params,
        phrasings=[
            'In {{ deck }}, set the speaker notes of the slide titled "{{ slide_title }}" to: "{{ notes }}" '
            "(replace any notes it already has). Don't change anything else and save the deck in place.",
            'Could you put "{{ notes }}" in the presenter notes for the "{{ slide_title }}" slide of {{ deck }}? '
            "Just overwrite what is there now and save the file.",
            '{{ deck }}: notes for slide "{{ slide_title }}" = "{{ notes }}". Other slides untouched; save over it.',
        ],
        criteria=["The named slide's speaker notes read exactly the requested text.",
                  "No other slide's notes or visible text changed."],
        files=[FileSlot(param="deck", type="pptx", role="in_place", description="A presentation with notes")],
        checks=[CheckTemplate(func="slides.notes_set", bind={"slide_title": "slide_title", "notes": "notes"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        deck = make_deck(ctx.rng, ctx.faker)
        slide = ctx.rng.choice(deck.slides[2:-1])
        notes = ctx.rng.choice([n for n in NOTES if slide.notes not in n]).format(
            name=ctx.faker.first_name(), dept=ctx.rng.choice(["Finance", "Sales", "Operations", "Support"]))
        params = Params(deck=f"{deck.file_stem}.pptx", slide_title=slide.title, notes=notes)
        return params.with_files(deck=write_pptx(deck))


    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import pptx
            deck = pptx.Presentation({lit(params.deck)})
            slide = next(s for s in deck.slides if s.shapes.title is not None
                         and s.shapes.title.text_frame.text.strip() == {lit(params.slide_title)})
            slide.notes_slide.notes_text_frame.text = {lit(params.notes)}
            deck.save({lit(params.deck)})
            print(slide.notes_slide.notes_text_frame.text)
        """
        return solution(script_step(script, f"I'll find the {params.slide_title!r} slide with python-pptx, replace "
                                    f"its notes text and save {params.deck} in place.",
                                    f"Set the notes of {params.slide_title}"))
