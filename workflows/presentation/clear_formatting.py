"""Clear the direct formatting pasted into a deck's bullets so they follow the template again (Format
> Clear Direct Formatting): every kind, only the odd fonts and sizes, or only bold, italic and
underline - on every slide or one named slide; titles keep their own formatting."""

from __future__ import annotations

import io
import textwrap
from typing import Literal

from forge.models import ReferenceSolution
from preparers._ooxml import normalize_package
from preparers.presentation import make_deck, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._body import SCOPE, paragraphs_code, spoilt_slides
from workflows.presentation._deck import SAVE, deck_paths, list_step, save_code
from workflows.presentation._draw import pick
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Which = Literal["all", "fonts", "emphasis"]
WHAT = {"all": "all the direct character formatting (fonts, sizes, bold, italic, underline)",
        "fonts": "the odd fonts and font sizes (keep any bold, italic or underline)",
        "emphasis": "the bold, italic and underline (keep the fonts and sizes as they are)"}
CLEAR = {"all": ("bold", "italic", "underline", "name", "size"), "fonts": ("name", "size"),
         "emphasis": ("bold", "italic", "underline")}
PASTED = [("bold", True), ("italic", True), ("underline", True), ("name", "Comic Sans MS"), ("name", "Courier New"),
          ("size", 13.5), ("size", 21)]


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    which: Which
    what: str
    slide_title: str | None


class Options(SkillParams):
    which: Which | None = None
    one_slide: bool | None = None
    in_place: bool | None = None


def _pasted(ctx: WorkflowContext, data: bytes, slides: set[int], forced: set[int], title_at: int) -> bytes:
    """The deck with pasted formats on some bullets of `slides` (each a font or size and an
    emphasis; the last bullet of each `forced` slide always) and a bold title of its own at `title_at`."""
    import pptx
    from pptx.util import Pt

    deck = pptx.Presentation(io.BytesIO(data))
    for i, slide in enumerate(deck.slides):
        if i == title_at:
            slide.shapes.title.text_frame.paragraphs[0].runs[0].font.bold = True
        if i not in slides:
            continue
        paragraphs = list(slide.placeholders[1].text_frame.paragraphs)
        for k, paragraph in enumerate(paragraphs):
            if ctx.rng.random() < 0.5 or (i in forced and k == len(paragraphs) - 1):
                for attr, value in (ctx.rng.choice(PASTED[:3]), ctx.rng.choice(PASTED[3:])):
                    target = paragraph.runs[0].font
                    setattr(target, attr, Pt(value) if attr == "size" else value)
    out = io.BytesIO()
    deck.save(out)
    return out.getvalue()


@register_workflow
class ClearFormatting(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.clear_formatting", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"Text pasted into {{{{ input }}}} brought its own formatting with it. In the bullet points, {SCOPE}, "
            "clear {{ what }} so they follow the template again. Titles keep their formatting and no wording "
            "changes. " + SAVE["formal"],
            f"The bullets in {{{{ input }}}} look patchy since people pasted from other documents. Could you clear "
            f"{{{{ what }}}} from them, {SCOPE}? Leave the titles alone. " + SAVE["chatty"],
            f"{{{{ input }}}}: clear {{{{ what }}}} from the bullets, {SCOPE}. " + SAVE["terse"],
        ],
        criteria=["The bullets in scope carry none of the cleared formats and keep the others.",
                  "Titles, other slides and every wording are unchanged."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A deck with pasted formatting"),
               FileSlot(param="output", type="pptx", description="The deck with the formatting cleared")],
        checks=[CheckTemplate(func="slides.formatting_cleared", bind={"which": "which", "slide_title": "slide_title"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        which = getattr(ctx.options, "which", None) or ctx.rng.choice(list(WHAT))
        one = pick(ctx, "one_slide")
        deck = make_deck(ctx.rng, ctx.faker)
        spoilt, target = spoilt_slides(ctx, deck)
        data = _pasted(ctx, write_pptx(deck), spoilt, {target, max(spoilt)}, ctx.rng.choice(sorted(spoilt)))
        params = Params(**deck_paths(ctx, deck.file_stem, "plain"), which=which, what=WHAT[which],
                        slide_title=deck.slides[target].title if one else None)
        return params.with_files(input=normalize_package(data, doc_time=f"{deck.date.isoformat()}T09:00:00Z"))

    def reference(self, params: Params) -> ReferenceSolution:
        script = paragraphs_code(params.input, params.slide_title) + textwrap.dedent(f"""
            for n, paragraph in found:
                for run in paragraph.runs:
                    for attr in {lit(list(CLEAR[params.which]))}:
                        if getattr(run.font, attr) is not None:
                            print("slide", n, repr(run.text[:30]), attr, getattr(run.font, attr))
                            setattr(run.font, attr, None)
            {save_code(params.output)}
        """)
        return solution(list_step(params.input, f"I list the slides of {params.input}."),
                        script_step(script, "I unset the pasted character formats on the bullets in scope with "
                                    "python-pptx, so they inherit the template's.", "Clear the direct formatting"),
                        list_step(params.output, "I list the slides again to check nothing else changed."))
