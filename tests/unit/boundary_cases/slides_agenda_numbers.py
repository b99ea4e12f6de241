"""Boundary cases of `forge.checks.slides_agenda_numbers` on real decks: the LAST item's number
wrong, the other form, numbers put in front, stale numbers left (or kept beside the new ones), the
agenda reordered to the deck's order, an agenda already right, an item naming no slide."""

from __future__ import annotations

import datetime as dt
from typing import Any

from preparers.presentation import Bullet, DeckContent, SlideContent, write_pptx
from tests.unit.boundary_cases import Case

TOPICS = ["Highlights", "Pipeline", "Risks"]


def _deck(agenda: list[str], order: list[str] = TOPICS, extra: str = "", touched: str = "") -> bytes:
    """The deck with this agenda and topic order; `extra`: a slide titled so before the topics."""
    slides = [SlideContent(layout="title", title="Quarterly Business Review", subtitle="Ann Lee, 4 March"),
              SlideContent(layout="bullets", title="Agenda", bullets=[Bullet(text=t) for t in agenda])]
    slides += [SlideContent(layout="bullets", title=extra, bullets=[Bullet(text="Where we stand")])] if extra else []
    slides += [SlideContent(layout="bullets", title=t, bullets=[Bullet(text=touched if touched and t == "Risks"
                                                                      else f"{t} in brief")]) for t in order]
    slides.append(SlideContent(layout="title_only", title="Questions and discussion"))
    return write_pptx(DeckContent(title="Quarterly Business Review", author="Ann Lee", date=dt.date(2025, 3, 4),
                                  file_stem="qbr", slides=slides))


def _paren(*numbers: int, names: list[str] = TOPICS) -> list[str]:
    return [f"{t} (slide {n})" for t, n in zip(names, numbers, strict=True)]


def numbers_case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "",
                 given: bytes | None = None) -> Case:
    return Case(label, None, {"file": "out.pptx", "input_file": "in.pptx", "form": "paren", **options}, passes,
                says, files={"out.pptx": output}, originals={"in.pptx": given or _deck(TOPICS)})


STALE = _deck(_paren(3, 4, 5), extra="Context")
SWAPPED = _deck(_paren(3, 4, 5), order=["Highlights", "Risks", "Pipeline"])

AGENDA_NUMBERS = [
    numbers_case("numbers added", _deck(_paren(3, 4, 5)), {}, True),
    numbers_case("the last number wrong", _deck(_paren(3, 4, 6)), {}, False, "slide 2 ('Agenda') of out.pptx reads"),
    numbers_case("the other form", _deck(["Highlights - 3", "Pipeline - 4", "Risks - 5"]), {}, False,
                 "reads ['Highlights - 3'"),
    numbers_case("the dash form as asked", _deck(["Highlights - 3", "Pipeline - 4", "Risks - 5"]), {"form": "dash"},
                 True),
    numbers_case("numbers put in front", _deck(["3. Highlights", "4. Pipeline", "5. Risks"]), {}, False,
                 "slide 2 ('Agenda')"),
    numbers_case("stale numbers brought up to date", _deck(_paren(4, 5, 6), extra="Context"), {}, True, given=STALE),
    numbers_case("stale numbers left", STALE, {}, False, "expected ['Highlights (slide 4)'", given=STALE),
    numbers_case("the old numbers kept beside", _deck([f"{t} (slide {n})" for t, n in
                                                       zip(_paren(3, 4, 5), (4, 5, 6), strict=True)], extra="Context"),
                 {}, False, "slide 2 ('Agenda')", given=STALE),
    numbers_case("swapped slides renumbered", _deck(_paren(3, 5, 4), order=["Highlights", "Risks", "Pipeline"]), {},
                 True, given=SWAPPED),
    numbers_case("the agenda reordered to the deck", _deck(_paren(3, 4, 5, names=["Highlights", "Risks", "Pipeline"]),
                                                           order=["Highlights", "Risks", "Pipeline"]), {}, False,
                 "expected ['Highlights (slide 3)', 'Pipeline (slide 5)', 'Risks (slide 4)']", given=SWAPPED),
    numbers_case("a topic slide touched", _deck(_paren(3, 4, 5), touched="Risks, reworded"), {}, False,
                 "slide 5 ('Risks') of out.pptx reads"),
    numbers_case("already numbered", _deck(_paren(3, 4, 5)), {}, False, "already reads",
                 given=_deck(_paren(3, 4, 5))),
    numbers_case("an item naming no slide", _deck(_paren(3, 4, 5)), {}, False, "'Budget' names no slide",
                 given=_deck([*TOPICS, "Budget"])),
]

CASES = {"slides.agenda_numbered": AGENDA_NUMBERS}
