"""Carry the speaker notes over from the old version of a deck to the new one a designer sent back
without them: by slide title (the designer reordered and added slides), or by slide number (the
same slides, restyled)."""

from __future__ import annotations

from forge.models import ReferenceSolution
from preparers.presentation import SlideContent, make_deck, more_bullets, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._deck import SAVE, deck_paths, list_step, save_code
from workflows.presentation._draw import pick
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

MATCH = ("{% if by_number %}slide by slide: slide 1 gets the notes of the old slide 1, and so on (the slides are "
         "the same, only restyled){% else %}by title: each slide gets the notes of the old slide with the same "
         "title (the order changed and there are new slides, which keep no notes){% endif %}")


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    old: str
    by_number: bool


class Options(SkillParams):
    by_number: bool | None = None
    in_place: bool | None = None


@register_workflow
class CopyNotes(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.copy_notes", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"{{{{ input }}}} came back from the designer without speaker notes. Copy the notes over from the old "
            f"version {{{{ old }}}}, {MATCH}. Nothing on the slides changes. " + SAVE["formal"],
            f"The designer's version {{{{ input }}}} lost all my speaker notes - could you copy them back from "
            f"{{{{ old }}}}? Match them {MATCH}. " + SAVE["chatty"],
            f"Notes from {{{{ old }}}} into {{{{ input }}}}, {MATCH}. " + SAVE["terse"],
        ],
        criteria=["Each slide has the notes of its matching old slide.", "No slide's visible text or place changed."],
        files=[FileSlot(param="input", type="pptx", role="input", description="The new deck, without notes"),
               FileSlot(param="old", type="pptx", role="input", description="The old deck, with notes"),
               FileSlot(param="output", type="pptx", description="The new deck with the notes")],
        checks=[CheckTemplate(func="slides.notes_copied", paths={"input_file": "input", "source": "old"},
                              bind={"by_number": "by_number"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        by_number = pick(ctx, "by_number")
        old = make_deck(ctx.rng, ctx.faker)
        new = [s.model_copy(update={"notes": ""}) for s in old.slides]
        if not by_number:  # the designer moved a topic up and added a slide
            topics = list(range(2, len(new) - 1))
            moved = new.pop(topics[-1])
            new.insert(topics[0], moved)
            new.insert(ctx.rng.choice(topics[1:]), SlideContent(layout="bullets", title="At a glance",
                                                              bullets=more_bullets(ctx.rng, ctx.faker, 3)))
        base = deck_paths(ctx, old.file_stem, "with_notes")
        folder = base["input"].rsplit("/", 1)[0] + "/" if "/" in base["input"] else ""  # type: ignore[union-attr]
        params = Params(**base, old=f"{folder}{old.file_stem}_old.pptx", by_number=by_number)
        return params.with_files(input=write_pptx(old.model_copy(update={"slides": new})), old=write_pptx(old))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import pptx
            def fold(text): return " ".join(text.split())
            def notes(slide): return slide.notes_slide.notes_text_frame.text if slide.has_notes_slide else ""
            def title(slide): return fold(slide.shapes.title.text_frame.text).casefold() if slide.shapes.title else ""
            old = list(pptx.Presentation({lit(params.old)}).slides)
            by_title = {{title(s): notes(s) for s in old}}
            deck = pptx.Presentation({lit(params.input)})
            for n, slide in enumerate(deck.slides):
                if {lit(params.by_number)}:
                    text = notes(old[n]) if n < len(old) else ""
                else:
                    text = by_title.get(title(slide), "")
                if text.strip():
                    slide.notes_slide.notes_text_frame.text = text
                    print("slide", n + 1, "notes:", fold(text)[:50])
            {save_code(params.output)}
        """
        return solution(list_step(params.old, f"I list the old deck {params.old} with its notes."),
                        script_step(script, "I copy each matching slide's notes from the old deck with python-pptx.",
                                    "Copy the notes"),
                        list_step(params.output, "I list the new deck to check the notes."))
