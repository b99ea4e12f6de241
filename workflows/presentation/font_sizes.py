"""Bring a deck's font sizes within a house limit after several people pasted text into it: raise
every size below a minimum (readable from the back of the room), or bring every size above a
maximum down to it; in the body text only, or in the titles too. Sizes within the limit stay."""

from __future__ import annotations

import io
from typing import Literal

from forge.models import ReferenceSolution
from preparers._ooxml import normalize_package
from preparers.presentation import DeckContent, make_deck, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._deck import SAVE, deck_paths, list_step, save_code
from workflows.presentation._draw import pick
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Limit = Literal["at_least", "at_most"]
SIZES = {"title": [14, 16, 24, 28, 32, 36, 40, 44], "body": [10, 11, 12, 14, 16, 18, 20, 24, 28, 32]}
OUTSIDE = {"at_least": 12, "at_most": 36}  # the last topic slide's sizes: outside every limit of its kind
LIMITS = {"at_least": [13, 15, 17], "at_most": [22, 26, 30]}
RULE = ("{% if limit == 'at_least' %}no text smaller than {{ size_pt }} pt: raise every smaller size to {{ size_pt }} "
        "pt{% else %}no text larger than {{ size_pt }} pt: bring every larger size down to {{ size_pt }} pt{% endif %}"
        "; text already within the limit keeps its size")
SCOPE = ("{% if titles %}all text, slide titles included{% else %}the body text (the slide titles stay as they "
         "are){% endif %}")


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    limit: Limit
    size_pt: int
    titles: bool


class Options(SkillParams):
    limit: Limit | None = None
    titles: bool | None = None
    in_place: bool | None = None


def with_sizes(deck: DeckContent, pick_size: object) -> bytes:
    """The deck as pptx with an explicit size on every run: `pick_size(kind, slide index)`, kind title|body."""
    import pptx
    from pptx.util import Pt

    prs = pptx.Presentation(io.BytesIO(write_pptx(deck)))
    for at, slide in enumerate(prs.slides):
        for shape in slide.shapes:
            if not shape.has_text_frame:
                continue
            kind = "title" if shape == slide.shapes.title else "body"
            for paragraph in shape.text_frame.paragraphs:
                size = pick_size(kind, at)  # type: ignore[operator]
                for run in paragraph.runs:
                    run.font.size = Pt(size)
    buf = io.BytesIO()
    prs.save(buf)
    return normalize_package(buf.getvalue(), doc_time=f"{deck.date.isoformat()}T09:00:00Z")


@register_workflow
class FontSizes(PreparedWorkflow[Params]):
    states_values = ("size_pt",)
    spec = WorkflowSpec(
        name="presentation.font_sizes", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"The text sizes in {{{{ input }}}} are all over the place. Apply the house rule to {SCOPE}: {RULE}. "
            "The wording stays as it is. " + SAVE["formal"],
            f"Could you fix the font sizes in {{{{ input }}}}? For {SCOPE}: {RULE}. Please don't change any text. "
            + SAVE["chatty"],
            f"{{{{ input }}}}, {SCOPE}: {RULE}. " + SAVE["terse"],
        ],
        criteria=["Every size in scope meets the limit; sizes already within it are unchanged.",
                  "Text out of scope keeps its size; no wording changed."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A deck with mixed text sizes"),
               FileSlot(param="output", type="pptx", description="The deck with its sizes within the limit")],
        checks=[CheckTemplate(func="slides.sizes_clamped", bind={"limit": "limit", "size_pt": "size_pt",
                                                                 "titles": "titles"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        limit = getattr(ctx.options, "limit", None) or ctx.rng.choice(["at_least", "at_most"])
        titles = pick(ctx, "titles")
        size = ctx.rng.choice(LIMITS[limit])  # no run sits on it: the drawn sizes are all even or listed
        deck = make_deck(ctx.rng, ctx.faker)
        last = len(deck.slides) - 2  # the last topic slide breaks the limit in its title and body
        data = with_sizes(deck, lambda kind, at: OUTSIDE[limit] if at == last else ctx.rng.choice(SIZES[kind]))
        params = Params(**deck_paths(ctx, deck.file_stem, "sizes"), limit=limit, size_pt=size, titles=titles)
        return params.with_files(input=data)

    def reference(self, params: Params) -> ReferenceSolution:
        clamp = "max" if params.limit == "at_least" else "min"
        script = f"""
            import pptx
            from pptx.util import Pt
            deck = pptx.Presentation({lit(params.input)})
            for n, slide in enumerate(deck.slides, start=1):
                for shape in slide.shapes:
                    if not shape.has_text_frame or (shape == slide.shapes.title and not {lit(params.titles)}):
                        continue
                    for run in (r for p in shape.text_frame.paragraphs for r in p.runs):
                        if run.font.size is not None:
                            new = {clamp}(run.font.size.pt, {lit(params.size_pt)})
                            if new != run.font.size.pt:
                                print("slide", n, repr(run.text[:30]), run.font.size.pt, "->", new)
                                run.font.size = Pt(new)
            {save_code(params.output)}
        """
        return solution(list_step(params.input, f"I list the slides of {params.input}."),
                        script_step(script, "I go through every run in scope with python-pptx and bring its size "
                                    "to the limit.", "Fix the font sizes"),
                        list_step(params.output, "I list the slides again to check the text is unchanged."))
