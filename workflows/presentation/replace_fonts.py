"""Bring a deck's fonts back to the house font after people pasted text in from other documents:
replace one font, or each of two, with the house font wherever it is used, titles included
(PowerPoint's Format > Replace Fonts); text in any other font keeps it. The wording stays.
(presentation.format_text sets one font on the titles or the body; this one swaps fonts.)"""

from __future__ import annotations

import random
import textwrap
from typing import Literal

from forge.models import ReferenceSolution
from preparers.presentation import make_deck
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._deck import SAVE, deck_paths, list_step, save_code
from workflows.presentation.review_deck import FONTS, STRAYS, _runs_styled
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Count = Literal["one", "two"]
OLD = "{% if count == 'one' %}{{ old[0] }}{% else %}{{ old[0] }} and {{ old[1] }}{% endif %}"
RULE = (f"replace {{% if count == 'one' %}}the font {OLD}{{% else %}}the fonts {OLD}{{% endif %}} with {{{{ font }}}} "
        "wherever used, slide titles included; text in any other font keeps its font")
FIX = """
    import pptx
    deck = pptx.Presentation({input})
    old, font = {old}, {font}
    for n, slide in enumerate(deck.slides, start=1):
        for shape in slide.shapes:
            if not shape.has_text_frame:
                continue
            for run in (r for p in shape.text_frame.paragraphs for r in p.runs):
                if (run.font.name or "").casefold() in [o.casefold() for o in old]:
                    print("slide", n, repr(run.text[:30]), run.font.name, "->", font)
                    run.font.name = font
"""


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    count: Count
    old: list[str]
    font: str


class Options(SkillParams):
    count: Count | None = None
    in_place: bool | None = None


def draw_fonts(rng: random.Random, slides: int) -> tuple[str, list[str], dict[tuple[int, str, int], str]]:
    """(house font, three stray fonts, the stray font per (slide index, kind, paragraph) pasted in); every
    other run is set in the house font, so no text is left to the theme (which LibreOffice writes out)."""
    house = rng.choice(FONTS)
    strays = rng.sample(STRAYS, 3)
    topics = list(range(2, slides - 1))
    pasted: dict[tuple[int, str, int], str] = {}
    for font, at in zip([strays[0], strays[0], strays[1], strays[2]], rng.sample(topics, 4), strict=True):
        pasted[(at, "body", rng.randint(0, 1))] = font
    pasted[(rng.choice(topics), "title", 0)] = rng.choice(strays[:2])
    if rng.random() < 0.5:
        pasted[(0, "body", 0)] = strays[2]  # the subtitle typed in another font
    return house, strays, pasted


@register_workflow
class ReplaceFonts(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.replace_fonts", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"Text was pasted into {{{{ input }}}} from other documents and the fonts no longer match. Please "
            f"{RULE}. The wording stays exactly as it is. " + SAVE["formal"],
            f"The fonts in {{{{ input }}}} are a mess after everyone pasted their bits in. Could you {RULE}? Don't "
            "change any of the text itself. " + SAVE["chatty"],
            f"{{{{ input }}}}: {RULE}. Text unchanged. " + SAVE["terse"],
        ],
        criteria=["Every character that was in a font to replace is in the house font now.",
                  "Text in any other font keeps it; no wording changed."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A deck with pasted-in fonts"),
               FileSlot(param="output", type="pptx", description="The deck with its fonts set")],
        checks=[CheckTemplate(func="slides.fonts_replaced", bind={"old": "old", "font": "font"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        count: Count = getattr(ctx.options, "count", None) or ctx.rng.choice(["one", "two"])
        deck = make_deck(ctx.rng, ctx.faker)
        house, strays, pasted = draw_fonts(ctx.rng, len(deck.slides))

        def paste(at: int, kind: str, para: int, run: object) -> None:
            run.font.name = pasted.get((at, kind, para), house)  # type: ignore[attr-defined]

        old = strays[:1] if count == "one" else ctx.rng.sample(strays[:2], 2)
        params = Params(**deck_paths(ctx, deck.file_stem, "fonts"), count=count, old=old, font=house)
        return params.with_files(input=_runs_styled(deck, paste))

    def reference(self, params: Params) -> ReferenceSolution:
        script = textwrap.dedent(FIX.format(input=lit(params.input), old=lit(params.old), font=lit(params.font)))
        script += save_code(params.output)
        return solution(list_step(params.input, f"I list the slides of {params.input}."),
                        script_step(script, "I go through every run of text with python-pptx and set the font the "
                                    "list gives it.", "Replace the fonts"),
                        list_step(params.output, "I list the slides again to check the text is unchanged."))
