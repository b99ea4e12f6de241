"""Combine the three decks teams sent for an all-hands into one: each team's title slide kept,
turned into a section header slide, or dropped behind one new cover slide; the teams as listed or
A-Z; into a new deck or into the first team's deck itself. Every slide keeps its text and notes."""

from __future__ import annotations

import datetime as dt
import textwrap
from typing import Literal

from forge.models import ReferenceSolution
from preparers.presentation import write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._deck import list_step, save_code
from workflows.presentation._draw import pick
from workflows.presentation._team_decks import COPY, team_decks
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Opener = Literal["keep", "section", "cover"]
SLOTS = ("first", "second", "third")
FILES = "{{ first }}, {{ second }} and {{ third }}"
ORDER = "{% if alphabetical %}the teams in alphabetical order{% else %}in the order listed{% endif %}"
BRANCHES = {"keep": "each team's part opens with its own title slide, as in its deck",
            "section": "each team's title slide becomes a section header slide (Section Header layout) carrying only "
                       "the title it had",
            "cover": "drop the teams' own title slides and open the deck with one new title slide, "
                     "\"{{ cover_title }}\", with \"{{ cover_subtitle }}\" beneath it"}


def _opener(capital: bool) -> str:
    """The jinja clause for the title slides, its first letter capitalised to open a sentence."""
    texts = {k: (v[0].upper() + v[1:]) if capital else v for k, v in BRANCHES.items()}
    return "".join(f"{{% {'if' if k == 'keep' else 'elif'} opener == '{k}' %}}{t}" for k, t in texts.items()) \
        + "{% endif %}"


OPENER = _opener(False)
INTO = ("{% if in_place %}Put it all into {{ first }} itself (it becomes the combined deck){% else %}Save the "
        "combined deck as {{ output }} and leave the three files as they are{% endif %}")


class Params(Prepared):
    first: str
    second: str
    third: str
    output: str
    in_place: bool
    opener: Opener
    cover_title: str
    cover_subtitle: str
    alphabetical: bool


class Options(SkillParams):
    opener: Opener | None = None
    alphabetical: bool | None = None
    in_place: bool | None = None


@register_workflow
class CombineDecks(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.combine_decks", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"Combine {FILES} into one deck for the all-hands, {ORDER}, each team's slides together with their "
            f"text and speaker notes. {_opener(True)}. {INTO}.",
            f"The teams sent their parts for Friday's all-hands: {FILES}. Could you make one deck of them, "
            f"{ORDER}? Keep every slide with its notes; {OPENER}. {INTO}.",
            f"{FILES} -> one deck, {ORDER}; {OPENER}; notes kept. {INTO}.",
        ],
        criteria=["Every team's slides, deck after deck in the order asked, with their text and notes.",
                  "Each team's title slide kept, turned into a section header, or replaced by one cover, as asked."],
        files=[*(FileSlot(param=s, type="pptx", role="input", description="A team's deck") for s in SLOTS),
               FileSlot(param="output", type="pptx", description="The combined deck")],
        checks=[CheckTemplate(func="slides.decks_combined", paths={"file": "output", **{f"{s}_file": s for s in SLOTS}},
                              bind={"opener": "opener", "cover_title": "cover_title",
                                    "cover_subtitle": "cover_subtitle", "alphabetical": "alphabetical"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opener = getattr(ctx.options, "opener", None) or ctx.rng.choice(["keep", "section", "cover"])
        alphabetical, in_place = pick(ctx, "alphabetical"), pick(ctx, "in_place")
        date = dt.date(ctx.rng.choice([2024, 2025]), 1, 1) + dt.timedelta(days=ctx.rng.randrange(365))
        decks = team_decks(ctx, 3, date)
        while alphabetical and [d.title for d in decks] == sorted(d.title for d in decks):
            ctx.rng.shuffle(decks)  # listed out of A-Z order, so the order matters
        folder = ctx.rng.choice(["", "all_hands/", "decks/"])
        paths = [f"{folder}{d.file_stem}.pptx" for d in decks]
        params = Params(**dict(zip(SLOTS, paths, strict=True)), in_place=in_place, opener=opener,
                        output=paths[0] if in_place else f"{folder}all_hands_{date:%Y_%m}.pptx",
                        cover_title=f"All-hands, {date:%B %Y}" if opener == "cover" else "",
                        cover_subtitle=f"Team updates, {date.day} {date:%B %Y}" if opener == "cover" else "",
                        alphabetical=alphabetical)
        return params.with_files(**{s: write_pptx(d) for s, d in zip(SLOTS, decks, strict=True)})

    def reference(self, params: Params) -> ReferenceSolution:
        paths = [params.first, params.second, params.third]
        script = "import copy, pptx\n" + textwrap.dedent(COPY) + textwrap.dedent(f"""
            def title(slide):
                return " ".join(slide.shapes.title.text_frame.text.split()) if slide.shapes.title else ""
            decks = [pptx.Presentation(p) for p in {lit(paths)}]
            if {lit(params.alphabetical)}:
                decks.sort(key=lambda d: title(d.slides[0]).casefold())
            deck = pptx.Presentation({lit(params.first)})
            for entry in list(deck.slides._sldIdLst):
                deck.part.drop_rel(entry.rId); deck.slides._sldIdLst.remove(entry)
            def new_slide(layout_name, heading, text):
                slide = deck.slides.add_slide(next(l for l in deck.slide_layouts if l.name == layout_name))
                slide.shapes.title.text = heading
                for shape in [p for p in slide.placeholders if p.placeholder_format.idx != 0]:
                    if text:
                        shape.text = text
                    else:
                        shape._element.getparent().remove(shape._element)
            opener = {lit(params.opener)}
            if opener == "cover":
                new_slide("Title Slide", {lit(params.cover_title)}, {lit(params.cover_subtitle)})
            for source in decks:
                slides = list(source.slides)
                if opener == "section":
                    new_slide("Section Header", title(slides[0]), "")
                for slide in slides if opener == "keep" else slides[1:]:
                    copy_slide(slide, deck)
                print(title(slides[0]), len(slides), "slides")
            {save_code(params.output)}
        """)
        return solution(*(list_step(p, f"I list the slides of {p}.") for p in paths),
                        script_step(script, "I rebuild the deck with python-pptx from an emptied copy of the first "
                                    "deck (same template), copying each team's slides (shapes and notes) in order.",
                                    "Combine the decks"),
                        list_step(params.output, "I list the combined deck to check the order."))
