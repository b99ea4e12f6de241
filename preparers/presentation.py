"""The presentation preparer: seeded decks (title, agenda, bullet slides, notes) as byte-deterministic pptx.

`DeckContent` crosses to workflows: slides with a layout name, a title, bullets (text and
indent level) and speaker notes. Layouts are those of python-pptx's default template, which
LibreOffice Impress opens as they are.

    deck = make_deck(ctx.rng, ctx.faker)
    data = write_pptx(deck)                    # same deck -> same bytes
"""

from __future__ import annotations

import datetime as dt
import io
import random
from typing import Literal

from faker import Faker
from pydantic import BaseModel, ConfigDict, Field

from forge.errors import PreparerError
from preparers._corpora import corpus
from preparers._ooxml import normalize_package
from preparers.document import slug
from preparers.spec import register_preparer

Layout = Literal["title", "bullets", "section", "title_only"]
LAYOUT_INDEX: dict[str, int] = {"title": 0, "bullets": 1, "section": 2, "title_only": 5}


class Bullet(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    text: str
    level: int = Field(default=0, ge=0, le=2)


class SlideContent(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    layout: Layout
    title: str
    subtitle: str = ""
    bullets: list[Bullet] = Field(default_factory=list)
    notes: str = ""
    boxes: list[str] = Field(default_factory=list, description="Loose text boxes on the slide, one per text.")


class DeckContent(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    title: str
    author: str
    date: dt.date
    file_stem: str
    slides: list[SlideContent] = Field(min_length=1)


def _bullet(rng: random.Random, faker: Faker, template: str, metric: str | None = None) -> str:
    data = corpus("decks")
    metric = rng.choice(data["metrics"]) if metric is None else metric
    month = dt.date(2024, rng.randint(1, 12), 1).strftime("%B")
    return template.format(metric=metric, metric_lower=metric.lower(), pct=rng.randint(3, 28),
                           dept=rng.choice(corpus("business")["departments"]), company=faker.company(),
                           city=faker.city(), month=month)


def bullet_text(rng: random.Random, faker: Faker, template: str, metric: str | None = None) -> str:
    """One bullet in the decks' voice from `template` (a `bullet_templates` entry), about `metric` if given."""
    return _bullet(rng, faker, template, metric)


def more_bullets(rng: random.Random, faker: Faker, count: int) -> list[Bullet]:
    """`count` distinct top-level bullets in the decks' voice (a slide someone kept adding to)."""
    texts: list[str] = []
    while len(texts) < count:
        text = _bullet(rng, faker, rng.choice(corpus("decks")["bullet_templates"]))
        texts += [text] if text not in texts else []
    return [Bullet(text=t) for t in texts]


def make_deck(rng: random.Random, faker: Faker, *, topic: str | None = None) -> DeckContent:
    """A realistic deck: a title slide, an agenda, one bullet slide per agenda item, a closing slide."""
    data = corpus("decks")
    topic = topic or rng.choice(sorted(data["topics"]))
    if topic not in data["topics"]:
        raise PreparerError(f"unknown deck topic {topic!r}; known: {', '.join(sorted(data['topics']))}")
    date = dt.date(rng.choice([2024, 2025]), 1, 1) + dt.timedelta(days=rng.randrange(365))
    author = faker.name()
    items = data["topics"][topic][: rng.randint(4, len(data["topics"][topic]))]
    slides = [SlideContent(layout="title", title=topic, subtitle=f"{author}, {date:%d %B %Y}"),
              SlideContent(layout="bullets", title="Agenda", bullets=[Bullet(text=i) for i in items])]
    for item in items:
        bullets: list[Bullet] = []
        for template in rng.sample(data["bullet_templates"], rng.randint(2, 4)):
            bullets.append(Bullet(text=_bullet(rng, faker, template)))
            if rng.random() < 0.3:
                bullets.append(Bullet(text=_bullet(rng, faker, rng.choice(data["bullet_templates"])), level=1))
        note = rng.choice(data["note_templates"]).format(dept=rng.choice(corpus("business")["departments"]),
                                                         person=faker.first_name())
        slides.append(SlideContent(layout="bullets", title=item, bullets=bullets, notes=note))
    slides.append(SlideContent(layout="title_only", title="Questions and discussion"))
    return DeckContent(title=topic, author=author, date=date, slides=slides,
                       file_stem=f"{slug(topic)}_{date:%Y_%m}")


def write_pptx(deck: DeckContent) -> bytes:
    """The deck as pptx with the default template's layouts; notes on the notes pages."""
    import pptx
    from pptx.util import Emu

    prs = pptx.Presentation()
    for content in deck.slides:
        slide = prs.slides.add_slide(prs.slide_layouts[LAYOUT_INDEX[content.layout]])
        slide.shapes.title.text = content.title
        placeholders = [p for p in slide.placeholders if p.placeholder_format.idx != 0]
        if content.layout == "title" and placeholders:
            placeholders[0].text = content.subtitle
        if content.bullets:
            frame = placeholders[0].text_frame
            for i, bullet in enumerate(content.bullets):
                paragraph = frame.paragraphs[0] if i == 0 else frame.add_paragraph()
                paragraph.text, paragraph.level = bullet.text, bullet.level
        for k, text in enumerate(content.boxes):
            box = slide.shapes.add_textbox(Emu(457200), Emu(457200 + 640080 * k), Emu(8229600), Emu(640080))
            box.text_frame.text = text
        if content.notes:
            slide.notes_slide.notes_text_frame.text = content.notes
    props = prs.core_properties
    props.title, props.author, props.last_modified_by = deck.title, deck.author, deck.author
    props.created = props.modified = dt.datetime.combine(deck.date, dt.time(9, 0))
    buf = io.BytesIO()
    prs.save(buf)
    return normalize_package(buf.getvalue(), doc_time=f"{deck.date.isoformat()}T09:00:00Z")


@register_preparer("presentation")
class PresentationPreparer:
    """Seeded decks as pptx; workflows import this module's functions."""

    version = "1"
    file_types = ["pptx"]
