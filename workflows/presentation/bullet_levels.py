"""Put a deck's bullet levels right after text was pasted in: sub-points typed as plain bullets
starting with a dash made real sub-bullets, every sub-bullet brought up to the top level (a
one-level house style), or a typed bullet character left in front of bullets removed (they
showed two bullets) - on every slide, or on one named slide only."""

from __future__ import annotations

import random
import textwrap
from typing import Literal

from forge.models import ReferenceSolution
from preparers.presentation import Bullet, make_deck, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._body import SCOPE, paragraphs_code, spoilt_slides
from workflows.presentation._deck import SAVE, deck_paths, list_step, save_code
from workflows.presentation._draw import pick
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Op = Literal["indent_marked", "flatten", "markers"]
ASK = {
    "indent_marked": "some sub-points were typed as ordinary bullets starting with '{marker} '. Make each of them a "
                     "real sub-bullet, indented one level under the point above it, and delete the typed '{marker}'",
    "flatten": "the house style has one bullet level only. Bring every sub-bullet up to the top level, keeping its "
               "wording and its place in the list",
    "markers": "some bullets start with a typed '{marker}' left over from pasting, so they show two bullets. Delete "
               "the typed '{marker}' and the space after it, keeping each bullet at its level",
}
FIX = {  # python: `text`, `level` -> `new`, `depth` for one paragraph
    "indent_marked": "marked = text.lstrip().startswith(marker); new = text.lstrip()[len(marker):].lstrip() if "
                     "marked else text; depth = level + 1 if marked else level",
    "flatten": "new, depth = text, 0",
    "markers": "marked = text.lstrip().startswith(marker); new = text.lstrip()[len(marker):].lstrip() if "
               "marked else text; depth = level",
}


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    op: Op
    ask: str
    marker: str | None
    slide_title: str | None


class Options(SkillParams):
    op: Op | None = None
    one_slide: bool | None = None
    in_place: bool | None = None


def _spoil(rng: random.Random, op: str, marker: str | None, bullets: list[Bullet]) -> list[Bullet]:
    """One slide's bullets as the paste left them (each spoilt slide has something to fix)."""
    if op != "markers" and all(b.level == 0 for b in bullets):
        k = rng.randrange(1, len(bullets))
        bullets = [b.model_copy(update={"level": 1}) if i == k else b for i, b in enumerate(bullets)]
    if op == "indent_marked":  # the sub-points typed at the top level with a dash
        return [Bullet(text=f"{marker} {b.text}") if b.level else b for b in bullets]
    if op == "markers":
        hits = {i for i in range(len(bullets)) if rng.random() < 0.5} | {len(bullets) - 1}
        return [b.model_copy(update={"text": f"{marker} {b.text}"}) if i in hits else b for i, b in enumerate(bullets)]
    return bullets


@register_workflow
class BulletLevels(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.bullet_levels", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"The bullet lists of {{{{ input }}}} need fixing: {{{{ ask }}}} - {SCOPE}. Titles and the wording of "
            "the bullets stay as they are. " + SAVE["formal"],
            f"A few people pasted text into {{{{ input }}}} and the bullets are a mess. {{{{ ask[:1]|upper }}}}"
            f"{{{{ ask[1:] }}}}. Could you do that {SCOPE}? " + SAVE["chatty"],
            f"{{{{ input }}}}: {{{{ ask }}}}; {SCOPE}. " + SAVE["terse"],
        ],
        criteria=["Every bullet in scope has the level and text the fix gives it, in the same order.",
                  "Titles, other text and the bullets outside the scope are unchanged."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A deck with pasted bullet lists"),
               FileSlot(param="output", type="pptx", description="The deck with its bullet levels fixed")],
        checks=[CheckTemplate(func="slides.bullet_levels_fixed",
                              bind={"op": "op", "marker": "marker", "slide_title": "slide_title"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        op = getattr(ctx.options, "op", None) or ctx.rng.choice(list(ASK))
        one = pick(ctx, "one_slide")
        marker = {"indent_marked": "-", "flatten": None}.get(op, ctx.rng.choice(["•", "–", "*"]))
        deck = make_deck(ctx.rng, ctx.faker)
        spoilt, target = spoilt_slides(ctx, deck)
        slides = [s.model_copy(update={"bullets": _spoil(ctx.rng, op, marker, s.bullets)}) if i in spoilt else s
                  for i, s in enumerate(deck.slides)]
        deck = deck.model_copy(update={"slides": slides})
        params = Params(**deck_paths(ctx, deck.file_stem, "levels"), op=op, ask=ASK[op].format(marker=marker or ""),
                        marker=marker, slide_title=deck.slides[target].title if one else None)
        return params.with_files(input=write_pptx(deck))

    def reference(self, params: Params) -> ReferenceSolution:
        script = paragraphs_code(params.input, params.slide_title) + textwrap.dedent(f"""
            marker = {lit(params.marker)}
            for n, paragraph in found:
                text, level = paragraph.text, paragraph.level
                if not text.strip():
                    continue
                {FIX[params.op]}
                if (new, depth) != (text, level):
                    runs = paragraph.runs
                    runs[0].text = new
                    for run in runs[1:]:
                        run.text = ""
                    paragraph.level = depth
                    print("slide", n, repr(text), level, "->", repr(new), depth)
            {save_code(params.output)}
        """)
        return solution(list_step(params.input, f"I list the slides of {params.input} to see the bullet lists."),
                        script_step(script, "I go through the bullet paragraphs in scope with python-pptx and fix "
                                    "each one's level and typed marker.", "Fix the bullet levels"),
                        list_step(params.output, "I list the slides again to check the bullets."))
