"""Bring the slides of a second deck into the first: every slide, only the ones named, or only its
topic slides (not its title, agenda or closing slide); at the end, or before the first deck's
closing slide so the deck still ends on it. Slides keep their text and speaker notes."""

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

Which = Literal["all", "named", "topics"]
WHAT = ("{% if which == 'named' %}only the slides {% for t in titles %}\"{{ t }}\"{% if not loop.last %}, "
        "{% endif %}{% endfor %} from {{ second }}{% elif which == 'topics' %}the content slides of {{ second }} "
        "(everything except its title slide, its agenda and its closing slide){% else %}every slide of "
        "{{ second }}{% endif %}")
WHERE = ("{% if before_closing %}just before the closing slide \"{{ closing }}\", so the deck still ends on it"
         "{% else %}at the very end, after \"{{ closing }}\"{% endif %}")


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    second: str
    which: Which
    titles: list[str]
    before_closing: bool
    closing: str


class Options(SkillParams):
    which: Which | None = None
    before_closing: bool | None = None
    in_place: bool | None = None


@register_workflow
class AppendDeck(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.append_deck", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"Add {WHAT} to {{{{ input }}}}, {WHERE}. The added slides keep their order, text and speaker notes; "
            f"the slides already in {{{{ input }}}} stay as they are. " + SAVE["formal"],
            f"Priya sent me her part of the talk as {{{{ second }}}}. Could you pull {WHAT} into {{{{ input }}}}? "
            f"Put them {WHERE}, in her order, with her speaker notes. " + SAVE["chatty"],
            f"I want one deck for the session: {{{{ input }}}} followed by {WHAT}, placed {WHERE}, nothing lost. "
            + SAVE["terse"],
        ],
        criteria=["The chosen slides of the second deck appear, in their order, at the place asked.",
                  "Every slide keeps its text and notes; the first deck's slides are unchanged."],
        files=[FileSlot(param="input", type="pptx", role="input", description="The main deck"),
               FileSlot(param="second", type="pptx", role="input", description="The deck to take slides from"),
               FileSlot(param="output", type="pptx", description="The combined deck")],
        checks=[CheckTemplate(func="slides.decks_appended", paths={"input_file": "input", "second_file": "second"},
                              bind={"which": "which", "titles": "titles", "before_closing": "before_closing"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        which = getattr(ctx.options, "which", None) or ctx.rng.choice(["all", "named", "topics"])
        before = getattr(ctx.options, "before_closing", None)
        before = ctx.rng.random() < 0.5 if before is None else before
        first = make_deck(ctx.rng, ctx.faker)
        second = make_deck(ctx.rng, ctx.faker)
        while second.title == first.title:
            second = make_deck(ctx.rng, ctx.faker)
        topics = second.slides[2:-1]
        picked = ctx.rng.sample(range(len(topics)), ctx.rng.randint(2, min(3, len(topics) - 1)))
        titles = [topics[i].title for i in sorted(picked)]
        base = deck_paths(ctx, first.file_stem, "combined")
        folder = str(base["input"]).rsplit("/", 1)[0] + "/" if "/" in str(base["input"]) else ""
        params = Params(**base, second=f"{folder}{second.file_stem}.pptx", which=which,
                        titles=titles if which == "named" else [], before_closing=before,
                        closing=first.slides[-1].title)
        return params.with_files(input=write_pptx(first), second=write_pptx(second))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import copy, pptx
            deck = pptx.Presentation({lit(params.input)})
            other = pptx.Presentation({lit(params.second)})
            slides = list(other.slides)
            if {lit(params.which)} == "topics":
                slides = slides[2:-1]
            elif {lit(params.which)} == "named":
                names = {{t.casefold() for t in {lit(params.titles)}}}
                slides = [s for s in slides if s.shapes.title is not None
                          and s.shapes.title.text_frame.text.strip().casefold() in names]
            at = len(deck.slides) - 1 if {lit(params.before_closing)} else len(deck.slides)
            for n, source in enumerate(slides):
                layout = next(l for l in deck.slide_layouts if l.name == source.slide_layout.name)
                slide = deck.slides.add_slide(layout)
                for shape in list(slide.shapes):
                    shape._element.getparent().remove(shape._element)
                for shape in source.shapes:
                    slide.shapes._spTree.insert_element_before(copy.deepcopy(shape._element), "p:extLst")
                if source.has_notes_slide:
                    slide.notes_slide.notes_text_frame.text = source.notes_slide.notes_text_frame.text
                order = deck.slides._sldIdLst; new = order[-1]; order.remove(new); order.insert(at + n, new)
                print("added:", source.shapes.title.text_frame.text)
            {save_code(params.output)}
        """
        return solution(list_step(params.input, f"I list the slides of {params.input}."),
                        list_step(params.second, f"I list the slides of {params.second} to pick the ones to add."),
                        script_step(script, "python-pptx has no copy-between-decks call: I add a slide on the same "
                                    "layout, copy each shape's XML and the notes, and move it into place.",
                                    "Append the slides"),
                        list_step(params.output, "I list the combined deck to check the order."))
