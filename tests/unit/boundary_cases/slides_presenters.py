"""Boundary cases of `forge.checks.slides_presenters` on real decks: the LAST presenter's last slide
missing or another's slide in their deck, the slides out of order, the title or closing copy
missing or unasked, the 'Presenter:' line kept or taken out against the ask, a name no slide has."""

from __future__ import annotations

import datetime as dt
from typing import Any

from preparers.presentation import Bullet, DeckContent, SlideContent, write_pptx
from tests.unit.boundary_cases import Case

OWNERS = [("Highlights", "Ann"), ("Pipeline", "Bo"), ("Hiring", "Ann"), ("Risks", "Cy"), ("Budget", "Cy")]
TITLE = SlideContent(layout="title", title="Quarterly Review", subtitle="Ann Lee")
CLOSE = SlideContent(layout="title_only", title="Questions")


def _topic(title: str, owner: str, marker: bool = True) -> SlideContent:
    note = f"Presenter: {owner}\nKeep it short." if marker else "Keep it short."
    return SlideContent(layout="bullets", title=title, bullets=[Bullet(text=f"{title} in short")], notes=note)


def _deck(slides: list[SlideContent]) -> bytes:
    return write_pptx(DeckContent(title="Q", author="Ann Lee", date=dt.date(2025, 3, 4), file_stem="q", slides=slides))


SHARED = _deck([TITLE, *[_topic(t, o) for t, o in OWNERS], CLOSE])
NAMES = ["Ann", "Bo", "Cy"]
OUTS = ["ann.pptx", "bo.pptx", "cy.pptx"]


def parts(title: bool = False, closing: bool = False, marker: bool = True,
          last: list[tuple[str, str]] | None = None) -> list[bytes]:
    """Each presenter's deck as asked; the LAST one's slides replaced by `last`."""
    out = []
    for name in NAMES:
        own = [(t, o) for t, o in OWNERS if o == name] if name != NAMES[-1] or last is None else last
        out.append(_deck([*[TITLE] * title, *[_topic(t, o, marker) for t, o in own], *[CLOSE] * closing]))
    return out


def presenter_case(label: str, decks: list[bytes], options: dict[str, Any], passes: bool, says: str = "",
                   names: list[str] = NAMES) -> Case:
    return Case(label, None, {"input_file": "deck.pptx", "first_file": OUTS[0], "second_file": OUTS[1],
                              "third_file": OUTS[2], "presenters": names, "title_slide": False, "closing": False,
                              "strip_marker": False, **options}, passes, says,
                files=dict(zip(OUTS, decks, strict=True)), originals={"deck.pptx": SHARED})


FRAMED = {"title_slide": True, "closing": True}
STRIP = {"strip_marker": True}

PRESENTERS = [
    presenter_case("each presenter's slides", parts(), {}, True),
    presenter_case("the last presenter's last slide missing", parts(last=[("Risks", "Cy")]), {}, False,
                   "cy.pptx has 1 slides"),
    presenter_case("another's slide in the last deck", parts(last=[("Risks", "Cy"), ("Budget", "Cy"),
                                                                   ("Pipeline", "Bo")]), {}, False,
                   "cy.pptx has 3 slides"),
    presenter_case("the slides out of order", parts(last=[("Budget", "Cy"), ("Risks", "Cy")]), {}, False,
                   "slide 1 of cy.pptx is titled 'Budget', expected 'Risks'"),
    presenter_case("framed by title and closing copies", parts(title=True, closing=True), FRAMED, True),
    presenter_case("the closing copy missing", parts(title=True), FRAMED, False, "ann.pptx has 3 slides"),
    presenter_case("a title copy unasked", parts(title=True), {}, False,
                   "slide 1 of ann.pptx is titled 'Quarterly Review', expected 'Highlights'"),
    presenter_case("the presenter line taken out", parts(marker=False), STRIP, True),
    presenter_case("the presenter line kept against the ask", parts(), STRIP, False,
                   "the notes of slide 1 ('Highlights') of ann.pptx read 'Presenter: Ann Keep it short.'"),
    presenter_case("the presenter line taken out unasked", parts(marker=False), {}, False,
                   "the notes of slide 1 ('Highlights') of ann.pptx read 'Keep it short.'"),
    presenter_case("a name no slide has", parts(), {}, False, "no slide of deck.pptx names the presenter 'Di'",
                   names=["Ann", "Bo", "Di"]),
]

CASES = {"slides.split_by_presenter": PRESENTERS}
