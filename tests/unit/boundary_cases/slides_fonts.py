"""Boundary cases of `forge.checks.slides_fonts` on a small real deck, every run in the house font
(Arial) but a bullet and a title pasted in Comic Sans MS and a bullet in Courier New: the font
replaced everywhere, named in another case; the title (the LAST place it was used) left as it
was; a font not asked about replaced too; both fonts replaced, or only the first; the wording
changed; a font the deck does not use."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.slides_review import DECK
from workflows.presentation.review_deck import _runs_styled

PASTED = {(2, "body", 1): "Comic Sans MS", (3, "title", 0): "Comic Sans MS", (4, "body", 0): "Courier New"}


def styled(fonts: dict[tuple[int, str, int], str], deck: Any = DECK) -> bytes:
    def face(at: int, kind: str, para: int, run: Any) -> None:
        run.font.name = fonts.get((at, kind, para), "Arial")
    return _runs_styled(deck, face)


GIVEN = styled(PASTED)
COMIC_GONE = styled({k: v for k, v in PASTED.items() if v != "Comic Sans MS"})
TITLE_LEFT = styled({k: v for k, v in PASTED.items() if k != (2, "body", 1)})
ALL_ARIAL = styled({})

REWORDED = styled({k: v for k, v in PASTED.items() if v != "Comic Sans MS"},
                  DECK.model_copy(update={"slides": [*DECK.slides[:5], DECK.slides[5].model_copy(
                      update={"title": "Questions?"})]}))


def case(label: str, out: bytes, old: list[str], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "out.pptx", "input_file": "in.pptx", "old": old, "font": "Arial"}, passes,
                says, files={"out.pptx": out}, originals={"in.pptx": GIVEN})


COMIC = ["Comic Sans MS"]
BOTH = ["Comic Sans MS", "Courier New"]

CASES = {"slides.fonts_replaced": [
    case("one font replaced everywhere, the other kept", COMIC_GONE, COMIC, True),
    case("the font named in lower case", COMIC_GONE, ["comic sans ms"], True),
    case("the pasted title left in the old font", TITLE_LEFT, COMIC, False,
         "is in Comic Sans MS at character 1, expected Arial"),
    case("a font not asked about replaced too", ALL_ARIAL, COMIC, False,
         "is in Arial at character 1, expected Courier New"),
    case("nothing replaced", GIVEN, COMIC, False, "expected Arial"),
    case("both fonts replaced", ALL_ARIAL, BOTH, True),
    case("of two fonts only the first replaced", COMIC_GONE, BOTH, False,
         "is in Courier New at character 1, expected Arial"),
    case("the wording changed", REWORDED, COMIC, False, "slide 6 of out.pptx is titled 'Questions?'"),
    case("a font the deck does not use", GIVEN, ["Georgia"], False, "in.pptx has no text in Georgia to replace"),
]}
