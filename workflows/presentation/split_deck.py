"""Split a deck in two at a slide (named by its title, or by its number): the slides before it
stay in the first deck, that slide and the rest go to a second deck, which may open with the
title slide too. The first part is saved over the original or as a new deck."""

from __future__ import annotations

import textwrap

from forge.models import ReferenceSolution
from preparers.presentation import make_deck, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._deck import deck_paths, drop_slide_code, list_step
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

AT = "{% if at_number %}slide {{ at_number }}{% else %}the slide \"{{ at_title }}\"{% endif %}"
TITLE = ("{% if title_slide %}The second deck opens with a copy of the title slide, then {{ at_phrase }} and every "
         "slide after it.{% else %}The second deck holds {{ at_phrase }} and every slide after it, nothing else."
         "{% endif %}")
FIRST = ("{% if in_place %}Keep the first part (everything before it) in {{ input }} itself{% else %}Save the first "
         "part (everything before it) as {{ output }} and leave {{ input }} as it is{% endif %}")


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    second: str
    at_title: str | None
    at_number: int | None
    at_phrase: str
    title_slide: bool


class Options(SkillParams):
    by_number: bool | None = None
    title_slide: bool | None = None
    in_place: bool | None = None


@register_workflow
class SplitDeck(PreparedWorkflow[Params]):
    states_values = ("at_number",)
    spec = WorkflowSpec(
        name="presentation.split_deck", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"Split {{{{ input }}}} into two decks at {AT}. {FIRST}; the second part goes to {{{{ second }}}}. "
            f"{TITLE} Every slide keeps its text and speaker notes.",
            f"{{{{ input }}}} is too long for one session - could you cut it in two at {AT}? {FIRST}, and put the "
            f"rest in {{{{ second }}}}. {TITLE} Please keep the notes with their slides.",
            f"{{{{ input }}}}: split at {AT} -> {{{{ second }}}}. {FIRST}. {TITLE}",
        ],
        criteria=["The first deck ends just before the split slide; the second starts with it.",
                  "Every slide keeps its text and notes, in order."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A long deck"),
               FileSlot(param="output", type="pptx", description="The first part"),
               FileSlot(param="second", type="pptx", description="The second part")],
        checks=[CheckTemplate(func="slides.deck_split", paths={"file": "output", "second_file": "second"},
                              bind={"at_title": "at_title", "at_number": "at_number", "title_slide": "title_slide"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        by_number = getattr(ctx.options, "by_number", None)
        by_number = ctx.rng.random() < 0.5 if by_number is None else by_number
        title_slide = getattr(ctx.options, "title_slide", None)
        title_slide = ctx.rng.random() < 0.5 if title_slide is None else title_slide
        deck = make_deck(ctx.rng, ctx.faker)
        at = ctx.rng.randrange(3, len(deck.slides) - 1)
        base = deck_paths(ctx, deck.file_stem, "part1")
        second = str(base["input"]).replace(".pptx", "_part2.pptx")
        at_title = None if by_number else deck.slides[at].title
        at_phrase = f"slide {at + 1}" if by_number else f'"{at_title}"'
        params = Params(**base, second=second, at_title=at_title, at_number=at + 1 if by_number else None,
                        at_phrase=at_phrase, title_slide=title_slide)
        return params.with_files(input=write_pptx(deck))

    def reference(self, params: Params) -> ReferenceSolution:
        at = (f"{params.at_number} - 1" if params.at_number else
              f"next(i for i, s in enumerate(pptx.Presentation({lit(params.input)}).slides) if s.shapes.title is not "
              f"None and ' '.join(s.shapes.title.text_frame.text.split()) == {lit(params.at_title)})")
        keep_first = "1" if params.title_slide else "0"
        script = textwrap.dedent(drop_slide_code()) + textwrap.dedent(f"""
            import pptx
            at = {at}
            second = pptx.Presentation({lit(params.input)})
            for index in reversed(range({keep_first}, at)):
                drop(second, index)
            second.save({lit(params.second)})
            first = pptx.Presentation({lit(params.input)})
            for index in reversed(range(at, len(first.slides))):
                drop(first, index)
            first.save({lit(params.output)})
            print(len(first.slides), "and", len(second.slides), "slides")
        """)
        return solution(list_step(params.input, f"I list the slides of {params.input} to find the split point."),
                        script_step(script, "I open the deck twice with python-pptx and delete the slides each part "
                                    "does not keep.", "Split the deck"),
                        list_step(params.output, "I list the first part."),
                        list_step(params.second, "I list the second part."))
