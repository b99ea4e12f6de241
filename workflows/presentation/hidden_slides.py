"""Deal with a deck's hidden slides before it changes hands: show them all again, delete them
(the version sent out holds nothing the presenter skipped), or move them to the end as an
appendix, still hidden."""

from __future__ import annotations

import io
import textwrap
from typing import Literal

from forge.models import ReferenceSolution
from preparers._ooxml import normalize_package
from preparers.presentation import DeckContent, SlideContent, make_deck, more_bullets, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._deck import SAVE, deck_paths, drop_slide_code, list_step, save_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Op = Literal["unhide", "delete", "to_end"]
TASK = ("{% if op == 'unhide' %}make every hidden slide visible again in the slide show (delete nothing, move "
        "nothing){% elif op == 'delete' %}delete every hidden slide: the version we send out should only have the "
        "slides that are shown{% else %}move every hidden slide to the very end of the deck, after all the other "
        "slides and in their current order, and keep them hidden{% endif %}")
CODE = {
    "unhide": """
        for n, slide in enumerate(deck.slides, start=1):
            if slide._element.get("show") == "0":
                del slide._element.attrib["show"]
                print("showing slide", n)
    """,
    "delete": """
        for n in reversed(range(len(deck.slides))):
            if deck.slides[n]._element.get("show") == "0":
                print("deleting slide", n + 1)
                drop(deck, n)
    """,
    "to_end": """
        order = deck.slides._sldIdLst
        hidden = [entry for entry, slide in zip(list(order), deck.slides) if slide._element.get("show") == "0"]
        for entry in hidden:
            order.remove(entry)
            order.append(entry)
        print(len(hidden), "hidden slides moved to the end")
    """,
}


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    op: Op


class Options(SkillParams):
    op: Op | None = None
    in_place: bool | None = None


def with_hidden(deck: DeckContent, hidden: set[int]) -> bytes:
    """The deck as pptx with the slides at `hidden` (0-based) hidden from the slide show."""
    import pptx

    prs = pptx.Presentation(io.BytesIO(write_pptx(deck)))
    for at in hidden:
        prs.slides[at]._element.set("show", "0")
    buf = io.BytesIO()
    prs.save(buf)
    return normalize_package(buf.getvalue(), doc_time=f"{deck.date.isoformat()}T09:00:00Z")


@register_workflow
class HiddenSlides(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.hidden_slides", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"Some slides of {{{{ input }}}} are hidden from the slide show. Please {TASK}. The slides keep their "
            "content. " + SAVE["formal"],
            f"I skipped a few slides when I presented {{{{ input }}}} (they're hidden). Could you {TASK}? Don't "
            "change anything on the slides themselves. " + SAVE["chatty"],
            f"{{{{ input }}}}, hidden slides: {TASK}. " + SAVE["terse"],
        ],
        criteria=["The hidden slides are shown, gone, or at the end and still hidden, as asked.",
                  "Every other slide keeps its text and its order."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A deck with hidden slides"),
               FileSlot(param="output", type="pptx", description="The deck with its hidden slides dealt with")],
        checks=[CheckTemplate(func="slides.hidden_resolved", bind={"op": "op"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        op = getattr(ctx.options, "op", None) or ctx.rng.choice(list(CODE))
        deck = make_deck(ctx.rng, ctx.faker)
        slides = list(deck.slides)
        topics = list(range(2, len(slides) - 1))
        backup = ctx.rng.choice(topics) + 1  # a backup slide kept next to the topic it backs up
        slides.insert(backup, SlideContent(layout="bullets", title=f"Backup: {slides[backup - 1].title.lower()}",
                                           bullets=more_bullets(ctx.rng, ctx.faker, ctx.rng.randint(3, 5))))
        skipped = {backup, *(t + (t >= backup) for t in ctx.rng.sample(topics, ctx.rng.randint(1, 2)))}
        deck = deck.model_copy(update={"slides": slides})
        params = Params(**deck_paths(ctx, deck.file_stem, "clean"), op=op)
        return params.with_files(input=with_hidden(deck, skipped))

    def reference(self, params: Params) -> ReferenceSolution:
        script = "\n".join(["import pptx", f"deck = pptx.Presentation({lit(params.input)})",
                            textwrap.dedent(drop_slide_code()).strip(), textwrap.dedent(CODE[params.op]).strip(),
                            save_code(params.output)])
        return solution(list_step(params.input, f"I list the slides of {params.input}; python-pptx marks a hidden "
                                  "slide with show=\"0\"."),
                        script_step(script, "I deal with the hidden slides with python-pptx.", "Handle the hidden "
                                    "slides"),
                        list_step(params.output, "I list the slides again to check the order."))
