"""Boundary cases of `forge.checks.slides_pictures` on a real deck with pictures: the LAST picture
left, a picture of another slide deleted too, a real picture deleted with the placeholders (or a
placeholder matched in another case left), a slide's text touched, nothing in scope."""

from __future__ import annotations

from typing import Any

from preparers.filetypes.image import photo_jpeg
from preparers.presentation import make_deck
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.office_edits import _seeded
from workflows.presentation.alt_text import with_pictures

_rng, _faker = _seeded(89)
DECK = make_deck(_rng, _faker)
AT = [2, 3, len(DECK.slides) - 2]
ALTS = ["Photo of the Leeds office", "PLACEHOLDER: product shot", "Placeholder image - replace"]
JPEG = {at: photo_jpeg(_rng, (120, 80)) for at in AT}


def _deck(keep: list[int], deck: Any = DECK) -> bytes:
    """The deck with the pictures at the slide indexes `keep`."""
    return with_pictures(deck, {at: (JPEG[at], alt) for at, alt in zip(AT, ALTS, strict=True) if at in keep})


GIVEN = _deck(AT)
NAMED = {"slide_title": DECK.slides[AT[-1]].title}
PLACEHOLDERS = {"alt_contains": "placeholder"}
RETITLED = DECK.model_copy(update={"slides": [s.model_copy(update={"title": s.title + " (v2)"}) if i == AT[0] else s
                                              for i, s in enumerate(DECK.slides)]})


def picture_case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "",
                 given: bytes = GIVEN) -> Case:
    return Case(label, None, {"file": "out.pptx", "input_file": "in.pptx", **options}, passes, says,
                files={"out.pptx": output}, originals={"in.pptx": given})


PICTURES_REMOVED = [
    picture_case("every picture deleted", _deck([]), {}, True),
    picture_case("the last picture left", _deck(AT[-1:]), {}, False, f"slide {AT[-1] + 1}"),
    picture_case("the named slide's picture deleted", _deck(AT[:-1]), NAMED, True),
    picture_case("another slide's picture deleted too", _deck(AT[1:-1]), NAMED, False, f"slide {AT[0] + 1}"),
    picture_case("the named slide's picture left", GIVEN, NAMED, False, f"slide {AT[-1] + 1}"),
    picture_case("both placeholders deleted (any case)", _deck(AT[:1]), PLACEHOLDERS, True),
    picture_case("the last placeholder left", _deck([AT[0], AT[-1]]), PLACEHOLDERS, False, f"slide {AT[-1] + 1}"),
    picture_case("the real picture deleted too", _deck([]), PLACEHOLDERS, False, f"slide {AT[0] + 1}"),
    picture_case("a slide retitled", with_pictures(RETITLED, {}), {}, False, "(v2)"),
    picture_case("nothing in scope", GIVEN, {"alt_contains": "stock photo"}, False, "nothing to delete"),
]

CASES = {"slides.pictures_removed": PICTURES_REMOVED}
