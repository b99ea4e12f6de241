"""Reorder a deck's topic slides by a rule - by title A to Z or Z to A, the opposite order, or the
slides nobody has written notes for moved behind the rest - keeping the title, agenda and
closing slides in place, and optionally bringing the agenda in line with the new order."""

from __future__ import annotations

from typing import Literal

from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from preparers.presentation import make_deck, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._deck import SAVE, deck_paths, list_step, save_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Rule = Literal["title_az", "title_za", "reverse", "notes_last"]
RULE = ("{% if rule == 'title_az' %}in alphabetical order of their titles (A to Z){% elif rule == 'title_za' %}"
        "in reverse alphabetical order of their titles (Z to A){% elif rule == 'reverse' %}in the opposite of their "
        "current order{% else %}with the slides that have no speaker notes moved after those that do, each group "
        "keeping its current order{% endif %}")
AGENDA = ("{% if update_agenda %}Then make the \"{{ agenda }}\" slide list the topic titles in the new order, one "
          "line each.{% else %}Leave every slide's content as it is, \"{{ agenda }}\" included.{% endif %}")
KEY = {"title_az": "sorted(topics, key=lambda s: title(s).casefold())",
       "title_za": "sorted(topics, key=lambda s: title(s).casefold(), reverse=True)",
       "reverse": "topics[::-1]",
       "notes_last": "[s for s in topics if notes(s)] + [s for s in topics if not notes(s)]"}


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    rule: Rule
    agenda: str
    update_agenda: bool


class Options(SkillParams):
    rule: Rule | None = None
    update_agenda: bool | None = None
    in_place: bool | None = None


@register_workflow
class ReorderSlides(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.reorder_slides", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"In {{{{ input }}}}, put the topic slides (every slide after \"{{{{ agenda }}}}\" except the closing "
            f"slide) {RULE}. The title slide, \"{{{{ agenda }}}}\" and the closing slide stay where they are, and each "
            f"slide keeps its notes. {AGENDA} " + SAVE["formal"],
            f"Could you shuffle the topic slides of {{{{ input }}}} around so they come {RULE}? Keep the first two "
            f"slides and the last one where they are. {AGENDA} " + SAVE["chatty"],
            f"{{{{ input }}}}: topic slides (between \"{{{{ agenda }}}}\" and the last slide) {RULE}. {AGENDA} "
            + SAVE["terse"],
        ],
        criteria=["The topic slides follow the rule.", "The first two and the last slide stay; slides keep their notes."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A presentation deck"),
               FileSlot(param="output", type="pptx", description="The reordered deck")],
        checks=[CheckTemplate(func="slides.reordered_by_rule", bind={"rule": "rule", "update_agenda": "update_agenda"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        rule = getattr(ctx.options, "rule", None) or ctx.rng.choice(list(KEY))
        update = getattr(ctx.options, "update_agenda", None)
        update = ctx.rng.random() < 0.5 if update is None else update
        for _ in range(20):
            deck = make_deck(ctx.rng, ctx.faker)
            topics = list(deck.slides[2:-1])
            if rule == "notes_last":
                quiet = set(ctx.rng.sample(range(len(topics) - 1), ctx.rng.randint(1, 2)))
                topics = [s.model_copy(update={"notes": ""}) if i in quiet else s for i, s in enumerate(topics)]
                deck = deck.model_copy(update={"slides": [*deck.slides[:2], *topics, deck.slides[-1]]})
            titles = [s.title.casefold() for s in topics]
            if rule == "notes_last" or titles not in (sorted(titles), sorted(titles, reverse=True)):
                break
        else:
            raise WorkflowError(f"no deck whose topic slides the rule {rule} would reorder")
        params = Params(**deck_paths(ctx, deck.file_stem, "reordered"), rule=rule, agenda=deck.slides[1].title,
                        update_agenda=update)
        return params.with_files(input=write_pptx(deck))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import pptx
            deck = pptx.Presentation({lit(params.input)})
            title = lambda s: " ".join(s.shapes.title.text_frame.text.split())
            notes = lambda s: s.has_notes_slide and s.notes_slide.notes_text_frame.text.strip()
            slides = list(deck.slides)
            topics = slides[2:-1]
            ordered = {KEY[params.rule]}
            ids = {{id(s): e for s, e in zip(slides, list(deck.slides._sldIdLst))}}
            order = deck.slides._sldIdLst
            for entry in [ids[id(s)] for s in topics]:
                order.remove(entry)
            for n, s in enumerate(ordered):
                order.insert(2 + n, ids[id(s)])
            if {lit(params.update_agenda)}:
                frame = slides[1].placeholders[1].text_frame
                frame.clear()
                for i, s in enumerate(ordered):
                    (frame.paragraphs[0] if i == 0 else frame.add_paragraph()).text = title(s)
            print([title(s) for s in deck.slides])
            {save_code(params.output)}
        """
        return solution(list_step(params.input, f"I list the slides of {params.input} with their notes."),
                        script_step(script, f"I reorder the topic slides in the slide list with python-pptx "
                                    f"({params.rule.replace('_', ' ')}).", "Reorder the slides"),
                        list_step(params.output, "I list the slides again to check the order."))
