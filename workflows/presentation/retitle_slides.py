"""Change every slide title by one rule: headline case (a style guide), or numbered '1. ...' from
the slide after the title slide (for a handout). Bodies and notes stay as they are."""

from __future__ import annotations

from typing import Literal

from forge.checks.slides_edits import title_case
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

Rule = Literal["title_case", "sentence_case", "upper", "number"]
HOW = {
    "title_case": ("put every slide title in headline case: capitalise each word, except a, an, and, as, at, by, for, "
                   "in, of, on, or, the, to, vs and with, which stay lower case unless they start the title"),
    "sentence_case": ("put every slide title in sentence case: only the first word starts with a capital, every "
                      "other word is lower case (codes with digits such as Q3 stay as they are)"),
    "upper": "put every slide title in capitals (all upper case)",
    "number": ('number the slide titles: starting from the second slide, prefix each title with its number, a full '
               'stop and a space ("1. ", "2. ", ...); the title slide stays unnumbered'),
}
CODE = {
    "title_case": ("' '.join(w if (w.isupper() and len(w) > 1 and not w.isalpha()) else w.lower() if i and "
                   "w.lower() in SMALL else w[:1].upper() + w[1:].lower() for i, w in enumerate(old.split()))"),
    "number": "f'{n - 1}. {old}' if n > 1 else old",
    "sentence_case": ("' '.join(w if (w.isupper() and not w.isalpha()) else w.lower() for w in old.split())"
                      "[:1].upper() + ' '.join(w if (w.isupper() and not w.isalpha()) else w.lower() for w in old.split())[1:]"),
    "upper": "old.upper()",
}


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    rule: Rule
    how: str


class Options(SkillParams):
    rule: Rule | None = None
    in_place: bool | None = None


@register_workflow
class RetitleSlides(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.retitle_slides", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            "Our style guide changed: in {{ input }}, {{ how }}. Change nothing else on the slides or in the notes. "
            + SAVE["formal"],
            "Could you fix the titles in {{ input }}? Please {{ how }}. Leave the slide contents and notes alone. "
            + SAVE["chatty"],
            "{{ input }}: {{ how }}; nothing else changes. " + SAVE["terse"],
        ],
        criteria=["Every title follows the rule.", "Slide bodies and notes are unchanged; no slide added or lost."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A presentation deck"),
               FileSlot(param="output", type="pptx", description="The deck with the new titles")],
        checks=[CheckTemplate(func="slides.titles_changed", bind={"rule": "rule"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        rule = getattr(ctx.options, "rule", None) or ctx.rng.choice(list(HOW))
        deck = make_deck(ctx.rng, ctx.faker)
        if rule == "sentence_case":  # a deck written in headline case, to be brought to sentence case
            deck = deck.model_copy(update={"slides": [s.model_copy(update={"title": title_case(s.title)})
                                                      for s in deck.slides]})
        params = Params(**deck_paths(ctx, deck.file_stem, "retitled"), rule=rule, how=HOW[rule])
        return params.with_files(input=write_pptx(deck))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import pptx
            SMALL = {{"a", "an", "and", "as", "at", "by", "for", "in", "of", "on", "or", "the", "to", "vs", "with"}}
            deck = pptx.Presentation({lit(params.input)})
            for n, slide in enumerate(deck.slides, start=1):
                title = slide.shapes.title
                if title is None or not title.text_frame.text.strip():
                    continue
                old = " ".join(title.text_frame.text.split())
                title.text_frame.text = {CODE[params.rule]}
                print(n, old, "->", title.text_frame.text)
            {save_code(params.output)}
        """
        return solution(list_step(params.input, f"I list the slides of {params.input} to see the current titles."),
                        script_step(script, "I rewrite each title by the rule with python-pptx, leaving every other "
                                    "shape and the notes alone.", "Retitle the slides"),
                        list_step(params.output, "I list the slides again to confirm the new titles."))


