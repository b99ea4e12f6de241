"""Hide slides from the slide show without deleting them: named slides, or the backup slides
after the closing slide (kept for questions)."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from preparers.presentation import Bullet, SlideContent, make_deck, write_pptx
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

Which = Literal["named", "backup"]
WHAT = ('{% if after_title %}every slide after "{{ after_title }}" (the backup slides){% else %}the slides '
        '{% for t in titles %}"{{ t }}"{% if not loop.last %} and {% endif %}{% endfor %}{% endif %}')
BACKUP = ["Backup: detailed figures", "Backup: methodology", "Appendix: glossary", "Backup: assumptions"]


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    titles: list[str]
    after_title: str | None


class Options(SkillParams):
    which: Which | None = None
    in_place: bool | None = None


@register_workflow
class HideSlides(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.hide_slides", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"In {{{{ input }}}}, hide {WHAT} so they are skipped in the slide show but stay in the file. Every other "
            "slide stays visible and unchanged. " + SAVE["formal"],
            f"I'm presenting {{{{ input }}}} to a short audience - can you hide {WHAT}? Don't delete anything. "
            + SAVE["chatty"],
            f"{{{{ input }}}}: hide {WHAT} (not delete). " + SAVE["terse"],
        ],
        criteria=["Exactly the slides asked for are hidden.", "No slide deleted, moved or changed."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A presentation deck"),
               FileSlot(param="output", type="pptx", description="The deck with hidden slides")],
        checks=[CheckTemplate(func="slides.hidden_set", bind={"titles": "titles", "after_title": "after_title"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        which = getattr(ctx.options, "which", None) or ctx.rng.choice(["named", "backup"])
        deck = make_deck(ctx.rng, ctx.faker)
        slides = list(deck.slides)
        if which == "backup":
            slides += [SlideContent(layout="bullets", title=t, bullets=[Bullet(text=b.text) for b in
                                                                        ctx.rng.choice(deck.slides[2:-1]).bullets])
                       for t in ctx.rng.sample(BACKUP, ctx.rng.randint(2, 3))]
        titles = [] if which == "backup" else [s.title for s in ctx.rng.sample(deck.slides[2:-1], ctx.rng.randint(1, 2))]
        params = Params(**deck_paths(ctx, deck.file_stem, "short"), titles=titles,
                        after_title=deck.slides[-1].title if which == "backup" else None)
        return params.with_files(input=write_pptx(deck.model_copy(update={"slides": slides})))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import pptx
            deck = pptx.Presentation({lit(params.input)})
            names = {{t.casefold() for t in {lit(params.titles)}}}
            past = False
            for n, slide in enumerate(deck.slides, start=1):
                title = slide.shapes.title.text_frame.text.strip() if slide.shapes.title is not None else ""
                if title.casefold() in names or past:
                    slide._element.set("show", "0")
                    print("hidden:", n, title)
                past = past or title == {lit(params.after_title)}
            {save_code(params.output)}
        """
        return solution(list_step(params.input, f"I list the slides of {params.input} to find the ones to hide."),
                        script_step(script, "I set show=\"0\" on those slides (Slide > Hide Slide in Impress).",
                                    "Hide the slides"),
                        list_step(params.output, "I list the slides again; all are still there."))
