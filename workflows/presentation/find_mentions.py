"""Find the slides of a deck that mention a name - a project's code name, a customer, a colleague -
and list them (before a name is dropped, or for whoever owns the topic): in their titles, on the
slides themselves, in their speaker notes, or either; as 'Slide N: Title' lines in a text file or as a CSV. The deck
is not changed (presentation.glossary_rename renames; this one only finds)."""

from __future__ import annotations

import random
import textwrap
from typing import Literal

from faker import Faker

from forge.checks.slides_review import Scope
from forge.models import ReferenceSolution
from preparers.presentation import Bullet, DeckContent, make_deck, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._deck import list_step
from workflows.presentation._findings import FORMAT, TITLE_CODE, write_found_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Form = Literal["txt", "csv"]
TERMS = ["Atlas", "Orion", "Falcon", "Nimbus", "Harbor", "Quartz", "Meridian", "Beacon", "Juniper", "Summit"]
WHERE = ("{% if scope == 'title' %}in their titles (a mention in the slide's text or notes does not count)"
         "{% elif scope == 'slide' %}on the slides themselves - in a title, the slide's text or a table (speaker notes "
         "do not count){% elif scope == 'notes' %}in their speaker notes (what is on the slide itself does not count)"
         "{% else %}anywhere: on the slide (title, text, tables) or in its speaker notes{% endif %}")
ON_SLIDE = ["{term} rollout on track for {month}", "Budget for {term} agreed", "{term} pilot feedback is positive",
            "Open questions on {term}"]
IN_NOTES = ["Mention the {term} pilot here.", "{term} figures come from {person}.",
            "If asked about {term}, say the decision is due in {month}."]
NAMES = ["mentions", "slides_found", "where_mentioned", "term_slides", "found"]
SEARCH = """
    import re, pptx
    deck = pptx.Presentation({input})
    term, scope = {term}, {scope}
    pattern = re.compile(r"(?<!\\w)" + re.escape(term) + r"(?!\\w)", re.IGNORECASE)
""" + TITLE_CODE + """
    def on_slide(slide):
        texts = [sh.text_frame.text for sh in slide.shapes if sh.has_text_frame]
        texts += [c.text for sh in slide.shapes if getattr(sh, "has_table", False) and sh.has_table
                  for row in sh.table.rows for c in row.cells]
        return any(pattern.search(t) for t in texts)
    def in_notes(slide):
        return slide.has_notes_slide and bool(pattern.search(slide.notes_slide.notes_text_frame.text))
    test = {{"title": lambda s: bool(pattern.search(title_of(s))), "slide": on_slide, "notes": in_notes,
            "either": lambda s: on_slide(s) or in_notes(s)}}[scope]
    found = [[n, title_of(s)] for n, s in enumerate(deck.slides, start=1) if test(s)]
"""


class Params(Prepared):
    input: str
    output: str
    form: Form
    term: str
    scope: Scope


class Options(SkillParams):
    scope: Scope | None = None
    form: Form | None = None


def _say(rng: random.Random, faker: Faker, template: str, term: str) -> str:
    spelled = rng.choice([term, term, term.upper(), term.lower()])
    return template.format(term=spelled, month=rng.choice(["March", "June", "October"]), person=faker.first_name())


def draw_deck(rng: random.Random, faker: Faker) -> tuple[DeckContent, str]:
    """A deck where the term is on some slides, in some slides' notes (other slides), on none of the rest."""
    deck = make_deck(rng, faker)
    term = rng.choice(TERMS)
    topics = list(range(2, len(deck.slides) - 1))
    rng.shuffle(topics)
    titled, shown, noted = topics[:1], topics[1:1 + rng.randint(1, 2)], topics[3:3 + rng.randint(1, 2)]
    slides = list(deck.slides)
    for k in titled + shown:
        slide = slides[k]
        if k in titled:
            slides[k] = slide.model_copy(update={"title": f"{slide.title} ({term})"})
        else:
            at = rng.randint(0, len(slide.bullets))
            said = Bullet(text=_say(rng, faker, rng.choice(ON_SLIDE), term))
            slides[k] = slide.model_copy(update={"bullets": [*slide.bullets[:at], said, *slide.bullets[at:]]})
    for k in noted:
        slides[k] = slides[k].model_copy(update={"notes": f"{slides[k].notes} "
                                                 f"{_say(rng, faker, rng.choice(IN_NOTES), term)}".strip()})
    return deck.model_copy(update={"slides": slides}), term


@register_workflow
class FindMentions(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.find_mentions", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"Find every slide of {{{{ input }}}} that mentions {{{{ term }}}} {WHERE}. The name counts as a whole "
            f"word, in any capitalisation. List the slides in {{{{ output }}}} as {FORMAT}, in deck order. Leave the "
            "deck unchanged.",
            f"Which slides in {{{{ input }}}} bring up {{{{ term }}}}? I only care about mentions {WHERE}; any "
            f"capitalisation counts, but it has to be the word itself, not part of a longer one. Could you put them "
            f"in {{{{ output }}}} - {FORMAT}, in the deck's order? Please don't edit the deck.",
            f"{{{{ input }}}}: slides mentioning \"{{{{ term }}}}\" (whole word, any case) {WHERE} -> "
            f"{{{{ output }}}}, {FORMAT}; deck order; deck unchanged.",
        ],
        criteria=["Every slide that mentions the name where asked is listed, by number and title, in deck order.",
                  "No other slide is listed; a mention elsewhere (notes vs slide) does not count unless asked."],
        files=[FileSlot(param="input", type="pptx", role="input", description="The deck to search"),
               FileSlot(param="output", type="txt", types_by={"form": {"csv": "csv"}},
                        description="The slides that mention the name")],
        checks=[CheckTemplate(func="slides.mentions_listed", paths={"input_file": "input"},
                              bind={"term": "term", "scope": "scope"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        scope: Scope = getattr(ctx.options, "scope", None) or ctx.rng.choice(["title", "slide", "notes", "either"])
        form: Form = getattr(ctx.options, "form", None) or ctx.rng.choice(["txt", "csv"])
        deck, term = draw_deck(ctx.rng, ctx.faker)
        folder = ctx.rng.choice(["", "slides/", "decks/"])
        params = Params(input=f"{folder}{deck.file_stem}.pptx", output=f"{folder}{ctx.rng.choice(NAMES)}.{form}",
                        form=form, term=term, scope=scope)
        return params.with_files(input=write_pptx(deck))

    def reference(self, params: Params) -> ReferenceSolution:
        script = textwrap.dedent(SEARCH.format(input=lit(params.input), term=lit(params.term),
                                               scope=lit(params.scope)))
        return solution(list_step(params.input, f"I list the slides of {params.input} with their notes."),
                        script_step(script + write_found_code(params.output),
                                    f"I search every slide's text, tables and notes for {params.term} as a whole "
                                    "word with python-pptx and list the slides where it counts.",
                                    "List the slides that mention it"),
                        script_step(f"print(open({lit(params.output)}, encoding='utf-8').read())",
                                    "I read the list back.", "Check the list"))
