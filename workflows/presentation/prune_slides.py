"""Delete slides by a rule before a deck goes out: the ones whose title is marked '(old)', the ones
whose speaker notes say to cut them, or the backup slides after the closing slide."""

from __future__ import annotations

import textwrap
from typing import Literal

from forge.models import ReferenceSolution
from preparers.presentation import SlideContent, make_deck, more_bullets, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._deck import SAVE, deck_paths, drop_slide_code, list_step, save_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Rule = Literal["title", "notes", "after"]
RULE = ("{% if title_contains %}every slide whose title contains \"{{ title_contains }}\" (superseded versions)"
        "{% elif notes_contain %}every slide whose speaker notes contain \"{{ notes_contain }}\" (the presenter "
        "marked them to cut){% else %}every slide after \"{{ after_title }}\" (the backup slides){% endif %}")
MARKS = {"title": ["(old)", "(superseded)", "[draft]"], "notes": ["CUT", "drop this slide", "not for the client"]}
BACKUPS = ["Backup: detailed figures", "Backup: methodology", "Appendix: glossary", "Backup: assumptions"]


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    title_contains: str | None
    notes_contain: str | None
    after_title: str | None


class Options(SkillParams):
    rule: Rule | None = None
    in_place: bool | None = None


@register_workflow
class PruneSlides(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.prune_slides", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"In {{{{ input }}}}, delete {RULE}. The other slides stay as they are, in order. " + SAVE["formal"],
            f"Before {{{{ input }}}} goes to the client, could you delete {RULE}? Leave everything else alone. "
            + SAVE["chatty"],
            f"{{{{ input }}}}: delete {RULE}. " + SAVE["terse"],
        ],
        criteria=["Exactly the slides the rule names are deleted.", "The other slides are unchanged and in order."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A presentation deck"),
               FileSlot(param="output", type="pptx", description="The deck without those slides")],
        checks=[CheckTemplate(func="slides.pruned_by_rule", bind={
            "title_contains": "title_contains", "notes_contain": "notes_contain", "after_title": "after_title"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        rule = getattr(ctx.options, "rule", None) or ctx.rng.choice(["title", "notes", "after"])
        deck = make_deck(ctx.rng, ctx.faker)
        slides = list(deck.slides)
        topics = list(range(2, len(slides) - 1))
        marked = {topics[-1], *ctx.rng.sample(topics[:-1], ctx.rng.randint(1, 2))}
        mark = ctx.rng.choice(MARKS.get(rule, [""]))
        values: dict[str, str | None] = {"title_contains": None, "notes_contain": None, "after_title": None}
        for at in marked if rule != "after" else []:
            slide = slides[at]
            update = ({"title": f"{slide.title} {mark}"} if rule == "title" else
                      {"notes": f"{mark.upper() if mark == 'CUT' else mark.capitalize()} - {slide.notes}"})
            slides[at] = slide.model_copy(update=update)
        if rule == "after":
            values["after_title"] = slides[-1].title
            slides += [SlideContent(layout="bullets", title=t, bullets=more_bullets(ctx.rng, ctx.faker, 3))
                       for t in ctx.rng.sample(BACKUPS, ctx.rng.randint(2, 3))]
        else:
            values["title_contains" if rule == "title" else "notes_contain"] = mark
        deck = deck.model_copy(update={"slides": slides})
        params = Params(**deck_paths(ctx, deck.file_stem, "final"), **values)
        return params.with_files(input=write_pptx(deck))

    def reference(self, params: Params) -> ReferenceSolution:
        title, notes = (lit((v or "").casefold()) for v in (params.title_contains, params.notes_contain))
        rules = ["n > after" if params.after_title else "",
                 f"{title} in fold(slide.shapes.title)" if params.title_contains else "",
                 f"{notes} in notes" if params.notes_contain else ""]
        script = "\n".join([
            "import pptx", f"deck = pptx.Presentation({lit(params.input)})",
            textwrap.dedent(drop_slide_code()).strip(),
            "def fold(shape):",
            "    return ' '.join(shape.text_frame.text.split()).casefold() if shape is not None else ''",
            f"after = next((i for i, s in enumerate(deck.slides) if fold(s.shapes.title) == "
            f"{lit((params.after_title or '').casefold())}), None)",
            "for n in reversed(range(len(deck.slides))):",
            "    slide = deck.slides[n]",
            "    notes = ' '.join(slide.notes_slide.notes_text_frame.text.split()).casefold() "
            "if slide.has_notes_slide else ''",
            f"    if {next(r for r in rules if r)}:",
            "        print('deleting slide', n + 1, fold(slide.shapes.title))",
            "        drop(deck, n)",
            save_code(params.output)])
        return solution(list_step(params.input, f"I list the slides of {params.input} with their notes."),
                        script_step(script, "I delete the slides the rule names with python-pptx, from the last one "
                                    "back so the numbers hold.", "Delete the slides"),
                        list_step(params.output, "I list the slides again to check what remains."))
