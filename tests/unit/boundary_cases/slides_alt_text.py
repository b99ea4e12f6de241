"""Boundary cases of `forge.checks.slides_alt_text` on a real deck with pictures: the LAST listed
picture left as it was, a written description overwritten when it was to stay (or kept when it
was to go), a file name taken for a description, the list read by the wrong key, a picture
removed, a slide's text touched."""

from __future__ import annotations

from typing import Any

from forge.views import Table
from preparers.filetypes.csv import write_csv
from preparers.filetypes.image import photo_jpeg
from preparers.presentation import make_deck
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.office_edits import _seeded
from workflows.presentation.alt_text import with_pictures

_rng, _faker = _seeded(61)
DECK = make_deck(_rng, _faker)
AT = [2, 3, len(DECK.slides) - 2]  # the last topic slide holds the last picture
JPEG = {at: photo_jpeg(_rng, (120, 80)) for at in [1, *AT]}
BEFORE = ["IMG_2041.jpg", "Photo of the old office", ""]
NEW = ["Bar chart of revenue by month", "Map showing the new site", "Photo of the support team"]
KEPT = [NEW[0], BEFORE[1], NEW[2]]  # fill-missing: the written description stays


def _deck(alts: list[str], at: list[int] = AT, deck: Any = DECK) -> bytes:
    return with_pictures(deck, {a: (JPEG[a], alt) for a, alt in zip(at, alts, strict=True)})


GIVEN = _deck(BEFORE)
BY_TITLE = write_csv(Table.of("alt", [["Slide", "Alt text"], *([DECK.slides[a].title, t] for a, t in zip(AT, NEW))]))
BY_NUMBER = write_csv(Table.of("alt", [["Slide number", "Alt text"], *([a + 1, t] for a, t in zip(AT, NEW))]))


def alt_case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "",
             listing: bytes = BY_TITLE) -> Case:
    return Case(label, None, {"file": "out.pptx", "input_file": "in.pptx", "source": "alt.csv",
                              "text_column": "Alt text", **options}, passes, says,
                files={"out.pptx": output}, originals={"in.pptx": GIVEN, "alt.csv": listing})


REPLACE = {"slide_column": "Slide", "keep_existing": False}
FILL = {"slide_column": "Slide", "keep_existing": True}
NUMBER = {"slide_column": "Slide number", "by_number": True, "keep_existing": False}
LAST = f"slide {AT[-1] + 1}"
RETITLED = DECK.model_copy(update={"slides": [s.model_copy(update={"title": s.title + " (v2)"}) if i == AT[-1] else s
                                              for i, s in enumerate(DECK.slides)]})

ALT_TEXTS_SET = [
    alt_case("every listed picture described", _deck(NEW), REPLACE, True),
    alt_case("the last picture left as it was", _deck([*NEW[:-1], BEFORE[-1]]), REPLACE, False, LAST),
    alt_case("the last text cut short", _deck([*NEW[:-1], NEW[-1][:-1]]), REPLACE, False, LAST),
    alt_case("a written description kept when all were to go", _deck(KEPT), REPLACE, False, f"slide {AT[1] + 1}"),
    alt_case("only the missing ones filled", _deck(KEPT), FILL, True),
    alt_case("a written description overwritten", _deck(NEW), FILL, False, f"slide {AT[1] + 1}"),
    alt_case("a file name taken for a description", _deck([BEFORE[0], BEFORE[1], NEW[2]]), FILL, False,
             f"slide {AT[0] + 1}"),
    alt_case("listed by number", _deck(NEW), NUMBER, True, listing=BY_NUMBER),
    alt_case("the numbers read as titles", _deck(NEW), {**NUMBER, "by_number": False}, False, f"slide {AT[0] + 1}",
             listing=BY_NUMBER),
    alt_case("a picture removed", _deck(NEW[:-1], AT[:-1]), REPLACE, False, f"{LAST} ("),
    alt_case("a picture added to another slide", _deck([NEW[0], NEW[0], *NEW[1:]], [1, *AT]), REPLACE, False,
             "slide 2"),
    alt_case("a slide retitled", _deck(NEW, deck=RETITLED), REPLACE, False, "(v2)"),
    alt_case("nothing done", GIVEN, REPLACE, False, f"slide {AT[0] + 1}"),
    alt_case("a list naming no slide of the deck", GIVEN, REPLACE, False, "changes no picture",
             listing=write_csv(Table.of("alt", [["Slide", "Alt text"], ["Elsewhere", NEW[0]]]))),
    alt_case("a list column that is not there", _deck(NEW), {**REPLACE, "slide_column": "Page"}, False, "'Page'"),
]

CASES = {"slides.alt_texts_set": ALT_TEXTS_SET}
