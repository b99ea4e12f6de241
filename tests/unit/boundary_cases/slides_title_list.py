"""Boundary cases of `forge.checks.slides_title_list` on real decks and CSVs: the LAST listed slide
left with its old title, an unlisted slide retitled, the agenda renamed or left against the ask,
rows by slide number, a row naming no slide, a list renaming nothing, a note or a bullet touched."""

from __future__ import annotations

import datetime as dt
from typing import Any

from forge.views import Table
from preparers.filetypes.csv import write_csv
from preparers.presentation import Bullet, DeckContent, SlideContent, write_pptx
from tests.unit.boundary_cases import Case

TOPICS = ["Highlights", "Pipeline", "Risks"]  # slides 3-5


def _deck(titles: list[str], agenda: list[str] = TOPICS, note: str = "On it.", last: str = "Risks in short") -> bytes:
    slides = [SlideContent(layout="title", title="Quarterly Review", subtitle="Ann Lee"),
              SlideContent(layout="bullets", title="Agenda", bullets=[Bullet(text=t) for t in agenda])]
    slides += [SlideContent(layout="bullets", title=t, notes=note,
                            bullets=[Bullet(text=last if k == 2 else f"{TOPICS[k]} in short")])
               for k, t in enumerate(titles)]
    slides.append(SlideContent(layout="title_only", title="Questions"))
    return write_pptx(DeckContent(title="Q", author="Ann Lee", date=dt.date(2025, 3, 4), file_stem="q", slides=slides))


BY_TITLE = write_csv(Table.of("t", [["Old title", "New title"], ["Risks", "Risks we watch"],
                                    ["Highlights", "Where we stand"]]))
BY_NUMBER = write_csv(Table.of("t", [["Slide", "New title"], [5, "Risks we watch"], [3, "Where we stand"]]))
DONE = ["Where we stand", "Pipeline", "Risks we watch"]


def title_case(label: str, deck: bytes, options: dict[str, Any], passes: bool, says: str = "",
               listing: bytes = BY_TITLE) -> Case:
    return Case(label, None, {"file": "out.pptx", "input_file": "in.pptx", "list_file": "titles.csv", "by": "title",
                              "agenda": False, **options}, passes, says, files={"out.pptx": deck},
                originals={"in.pptx": _deck(TOPICS), "titles.csv": listing})


AGENDA = {"agenda": True}

TITLES = [
    title_case("the listed slides retitled", _deck(DONE), {}, True),
    title_case("the last listed slide left", _deck([*DONE[:2], "Risks"]), {}, False,
               "slide 5 of out.pptx is titled 'Risks', expected 'Risks we watch'"),
    title_case("an unlisted slide retitled", _deck(["Where we stand", "Our pipeline", "Risks we watch"]), {}, False,
               "slide 4 of out.pptx is titled 'Our pipeline', expected 'Pipeline'"),
    title_case("the agenda renamed too", _deck(DONE, agenda=DONE), AGENDA, True),
    title_case("the agenda left when asked", _deck(DONE), AGENDA, False,
               "slide 2 ('Agenda') of out.pptx reads ['Highlights', 'Pipeline', 'Risks'], expected ['Where we stand'"),
    title_case("the agenda renamed unasked", _deck(DONE, agenda=DONE), {}, False,
               "slide 2 ('Agenda') of out.pptx reads ['Where we stand'"),
    title_case("rows by slide number", _deck(DONE), {"by": "number"}, True, listing=BY_NUMBER),
    title_case("a row naming no slide", _deck(DONE), {}, False, "titles.csv names 'Budget', which is not one slide",
               listing=write_csv(Table.of("t", [["Old title", "New title"], ["Budget", "Money"]]))),
    title_case("a list renaming nothing", _deck(TOPICS), {}, False, "renames no slide",
               listing=write_csv(Table.of("t", [["Old title", "New title"], ["Risks", "Risks"]]))),
    title_case("a note touched", _deck(DONE, note=""), {}, False, "the notes of slide 3 ('Where we stand')"),
    title_case("a bullet touched", _deck(DONE, last="Risks in brief"), {}, False,
               "slide 5 ('Risks we watch') of out.pptx reads ['Risks in brief']"),
]

CASES = {"slides.titles_from_list": TITLES}
