"""Boundary cases of `forge.checks.slides_dedupe` on real decks: the repeat on the LAST slide left,
a near miss (other capitals, a full stop) removed when only exact wording counts (and left when
it counts), a point of an earlier slide removed when only repeats within a slide go (and left when
they go across the deck), the first occurrence dropped instead of the later one, a level lost."""

from __future__ import annotations

import datetime as dt
from typing import Any

from preparers.presentation import Bullet, DeckContent, SlideContent, write_pptx
from tests.unit.boundary_cases import Case

B = tuple[str, int]
MERGED: dict[str, list[B]] = {
    "Highlights": [("Revenue rose by 12%", 0), ("Owner: Ann Lee", 1), ("Three quick wins", 0),
                   ("Revenue rose by 12%", 0)],
    "Pipeline": [("Pilot with Acme starts in May", 0), ("pilot with Acme starts in May.", 0),
                 ("Budget holders confirmed", 0)],
    "Risks": [("Main risk: delays from Initech", 0), ("Three quick wins", 0), ("Main risk: delays from Initech", 0)],
}


def _deck(bodies: dict[str, list[B]], retitle: str = "", drop_last: bool = False) -> bytes:
    slides = [SlideContent(layout="title", title="Quarterly Business Review", subtitle="Ann Lee, 4 March"),
              SlideContent(layout="bullets", title="Agenda", bullets=[Bullet(text=t) for t in MERGED])]
    slides += [SlideContent(layout="bullets", title=t + (retitle if t == "Risks" else ""),
                            bullets=[Bullet(text=x, level=v) for x, v in b]) for t, b in bodies.items()]
    slides += [] if drop_last else [SlideContent(layout="title_only", title="Questions and discussion")]
    return write_pptx(DeckContent(title="Quarterly Business Review", author="Ann Lee", date=dt.date(2025, 3, 4),
                                  file_stem="qbr", slides=slides))


def _drop(**gone: list[int]) -> dict[str, list[B]]:
    """MERGED without the bullets at the given 0-based positions, per slide title."""
    return {t: [b for k, b in enumerate(bs) if k not in gone.get(t, [])] for t, bs in MERGED.items()}


def dedupe_case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "",
                given: bytes | None = None) -> Case:
    return Case(label, None, {"file": "out.pptx", "input_file": "in.pptx", **options}, passes, says,
                files={"out.pptx": output}, originals={"in.pptx": given or _deck(MERGED)})


WITHIN = {"across": False, "loose": False}
LOOSE = {"across": False, "loose": True}
ACROSS = {"across": True, "loose": False}
DONE = _drop(Highlights=[3], Risks=[2])

DEDUPE = [
    dedupe_case("exact repeats within each slide removed", _deck(DONE), WITHIN, True),
    dedupe_case("the last slide's repeat left", _deck(_drop(Highlights=[3])), WITHIN, False,
                "slide 5 ('Risks') has 3 bullets, expected 2: extra ['Main risk: delays from Initech']"),
    dedupe_case("a near miss removed too", _deck(_drop(Highlights=[3], Pipeline=[1], Risks=[2])), WITHIN, False,
                "slide 4 ('Pipeline') bullet 2 reads 'Budget holders confirmed'"),
    dedupe_case("an earlier slide's point removed too", _deck(_drop(Highlights=[3], Risks=[1, 2])), WITHIN, False,
                "slide 5 ('Risks') has 1 bullets, expected 2: missing ['Three quick wins']"),
    dedupe_case("the first occurrence dropped", _deck(_drop(Highlights=[0], Risks=[2])), WITHIN, False,
                "slide 3 ('Highlights') bullet 1 reads 'Owner: Ann Lee'"),
    dedupe_case("a kept sub-bullet flattened", _deck({**DONE, "Highlights": [(t, 0) for t, _ in DONE["Highlights"]]}),
                WITHIN, False, "'Owner: Ann Lee' (level 0), expected 'Owner: Ann Lee' (level 1)"),
    dedupe_case("loose repeats removed", _deck(_drop(Highlights=[3], Pipeline=[1], Risks=[2])), LOOSE, True),
    dedupe_case("the loose repeat left", _deck(DONE), LOOSE, False, "slide 4 ('Pipeline') bullet 2 reads 'pilot with"),
    dedupe_case("repeats across the deck removed", _deck(_drop(Highlights=[3], Risks=[1, 2])), ACROSS, True),
    dedupe_case("the earlier slide's point left", _deck(DONE), ACROSS, False,
                "slide 5 ('Risks') has 2 bullets, expected 1: extra ['Three quick wins']"),
    dedupe_case("nothing repeated", _deck(DONE), WITHIN, False, "no repeated bullet", given=_deck(DONE)),
    dedupe_case("a title touched", _deck(DONE, retitle=" (merged)"), WITHIN, False, "besides its bullets"),
    dedupe_case("the closing slide lost", _deck(DONE, drop_last=True), WITHIN, False, "has 5 slides, expected 6"),
]

CASES = {"slides.bullets_deduplicated": DEDUPE}
