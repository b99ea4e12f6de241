"""Boundary cases of `forge.checks.slides_titles_fill` on real decks: the LAST untitled slide left,
the first bullet copied but not moved, the text box kept beside the new title (or left as the
only title), the agenda's items taken one place off, a titled slide renamed, nothing to fill."""

from __future__ import annotations

import datetime as dt
from typing import Any

from preparers.presentation import Bullet, DeckContent, SlideContent, write_pptx
from tests.unit.boundary_cases import Case

TOPICS = ["Highlights", "Pipeline", "Risks"]


def _slide(title: str, shown: str = "", boxed: bool = False, first_line: bool = False) -> SlideContent:
    """A topic slide titled `shown` (its real title `title` kept in the first bullet or a box where asked)."""
    bullets = [Bullet(text=title)] if first_line else []
    return SlideContent(layout="bullets", title=shown, boxes=[title] if boxed else [],
                        bullets=[*bullets, Bullet(text=f"{title} in brief"), Bullet(text="Next review in May")])


def _deck(topics: list[SlideContent]) -> bytes:
    slides = [SlideContent(layout="title", title="Quarterly Business Review", subtitle="Ann Lee, 4 March"),
              SlideContent(layout="bullets", title="Agenda", bullets=[Bullet(text=t) for t in TOPICS]),
              *topics, SlideContent(layout="title_only", title="Questions and discussion")]
    return write_pptx(DeckContent(title="Quarterly Business Review", author="Ann Lee", date=dt.date(2025, 3, 4),
                                  file_stem="qbr", slides=slides))


FIXED = _deck([_slide(t, t) for t in TOPICS])
LINES = _deck([_slide("Highlights", "Highlights"), _slide("Pipeline", first_line=True),
               _slide("Risks", first_line=True)])
BOXES = _deck([_slide("Highlights", "Highlights"), _slide("Pipeline", boxed=True), _slide("Risks", boxed=True)])
BLANK = _deck([_slide("Highlights"), _slide("Pipeline", "Pipeline"), _slide("Risks")])


def titles_case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "",
                given: bytes = LINES) -> Case:
    return Case(label, None, {"file": "out.pptx", "input_file": "in.pptx", "source": "first_line", **options},
                passes, says, files={"out.pptx": output}, originals={"in.pptx": given})


BOX = {"source": "text_box"}
AGENDA = {"source": "agenda", "agenda_title": "Agenda"}

TITLES_FILLED = [
    titles_case("first bullets moved into the titles", FIXED, {}, True),
    titles_case("the last untitled slide left", _deck([_slide(t, t) for t in TOPICS[:2]] +
                                                     [_slide("Risks", first_line=True)]), {}, False,
                "slide 5 of out.pptx is titled '', expected 'Risks'"),
    titles_case("the first bullet copied, not moved", _deck([_slide(t, t, first_line=t != "Highlights")
                                                             for t in TOPICS]), {}, False,
                "slide 4 ('Pipeline') of out.pptx reads ['Pipeline', 'Pipeline in brief'"),
    titles_case("nothing untitled", FIXED, {}, False, "already has a title", given=FIXED),
    titles_case("text boxes made titles", FIXED, BOX, True, given=BOXES),
    titles_case("the box kept beside the title", _deck([_slide(t, t, boxed=t == "Risks") for t in TOPICS]), BOX,
                False, "slide 5 ('Risks') still has a text box with its title", given=BOXES),
    titles_case("the box left as the only title", BOXES, BOX, False,
                "slide 4 of out.pptx is titled '', expected 'Pipeline'", given=BOXES),
    titles_case("no box to take a title from", FIXED, BOX, False, "slide 4 of in.pptx has no title and nothing",
                given=LINES),
    titles_case("titles from the agenda", FIXED, AGENDA, True, given=BLANK),
    titles_case("the agenda taken one place off", _deck([_slide("Highlights", "Pipeline"),
                                                         _slide("Pipeline", "Pipeline"),
                                                         _slide("Risks", "Questions and discussion")]), AGENDA,
                False, "slide 3 of out.pptx is titled 'Pipeline', expected 'Highlights'", given=BLANK),
    titles_case("a titled slide renamed", _deck([_slide("Highlights", "Highlights"), _slide("Pipeline", "Pipes"),
                                                 _slide("Risks", "Risks")]), AGENDA, False,
                "slide 4 of out.pptx is titled 'Pipes'", given=BLANK),
    titles_case("no agenda named", FIXED, {"source": "agenda"}, False, "needs the agenda slide's title",
                given=BLANK),
]

CASES = {"slides.titles_filled": TITLES_FILLED}
