"""A tracker agenda, as consulting decks have: a copy of the agenda slide before each topic slide,
that topic's item bold (or italic, or underlined) and the others plain, so the audience sees
where the talk is."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from preparers.presentation import make_deck, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._deck import SAVE, deck_paths, list_step, save_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Mark = Literal["bold", "italic", "underline"]
MARK = "{% if mark == 'underline' %}underlined{% else %}{{ mark }}{% endif %}"


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    mark: Mark


class Options(SkillParams):
    mark: Mark | None = None
    in_place: bool | None = None


@register_workflow
class AgendaTracker(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.agenda_tracker", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"Turn the agenda of {{{{ input }}}} into a tracker: before each topic slide, insert a copy of the "
            f"\"Agenda\" slide (same title, same items) in which that topic's item is {MARK} and every other item "
            "is left plain. The existing slides stay as they are, in order. " + SAVE["formal"],
            f"Could you add progress agendas to {{{{ input }}}}? Before each section's slide, repeat the Agenda slide "
            f"with the current topic {MARK} and the rest plain. Don't change the slides that are there. "
            + SAVE["chatty"],
            f"{{{{ input }}}}: Agenda copy before each topic slide, current item {MARK}, others plain. "
            + SAVE["terse"],
        ],
        criteria=["A copy of the agenda precedes each topic slide, marking that topic only.",
                  "The existing slides are unchanged and in order."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A deck with an agenda slide"),
               FileSlot(param="output", type="pptx", description="The deck with tracker agendas")],
        checks=[CheckTemplate(func="slides.agenda_tracker", bind={"mark": "mark"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        mark = getattr(ctx.options, "mark", None) or ctx.rng.choice(["bold", "italic", "underline"])
        deck = make_deck(ctx.rng, ctx.faker)
        params = Params(**deck_paths(ctx, deck.file_stem, "tracker"), mark=mark)
        return params.with_files(input=write_pptx(deck))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import pptx
            deck = pptx.Presentation({lit(params.input)})
            def title(slide):
                t = slide.shapes.title
                return " ".join(t.text_frame.text.split()) if t is not None else ""
            agenda = next(s for s in deck.slides if title(s) == "Agenda")
            box = next(s for s in agenda.placeholders if s.placeholder_format.idx != 0)
            items = [(p.text, p.level) for p in box.text_frame.paragraphs if p.text.strip()]
            names = [" ".join(text.split()) for text, _ in items]
            for n in reversed(range(len(deck.slides))):
                topic = title(deck.slides[n])
                if deck.slides[n] == agenda or topic not in names:
                    continue
                copy = deck.slides.add_slide(agenda.slide_layout)
                copy.shapes.title.text = "Agenda"
                frame = next(s for s in copy.placeholders if s.placeholder_format.idx != 0).text_frame
                for k, (text, level) in enumerate(items):
                    p = frame.paragraphs[0] if k == 0 else frame.add_paragraph()
                    p.text, p.level = text, level
                    p.runs[0].font.{params.mark} = names[k] == topic
                order = deck.slides._sldIdLst; new = order[-1]; order.remove(new); order.insert(n, new)
                print("tracker before", topic)
            {save_code(params.output)}
        """
        return solution(list_step(params.input, f"I list the slides of {params.input} to read the agenda."),
                        script_step(script, f"I insert a copy of the agenda before each topic slide with python-pptx, "
                                    f"its item {params.mark}.", "Add the tracker agendas"),
                        list_step(params.output, "I list the slides again to check the order."))
