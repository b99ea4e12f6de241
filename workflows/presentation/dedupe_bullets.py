"""Remove the repeated bullets a deck collects when two versions are merged: within each slide, or
across the deck (a point already made on an earlier slide goes), the first occurrence kept; repeats
are the same wording, or loosely also those differing only in capitals or a closing full stop."""

from __future__ import annotations

import random
import textwrap

from forge.models import ReferenceSolution
from preparers.presentation import Bullet, DeckContent, make_deck, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._body import paragraphs_code, spoilt_slides, topics
from workflows.presentation._deck import SAVE, deck_paths, list_step, save_code
from workflows.presentation._draw import pick
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

ACROSS = ("{% if across %}anywhere in the deck: a point already made on an earlier slide goes as well, so only its "
          "first appearance stays{% else %}within each slide (the same point on two different slides is fine)"
          "{% endif %}")
LOOSE = ("{% if loose %}Bullets count as the same even when they differ only in capital letters or a full stop at "
         "the end{% else %}Only bullets with exactly the same wording count as repeats; a difference in capitals "
         "or a closing full stop means both stay{% endif %}")
VARIANTS = [lambda t: t + ".", lambda t: t[:1].lower() + t[1:], lambda t: t.lower()]


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    across: bool
    loose: bool


class Options(SkillParams):
    across: bool | None = None
    loose: bool | None = None
    in_place: bool | None = None


def _repeat(rng: random.Random, text: str, loose: bool) -> Bullet:
    return Bullet(text=rng.choice(VARIANTS)(text) if loose else text)


def _merged(ctx: WorkflowContext, across: bool, loose: bool) -> DeckContent:
    """A deck with repeats on some slides (the last topic slide always): within a slide, or of an
    earlier slide's point; plus the near misses that must stay (across slides when only within
    counts, other capitals or a full stop when only exact wording counts)."""
    deck = make_deck(ctx.rng, ctx.faker)
    found, (spoilt, _) = topics(deck), spoilt_slides(ctx, deck)
    slides = [list(s.bullets) for s in deck.slides]
    for i in sorted(spoilt):
        k = ctx.rng.randrange(len(slides[i]))
        slides[i].insert(ctx.rng.randint(k + 1, len(slides[i])), _repeat(ctx.rng, slides[i][k].text, loose))
        if not loose:  # a near miss: other capitals or a full stop
            j = ctx.rng.randrange(len(slides[i]))
            slides[i].insert(ctx.rng.randint(j + 1, len(slides[i])), Bullet(text=ctx.rng.choice(VARIANTS)(
                slides[i][j].text)))
    earlier = ctx.rng.choice(found[:-1])
    point = ctx.rng.choice([b for b in slides[earlier] if b.level == 0])
    slides[found[-1]].append(_repeat(ctx.rng, point.text, loose))  # an earlier slide's point repeated at the end
    return deck.model_copy(update={"slides": [s.model_copy(update={"bullets": b}) for s, b in
                                              zip(deck.slides, slides, strict=True)]})


@register_workflow
class DedupeBullets(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.dedupe_bullets", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"{{{{ input }}}} was merged from two versions and some bullet points now appear twice. Delete the "
            f"repeated bullets {ACROSS}, keeping the first one where it is. {LOOSE}. Titles and the other bullets "
            "stay as they are. " + SAVE["formal"],
            f"I merged my edits with a colleague's and {{{{ input }}}} has the same points twice in places. Could you "
            f"remove the repeats {ACROSS}? Keep the first one each time. {LOOSE}. " + SAVE["chatty"],
            f"{{{{ input }}}}: delete repeated bullets {ACROSS}; keep the first. {LOOSE}. " + SAVE["terse"],
        ],
        criteria=["Every repeated bullet is gone and its first occurrence stays in place.",
                  "Bullets that do not count as repeats, titles and other text are unchanged."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A merged deck with repeated bullets"),
               FileSlot(param="output", type="pptx", description="The deck without the repeats")],
        checks=[CheckTemplate(func="slides.bullets_deduplicated", bind={"across": "across", "loose": "loose"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        across, loose = pick(ctx, "across"), pick(ctx, "loose")
        deck = _merged(ctx, across, loose)
        params = Params(**deck_paths(ctx, deck.file_stem, "deduped"), across=across, loose=loose)
        return params.with_files(input=write_pptx(deck))

    def reference(self, params: Params) -> ReferenceSolution:
        key = "' '.join(text.split())" + (".casefold().rstrip('.').rstrip()" if params.loose else "")
        script = paragraphs_code(params.input, None) + textwrap.dedent(f"""
            seen, slide_at = set(), None
            for n, paragraph in found:
                if n != slide_at and not {lit(params.across)}:
                    seen = set()
                slide_at, text = n, paragraph.text
                if not text.strip():
                    continue
                key = {key}
                if key in seen:
                    paragraph._p.getparent().remove(paragraph._p)
                    print("slide", n, "removed", repr(text))
                seen.add(key)
            {save_code(params.output)}
        """)
        return solution(list_step(params.input, f"I list the slides of {params.input} to spot the repeats."),
                        script_step(script, "I walk the bullets in order with python-pptx and delete each one "
                                    "already seen.", "Delete the repeated bullets"),
                        list_step(params.output, "I list the slides again to check what is left."))
