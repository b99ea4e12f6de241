"""Boundary cases of `forge.checks.slides_outline_insert` on real decks: the LAST new slide's
bullet lost, the new slides swapped or placed after the closing slide, a sub-bullet flattened,
the outline's dashes kept, the agenda left when it was to change (and changed when it was to
stay), the new titles appended to the agenda instead of after the anchor's entry."""

from __future__ import annotations

import datetime as dt
from typing import Any

from preparers.presentation import Bullet, DeckContent, SlideContent, write_pptx
from tests.unit.boundary_cases import Case

OUTLINE = ("# Key Risks\n\n- Supplier delays\n  - Pilot with Acme starts in May\n- Budget pressure\n\n"
           "# Next Steps\n\n- Share the plan with team leads\n- Publish the FAQ\n")
TOPICS = ["Highlights", "Pipeline", "Risks"]
CLOSING = "Questions and discussion"
NEW = [SlideContent(layout="bullets", title="Key Risks", bullets=[
           Bullet(text="Supplier delays"), Bullet(text="Pilot with Acme starts in May", level=1),
           Bullet(text="Budget pressure")]),
       SlideContent(layout="bullets", title="Next Steps", bullets=[
           Bullet(text="Share the plan with team leads"), Bullet(text="Publish the FAQ")])]


def _deck(new: list[SlideContent] = (), at: int = 5, agenda: list[str] = TOPICS) -> bytes:
    slides = [SlideContent(layout="title", title="Quarterly Business Review", subtitle="Ann Lee, 4 March"),
              SlideContent(layout="bullets", title="Agenda", bullets=[Bullet(text=t) for t in agenda])]
    slides += [SlideContent(layout="bullets", title=t, bullets=[Bullet(text=f"{t} in brief")]) for t in TOPICS]
    slides.append(SlideContent(layout="title_only", title=CLOSING))
    slides[at:at] = list(new)
    return write_pptx(DeckContent(title="Quarterly Business Review", author="Ann Lee", date=dt.date(2025, 3, 4),
                                  file_stem="qbr", slides=slides))


def _edit(index: int, **change: Any) -> list[SlideContent]:
    return [s.model_copy(update=change) if i == index else s for i, s in enumerate(NEW)]


def outline_case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "",
                 outline: str = OUTLINE) -> Case:
    base = {"anchor_title": CLOSING, "before": True, "update_agenda": False}
    return Case(label, None, {"file": "out.pptx", "input_file": "in.pptx", "outline": "new.md", **base, **options},
                passes, says, files={"out.pptx": output},
                originals={"in.pptx": _deck(), "new.md": outline.encode()})


AGENDA = {"update_agenda": True}
AFTER = {"anchor_title": "Pipeline", "before": False, "update_agenda": True}
TITLES = ["Key Risks", "Next Steps"]

OUTLINE_INSERTED = [
    outline_case("inserted before the closing slide", _deck(NEW), {}, True),
    outline_case("the last new bullet lost", _deck(_edit(1, bullets=NEW[1].bullets[:1])), {}, False,
                 "slide 7 ('Next Steps') of out.pptx reads ['Share the plan with team leads']"),
    outline_case("the new slides swapped", _deck(NEW[::-1]), {}, False, "slide 6 of out.pptx is titled 'Next Steps'"),
    outline_case("after the closing slide", _deck(NEW, at=6), {}, False,
                 f"slide 6 of out.pptx is titled {CLOSING!r}, expected 'Key Risks'"),
    outline_case("a sub-bullet flattened", _deck(_edit(0, bullets=[b.model_copy(update={"level": 0})
                                                                  for b in NEW[0].bullets])), {}, False,
                 "slide 6 ('Key Risks') has bullet levels [0, 0, 0], expected [0, 1, 0]"),
    outline_case("the dashes kept", _deck(_edit(1, bullets=[Bullet(text=f"- {b.text}") for b in NEW[1].bullets])),
                 {}, False, "reads ['- Share the plan"),
    outline_case("the agenda brought up to date", _deck(NEW, agenda=TOPICS + TITLES), AGENDA, True),
    outline_case("the agenda left", _deck(NEW), AGENDA, False, "slide 2 ('Agenda')"),
    outline_case("the agenda changed unasked", _deck(NEW, agenda=TOPICS + TITLES), {}, False, "slide 2 ('Agenda')"),
    outline_case("after a named slide, the agenda too", _deck(NEW, at=4, agenda=TOPICS[:2] + TITLES + TOPICS[2:]),
                 AFTER, True),
    outline_case("the new titles at the agenda's end", _deck(NEW, at=4, agenda=TOPICS + TITLES), AFTER, False,
                 "slide 2 ('Agenda')"),
    outline_case("an outline without titles", _deck(NEW), {}, False, "no '# ' slide titles",
                 outline="- Supplier delays\n"),
    outline_case("no such anchor", _deck(NEW), {"anchor_title": "Wrap-up"}, False, "has 0 slides titled"),
]

CASES = {"slides.outline_inserted": OUTLINE_INSERTED}
