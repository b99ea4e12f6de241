"""Delete the empty slides a deck collected while being edited: slides with no text at all, or
also placeholder slides that have nothing but a title."""

from __future__ import annotations

import textwrap

from forge.models import ReferenceSolution
from preparers.presentation import Bullet, SlideContent, make_deck, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._deck import SAVE, deck_paths, drop_slide_code, list_step, save_code
from workflows.spec import (
    CheckTemplate,
    FileSlot,
    SkillParams,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
)

PLACEHOLDERS = ["Backup", "TBD", "Appendix", "Extra slide", "Notes", "Placeholder"]
WHICH = ("{% if title_only %}every slide with no content apart from (at most) a title - except the title slide"
         "{% else %}every completely blank slide (no title, no text at all); slides with a title stay{% endif %}")


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    title_only: bool


class Options(SkillParams):
    title_only: bool | None = None
    in_place: bool | None = None


@register_workflow
class DeleteEmptySlides(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.delete_empty_slides", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"{{{{ input }}}} picked up empty slides while we edited it. Delete {WHICH}. Keep the other slides "
            "unchanged and in order. " + SAVE["formal"],
            f"Can you tidy up {{{{ input }}}} before I send it? Get rid of {WHICH}. Don't touch the rest. "
            + SAVE["chatty"],
            f"{{{{ input }}}}: delete {WHICH}; others unchanged, same order. " + SAVE["terse"],
        ],
        criteria=["The empty slides are gone.", "Every other slide is kept unchanged, in order."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A deck with empty slides"),
               FileSlot(param="output", type="pptx", description="The deck without them")],
        checks=[CheckTemplate(func="slides.empty_removed", bind={"title_only_is_empty": "title_only"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        title_only = getattr(ctx.options, "title_only", None)
        title_only = ctx.rng.random() < 0.5 if title_only is None else title_only
        deck = make_deck(ctx.rng, ctx.faker)
        closing = deck.slides[-1]
        slides = [*deck.slides[:-1], SlideContent(layout="bullets", title=closing.title,
                                                  bullets=[Bullet(text=f"Contact: {deck.author}")])]
        empties = [SlideContent(layout="bullets", title=""), SlideContent(layout="title_only", title=""),
                   SlideContent(layout="section", title="")]
        for _ in range(ctx.rng.randint(2, 3)):
            slides.insert(ctx.rng.randint(2, len(slides) - 1), ctx.rng.choice(empties))
        for title in ctx.rng.sample(PLACEHOLDERS, ctx.rng.randint(1, 2)):
            slides.insert(ctx.rng.randint(2, len(slides) - 1), SlideContent(layout="title_only", title=title))
        params = Params(**deck_paths(ctx, deck.file_stem, "clean"), title_only=title_only)
        return params.with_files(input=write_pptx(deck.model_copy(update={"slides": slides})))

    def reference(self, params: Params) -> ReferenceSolution:
        script = textwrap.dedent(drop_slide_code()) + textwrap.dedent(f"""
            import pptx
            deck = pptx.Presentation({lit(params.input)})
            empty = []
            for n, slide in enumerate(deck.slides):
                title = slide.shapes.title.text_frame.text.strip() if slide.shapes.title is not None else ""
                body = [s for s in slide.shapes if s.has_text_frame and s != slide.shapes.title and s.text_frame.text.strip()]
                if not body and n > 0 and (not title or {params.title_only}):
                    empty.append(n)
            print("empty slides:", [n + 1 for n in empty])
            for n in reversed(empty):
                drop(deck, n)
            {save_code(params.output)}
        """)
        return solution(list_step(params.input, f"I list every slide of {params.input} with its text."),
                        script_step(script, "I find the slides with no body text (and no title, unless title-only "
                                    "slides count as empty) and delete them from the last one up.", "Delete the empty slides"),
                        list_step(params.output, "I list the remaining slides to confirm."))
