"""Put the speaker notes' points on the slides as bullets, the step that turns a talk into a deck
people read on their own: only on the slides that have nothing but a title (their points are
still in the notes), or below the bullets of every slide with notes; one bullet per sentence of
prose notes or per line of listed notes; the notes kept or emptied."""

from __future__ import annotations

import textwrap
from typing import Literal

from forge.models import ReferenceSolution
from preparers.presentation import DeckContent, make_deck, more_bullets, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._body import topics
from workflows.presentation._deck import SAVE, deck_paths, list_step, save_code
from workflows.presentation._draw import pick
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Scope = Literal["empty", "all"]
WHERE = ("{% if scope == 'empty' %}the slides that have only a title (their points are still in the speaker notes): "
         "put the notes' points on each of them as its bullets; slides that already have bullets stay as they are"
         "{% else %}every slide with speaker notes: add the notes' points as bullets below the bullets it already "
         "has{% endif %}")
SPLIT = ("{% if by_sentence %}one bullet per sentence of the notes (the full stop may go){% else %}one bullet per "
         "line of the notes{% endif %}")
NOTES = ("{% if clear_notes %}empty those slides' notes afterwards (the text is now on the slide){% else %}keep "
         "the notes as they are{% endif %}")


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    scope: Scope
    by_sentence: bool
    clear_notes: bool


class Options(SkillParams):
    scope: Scope | None = None
    by_sentence: bool | None = None
    clear_notes: bool | None = None
    in_place: bool | None = None


def _notes(ctx: WorkflowContext, by_sentence: bool) -> str:
    points = [b.text for b in more_bullets(ctx.rng, ctx.faker, ctx.rng.randint(2, 4))]
    return " ".join(p + "." for p in points) if by_sentence else "\n".join(points)


def _deck(ctx: WorkflowContext, scope: str, by_sentence: bool) -> DeckContent:
    """A deck with some topic slides (the last always) only a title with their points in the
    notes; under 'all', the other topic slides' notes hold points too."""
    deck = make_deck(ctx.rng, ctx.faker)
    found = topics(deck)
    bare = {i for i in found[:-1] if ctx.rng.random() < 0.4} | {found[-1]}
    if len(bare) == len(found):
        bare.discard(found[0])
    slides = list(deck.slides)
    for i in found:
        update: dict[str, object] = {"bullets": []} if i in bare else {}
        if i in bare or scope == "all":
            update["notes"] = _notes(ctx, by_sentence)
        slides[i] = slides[i].model_copy(update=update)
    return deck.model_copy(update={"slides": slides})


@register_workflow
class NotesToBullets(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.notes_to_bullets", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"{{{{ input }}}} will also be sent round to read on its own, so the talking points must be on the "
            f"slides. Go through {WHERE}. Make {SPLIT}, in the notes' order, and {NOTES}. " + SAVE["formal"],
            f"People who missed the talk will get {{{{ input }}}} by mail, and a lot of what I said is only in "
            f"the speaker notes. Could you go through {WHERE}? I'd like {SPLIT}, and please {NOTES}. "
            + SAVE["chatty"],
            f"{{{{ input }}}}: {WHERE}; {SPLIT}; {NOTES}. " + SAVE["terse"],
        ],
        criteria=["Each slide in scope shows its notes' points as bullets, in order, after any bullets it had.",
                  "The notes are kept or emptied as asked; titles and the other slides are unchanged."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A deck whose points sit in the notes"),
               FileSlot(param="output", type="pptx", description="The deck with the points on the slides")],
        checks=[CheckTemplate(func="slides.notes_on_slides", bind={"scope": "scope", "by_sentence": "by_sentence",
                                                                   "clear_notes": "clear_notes"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        scope = getattr(ctx.options, "scope", None) or ctx.rng.choice(["empty", "all"])
        by_sentence, clear = pick(ctx, "by_sentence"), pick(ctx, "clear_notes")
        deck = _deck(ctx, scope, by_sentence)
        params = Params(**deck_paths(ctx, deck.file_stem, "handout"), scope=scope, by_sentence=by_sentence,
                        clear_notes=clear)
        return params.with_files(input=write_pptx(deck))

    def reference(self, params: Params) -> ReferenceSolution:
        split = r"re.split(r'(?<=[.!?])\s+', ' '.join(notes.split()))" if params.by_sentence else "notes.splitlines()"
        script = textwrap.dedent(f"""
            import re
            import pptx
            from pptx.enum.shapes import PP_PLACEHOLDER
            deck = pptx.Presentation({lit(params.input)})
            for n, slide in enumerate(deck.slides, start=1):
                notes = slide.notes_slide.notes_text_frame.text if slide.has_notes_slide else ""
                body = [s for s in slide.placeholders
                        if s.placeholder_format.type in (PP_PLACEHOLDER.BODY, PP_PLACEHOLDER.OBJECT)]
                shown = bool(body) and bool(body[0].text_frame.text.strip())
                if not notes.strip() or not body or ({lit(params.scope)} == "empty" and shown):
                    continue
                points = [p.strip() for p in {split} if p.strip()]
                frame = body[0].text_frame
                for point in points:
                    empty = len(frame.paragraphs) == 1 and not frame.paragraphs[0].text.strip()
                    paragraph = frame.paragraphs[0] if empty else frame.add_paragraph()
                    paragraph.text = point
                if {lit(params.clear_notes)}:
                    slide.notes_slide.notes_text_frame.text = ""
                print("slide", n, points)
            {save_code(params.output)}
        """)
        return solution(list_step(params.input, f"I list the slides of {params.input} with their notes."),
                        script_step(script, "I put each in-scope slide's note points into its body placeholder "
                                    "with python-pptx.", "Put the notes on the slides"),
                        list_step(params.output, "I list the slides again to check the bullets and notes."))
