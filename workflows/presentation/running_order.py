"""Put a deck in the running order the event organiser sent as a text file (a slide per line, by
title or by its current number): title and agenda in front, the listed slides in that order, the
closing slide last; the slides not on the list deleted, moved after the listed ones, or moved there
and hidden; in place or a new deck."""

from __future__ import annotations

import textwrap
from typing import Literal

from forge.models import ReferenceSolution
from preparers.presentation import make_deck, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._deck import SAVE, deck_paths, drop_slide_code, list_step, save_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

By = Literal["titles", "numbers"]
Unlisted = Literal["delete", "end", "hide"]
LIST = ("{% if by == 'titles' %}a slide title per line{% else %}a slide per line, by its number in the deck as it is "
        "now{% endif %}")
REST = ("{% if unlisted == 'delete' %}delete the slides that are not on the list{% elif unlisted == 'end' %}move the "
        "slides that are not on the list after the listed ones, in their current order{% else %}move the slides that "
        "are not on the list after the listed ones, in their current order, and hide them{% endif %}")
ORDER = """
    import pptx
    deck = pptx.Presentation({input})
    lines = [l.strip() for l in open({list}, encoding="utf-8") if l.strip()]
    def title(slide):
        return " ".join(slide.shapes.title.text_frame.text.split()) if slide.shapes.title else ""
    slides = list(deck.slides)
    if {by} == "numbers":
        order = [int(l) - 1 for l in lines]
    else:
        order = [next(i for i, s in enumerate(slides) if title(s).casefold() == l.casefold()) for l in lines]
    rest = [i for i in range(2, len(slides) - 1) if i not in order]
    ids = list(deck.slides._sldIdLst)
    for entry in ids:
        deck.slides._sldIdLst.remove(entry)
    for i in [0, 1, *order, *rest, len(slides) - 1]:
        deck.slides._sldIdLst.append(ids[i])
    if {unlisted} == "hide":
        for i in rest:
            slides[i]._element.set("show", "0")
    if {unlisted} == "delete":
        for n in reversed(range(2 + len(order), 2 + len(order) + len(rest))):
            drop(deck, n)
    print([title(s) for s in deck.slides])
"""


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    order_file: str
    by: By
    unlisted: Unlisted


class Options(SkillParams):
    by: By | None = None
    unlisted: Unlisted | None = None
    in_place: bool | None = None


@register_workflow
class RunningOrder(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.running_order", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"Put {{{{ input }}}} in the running order given in {{{{ order_file }}}} ({LIST}): the title and agenda "
            f"slides stay in front, then the listed slides in that order, and the closing slide stays last; {REST}. "
            "Leave the agenda's text as it is; slides keep their text and notes. " + SAVE["formal"],
            f"The organisers cut my slot and sent the running order as {{{{ order_file }}}} ({LIST}). Could you "
            f"rearrange {{{{ input }}}} to match? Title and agenda first, listed slides in their order, closing slide "
            f"at the end - and {REST}. Don't touch the agenda text. " + SAVE["chatty"],
            f"{{{{ input }}}}: reorder per {{{{ order_file }}}} ({LIST}); title, agenda first, closing last; {REST}; "
            "agenda text as is. " + SAVE["terse"],
        ],
        criteria=["Title and agenda first, the listed slides in list order, the closing slide last.",
                  "Unlisted slides deleted, moved after the listed ones, or moved and hidden, as asked."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A deck"),
               FileSlot(param="order_file", type="txt", role="input", description="The running order"),
               FileSlot(param="output", type="pptx", description="The deck in running order")],
        checks=[CheckTemplate(func="slides.running_order", paths={"input_file": "input", "list_file": "order_file"},
                              bind={"by": "by", "unlisted": "unlisted"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        by: By = getattr(ctx.options, "by", None) or ctx.rng.choice(["titles", "numbers"])
        unlisted: Unlisted = getattr(ctx.options, "unlisted", None) or ctx.rng.choice(["delete", "end", "hide"])
        deck = make_deck(ctx.rng, ctx.faker)
        topics = list(range(2, len(deck.slides) - 1))
        while True:  # some slides left out, the rest in a new order
            order = ctx.rng.sample(topics, len(topics) - ctx.rng.randint(1, 2))
            if order != sorted(order):
                break
        lines = [str(i + 1) if by == "numbers" else deck.slides[i].title for i in order]
        base = deck_paths(ctx, deck.file_stem, "running_order")
        folder = str(base["input"]).rsplit("/", 1)[0] + "/" if "/" in str(base["input"]) else ""
        params = Params(**base, order_file=f"{folder}running_order.txt", by=by, unlisted=unlisted)
        return params.with_files(input=write_pptx(deck), order_file=("\n".join(lines) + "\n").encode())

    def reference(self, params: Params) -> ReferenceSolution:
        script = textwrap.dedent(drop_slide_code()) + textwrap.dedent(ORDER.format(
            input=lit(params.input), list=lit(params.order_file), by=lit(params.by),
            unlisted=lit(params.unlisted))) + save_code(params.output)
        return solution(list_step(params.input, f"I list the slides of {params.input}."),
                        script_step(f"print(open({lit(params.order_file)}, encoding='utf-8').read())",
                                    f"I read the running order in {params.order_file}.", "Read the running order"),
                        script_step(script, "I rebuild the slide order with python-pptx (the slide id list), then "
                                    "hide or delete the unlisted slides as asked.", "Reorder the deck"),
                        list_step(params.output, "I list the slides again to check the order."))
