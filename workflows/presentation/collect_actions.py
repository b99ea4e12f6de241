"""Gather a meeting deck's action items onto one slide: every bullet opening with the team's marker
('Action:') listed without it, in deck order, on a new slide before the closing slide or right
after the agenda; each item with the title of the slide it came from, or plain; the bullets kept
on their slides or moved off them."""

from __future__ import annotations

import textwrap
from typing import Literal

from forge.models import ReferenceSolution
from preparers._corpora import corpus
from preparers.presentation import Bullet, DeckContent, make_deck, write_pptx
from preparers.fake import month_name
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._body import topics
from workflows.presentation._deck import SAVE, deck_paths, list_step, save_code
from workflows.presentation._draw import pick
from workflows.presentation._place import find_code, place_last_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Place = Literal["before_closing", "after_agenda"]
ACTIONS = ["Send the {metric} figures to {name}", "Book a follow-up with the {dept} team",
           "Confirm the budget owner for {dept}", "Share the revised plan with {name}",
           "Publish the FAQ before {month}", "Agree the pilot sites with {company}",
           "Check the {metric} forecast with {name}", "Draft the update for the {dept} team"]
ITEMS = ("a new slide titled \"{{ title }}\" {% if before %}just before the closing slide \"{{ anchor_title }}\""
         "{% else %}right after the \"{{ anchor_title }}\" slide{% endif %}, listing every bullet that starts with "
         "\"{{ marker }}\", in the order they appear in the deck, without the \"{{ marker }}\"{% if with_source %} "
         "and each followed by the title of its slide in brackets, like 'Publish the FAQ (Launch timeline)'"
         "{% endif %}")
MOVE = ("{% if move %}Take those bullets off their slides once they are on the new one{% else %}Leave the bullets "
        "on their slides as well{% endif %}")


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    marker: str
    title: str
    move: bool
    with_source: bool
    anchor_title: str
    before: bool


class Options(SkillParams):
    move: bool | None = None
    with_source: bool | None = None
    place: Place | None = None
    in_place: bool | None = None


def _with_actions(ctx: WorkflowContext, deck: DeckContent, marker: str) -> DeckContent:
    """Action bullets planted on about half the topic slides (the last one always), and a bullet
    that starts like one but is not, on another slide."""
    data, business = corpus("decks"), corpus("business")
    found = topics(deck)
    slides = list(deck.slides)
    for i in found:
        bullets = list(slides[i].bullets)
        if i == found[-1] or ctx.rng.random() < 0.5:
            for _ in range(ctx.rng.randint(1, 2)):
                text = ctx.rng.choice(ACTIONS).format(metric=ctx.rng.choice(data["metrics"]).lower(),
                                                      name=ctx.faker.name(), month=month_name(ctx.faker),
                                                      dept=ctx.rng.choice(business["departments"]),
                                                      company=ctx.faker.company())
                bullets.insert(ctx.rng.randrange(len(bullets) + 1), Bullet(text=f"{marker} {text}"))
        elif ctx.rng.random() < 0.5:
            bullets.append(Bullet(text="All actions from the last review are closed"))
        slides[i] = slides[i].model_copy(update={"bullets": bullets})
    return deck.model_copy(update={"slides": slides})


@register_workflow
class CollectActions(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.collect_actions", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"The action items agreed in the meeting are spread over the slides of {{{{ input }}}}. Add {ITEMS}. "
            f"{MOVE}. Nothing else changes. " + SAVE["formal"],
            f"Could you pull the actions together in {{{{ input }}}}? Everyone wants them in one place: {ITEMS}. "
            f"{MOVE}, please. " + SAVE["chatty"],
            f"{{{{ input }}}}: add {ITEMS}. {MOVE}. " + SAVE["terse"],
        ],
        criteria=["A new slide with the title asked for lists every marked bullet, in deck order, without the "
                  "marker (with its slide's title where asked).",
                  "The new slide sits where asked; the marked bullets stay or go as asked; nothing else changed."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A meeting deck with action bullets"),
               FileSlot(param="output", type="pptx", description="The deck with the action items slide")],
        checks=[CheckTemplate(func="slides.actions_collected", bind={
            "marker": "marker", "title": "title", "move": "move", "with_source": "with_source",
            "anchor_title": "anchor_title", "before": "before"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        move, with_source = pick(ctx, "move"), pick(ctx, "with_source")
        place = getattr(ctx.options, "place", None) or ctx.rng.choice(["before_closing", "after_agenda"])
        marker = ctx.rng.choice(["Action:", "ACTION:", "To do:"])
        deck = _with_actions(ctx, make_deck(ctx.rng, ctx.faker), marker)
        before = place == "before_closing"
        params = Params(**deck_paths(ctx, deck.file_stem, "actions"), marker=marker, move=move,
                        title=ctx.rng.choice(["Action items", "Agreed actions", "Actions from this review"]),
                        with_source=with_source, before=before,
                        anchor_title=deck.slides[-1].title if before else deck.slides[1].title)
        return params.with_files(input=write_pptx(deck))

    def reference(self, params: Params) -> ReferenceSolution:
        script = textwrap.dedent(f"""
            import pptx
            from pptx.enum.shapes import PP_PLACEHOLDER
            deck = pptx.Presentation({lit(params.input)})
            marker, items = {lit(params.marker)}, []
            for slide in list(deck.slides):
                title = " ".join(slide.shapes.title.text_frame.text.split()) if slide.shapes.title else ""
                for shape in slide.placeholders:
                    if shape.placeholder_format.type not in (PP_PLACEHOLDER.BODY, PP_PLACEHOLDER.OBJECT):
                        continue
                    for paragraph in list(shape.text_frame.paragraphs):
                        text = " ".join(paragraph.text.split())
                        if text.startswith(marker):
                            item = text[len(marker):].strip()
                            items.append(f"{{item}} ({{title}})" if {lit(params.with_source)} else item)
                            if {lit(params.move)}:
                                paragraph._p.getparent().remove(paragraph._p)
            print(items)
            new = deck.slides.add_slide(deck.slide_layouts[1])
            new.shapes.title.text = {lit(params.title)}
            frame = new.placeholders[1].text_frame
            for k, item in enumerate(items):
                (frame.paragraphs[0] if k == 0 else frame.add_paragraph()).text = item
            {find_code(params.anchor_title, "anchor")}
            {place_last_code("anchor" if params.before else "anchor + 1")}
            {save_code(params.output)}
        """)
        return solution(list_step(params.input, f"I list the slides of {params.input} to find the action bullets."),
                        script_step(script, "I collect the marked bullets with python-pptx, add the new slide and "
                                    "move it into place.", "Add the action items slide"),
                        list_step(params.output, "I list the slides again to check the new slide and its place."))
