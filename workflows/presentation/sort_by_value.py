"""Put one slide's bullets in order by the figure each carries - a KPI's percentage, a milestone's
date, a team's budget - highest or lowest first, as numbers and days rather than as text (April
before March alphabetically, €9,500 after €12,400)."""

from __future__ import annotations

import datetime as dt
import textwrap
from typing import Literal

from forge.models import ReferenceSolution
from preparers._corpora import corpus
from preparers.presentation import Bullet, SlideContent, make_deck, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._body import topics
from workflows.presentation._deck import SAVE, deck_paths, list_step, save_code
from workflows.presentation._draw import pick
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Key = Literal["percent", "date", "amount"]
MILESTONES = ["Design sign-off", "Supplier contract signed", "Pilot starts", "Training complete", "Go-live",
              "Post-launch review", "Budget approved", "Customer survey sent"]
TITLES = {"percent": "KPI snapshot", "date": "Milestones", "amount": "Budget by team"}
ORDER = {  # (key, descending) -> how the instruction says the order
    ("percent", True): "highest percentage first", ("percent", False): "lowest percentage first",
    ("date", True): "latest date first", ("date", False): "earliest date first",
    ("amount", True): "largest amount first", ("amount", False): "smallest amount first",
}
PATTERN = {"percent": r"(\d+(?:\.\d+)?)\s?%", "date": r"\b(\d{1,2} [A-Z][a-z]+ \d{4})\b",
           "amount": r"[€$£]\s?(\d[\d,]*(?:\.\d+)?)"}
VALUE = {"percent": "float(m.group(1))", "date": "datetime.datetime.strptime(m.group(1), '%d %B %Y')",
         "amount": "float(m.group(1).replace(',', ''))"}


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    slide_title: str
    key: Key
    descending: bool
    order: str


class Options(SkillParams):
    key: Key | None = None
    descending: bool | None = None
    in_place: bool | None = None


def _lines(ctx: WorkflowContext, key: str, count: int) -> list[tuple[float, str]]:
    """`count` bullets as (value, text), each with a distinct value of `key`, in no order."""
    if key == "percent":
        metrics = ctx.rng.sample(corpus("decks")["metrics"], count)
        return [(p, f"{m}{ctx.rng.choice([' at', ':'])} {p}%") for m, p in
                zip(metrics, ctx.rng.sample(range(2, 99), count), strict=True)]
    if key == "date":
        start = dt.date(ctx.rng.choice([2025, 2026]), 1, 1)
        days = [start + dt.timedelta(days=d) for d in ctx.rng.sample(range(0, 360, 3), count)]
        return [(d.toordinal(), f"{m} on {d.day} {d:%B %Y}")
                for m, d in zip(ctx.rng.sample(MILESTONES, count), days, strict=True)]
    sign = ctx.rng.choice(["€", "$", "£"])
    teams = ctx.rng.sample(corpus("business")["departments"], count)
    return [(a, f"{t}: {sign}{a:,} budgeted") for t, a in
            zip(teams, ctx.rng.sample(range(1500, 98000, 100), count), strict=True)]


def _unsorted(pairs: list[tuple[float, str]]) -> list[str]:
    """The texts, in an order that is neither ascending nor descending by value."""
    values = [v for v, _ in pairs]
    if values in (sorted(values), sorted(values, reverse=True)):
        pairs = [pairs[1], pairs[0], *pairs[2:]]
    return [t for _, t in pairs]


@register_workflow
class SortByValue(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.sort_by_value", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            "On the slide \"{{ slide_title }}\" of {{ input }}, put the bullet points in order by the "
            "{% if key == 'date' %}date{% elif key == 'amount' %}amount{% else %}percentage{% endif %} in each one, "
            "{{ order }}. Keep each bullet's wording; the other slides stay as they are. " + SAVE["formal"],
            "The \"{{ slide_title }}\" slide in {{ input }} is in no particular order - could you sort its bullets "
            "{{ order }}? Please compare them as {% if key == 'date' %}dates{% else %}numbers{% endif %}, not "
            "alphabetically. " + SAVE["chatty"],
            "{{ input }}, slide \"{{ slide_title }}\": sort the bullets {{ order }}. " + SAVE["terse"],
        ],
        criteria=["The slide's bullets are the same, ordered by the value each carries, in the direction asked.",
                  "No other slide changed."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A deck with an unordered slide"),
               FileSlot(param="output", type="pptx", description="The deck with that slide's bullets sorted")],
        checks=[CheckTemplate(func="slides.bullets_sorted_by_value",
                              bind={"slide_title": "slide_title", "key": "key", "descending": "descending"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        key = getattr(ctx.options, "key", None) or ctx.rng.choice(list(TITLES))
        descending = pick(ctx, "descending")
        deck = make_deck(ctx.rng, ctx.faker)
        lines = _unsorted(_lines(ctx, key, ctx.rng.randint(4, 7)))
        slide = SlideContent(layout="bullets", title=TITLES[key], bullets=[Bullet(text=t) for t in lines])
        at = ctx.rng.choice(topics(deck)) + 1
        deck = deck.model_copy(update={"slides": [*deck.slides[:at], slide, *deck.slides[at:]]})
        params = Params(**deck_paths(ctx, deck.file_stem, "sorted"), slide_title=TITLES[key], key=key,
                        descending=descending, order=ORDER[(key, descending)])
        return params.with_files(input=write_pptx(deck))

    def reference(self, params: Params) -> ReferenceSolution:
        script = textwrap.dedent(f"""
            import datetime, re
            import pptx
            deck = pptx.Presentation({lit(params.input)})
            slide = next(s for s in deck.slides if s.shapes.title is not None
                         and s.shapes.title.text_frame.text.strip() == {lit(params.slide_title)})
            frame = slide.placeholders[1].text_frame
            def value(text):
                m = re.search({lit(PATTERN[params.key])}, text)
                return {VALUE[params.key]}
            lines = sorted((p.text for p in frame.paragraphs if p.text.strip()), key=value,
                           reverse={lit(params.descending)})
            for paragraph, text in zip(frame.paragraphs, lines):
                paragraph.runs[0].text = text
                for run in paragraph.runs[1:]:
                    run.text = ""
            print(lines)
            {save_code(params.output)}
        """)
        return solution(list_step(params.input, f"I list the slides of {params.input} to read the bullets."),
                        script_step(script, "I sort the slide's bullets by the value in each with python-pptx, "
                                    "comparing them as values, not as text.", "Sort the bullets"),
                        list_step(params.output, "I list the slides again to check the order."))
