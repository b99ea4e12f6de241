"""Duplicate a slide and retitle the copy - keeping its text and notes to edit later, or emptied to
a fill-in slide on the same layout - placed right after the original or at the end of the deck."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from preparers.presentation import make_deck, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._deck import SAVE, deck_paths, list_step, save_code
from workflows.presentation._place import find_code, place_last_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

BODY = ("{% if keep_body %}keeps all of the original's text and speaker notes{% else %}keeps only the title: empty "
        "its other text boxes and give it no speaker notes{% endif %}")
PLACE = "{% if place == 'after' %}directly after the original{% else %}at the very end of the deck{% endif %}"
SUFFIXES = [" (continued)", " - follow-up", " (draft)", " - next quarter", ": open points"]


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    title: str
    new_title: str
    keep_body: bool
    place: Literal["after", "end"]


class Options(SkillParams):
    keep_body: bool | None = None
    at_end: bool | None = None
    in_place: bool | None = None


@register_workflow
class DuplicateSlide(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.duplicate_slide", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"In {{{{ input }}}}, duplicate the slide \"{{{{ title }}}}\" and put the copy {PLACE}. The copy uses the "
            f"same layout, is titled \"{{{{ new_title }}}}\" and {BODY}. The original and every other slide stay "
            "as they are. " + SAVE["formal"],
            f"Could you make a copy of the \"{{{{ title }}}}\" slide in {{{{ input }}}}, {PLACE}? Retitle the copy "
            f"\"{{{{ new_title }}}}\"; it {BODY}. Nothing else should change. " + SAVE["chatty"],
            f"{{{{ input }}}}: I need a second \"{{{{ title }}}}\" slide, same layout, called \"{{{{ new_title }}}}\", "
            f"{PLACE}; the copy {BODY}. " + SAVE["terse"],
        ],
        criteria=["A copy of the slide, on its layout and retitled, sits where asked.",
                  "Its text and notes are kept or emptied as asked; every other slide is unchanged."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A presentation deck"),
               FileSlot(param="output", type="pptx", description="The deck with the copy")],
        checks=[CheckTemplate(func="slides.slide_duplicated", bind={"title": "title", "new_title": "new_title",
                                                                     "keep_body": "keep_body", "place": "place"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        keep = getattr(ctx.options, "keep_body", None)
        at_end = getattr(ctx.options, "at_end", None)
        deck = make_deck(ctx.rng, ctx.faker)
        title = ctx.rng.choice([s.title for s in deck.slides[2:-1]])
        params = Params(**deck_paths(ctx, deck.file_stem, "copy"), title=title,
                        new_title=title + ctx.rng.choice(SUFFIXES),
                        keep_body=ctx.rng.random() < 0.5 if keep is None else keep,
                        place=("end" if ctx.rng.random() < 0.5 else "after") if at_end is None else
                        ("end" if at_end else "after"))
        return params.with_files(input=write_pptx(deck))

    def reference(self, params: Params) -> ReferenceSolution:
        move = place_last_code() if params.place == "after" else "pass  # add_slide already put it last"
        script = f"""
            import copy, pptx
            deck = pptx.Presentation({lit(params.input)})
            {find_code(params.title)}
            source = deck.slides[after]
            slide = deck.slides.add_slide(source.slide_layout)
            for shape in list(slide.shapes):
                shape._element.getparent().remove(shape._element)
            for shape in source.shapes:
                slide.shapes._spTree.insert_element_before(copy.deepcopy(shape._element), "p:extLst")
            slide.shapes.title.text_frame.text = {lit(params.new_title)}
            if {lit(params.keep_body)} and source.has_notes_slide:
                slide.notes_slide.notes_text_frame.text = source.notes_slide.notes_text_frame.text
            else:
                for shape in slide.shapes:
                    if shape.has_text_frame and shape != slide.shapes.title:
                        shape.text_frame.clear()
            {move}
            {save_code(params.output)}
        """
        return solution(list_step(params.input, f"I list the slides of {params.input} to find {params.title!r}."),
                        script_step(script, "I add a slide on the same layout, copy the original's shapes into it "
                                    "with python-pptx, retitle it and move it into place.", "Duplicate the slide"),
                        list_step(params.output, "I list the slides again to check the copy and its place."))
