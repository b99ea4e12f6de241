"""Condense a deck by merging one topic slide into another: the second slide's bullets added below
the first's, as they are or grouped under a bullet with the second slide's title; the speaker
notes joined or the first's kept; the second slide deleted."""

from __future__ import annotations

import textwrap

from forge.models import ReferenceSolution
from preparers.presentation import make_deck, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._body import open_code, topics
from workflows.presentation._deck import SAVE, deck_paths, drop_slide_code, list_step, save_code
from workflows.presentation._draw import pick
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

HOW = ("{% if as_sub %}add a bullet reading \"{{ from_title }}\" at the end of its list and put the bullets of "
       "\"{{ from_title }}\" under it as sub-bullets (one level deeper){% else %}add the bullets of "
       "\"{{ from_title }}\" at the end of its list, at the levels they have{% endif %}")
NOTES = ("{% if merge_notes %}its speaker notes followed by those of \"{{ from_title }}\"{% else %}only its own "
         "speaker notes (drop the other slide's){% endif %}")


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    into_title: str
    from_title: str
    as_sub: bool
    merge_notes: bool


class Options(SkillParams):
    as_sub: bool | None = None
    merge_notes: bool | None = None
    in_place: bool | None = None


@register_workflow
class MergeSlides(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.merge_slides", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"{{{{ input }}}} is too long for its slot. Merge the slide \"{{{{ from_title }}}}\" into \"{{{{ "
            f"into_title }}}}\": on \"{{{{ into_title }}}}\", {HOW}. Keep {NOTES}. Then delete \"{{{{ from_title "
            "}}\". The other slides, the agenda included, stay as they are. " + SAVE["formal"],
            f"We need to cut a slide from {{{{ input }}}}. Could you fold \"{{{{ from_title }}}}\" into "
            f"\"{{{{ into_title }}}}\"? On \"{{{{ into_title }}}}\", {HOW}; keep {NOTES}; and remove the "
            "\"{{ from_title }}\" slide. Nothing else changes. " + SAVE["chatty"],
            f"{{{{ input }}}}: merge \"{{{{ from_title }}}}\" into \"{{{{ into_title }}}}\" ({HOW}; {NOTES}), then "
            "delete it. " + SAVE["terse"],
        ],
        criteria=["The slide kept ends with the other slide's bullets, in the form asked, and the notes asked for.",
                  "The merged-away slide is gone; every other slide, the agenda included, is unchanged."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A deck one slide too long"),
               FileSlot(param="output", type="pptx", description="The deck with the two slides merged")],
        checks=[CheckTemplate(func="slides.slides_merged", bind={
            "into_title": "into_title", "from_title": "from_title", "as_sub": "as_sub", "merge_notes": "merge_notes"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        as_sub, merge_notes = pick(ctx, "as_sub"), pick(ctx, "merge_notes")
        deck = make_deck(ctx.rng, ctx.faker)
        into, gone = ctx.rng.sample(topics(deck), 2)
        params = Params(**deck_paths(ctx, deck.file_stem, "merged"), into_title=deck.slides[into].title,
                        from_title=deck.slides[gone].title, as_sub=as_sub, merge_notes=merge_notes)
        return params.with_files(input=write_pptx(deck))

    def reference(self, params: Params) -> ReferenceSolution:
        script = open_code(params.input) + textwrap.dedent(drop_slide_code()) + textwrap.dedent(f"""
            slides = list(deck.slides)
            into = next(s for s in slides if title(s) == {lit(params.into_title)})
            gone = next(s for s in slides if title(s) == {lit(params.from_title)})
            frame = into.placeholders[1].text_frame
            extra = 1 if {lit(params.as_sub)} else 0
            if extra:
                frame.add_paragraph().text = title(gone)
            for paragraph in gone.placeholders[1].text_frame.paragraphs:
                if paragraph.text.strip():
                    added = frame.add_paragraph()
                    added.text, added.level = paragraph.text, paragraph.level + extra
            notes = gone.notes_slide.notes_text_frame.text if gone.has_notes_slide else ""
            if {lit(params.merge_notes)} and notes.strip():
                mine = into.notes_slide.notes_text_frame
                mine.text = (mine.text + "\\n" + notes).strip()
            drop(deck, slides.index(gone))
            print([title(s) for s in deck.slides])
            {save_code(params.output)}
        """)
        return solution(list_step(params.input, f"I list the slides of {params.input} with their bullets and notes."),
                        script_step(script, "I copy the second slide's bullets (and notes) onto the first with "
                                    "python-pptx, then delete the second slide.", "Merge the two slides"),
                        list_step(params.output, "I list the slides again to check the merged slide."))
