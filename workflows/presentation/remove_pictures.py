"""Delete pictures from a deck: all of them (a text-only version to print or mail), the ones on a
named slide, or the placeholder pictures a designer left in (their alternative text says
'placeholder'), before the deck goes out."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from preparers.filetypes.image import photo_jpeg
from preparers.presentation import make_deck
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._deck import SAVE, deck_paths, list_step, save_code
from workflows.presentation.alt_text import ALTS, with_pictures
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Which = Literal["all", "slide", "placeholders"]
WHICH = ("{% if which == 'all' %}every picture in the deck, so it is text only{% elif which == 'slide' %}the "
         "pictures on the slide \"{{ slide_title }}\" (the other slides keep theirs){% else %}the placeholder "
         "pictures the designer left in - the ones whose alternative text contains \"{{ alt_contains }}\" (real "
         "pictures stay){% endif %}")
PLACEHOLDERS = ["Placeholder image - replace", "PLACEHOLDER: product shot", "Placeholder photo (team)"]


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    which: Which
    slide_title: str | None
    alt_contains: str | None


class Options(SkillParams):
    which: Which | None = None
    in_place: bool | None = None


@register_workflow
class RemovePictures(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.remove_pictures", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"In {{{{ input }}}}, delete {WHICH}. Every slide keeps its title and text. " + SAVE["formal"],
            f"Before {{{{ input }}}} goes out, could you delete {WHICH}? Please leave the text alone. "
            + SAVE["chatty"],
            f"{{{{ input }}}}: delete {WHICH}. " + SAVE["terse"],
        ],
        criteria=["The pictures asked for are gone; every other picture is still on its slide.",
                  "No slide's text changed."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A deck with pictures"),
               FileSlot(param="output", type="pptx", description="The deck without those pictures")],
        checks=[CheckTemplate(func="slides.pictures_removed", bind={"slide_title": "slide_title",
                                                                    "alt_contains": "alt_contains"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        which = getattr(ctx.options, "which", None) or ctx.rng.choice(["all", "slide", "placeholders"])
        deck = make_deck(ctx.rng, ctx.faker)
        topics = list(range(2, len(deck.slides) - 1))
        chosen = sorted({*ctx.rng.sample(topics[:-1], min(3, len(topics) - 1)), topics[-1]})
        alts = [ctx.rng.choice(ALTS).format(metric="revenue", dept=ctx.rng.choice(["Sales", "Support", "Finance"]),
                                            city=ctx.faker.city()) for _ in chosen]
        marked = ctx.rng.sample(range(len(chosen)), 2)  # two placeholders among real pictures
        if which == "placeholders":
            alts = [ctx.rng.choice(PLACEHOLDERS) if k in marked else alt for k, alt in enumerate(alts)]
        pictures = {at: (photo_jpeg(ctx.rng, (480, 320)), alt) for at, alt in zip(chosen, alts, strict=True)}
        params = Params(**deck_paths(ctx, deck.file_stem, "no_pictures"), which=which,
                        slide_title=deck.slides[ctx.rng.choice(chosen)].title if which == "slide" else None,
                        alt_contains="placeholder" if which == "placeholders" else None)
        return params.with_files(input=with_pictures(deck, pictures))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import pptx
            from pptx.enum.shapes import MSO_SHAPE_TYPE
            deck = pptx.Presentation({lit(params.input)})
            for n, slide in enumerate(deck.slides, start=1):
                title = " ".join(slide.shapes.title.text_frame.text.split()) if slide.shapes.title is not None else ""
                if {lit(params.slide_title)} is not None and title != {lit(params.slide_title)}:
                    continue
                for shape in list(slide.shapes):
                    if shape.shape_type != MSO_SHAPE_TYPE.PICTURE:
                        continue
                    alt = shape._element.xpath("./*[1]/p:cNvPr")[0].get("descr", "")
                    if {lit(params.alt_contains)} is None or {lit(params.alt_contains)}.casefold() in alt.casefold():
                        shape._element.getparent().remove(shape._element)
                        print("slide", n, "deleted picture", repr(alt))
            {save_code(params.output)}
        """
        return solution(list_step(params.input, f"I list the slides of {params.input}."),
                        script_step(script, "I delete the pictures in scope with python-pptx, reading each one's "
                                    "alternative text.", "Delete the pictures"),
                        list_step(params.output, "I list the slides again to check the text is untouched."))
