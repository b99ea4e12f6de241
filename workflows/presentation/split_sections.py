"""Split a deck into one deck per section, so each part can be sent to (or presented by) its own
audience: each part from its section header slide (kept, or left out) to the next; a copy of the
title slide in front of every part when asked; the closing slide behind every part, or only the
last. The agenda stays with the original, which is left as it is."""

from __future__ import annotations

import textwrap

from forge.models import ReferenceSolution
from preparers.document import slug
from preparers.presentation import Bullet, SlideContent, make_deck, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._deck import drop_slide_code, list_step
from workflows.presentation._draw import pick
from workflows.presentation.section_dividers import NAMES
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

SLOTS = ("first", "second", "third")
FILES = "{{ first }}, {{ second }} and {{ third }}"
PART = ("{% if title_slide %}a copy of the title slide, then {% endif %}{% if keep_divider %}the section's header "
        "slide and every slide after it up to the next section header{% else %}every slide after the section's header "
        "slide up to the next section header (the header itself left out){% endif %}, the last section running up to "
        "the closing slide")
CLOSING = ("{% if closing %}every part ends with a copy of the closing slide \"{{ closing_title }}\"{% else %}the "
           "closing slide \"{{ closing_title }}\" stays at the end of the last part only{% endif %}")


class Params(Prepared):
    input: str
    first: str
    second: str
    third: str
    keep_divider: bool
    title_slide: bool
    closing: bool
    closing_title: str


class Options(SkillParams):
    keep_divider: bool | None = None
    title_slide: bool | None = None
    closing: bool | None = None


@register_workflow
class SplitSections(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.split_sections", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"Split {{{{ input }}}} into one deck per section (its three Section Header slides start them), saved in "
            f"order as {FILES}. Each part holds {PART}; {CLOSING}. The agenda goes in none of them. Slides keep "
            "their text and speaker notes, and {{ input }} stays as it is.",
            f"Each section of {{{{ input }}}} goes to a different audience, so I need them as separate decks: "
            f"{FILES}, one per section in order. In each: {PART}. Also, {CLOSING}. Leave out the agenda, keep the "
            "notes, and don't change the original.",
            f"{{{{ input }}}}: one deck per section -> {FILES}. Each = {PART}; {CLOSING}; no agenda; notes kept.",
        ],
        criteria=["Each output holds one section, in order, with the title, divider and closing slides as asked.",
                  "Every slide keeps its text, notes and layout; the original deck is unchanged."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A deck in three sections"),
               *(FileSlot(param=s, type="pptx", description="One section's deck") for s in SLOTS)],
        checks=[CheckTemplate(func="slides.split_by_section", paths={f"{s}_file": s for s in SLOTS},
                              bind={"keep_divider": "keep_divider", "title_slide": "title_slide",
                                    "closing": "closing"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        keep, title_slide, closing = (pick(ctx, n) for n in ("keep_divider", "title_slide", "closing"))
        deck = make_deck(ctx.rng, ctx.faker)
        topics = list(range(2, len(deck.slides) - 1))
        starts = [topics[0], *sorted(ctx.rng.sample(topics[1:], 2))]
        names = [NAMES[i] for i in sorted(ctx.rng.sample(range(len(NAMES)), 3))]
        numbered = ctx.rng.random() < 0.5
        slides = list(deck.slides)
        for k, at in reversed(list(enumerate(starts))):
            body = [Bullet(text=f"Part {k + 1}")] if numbered else []
            slides.insert(at, SlideContent(layout="section", title=names[k], bullets=body))
        deck = deck.model_copy(update={"slides": slides})
        folder = ctx.rng.choice(["", "slides/", "decks/"])
        parts = {s: f"{folder}{deck.file_stem}_{slug(n)}.pptx" for s, n in zip(SLOTS, names, strict=True)}
        params = Params(input=f"{folder}{deck.file_stem}.pptx", **parts, keep_divider=keep, title_slide=title_slide,
                        closing=closing, closing_title=slides[-1].title)
        return params.with_files(input=write_pptx(deck))

    def reference(self, params: Params) -> ReferenceSolution:
        outputs = [params.first, params.second, params.third]
        script = textwrap.dedent(drop_slide_code()) + textwrap.dedent(f"""
            import os, pptx
            slides = list(pptx.Presentation({lit(params.input)}).slides)
            heads = [i for i, s in enumerate(slides) if s.slide_layout._element.get("type") == "secHead"]
            ends = heads[1:] + [len(slides) - 1]
            for k, (start, end, path) in enumerate(zip(heads, ends, {lit(outputs)})):
                keep = set(range(start if {lit(params.keep_divider)} else start + 1, end))
                keep |= {{0}} if {lit(params.title_slide)} else set()
                keep |= {{len(slides) - 1}} if {lit(params.closing)} or k == len(heads) - 1 else set()
                deck = pptx.Presentation({lit(params.input)})
                for index in reversed(range(len(slides))):
                    if index not in keep:
                        drop(deck, index)
                os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
                deck.save(path)
                print(path, sorted(keep))
        """)
        return solution(list_step(params.input, f"I list the slides of {params.input} to find its section headers."),
                        script_step(script, "For each section I open the deck again with python-pptx and delete "
                                    "every slide that part does not keep.", "Split the deck by section"),
                        *(list_step(p, f"I list {p} to check it.") for p in outputs))
