"""Tidy the bullets of a deck several people wrote, by one house rule: drop the full stop at the end
of each bullet (or add it where it is missing), start every bullet with a capital, remove stray
spaces, remove empty bullets; on every slide, or on one named slide only."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from preparers.presentation import Bullet, make_deck, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._draw import pick
from workflows.presentation._deck import SAVE, deck_paths, list_step, save_code
from workflows.presentation._mess import CLEAN, MESS
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Rule = Literal["no_periods", "periods", "capitals", "spaces", "no_blanks"]
RULE = {
    "no_periods": "remove the full stop at the end of every bullet point (some have one, some do not)",
    "periods": "make every bullet point end with a full stop, adding it where it is missing",
    "capitals": "make every bullet point start with a capital letter",
    "spaces": "remove the stray spaces in the bullet points: double spaces between words and spaces at the start "
              "or end of a bullet",
    "no_blanks": "delete the empty bullet points (blank lines in the bullet lists)",
}
SCOPE = ("{% if slide_title %}on the slide \"{{ slide_title }}\" only (leave the other slides' bullets as they "
         "are){% else %}on every slide of the deck{% endif %}")
FIX = {  # python: `text` -> `new` for one paragraph; `new is None` deletes it
    "no_periods": "new = text[:-1] if text.endswith('.') and not text.endswith('..') else text",
    "periods": ("new = text if not text.strip() or text.rstrip().endswith(('.', '!', '?', ':')) "
                "else text.rstrip() + '.'"),
    "capitals": "new = text.lstrip(); new = text[:len(text) - len(new)] + new[:1].upper() + new[1:]",
    "spaces": "new = ' '.join(text.split())",
    "no_blanks": "new = text if text.strip() else None",
}


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    rule: Rule
    rule_text: str
    slide_title: str | None


class Options(SkillParams):
    rule: Rule | None = None
    one_slide: bool | None = None
    in_place: bool | None = None


@register_workflow
class TidyBullets(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.tidy_bullets", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"The bullet points of {{{{ input }}}} were written by several people. {{{{ rule_text[:1]|upper }}}}"
            f"{{{{ rule_text[1:] }}}}, {SCOPE}. Titles and every other text stay as they are. " + SAVE["formal"],
            f"Hi! Before {{{{ input }}}} goes to the board, could you {{{{ rule_text }}}} {SCOPE}? The wording "
            "itself is fine, so please change nothing else. " + SAVE["chatty"],
            f"{{{{ input }}}}: {{{{ rule_text }}}}, {SCOPE}. " + SAVE["terse"],
        ],
        criteria=["Every bullet in scope follows the rule, with its words unchanged.",
                  "Titles, other slides and the order of the bullets are unchanged."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A deck with untidy bullet points"),
               FileSlot(param="output", type="pptx", description="The deck with its bullets tidied")],
        checks=[CheckTemplate(func="slides.bullets_tidied", bind={"rule": "rule", "slide_title": "slide_title"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        rule = getattr(ctx.options, "rule", None) or ctx.rng.choice(list(RULE))
        one = pick(ctx, "one_slide")
        deck = make_deck(ctx.rng, ctx.faker)
        topics = [i for i, s in enumerate(deck.slides) if s.bullets and i > 1]
        target = ctx.rng.choice(topics)
        slides = list(deck.slides)
        for i, slide in enumerate(slides):
            if slide.bullets:
                spoilt = self._spoil(ctx, rule, slide.bullets, i in (target, topics[-1]))
                slides[i] = slide.model_copy(update={"bullets": spoilt})
        deck = deck.model_copy(update={"slides": slides})
        params = Params(**deck_paths(ctx, deck.file_stem, "tidy"), rule=rule, rule_text=RULE[rule],
                        slide_title=deck.slides[target].title if one else None)
        return params.with_files(input=write_pptx(deck))

    @staticmethod
    def _spoil(ctx: WorkflowContext, rule: str, clean: list[Bullet], last: bool) -> list[Bullet]:
        """About half the bullets spoilt (the last one too where `last`), each really changed."""
        tidy = CLEAN.get(rule, lambda text: text)
        out: list[Bullet] = []
        for k, bullet in enumerate(clean):
            text = tidy(bullet.text)
            hit = ctx.rng.random() < 0.5 or (last and k == len(clean) - 1)
            messy = MESS[rule](ctx.rng, text) if hit else text
            if hit and messy == text and rule == "spaces":
                messy = text + " "  # a one-word bullet the draw left alone
            out.append(Bullet(text=messy, level=bullet.level))
            if hit and rule == "no_blanks":
                out.append(Bullet(text="", level=bullet.level))
        return out

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import pptx
            from pptx.enum.shapes import PP_PLACEHOLDER
            deck = pptx.Presentation({lit(params.input)})
            only = {lit(params.slide_title)}
            for n, slide in enumerate(deck.slides, start=1):
                title = slide.shapes.title
                if only is not None and (title is None or " ".join(title.text_frame.text.split()) != only):
                    continue
                for shape in slide.placeholders:
                    if shape.placeholder_format.type not in (PP_PLACEHOLDER.BODY, PP_PLACEHOLDER.OBJECT):
                        continue
                    for paragraph in list(shape.text_frame.paragraphs):
                        text = paragraph.text
                        {FIX[params.rule]}
                        if new is None:
                            paragraph._p.getparent().remove(paragraph._p)
                        elif new != text:
                            runs = paragraph.runs
                            runs[0].text = new
                            for run in runs[1:]:
                                run.text = ""
                            print("slide", n, repr(text), "->", repr(new))
            {save_code(params.output)}
        """
        return solution(list_step(params.input, f"I list the slides of {params.input} to see the bullet points."),
                        script_step(script, "I go through the bullet paragraphs with python-pptx and apply the rule "
                                    "to each one in scope.", "Tidy the bullet points"),
                        list_step(params.output, "I list the slides again to check the bullets."))
