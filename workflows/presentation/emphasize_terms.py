"""Pick out key words in a deck's bullets the way presenters make them jump out: every mention of
a named term, every percentage, or the label that opens a bullet ('Owner:') set bold, italic or
underlined - on every slide or on one named slide - and nothing else."""

from __future__ import annotations

import textwrap
from typing import Literal

from forge.models import ReferenceSolution
from preparers._corpora import corpus
from preparers.presentation import Bullet, DeckContent, bullet_text, make_deck, write_pptx
from preparers.fake import month_name
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._body import SCOPE, paragraphs_code, spoilt_slides, topics
from workflows.presentation._deck import SAVE, deck_paths, list_step, save_code
from workflows.presentation._draw import pick
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Target = Literal["term", "percent", "label"]
Style = Literal["bold", "italic", "underline"]
WHAT = {
    "term": "every mention of \"{{ term }}\" in the bullet points (whatever its case)",
    "percent": "every percentage in the bullet points (the number and its % sign)",
    "label": "each label that opens a bullet point, such as 'Owner:' or 'Status:' (the label's words and its colon)",
}
WHAT_JINJA = "".join(f"{{% {'if' if i == 0 else 'elif'} target == '{t}' %}}{text}" for i, (t, text)
                     in enumerate(WHAT.items())) + "{% endif %}"
STYLE = {"bold": "bold", "italic": "italic", "underline": "underlined"}
LABELS = ["Owner: {name}", "Status: on track", "Next review: {month}", "Decision needed: budget sign-off",
          "Contact: {name}", "Due date: end of {month}"]


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    target: Target
    term: str | None
    style: Style
    style_text: str
    slide_title: str | None


class Options(SkillParams):
    target: Target | None = None
    style: Style | None = None
    one_slide: bool | None = None
    in_place: bool | None = None


def _plant(ctx: WorkflowContext, deck: DeckContent, target: str) -> tuple[DeckContent, str | None, int]:
    """The deck with what the target covers planted on some topic slides (the target slide and the
    last one always, other slides too); the term; the target slide."""
    data = corpus("decks")
    titles = " ".join(s.title for s in deck.slides).casefold()
    term = ctx.rng.choice([m for m in data["metrics"] if m.casefold() not in titles]) if target == "term" else None
    templates = [t for t in data["bullet_templates"] if "{metric" in t and ("{pct}" in t or target != "percent")]
    spoilt, chosen = spoilt_slides(ctx, deck)
    slides = list(deck.slides)
    for i in sorted(spoilt | {ctx.rng.choice(topics(deck))}):
        if target == "label":
            text = ctx.rng.choice(LABELS).format(name=ctx.faker.name(), month=month_name(ctx.faker))
        else:
            text = bullet_text(ctx.rng, ctx.faker, ctx.rng.choice(templates), term)
        bullets = list(slides[i].bullets)
        bullets.insert(ctx.rng.randrange(len(bullets) + 1) if i != topics(deck)[-1] else len(bullets),
                       Bullet(text=text))
        slides[i] = slides[i].model_copy(update={"bullets": bullets})
    return deck.model_copy(update={"slides": slides}), term, chosen


@register_workflow
class EmphasizeTerms(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.emphasize_terms", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"In {{{{ input }}}}, make {WHAT_JINJA} {{{{ style_text }}}}, {SCOPE}. Only those characters change; "
            "the wording and the rest of the formatting stay as they are. " + SAVE["formal"],
            f"Could you make the key bits of {{{{ input }}}} stand out for the review? I'd like {WHAT_JINJA} "
            f"{{{{ style_text }}}}, {SCOPE} - nothing else formatted. " + SAVE["chatty"],
            f"{{{{ input }}}}: {WHAT_JINJA} {{{{ style_text }}}}, {SCOPE}. " + SAVE["terse"],
        ],
        criteria=["Every character the request covers carries the style asked for.",
                  "No other text changed its formatting or wording."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A deck with plain bullet text"),
               FileSlot(param="output", type="pptx", description="The deck with the key words emphasized")],
        checks=[CheckTemplate(func="slides.terms_emphasized", bind={"target": "target", "term": "term",
                                                                    "style": "style", "slide_title": "slide_title"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        target = getattr(ctx.options, "target", None) or ctx.rng.choice(list(WHAT))
        style = getattr(ctx.options, "style", None) or ctx.rng.choice(list(STYLE))
        one = pick(ctx, "one_slide")
        deck, term, chosen = _plant(ctx, make_deck(ctx.rng, ctx.faker), target)
        params = Params(**deck_paths(ctx, deck.file_stem, "marked"), target=target, term=term, style=style,
                        style_text=STYLE[style], slide_title=deck.slides[chosen].title if one else None)
        return params.with_files(input=write_pptx(deck))

    def reference(self, params: Params) -> ReferenceSolution:
        pattern = {"term": f"(?<!\\w){{}}(?!\\w)", "percent": r"\d+(?:[.,]\d+)?\s?%",
                   "label": r"^\s*(?:[^\s:]+ ){0,2}[^\s:]+:"}[params.target]
        script = paragraphs_code(params.input, params.slide_title) + textwrap.dedent(f"""
            import re
            pattern = re.compile({lit(pattern)}.replace("{{}}", re.escape({lit(params.term or "")})), re.IGNORECASE)
            for n, paragraph in found:
                text = paragraph.text
                cuts = [m.span() for m in pattern.finditer(text)]
                if not cuts:
                    continue
                for run in list(paragraph.runs):
                    paragraph._p.remove(run._r)
                at = 0
                for start, end in cuts + [(len(text), len(text))]:
                    for piece, on in ((text[at:start], False), (text[start:end], True)):
                        if piece:
                            run = paragraph.add_run()
                            run.text = piece
                            if on:
                                run.font.{params.style} = True
                    at = end
                print("slide", n, [text[a:b] for a, b in cuts])
            {save_code(params.output)}
        """)
        return solution(list_step(params.input, f"I list the slides of {params.input} to find the text to pick out."),
                        script_step(script, f"I split each bullet's text into runs with python-pptx and make the "
                                    f"matching pieces {STYLE[params.style]}.", "Emphasize the key words"),
                        list_step(params.output, "I list the slides again to check nothing else changed."))
