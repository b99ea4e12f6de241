"""Boundary cases of `forge.checks.slides_sections` on real decks: the LAST divider missing or one
slide too late, a divider on the wrong layout, 'Part N' missing or miscounted, text on a divider
that was to have none; the last divider left in when all were to go, a real slide deleted with
them."""

from __future__ import annotations

from typing import Any

from preparers.presentation import Bullet, DeckContent, SlideContent, make_deck, write_pptx
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.office_edits import _seeded

DECK = make_deck(*_seeded(83))
LAST = len(DECK.slides) - 2  # the last topic slide starts the last part
FIRSTS = [2, 4, LAST]
PARTS = ["Background", "Results so far", "Next steps"]
STARTS = [DECK.slides[i].title for i in FIRSTS]
GIVEN = write_pptx(DECK)


def _divided(firsts: list[int] = FIRSTS, texts: list[str] | None = None, layout: str = "section",
             base: DeckContent = DECK, parts: list[str] = PARTS) -> DeckContent:
    slides = list(base.slides)
    for k, at in reversed(list(enumerate(firsts))):
        body = [Bullet(text=texts[k])] if texts and texts[k] else []
        slides.insert(at, SlideContent(layout=layout, title=parts[k], bullets=body))  # type: ignore[arg-type]
    return base.model_copy(update={"slides": slides})


NUMBERS = [f"Part {k + 1}" for k in range(3)]
DIVIDED = write_pptx(_divided(texts=NUMBERS))


def section_case(label: str, output: bytes | DeckContent, options: dict[str, Any], passes: bool, says: str = "",
                 given: bytes = GIVEN) -> Case:
    data = output if isinstance(output, bytes) else write_pptx(output)
    return Case(label, None, {"file": "out.pptx", "input_file": "in.pptx", **options}, passes, says,
                files={"out.pptx": data}, originals={"in.pptx": given})


PLAIN = {"parts": PARTS, "starts": STARTS}
NUMBERED = {**PLAIN, "numbered": True}
REMOVE: dict[str, Any] = {}

SECTIONS_MARKED = [
    section_case("three dividers, titles only", _divided(), PLAIN, True),
    section_case("the last divider missing", _divided(FIRSTS[:-1]), PLAIN, False, f"slide {LAST + 3}"),
    section_case("the last divider one slide too late", _divided([*FIRSTS[:-1], LAST + 1], parts=PARTS), PLAIN,
                 False, f"slide {LAST + 3}"),
    section_case("a divider on a Title and Content slide", _divided(layout="bullets"), PLAIN, False,
                 "Section Header"),
    section_case("text on a divider that was to have none", _divided(texts=NUMBERS), PLAIN, False, "slide 3"),
    section_case("numbered dividers", _divided(texts=NUMBERS), NUMBERED, True),
    section_case("the last number wrong", _divided(texts=[*NUMBERS[:-1], "Part 4"]), NUMBERED, False,
                 f"slide {LAST + 3}"),
    section_case("no numbers", _divided(), NUMBERED, False, "slide 3"),
    section_case("a start slide not in the deck", _divided(), {**PLAIN, "starts": [*STARTS[:-1], "Nowhere"]}, False,
                 "Nowhere"),
    section_case("every divider removed", GIVEN, REMOVE, True, given=DIVIDED),
    section_case("the last divider left", _divided(FIRSTS[-1:], texts=NUMBERS[-1:], parts=PARTS[-1:]), REMOVE,
                 False, f"slide {LAST + 1}", given=DIVIDED),
    section_case("a real slide deleted with them", DECK.model_copy(update={"slides": DECK.slides[:-1]}), REMOVE,
                 False, "slides", given=DIVIDED),
    section_case("nothing to remove", GIVEN, REMOVE, False, "no Section Header", given=GIVEN),
]

CASES = {"slides.sections_marked": SECTIONS_MARKED}
