"""Give each agenda item the number of the slide it points to ('Pipeline (slide 5)' or 'Pipeline - 5')
so a reader can jump to it: added to a plain agenda, or brought up to date after slides were added
or moved and the old numbers went stale."""

from __future__ import annotations

import textwrap
from typing import Literal

from forge.models import ReferenceSolution
from preparers.presentation import Bullet, DeckContent, SlideContent, make_deck, more_bullets, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import script_step, solution
from workflows.presentation._body import open_code, topics
from workflows.presentation._deck import SAVE, deck_paths, list_step, save_code
from workflows.presentation._draw import pick
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Form = Literal["paren", "dash"]
EXAMPLE = {"paren": "'Pipeline (slide 5)'", "dash": "'Pipeline - 5'"}
CODE = {"paren": "f'{name} (slide {n})'", "dash": "f'{name} - {n}'"}
SHOWN = {"paren": "{} (slide {})", "dash": "{} - {}"}
STATE = ("{% if stale %}the numbers it shows are out of date since slides were added and moved{% else %}it lists "
         "the topics without their slide numbers{% endif %}")


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    stale: bool
    form: Form
    example: str


class Options(SkillParams):
    stale: bool | None = None
    form: Form | None = None
    in_place: bool | None = None


def _stale(ctx: WorkflowContext, deck: DeckContent, form: str) -> DeckContent:
    """The agenda numbered as the deck once stood, then a slide added before the topics or two topics swapped."""
    items = [b.text for b in deck.slides[1].bullets]
    where = {s.title: n for n, s in enumerate(deck.slides, start=1)}
    numbered = [Bullet(text=SHOWN[form].format(t, where[t])) for t in items]
    agenda = deck.slides[1].model_copy(update={"bullets": numbered})
    slides = [deck.slides[0], agenda, *deck.slides[2:]]
    found = topics(deck)
    if ctx.rng.random() < 0.5:
        slides.insert(2, SlideContent(layout="bullets", title=ctx.rng.choice(["Context", "Summary", "At a glance"]),
                                      bullets=more_bullets(ctx.rng, ctx.faker, 3)))
    else:
        a = ctx.rng.choice(found[:-1])
        slides[a], slides[found[-1]] = slides[found[-1]], slides[a]
    return deck.model_copy(update={"slides": slides})


@register_workflow
class AgendaNumbers(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.agenda_numbers", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"The Agenda slide of {{{{ input }}}}: {STATE}. Make each agenda item show the number of the slide with "
            "that title, written like {{ example }}. Keep the items in their order and wording; no other slide "
            "changes. " + SAVE["formal"],
            f"Could you fix the agenda in {{{{ input }}}}? Right now {STATE}. I'd like every item to end with "
            "its slide number, like {{ example }}. " + SAVE["chatty"],
            "{{ input }}: agenda items with their current slide numbers, like {{ example }}. " + SAVE["terse"],
        ],
        criteria=["Every agenda item shows the current number of its slide, in the form asked.",
                  "The agenda's order and wording, and every other slide, are unchanged."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A deck with an agenda slide"),
               FileSlot(param="output", type="pptx", description="The deck with a numbered agenda")],
        checks=[CheckTemplate(func="slides.agenda_numbered", bind={"form": "form"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        stale = pick(ctx, "stale")
        form = getattr(ctx.options, "form", None) or ctx.rng.choice(list(EXAMPLE))
        deck = make_deck(ctx.rng, ctx.faker)
        deck = _stale(ctx, deck, form) if stale else deck
        params = Params(**deck_paths(ctx, deck.file_stem, "numbered"), stale=stale, form=form, example=EXAMPLE[form])
        return params.with_files(input=write_pptx(deck))

    def reference(self, params: Params) -> ReferenceSolution:
        script = open_code(params.input) + textwrap.dedent(f"""
            numbers = {{title(s): n for n, s in enumerate(deck.slides, start=1)}}
            agenda = next(s for s in deck.slides if title(s) == "Agenda")
            for paragraph in agenda.placeholders[1].text_frame.paragraphs:
                if not paragraph.text.strip():
                    continue
                name = re.sub(r"\\s*(?:\\(slide \\d+\\)|[-–] \\d+)$", "", " ".join(paragraph.text.split()))
                n = numbers[name]
                paragraph.runs[0].text = {CODE[params.form]}
                for run in paragraph.runs[1:]:
                    run.text = ""
                print(paragraph.text)
            {save_code(params.output)}
        """)
        return solution(list_step(params.input, f"I list the slides of {params.input} to see where each topic is."),
                        script_step(script, "I rewrite each agenda item with python-pptx as its title and the "
                                    "number of the slide with that title.", "Number the agenda"),
                        list_step(params.output, "I list the slides again to check the agenda."))
