"""Put a deck's topic slides back in the order its own Agenda slide lists them (after slides were
shuffled while several people edited the deck); the title, agenda and closing slides stay put."""

from __future__ import annotations

from forge.models import ReferenceSolution
from preparers.presentation import make_deck, write_pptx
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


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    agenda: str


class Options(SkillParams):
    in_place: bool | None = None


@register_workflow
class AgendaOrder(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.agenda_order", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            'The topic slides in {{ input }} are out of order. Reorder them so they follow the list on the '
            '"{{ agenda }}" slide; the other slides stay where they are and no slide changes. ' + SAVE["formal"],
            "A few of us edited {{ input }} at once and the slides got shuffled. Could you put the topic slides back "
            'in the order the "{{ agenda }}" slide gives? Don\'t edit any slide. ' + SAVE["chatty"],
            '{{ input }}: reorder topic slides to match the "{{ agenda }}" slide. ' + SAVE["terse"],
            'When I present {{ input }} the slides should come in the order the "{{ agenda }}" slide promises. Fix '
            "the order without changing the slides themselves. " + SAVE["formal"],
        ],
        criteria=["The topic slides follow the agenda's order.", "No slide changed, was added or lost."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A deck with an agenda slide"),
               FileSlot(param="output", type="pptx", description="The reordered deck")],
        checks=[CheckTemplate(func="slides.agenda_order", bind={"agenda_title": "agenda"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        deck = make_deck(ctx.rng, ctx.faker)
        topics = deck.slides[2:-1]
        shuffled = list(topics)
        while shuffled == topics:
            ctx.rng.shuffle(shuffled)
        slides = [*deck.slides[:2], *shuffled, deck.slides[-1]]
        params = Params(**deck_paths(ctx, deck.file_stem, "ordered"), agenda=deck.slides[1].title)
        return params.with_files(input=write_pptx(deck.model_copy(update={"slides": slides})))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import pptx
            deck = pptx.Presentation({lit(params.input)})
            def title(slide):
                return " ".join(slide.shapes.title.text_frame.text.split()).casefold() if slide.shapes.title else ""
            agenda = next(s for s in deck.slides if title(s) == {lit(params.agenda.casefold())})
            body = next(sh for sh in agenda.shapes if sh.has_text_frame and sh != agenda.shapes.title)
            order = [" ".join(p.text.split()).casefold() for p in body.text_frame.paragraphs if p.text.strip()]
            print("agenda:", order)
            entries = list(deck.slides._sldIdLst)
            titles = [title(s) for s in deck.slides]
            places = [i for i, t in enumerate(titles) if t in order]
            ranked = sorted(places, key=lambda i: order.index(titles[i]))
            new = list(entries)
            for place, source in zip(places, ranked):
                new[place] = entries[source]
            for entry in entries:
                deck.slides._sldIdLst.remove(entry)
            for entry in new:
                deck.slides._sldIdLst.append(entry)
            {save_code(params.output)}
        """
        return solution(list_step(params.input, f"I list the slides of {params.input}, the agenda's lines included."),
                        script_step(script, f"I read the order from the {params.agenda!r} slide and rearrange the "
                                    "slide list so the topic slides follow it, in the places they held.",
                                    "Reorder the slides"),
                        list_step(params.output, "I list the slides again to confirm the order."))
