"""Short team decks, the kind each team sends for a monthly all-hands: a title slide ('Finance
update', the presenter and date) and two to four topic slides with speaker notes, titles unique
across the teams; and the reference lines that copy a slide from one deck into another
(python-pptx has no such call)."""

from __future__ import annotations

import datetime as dt

from preparers._corpora import corpus
from preparers.document import slug
from preparers.presentation import DeckContent, SlideContent, more_bullets
from workflows.spec import WorkflowContext

COPY = """
    def copy_slide(source, deck):
        layout = next(l for l in deck.slide_layouts if l.name == source.slide_layout.name)
        slide = deck.slides.add_slide(layout)
        for shape in list(slide.shapes):
            shape._element.getparent().remove(shape._element)
        for shape in source.shapes:
            slide.shapes._spTree.insert_element_before(copy.deepcopy(shape._element), "p:extLst")
        notes = source.notes_slide.notes_text_frame.text if source.has_notes_slide else ""
        if notes.strip():
            slide.notes_slide.notes_text_frame.text = notes
        return slide
"""


def team_decks(ctx: WorkflowContext, count: int, date: dt.date) -> list[DeckContent]:
    """`count` teams' decks for the all-hands on `date`, teams and slide titles all distinct."""
    decks = corpus("decks")
    titles = ctx.rng.sample(sorted({t for items in decks["topics"].values() for t in items}), count * 4)
    made = []
    for team in ctx.rng.sample(corpus("business")["departments"], count):
        author = ctx.faker.name()
        slides = [SlideContent(layout="title", title=f"{team} update", subtitle=f"{author}, {date:%d %B %Y}")]
        for _ in range(ctx.rng.randint(2, 4)):
            note = ctx.rng.choice(decks["note_templates"]).format(dept=team, person=ctx.faker.first_name())
            slides.append(SlideContent(layout="bullets", title=titles.pop(), notes=note if ctx.rng.random() < 0.7
                                       else "", bullets=more_bullets(ctx.rng, ctx.faker, ctx.rng.randint(2, 4))))
        made.append(DeckContent(title=f"{team} update", author=author, date=date, slides=slides,
                                file_stem=f"{slug(team)}_update_{date:%Y_%m}"))
    return made
