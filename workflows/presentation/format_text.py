"""Format a part of a deck - every slide title, the title slide, all the body text or one slide's
text - bold, italic, underlined, in a font size or a font, as Impress's Format > Character does on
a selection; every other character keeps its format."""

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

Target = Literal["titles", "title_slide", "body", "slide"]
Change = Literal["bold", "italic", "underline", "size", "font"]
TARGET = ("{% if target == 'titles' %}every slide title{% elif target == 'title_slide' %}all the text on the "
          "title slide (its title and subtitle){% elif target == 'body' %}all the body text of every slide "
          "(everything except the titles){% else %}the body text of the \"{{ slide_title }}\" slide (not its "
          "title){% endif %}")
CHANGE = ("{% if change == 'size' %}{{ size_pt }}-point{% elif change == 'font' %}in the font {{ font }}"
          "{% elif change == 'underline' %}underlined{% else %}{{ change }}{% endif %}")
SIZES = {"titles": [32, 36, 40], "title_slide": [36, 40, 44], "body": [16, 18, 20], "slide": [14, 16, 20]}
FONTS = ["Arial", "Georgia", "Verdana", "Calibri", "Liberation Sans", "Trebuchet MS"]
PICK = {"titles": "is_title", "title_slide": "n == 1", "body": "not is_title",
        "slide": "not is_title and slide.shapes.title is not None and ' '.join(slide.shapes.title.text_frame.text.split()) == {slide_title}"}
APPLY = {"bold": "run.font.bold = True", "italic": "run.font.italic = True", "underline": "run.font.underline = True",
         "size": "run.font.size = Pt({size})", "font": "run.font.name = {font}"}


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    target: Target
    slide_title: str | None
    change: Change
    size_pt: int | None
    font: str | None


class Options(SkillParams):
    target: Target | None = None
    change: Change | None = None
    in_place: bool | None = None


@register_workflow
class FormatText(PreparedWorkflow[Params]):
    states_values = ("size_pt",)
    spec = WorkflowSpec(
        name="presentation.format_text", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"In {{{{ input }}}}, make {TARGET} {CHANGE}. Only that text changes format; every other character, "
            "the slide texts and their order stay as they are. " + SAVE["formal"],
            f"Before I present {{{{ input }}}}, could you make {TARGET} {CHANGE}? Please leave everything else "
            "exactly as it is. " + SAVE["chatty"],
            f"{{{{ input }}}}: {TARGET} -> {CHANGE}, nothing else. " + SAVE["terse"],
        ],
        criteria=["The named text carries the format asked for.", "No other text changed format or wording."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A presentation deck"),
               FileSlot(param="output", type="pptx", description="The deck with the text formatted")],
        checks=[CheckTemplate(func="slides.text_formatted", bind={"target": "target", "slide_title": "slide_title",
                                                                   "change": "change", "size_pt": "size_pt",
                                                                   "font": "font"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        target = getattr(ctx.options, "target", None) or ctx.rng.choice(list(SIZES))
        change = getattr(ctx.options, "change", None) or ctx.rng.choice(list(APPLY))
        deck = make_deck(ctx.rng, ctx.faker)
        slide_title = ctx.rng.choice([s.title for s in deck.slides[2:] if s.bullets]) if target == "slide" else None
        params = Params(**deck_paths(ctx, deck.file_stem, "formatted"), target=target, slide_title=slide_title,
                        change=change, size_pt=ctx.rng.choice(SIZES[target]) if change == "size" else None,
                        font=ctx.rng.choice(FONTS) if change == "font" else None)
        return params.with_files(input=write_pptx(deck))

    def reference(self, params: Params) -> ReferenceSolution:
        pick = PICK[params.target].format(slide_title=lit(params.slide_title))
        apply = APPLY[params.change].format(size=params.size_pt, font=lit(params.font))
        script = f"""
            import pptx
            from pptx.util import Pt
            deck = pptx.Presentation({lit(params.input)})
            count = 0
            for n, slide in enumerate(deck.slides, start=1):
                for shape in slide.shapes:
                    if not shape.has_text_frame or not shape.text_frame.text.strip():
                        continue
                    is_title = shape == slide.shapes.title
                    if not ({pick}):
                        continue
                    count += 1
                    for paragraph in shape.text_frame.paragraphs:
                        for run in paragraph.runs:
                            {apply}
            print(count, "text shapes formatted")
            {save_code(params.output)}
        """
        return solution(list_step(params.input, f"I list the slides of {params.input} to find the {params.target} text."),
                        script_step(script, f"I set {params.change} on every run of exactly those text shapes with "
                                    "python-pptx.", f"Format the {params.target}"),
                        list_step(params.output, "I list the slides again: the texts must read the same."))
