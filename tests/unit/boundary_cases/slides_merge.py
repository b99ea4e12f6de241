"""Boundary cases of `forge.checks.slides_merge` on real decks: the LAST moved bullet lost, levels
flattened, the merged-away slide kept (or the wrong one kept), the notes joined when they were to
stay (and the other way), the grouping bullet missing or its bullets not indented, the agenda
edited, a slide the request names missing."""

from __future__ import annotations

import datetime as dt
from typing import Any

from preparers.presentation import Bullet, DeckContent, SlideContent, write_pptx
from tests.unit.boundary_cases import Case

B = list[tuple[str, int]]
TOPICS: dict[str, tuple[B, str]] = {
    "Highlights": ([("Revenue rose by 12%", 0), ("Owner: Ann Lee", 1)], "Thank Ann for the numbers."),
    "Pipeline": ([("Pilot with Acme starts in May", 0), ("Budget holders confirmed", 0)], ""),
    "Risks": ([("Main risk: delays from Initech", 0), ("Supplier talks start in June", 1)], "Pause for questions."),
}
FLAT: B = TOPICS["Highlights"][0] + TOPICS["Risks"][0]
GROUPED: B = TOPICS["Highlights"][0] + [("Risks", 0)] + [(t, v + 1) for t, v in TOPICS["Risks"][0]]


def _deck(bodies: dict[str, tuple[B, str]], agenda: list[str] = list(TOPICS)) -> bytes:
    slides = [SlideContent(layout="title", title="Quarterly Business Review", subtitle="Ann Lee, 4 March"),
              SlideContent(layout="bullets", title="Agenda", bullets=[Bullet(text=t) for t in agenda])]
    slides += [SlideContent(layout="bullets", title=t, notes=n, bullets=[Bullet(text=x, level=v) for x, v in b])
               for t, (b, n) in bodies.items()]
    slides.append(SlideContent(layout="title_only", title="Questions and discussion"))
    return write_pptx(DeckContent(title="Quarterly Business Review", author="Ann Lee", date=dt.date(2025, 3, 4),
                                  file_stem="qbr", slides=slides))


def _merged(bullets: B, notes: str = TOPICS["Highlights"][1], keep_risks: bool = False) -> dict[str, tuple[B, str]]:
    rest = {t: v for t, v in TOPICS.items() if t != "Highlights" and (t != "Risks" or keep_risks)}
    return {"Highlights": (bullets, notes), **rest}


def merge_case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "") -> Case:
    base = {"into_title": "Highlights", "from_title": "Risks", "as_sub": False, "merge_notes": False}
    return Case(label, None, {"file": "out.pptx", "input_file": "in.pptx", **base, **options}, passes, says,
                files={"out.pptx": output}, originals={"in.pptx": _deck(TOPICS)})


JOINED = "Thank Ann for the numbers. Pause for questions."
NOTES = {"merge_notes": True}
SUB = {"as_sub": True}

MERGED = [
    merge_case("bullets added, the first's notes kept", _deck(_merged(FLAT)), {}, True),
    merge_case("the last moved bullet lost", _deck(_merged(FLAT[:-1])), {}, False,
               "slide 3 ('Highlights') of out.pptx reads"),
    merge_case("the moved levels flattened", _deck(_merged([(t, 0) for t, _ in FLAT])), {}, False,
               "has bullet levels [0, 0, 0, 0], expected [0, 1, 0, 1]"),
    merge_case("the merged slide kept", _deck(_merged(FLAT, keep_risks=True)), {}, False,
               "slide 5 of out.pptx is titled 'Risks', expected 'Questions and discussion'"),
    merge_case("the wrong slide kept", _deck({"Pipeline": TOPICS["Pipeline"],
                                              "Risks": (TOPICS["Risks"][0] + TOPICS["Highlights"][0], "")}), {},
               False, "slide 3 of out.pptx is titled 'Pipeline', expected 'Highlights'"),
    merge_case("notes joined unasked", _deck(_merged(FLAT, JOINED)), {}, False,
               "has the notes 'Thank Ann for the numbers. Pause for questions.', expected 'Thank Ann"),
    merge_case("the notes joined", _deck(_merged(FLAT, JOINED)), NOTES, True),
    merge_case("the second's notes dropped", _deck(_merged(FLAT)), NOTES, False, "expected 'Thank Ann for the "
               "numbers. Pause for questions.'"),
    merge_case("grouped under the slide's title", _deck(_merged(GROUPED)), SUB, True),
    merge_case("the grouping bullet missing", _deck(_merged(FLAT)), SUB, False, "slide 3 ('Highlights') of out.pptx "
               "reads"),
    merge_case("grouped bullets not indented", _deck(_merged(TOPICS["Highlights"][0] + [("Risks", 0)] +
                                                             TOPICS["Risks"][0])), SUB, False,
               "has bullet levels [0, 1, 0, 0, 1], expected [0, 1, 0, 1, 2]"),
    merge_case("the agenda edited", _deck(_merged(FLAT), agenda=["Highlights", "Pipeline"]), {}, False,
               "slide 2 ('Agenda') of out.pptx reads"),
    merge_case("a named slide missing", _deck(_merged(FLAT)), {"from_title": "Budget"}, False,
               "needs one slide titled 'Highlights' and one titled 'Budget'"),
]

CASES = {"slides.slides_merged": MERGED}
