"""Stamp every slide with a footer line, its slide number, or 'Slide N of M', in a text box of its
own; on every slide, or every slide but the title slide (which usually carries no footer)."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from preparers.presentation import make_deck, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._deck import SAVE, deck_paths, list_step, save_code
from workflows.spec import (
    CheckTemplate,
    FileSlot,
    SkillParams,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
)

Stamp = Literal["text", "number", "number_of"]
WHAT = ("{% if stamp == 'text' %}the footer line \"{{ text }}\"{% elif stamp == 'number' %}its slide number "
        "(just the number, e.g. 3){% else %}its position as \"Slide N of M\" (e.g. Slide 3 of {{ total }}), "
        "counting every slide of the deck{% endif %}")
WHICH = ("{% if skip_title %}every slide except the title slide (slide 1 stays as it is; the numbering still "
         "counts it){% else %}every slide, the title slide included{% endif %}")
FOOTERS = ["Confidential - internal use only", "Draft for discussion", "{company} | Strictly confidential",
           "Prepared for the {dept} team", "Not for distribution"]


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    stamp: Stamp
    text: str
    skip_title: bool
    total: int


class Options(SkillParams):
    stamp: Stamp | None = None
    skip_title: bool | None = None
    in_place: bool | None = None


@register_workflow
class FooterStamp(PreparedWorkflow[Params]):
    states_values = ("total",)
    spec = WorkflowSpec(
        name="presentation.footer_stamp", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"On {WHICH} of {{{{ input }}}}, add a small text box of its own at the bottom showing {WHAT}. Change "
            "nothing else: titles, bullets and speaker notes stay as they are. " + SAVE["formal"],
            f"Before I send {{{{ input }}}} out, could you put {WHAT} at the bottom of {WHICH}? A separate text "
            "box on each slide is fine; please don't touch the content. " + SAVE["chatty"],
            f"The audience should always see {WHAT} on {WHICH} of {{{{ input }}}} (its own text box, bottom of "
            "the slide). " + SAVE["terse"],
        ],
        criteria=["Each slide asked for carries the stamp once, in its own text box; the rest carry none.",
                  "No other text or note changes."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A presentation deck"),
               FileSlot(param="output", type="pptx", description="The stamped deck")],
        checks=[CheckTemplate(func="slides.footer_stamped",
                              bind={"stamp": "stamp", "text": "text", "skip_title": "skip_title"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        stamp = getattr(ctx.options, "stamp", None) or ctx.rng.choice(["text", "number", "number_of"])
        skip = getattr(ctx.options, "skip_title", None)
        skip = ctx.rng.random() < 0.5 if skip is None else skip
        deck = make_deck(ctx.rng, ctx.faker)
        text = ctx.rng.choice(FOOTERS).format(company=ctx.faker.company(),
                                              dept=ctx.rng.choice(["Finance", "Sales", "Operations", "HR"]))
        params = Params(**deck_paths(ctx, deck.file_stem, "stamped"), stamp=stamp,
                        text=text if stamp == "text" else "", skip_title=skip, total=len(deck.slides))
        return params.with_files(input=write_pptx(deck))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import pptx
            from pptx.util import Inches, Pt
            deck = pptx.Presentation({lit(params.input)})
            total = len(deck.slides)
            for n, slide in enumerate(deck.slides, start=1):
                if n == 1 and {lit(params.skip_title)}:
                    continue
                stamp = {{"text": {lit(params.text)}, "number": str(n),
                          "number_of": f"Slide {{n}} of {{total}}"}}[{lit(params.stamp)}]
                box = slide.shapes.add_textbox(Inches(0.4), deck.slide_height - Inches(0.6), Inches(9.2), Inches(0.4))
                box.name = "Footer stamp"
                box.text_frame.text = stamp
                box.text_frame.paragraphs[0].runs[0].font.size = Pt(11)
                print(n, stamp)
            {save_code(params.output)}
        """
        return solution(list_step(params.input, f"I list the slides of {params.input} and count them."),
                        script_step(script, "I add one small text box at the bottom of each slide asked for, "
                                    "numbering over the whole deck.", "Stamp the slides"),
                        list_step(params.output, "I list the slides again to see each stamp."))
