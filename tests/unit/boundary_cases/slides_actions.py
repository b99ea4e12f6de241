"""Boundary cases of `forge.checks.slides_actions` on real decks: the LAST action left off, the
items sorted instead of in deck order, the marker kept, a bullet that only mentions actions
taken, the slide at the very end or before the agenda, the wrong title, an action left behind
when they move (or moved when they stay), the source title missing on the last item."""

from __future__ import annotations

import datetime as dt
from typing import Any

from preparers.presentation import Bullet, DeckContent, SlideContent, write_pptx
from tests.unit.boundary_cases import Case

BODIES = {"Highlights": ["Revenue rose by 12%", "Action: Send the revenue figures to Ann Lee", "Three quick wins"],
          "Pipeline": ["Pilot with Acme starts in May", "All actions from the last review are closed"],
          "Risks": ["Action: Book a follow-up with the Legal team", "Main risk: delays from Initech",
                    "Action: Confirm the budget owner for Sales"]}
ITEMS = ["Send the revenue figures to Ann Lee", "Book a follow-up with the Legal team",
         "Confirm the budget owner for Sales"]
SOURCED = [f"{ITEMS[0]} (Highlights)", f"{ITEMS[1]} (Risks)", f"{ITEMS[2]} (Risks)"]
CLOSING = "Questions and discussion"


def _deck(items: list[str] | None = None, at: int = 5, title: str = "Action items", moved: bool = False,
          left: str = "") -> bytes:
    """The deck with the new slide at 0-based index `at`; `moved`: the actions off their slides, but `left`."""
    def body(lines: list[str]) -> list[Bullet]:
        return [Bullet(text=b) for b in lines if not (moved and b.startswith("Action:") and b != left)]
    slides = [SlideContent(layout="title", title="Quarterly Business Review", subtitle="Ann Lee, 4 March"),
              SlideContent(layout="bullets", title="Agenda", bullets=[Bullet(text=t) for t in BODIES])]
    slides += [SlideContent(layout="bullets", title=t, bullets=body(b)) for t, b in BODIES.items()]
    slides.append(SlideContent(layout="title_only", title=CLOSING))
    if items is not None:
        slides.insert(at, SlideContent(layout="bullets", title=title, bullets=[Bullet(text=i) for i in items]))
    return write_pptx(DeckContent(title="Quarterly Business Review", author="Ann Lee", date=dt.date(2025, 3, 4),
                                  file_stem="qbr", slides=slides))


def actions_case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "") -> Case:
    base = {"marker": "Action:", "title": "Action items", "move": False, "with_source": False,
            "anchor_title": CLOSING, "before": True}
    return Case(label, None, {"file": "out.pptx", "input_file": "in.pptx", **base, **options}, passes, says,
                files={"out.pptx": output}, originals={"in.pptx": _deck()})


AFTER_AGENDA = {"anchor_title": "Agenda", "before": False}

ACTIONS = [
    actions_case("listed before the closing slide", _deck(ITEMS), {}, True),
    actions_case("the last action left off", _deck(ITEMS[:-1]), {}, False, "slide 6 ('Action items') of out.pptx"),
    actions_case("sorted, not in deck order", _deck(sorted(ITEMS)), {}, False, "slide 6 ('Action items')"),
    actions_case("the marker kept", _deck([f"Action: {i}" for i in ITEMS]), {}, False, "reads ['Action: Send"),
    actions_case("a mention of actions listed too", _deck([*ITEMS[:1], "All actions from the last review are "
                                                           "closed", *ITEMS[1:]]), {}, False,
                 "slide 6 ('Action items')"),
    actions_case("after the closing slide", _deck(ITEMS, at=6), {}, False,
                 f"slide 6 of out.pptx is titled {CLOSING!r}, expected 'Action items'"),
    actions_case("another title", _deck(ITEMS, title="Actions"), {}, False, "titled 'Actions', expected"),
    actions_case("moved off their slides", _deck(ITEMS, moved=True), {"move": True}, True),
    actions_case("the last one left behind", _deck(ITEMS, moved=True, left=BODIES["Risks"][2]), {"move": True},
                 False, "slide 5 ('Risks')"),
    actions_case("moved though they were to stay", _deck(ITEMS, moved=True), {}, False, "slide 3 ('Highlights')"),
    actions_case("each with its slide's title", _deck(SOURCED), {"with_source": True}, True),
    actions_case("the last source missing", _deck([*SOURCED[:2], ITEMS[2]]), {"with_source": True}, False,
                 "slide 6 ('Action items')"),
    actions_case("right after the agenda", _deck(ITEMS, at=2), AFTER_AGENDA, True),
    actions_case("before the agenda", _deck(ITEMS, at=1), AFTER_AGENDA, False,
                 "slide 2 of out.pptx is titled 'Action items', expected 'Agenda'"),
    actions_case("no bullet with the marker", _deck(ITEMS), {"marker": "TODO:"}, False, "no bullet opening"),
    actions_case("no such anchor slide", _deck(ITEMS), {"anchor_title": "Wrap-up"}, False, "has 0 slides titled"),
]

CASES = {"slides.actions_collected": ACTIONS}
