"""Declutter slides by moving their bullet text into the speaker notes, so the presenter says it
and the audience sees only the title (before a talk, or for a deck shown on a screen in a
lobby): one named slide, every slide with bullets but the agenda, or only the slides with more
than N bullets; the moved text follows the notes a slide has, or replaces them."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from preparers.presentation import Bullet, make_deck, more_bullets, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._draw import pick
from workflows.presentation._deck import SAVE, deck_paths, list_step, save_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Scope = Literal["one", "all", "over"]
WHICH = ("{% if scope == 'one' %}the slide \"{{ slide_title }}\"{% elif scope == 'all' %}every slide that has bullet "
         "points, except the agenda slide{% else %}every slide with more than {{ more_than }} bullet points, except "
         "the agenda slide{% endif %}")
NOTES = ("{% if keep_notes %}add them to the speaker notes, after the notes the slide already has (one line per "
         "bullet){% else %}make them the slide's speaker notes instead of the old notes, which are out of date (one "
         "line per bullet){% endif %}")


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    scope: Scope
    slide_title: str | None
    more_than: int | None
    skip: list[str]
    keep_notes: bool


class Options(SkillParams):
    scope: Scope | None = None
    keep_notes: bool | None = None
    in_place: bool | None = None


@register_workflow
class BulletsToNotes(PreparedWorkflow[Params]):
    states_values = ("more_than",)
    spec = WorkflowSpec(
        name="presentation.bullets_to_notes", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"In {{{{ input }}}}, take the bullet points off {WHICH}, and {NOTES}. Those slides keep "
            "their titles; every other slide, and its notes, stays as it is. " + SAVE["formal"],
            f"The slides in {{{{ input }}}} are too wordy. Could you take the bullet text of {WHICH}, and {NOTES}? "
            "I'll say it rather than show it, so only the titles stay on those slides. " + SAVE["chatty"],
            f"{{{{ input }}}}: bullets of {WHICH} -> speaker notes ({NOTES}). " + SAVE["terse"],
        ],
        criteria=["The slides in scope show only their titles.",
                  "Their notes hold their bullet text, after the old notes or instead of them, as asked.",
                  "Every other slide and its notes are unchanged."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A deck with speaker notes"),
               FileSlot(param="output", type="pptx", description="The deck with bullets moved to the notes")],
        checks=[CheckTemplate(func="slides.moved_to_notes", bind={
            "slide_title": "slide_title", "more_than": "more_than", "keep_notes": "keep_notes", "skip": "skip"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        scope = getattr(ctx.options, "scope", None) or ctx.rng.choice(["one", "all", "over"])
        keep = pick(ctx, "keep_notes")
        deck = make_deck(ctx.rng, ctx.faker)
        slides = [s.model_copy(update={"bullets": [Bullet(text=b.text) for b in s.bullets]}) for s in deck.slides]
        topics = list(range(2, len(slides) - 1))
        for at in ctx.rng.sample(topics, 2):  # two slides someone kept adding to
            slides[at] = slides[at].model_copy(update={"bullets": [*slides[at].bullets, *more_bullets(
                ctx.rng, ctx.faker, ctx.rng.randint(3, 4))]})
        more_than = None
        if scope == "over":  # a threshold no slide sits on, with slides on both sides
            counts = {len(slides[i].bullets) for i in topics}
            if not (fits := [n for n in range(min(counts) + 1, max(counts)) if n not in counts]):
                top = max(topics, key=lambda i: len(slides[i].bullets))
                slides[top] = slides[top].model_copy(update={"bullets": [*slides[top].bullets, *more_bullets(
                    ctx.rng, ctx.faker, 2)]})
                fits = [max(counts) + 1]
            more_than = ctx.rng.choice(fits)
        deck = deck.model_copy(update={"slides": slides})
        params = Params(**deck_paths(ctx, deck.file_stem, "notes"), scope=scope, more_than=more_than,
                        slide_title=ctx.rng.choice([slides[i].title for i in topics]) if scope == "one" else None,
                        skip=[] if scope == "one" else ["Agenda"], keep_notes=keep)
        return params.with_files(input=write_pptx(deck))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import pptx
            from pptx.enum.shapes import PP_PLACEHOLDER
            deck = pptx.Presentation({lit(params.input)})
            for n, slide in enumerate(deck.slides, start=1):
                title = " ".join(slide.shapes.title.text_frame.text.split()) if slide.shapes.title is not None else ""
                boxes = [s for s in slide.placeholders
                         if s.placeholder_format.type in (PP_PLACEHOLDER.BODY, PP_PLACEHOLDER.OBJECT)]
                lines = [p.text for s in boxes for p in s.text_frame.paragraphs if p.text.strip()]
                if not lines or title in {lit(params.skip)}:
                    continue
                if {lit(params.slide_title)} is not None and title != {lit(params.slide_title)}:
                    continue
                if {lit(params.more_than)} is not None and len(lines) <= {lit(params.more_than)}:
                    continue
                old = slide.notes_slide.notes_text_frame.text if slide.has_notes_slide else ""
                keep = {lit(params.keep_notes)} and old.strip()
                slide.notes_slide.notes_text_frame.text = "\\n".join([old, *lines] if keep else lines)
                for box in boxes:
                    box._element.getparent().remove(box._element)
                print("slide", n, title, "->", len(lines), "lines into the notes")
            {save_code(params.output)}
        """
        return solution(list_step(params.input, f"I list the slides of {params.input} with their bullets and notes."),
                        script_step(script, "I move each slide's bullet text into its notes with python-pptx and "
                                    "remove the emptied content box.", "Move the bullets to the notes"),
                        list_step(params.output, "I list the slides again to check titles and notes."))
