"""Boundary cases of `forge.checks.slides_notes_bullets` on real decks: the LAST sentence of the
last slide left off, the notes pasted as one bullet, a sentence's full stop kept (allowed), notes
kept when they were to go (and the other way), a slide outside the scope given its notes, the
points put above the old bullets, a title touched, a deck with nothing in the notes."""

from __future__ import annotations

import datetime as dt
from typing import Any

from preparers.presentation import Bullet, DeckContent, SlideContent, write_pptx
from tests.unit.boundary_cases import Case

PROSE = {2: "Pause here for questions.", 3: "The pilot with Acme starts in May. Budget holders confirmed for Sales.",
         4: "Main risk: delays from Initech. Headcount slipped in June; recovery plan in place. Feedback sessions "
            "held with Legal staff."}
LISTED = {3: "The pilot with Acme starts in May\nBudget holders confirmed for Sales",
          4: "Main risk: delays from Initech\nHeadcount slipped in June; recovery plan in place"}
SHOWN = {2: ["Revenue rose by 12%", "Three quick wins identified"]}


def _deck(bullets: dict[int, list[str]], notes: dict[int, str], retitle: str = "") -> bytes:
    titles = ["Highlights", "Pipeline", "Risks"]
    slides = [SlideContent(layout="title", title="Quarterly Business Review", subtitle="Ann Lee, 4 March"),
              SlideContent(layout="bullets", title="Agenda", bullets=[Bullet(text=t) for t in titles])]
    slides += [SlideContent(layout="bullets", title=t + (retitle if i == 4 else ""), notes=notes.get(i, ""),
                            bullets=[Bullet(text=b) for b in bullets.get(i, [])]) for i, t in enumerate(titles, 2)]
    slides.append(SlideContent(layout="title_only", title="Questions and discussion"))
    return write_pptx(DeckContent(title="Quarterly Business Review", author="Ann Lee", date=dt.date(2025, 3, 4),
                                  file_stem="qbr", slides=slides))


def _points(text: str, stop: bool = False) -> list[str]:
    return [p.strip().removesuffix(".") + ("." if stop else "") for p in text.replace(". ", ".\n").splitlines()]


GIVEN = _deck(SHOWN, PROSE)
ON_BARE = {3: _points(PROSE[3]), 4: _points(PROSE[4])}
KEPT = {2: PROSE[2]}


def notes_case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "",
               given: bytes = GIVEN) -> Case:
    base = {"scope": "empty", "by_sentence": True, "clear_notes": True}
    return Case(label, None, {"file": "out.pptx", "input_file": "in.pptx", **base, **options}, passes, says,
                files={"out.pptx": output}, originals={"in.pptx": given})


ALL = {"scope": "all", "clear_notes": False}
LINES = {"by_sentence": False, "clear_notes": False}

NOTES_BULLETS = [
    notes_case("the bare slides get their sentences", _deck({**SHOWN, **ON_BARE}, KEPT), {}, True),
    notes_case("full stops kept", _deck({**SHOWN, 3: _points(PROSE[3], True), 4: _points(PROSE[4], True)}, KEPT),
               {}, True),
    notes_case("the last sentence left off", _deck({**SHOWN, **ON_BARE, 4: ON_BARE[4][:-1]}, KEPT), {}, False,
               "slide 5 ('Risks') has 2 body lines, expected 3"),
    notes_case("the notes as one bullet", _deck({**SHOWN, 3: [PROSE[3]], 4: ON_BARE[4]}, KEPT), {}, False,
               "slide 4 ('Pipeline') line 1 reads"),
    notes_case("the notes left in place", _deck({**SHOWN, **ON_BARE}, PROSE), {}, False,
               "slide 4 ('Pipeline') has the notes 'The pilot"),
    notes_case("a slide with bullets given its notes", _deck({2: SHOWN[2] + ["Pause here for questions"],
                                                               **ON_BARE}, KEPT), {}, False,
               "slide 3 ('Highlights') has 3 body lines, expected 2"),
    notes_case("every slide's notes added below", _deck({2: SHOWN[2] + ["Pause here for questions"], **ON_BARE},
                                                        PROSE), ALL, True),
    notes_case("the bullets' slide skipped", _deck({**SHOWN, **ON_BARE}, PROSE), ALL, False,
               "slide 3 ('Highlights') has 2 body lines, expected 3"),
    notes_case("the points put above the old bullets", _deck({2: ["Pause here for questions"] + SHOWN[2],
                                                              **ON_BARE}, PROSE), ALL, False,
               "slide 3 ('Highlights') line 1 reads 'Pause here"),
    notes_case("notes emptied though kept was asked", _deck({2: SHOWN[2] + ["Pause here for questions"], **ON_BARE},
                                                            {}), ALL, False, "has the notes '', expected 'Pause"),
    notes_case("one bullet per line", _deck({**SHOWN, 3: LISTED[3].splitlines(), 4: LISTED[4].splitlines()},
                                            {**KEPT, **LISTED}), LINES, True, given=_deck(SHOWN, {**KEPT, **LISTED})),
    notes_case("two lines joined", _deck({**SHOWN, 3: LISTED[3].splitlines(), 4: [LISTED[4].replace("\n", " ")]},
                                         {**KEPT, **LISTED}), LINES, False, "slide 5 ('Risks') line 1 reads",
               given=_deck(SHOWN, {**KEPT, **LISTED})),
    notes_case("a title touched", _deck({**SHOWN, **ON_BARE}, KEPT, retitle=" (draft)"), {}, False,
               "is titled 'Risks (draft)'"),
    notes_case("no notes to move", _deck(SHOWN, {}), {}, False, "no slide whose notes", given=_deck(SHOWN, {})),
]

CASES = {"slides.notes_on_slides": NOTES_BULLETS}
