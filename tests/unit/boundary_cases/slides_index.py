"""Boundary cases of `table.slides_listed` (a deck's slide index as a table): the last slide's row,
numbers as numbers, a bullet count that includes sub-points (and 0 for a title-only slide), notes
blank where a slide has none, the title slide left out with the deck's numbers kept."""

from __future__ import annotations

import datetime as dt

from preparers.presentation import Bullet, DeckContent, SlideContent, write_pptx
from tests.unit.boundary_cases import Case

DECK = "inputs/review.pptx"
_SLIDES = [SlideContent(layout="title", title="Quarterly review", subtitle="Ana Lee, 2 May 2024"),
           SlideContent(layout="bullets", title="Agenda", bullets=[Bullet(text="Results"), Bullet(text="Plans")]),
           SlideContent(layout="bullets", title="Results", notes="Mention  the churn figure.",
                        bullets=[Bullet(text="Sales up"), Bullet(text="in the north", level=1), Bullet(text="Costs flat")]),
           SlideContent(layout="title_only", title="Questions")]
PPTX = write_pptx(DeckContent(title="Quarterly review", author="Ana Lee", date=dt.date(2024, 5, 2), file_stem="review",
                              slides=_SLIDES))
TITLES = [["Slide", "Title"], [1, "Quarterly review"], [2, "Agenda"], [3, "Results"], [4, "Questions"]]
BULLETS = [["No.", "Slide title", "Bullets"], [2, "Agenda", 2], [3, "Results", 3], [4, "Questions", 0]]
NOTES = [["Slide", "Title", "Notes"], [1, "Quarterly review", None], [2, "Agenda", None],
         [3, "Results", "Mention the churn figure."], [4, "Questions", None]]


def listed(label: str, output: list[list[object]], options: dict, passes: bool, says: str = "") -> Case:
    columns = [str(h) for h in (TITLES if options.get("extra", "none") == "none" else
                                BULLETS if options["extra"] == "bullets" else NOTES)[0]]
    return Case(label, output, {"input_file": DECK, "columns": columns, "extra": "none", **options}, passes, says,
                originals={DECK: PPTX})


CASES = {
    "table.slides_listed": [
        listed("every slide, number and title", TITLES, {}, True),
        listed("the last slide missing", TITLES[:-1], {}, False, "has 3 slide rows, expected 4"),
        listed("a slide number typed as text", [*TITLES[:-1], ["4", "Questions"]], {}, False, "row 5"),
        listed("a header renamed", [["Slide", "Name"], *TITLES[1:]], {}, False, "has the header ['Slide', 'Name']"),
        listed("bullet counts, sub-points counted, the title slide left out", BULLETS,
               {"extra": "bullets", "skip_first": True}, True),
        listed("the sub-point not counted", [BULLETS[0], BULLETS[1], [3, "Results", 2], BULLETS[3]],
               {"extra": "bullets", "skip_first": True}, False, "row 3"),
        listed("the title-only slide's count left blank, not 0", [*BULLETS[:-1], [4, "Questions", None]],
               {"extra": "bullets", "skip_first": True}, False, "row 4"),
        listed("the title slide kept where it was to be left out", [BULLETS[0], [1, "Quarterly review", 1], *BULLETS[1:]],
               {"extra": "bullets", "skip_first": True}, False, "row 2"),
        listed("renumbered from 1 after leaving slide 1 out", [BULLETS[0], *[[n, *r[1:]] for n, r in
                                                                            enumerate(BULLETS[1:], start=1)]],
               {"extra": "bullets", "skip_first": True}, False, "row 2"),
        listed("notes, blank where none, spaces folded", NOTES, {"extra": "notes"}, True),
        listed("the notes of the last noted slide wrong", [*NOTES[:3], [3, "Results", "Mention churn."], NOTES[4]],
               {"extra": "notes"}, False, "row 4"),
    ],
}
