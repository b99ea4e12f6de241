"""Replace a word on every slide of a deck (titles and text, not the speaker notes) with Replace
All's two options set as asked: whole words only or not, matching case or not."""

from __future__ import annotations

from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from preparers.presentation import make_deck, write_pptx
from workflows._prepared import PreparedWorkflow
from workflows._replace import OPTIONS, ReplaceOptions, ReplaceParams, option_score
from workflows._steps import lit, script_step, solution
from workflows.presentation._deck import SAVE, deck_paths, list_step, save_code
from workflows.spec import (
    CheckTemplate,
    FileSlot,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
)

SWAPS = [("customer", "client"), ("team", "group"), ("cost", "expense"), ("target", "goal"), ("sales", "revenue"),
         ("staff", "people"), ("launch", "release"), ("support", "service"), ("plan", "roadmap"), ("rate", "ratio"),
         ("time", "duration"), ("region", "territory"), ("month", "period"), ("review", "check-in")]


Params, Options = ReplaceParams, ReplaceOptions


@register_workflow
class ReplaceOnSlides(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.replace_with_options", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f'On every slide of {{{{ input }}}} (titles and text, not the speaker notes), replace "{{{{ old }}}}" with '
            f'"{{{{ new }}}}" - {OPTIONS}. ' + SAVE["formal"],
            f'Marketing wants "{{{{ new }}}}" instead of "{{{{ old }}}}" in {{{{ input }}}}. Could you do a replace-all '
            f"on the slides ({OPTIONS})? Leave the notes alone. " + SAVE["chatty"],
            f'{{{{ input }}}} slides: "{{{{ old }}}}" -> "{{{{ new }}}}" ({OPTIONS}; notes untouched). ' + SAVE["terse"],
        ],
        criteria=["Exactly the occurrences the options select are replaced on the slides.", "Notes unchanged."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A presentation deck"),
               FileSlot(param="output", type="pptx", description="The reworded deck")],
        checks=[CheckTemplate(func="slides.replaced_by_rule", bind={"old": "old", "new": "new",
                                                                     "whole_word": "whole_word", "match_case": "match_case"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        whole, case = getattr(ctx.options, "whole_word", None), getattr(ctx.options, "match_case", None)
        whole = ctx.rng.random() < 0.5 if whole is None else whole
        case = ctx.rng.random() < 0.5 if case is None else case
        best: tuple[int, object, list[tuple[str, str]]] = (0, None, [])
        for _ in range(12):
            deck = make_deck(ctx.rng, ctx.faker)
            text = "\n".join(t for s in deck.slides for t in [s.title, s.subtitle, *(b.text for b in s.bullets)])
            scored = {pair: option_score(text, pair[0], whole, case) for pair in SWAPS}
            top = max(scored.values())
            if top > best[0]:
                best = (top, deck, [pair for pair, score in scored.items() if score == top])
            if top == 3:
                break
        if best[1] is None:
            raise WorkflowError("no deck mentions any of the words to replace")
        deck, fits = best[1], best[2]  # type: ignore[assignment]
        old, new = ctx.rng.choice(fits)
        params = Params(**deck_paths(ctx, deck.file_stem, "reworded"), old=old, new=new, whole_word=whole,
                        match_case=case)
        return params.with_files(input=write_pptx(deck))

    def reference(self, params: Params) -> ReferenceSolution:
        pattern = rf"(?<!\w){params.old}(?!\w)" if params.whole_word else params.old
        script = f"""
            import re, pptx
            deck = pptx.Presentation({lit(params.input)})
            pattern = re.compile({lit(pattern)}, {0 if params.match_case else "re.IGNORECASE"})
            count = 0
            for slide in deck.slides:
                for shape in slide.shapes:
                    if not shape.has_text_frame:
                        continue
                    for paragraph in shape.text_frame.paragraphs:
                        for run in paragraph.runs:
                            run.text, n = pattern.subn({lit(params.new)}, run.text)
                            count += n
            print(count, "replacements")
            {save_code(params.output)}
        """
        return solution(list_step(params.input, f"I list the slides of {params.input} to see where {params.old!r} is."),
                        script_step(script, "I replace run by run on every slide's text shapes (notes are a separate "
                                    "part, so they stay) with a regular expression encoding the options.",
                                    f"Replace {params.old} with {params.new}"),
                        list_step(params.output, "I list the slides again to check the wording."))
