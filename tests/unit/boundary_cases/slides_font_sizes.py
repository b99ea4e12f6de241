"""Boundary cases of `forge.checks.slides_font_sizes` on a real deck with explicit sizes: the LAST
slide's text left outside the limit, a size within the limit moved to it, one point past the
limit, titles changed when only the body was in scope (or left when they were in it)."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from preparers.presentation import make_deck
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.office_edits import _seeded
from workflows.presentation.font_sizes import with_sizes

DECK = make_deck(*_seeded(103))
LAST = len(DECK.slides) - 2
TITLE, BODY = [14, 36, 24, 44], [10, 20, 12, 28, 16, 32]
Change = Callable[[str, int, int], int]  # (kind, slide index, size) -> size written


def _sized(change: Change = lambda kind, at, size: size) -> bytes:
    count = itertools.count()

    def size(kind: str, at: int) -> int:
        k = next(count)
        base = 12 if at == LAST else (TITLE if kind == "title" else BODY)[k % (4 if kind == "title" else 6)]
        return change(kind, at, base)
    return with_sizes(DECK, size)


GIVEN = _sized()


def size_case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "out.pptx", "input_file": "in.pptx", **options}, passes, says,
                files={"out.pptx": output}, originals={"in.pptx": GIVEN})


UP = {"limit": "at_least", "size_pt": 15, "titles": False}
DOWN = {"limit": "at_most", "size_pt": 26, "titles": True}
WHERE = f"slide {LAST + 1}"

SIZES_CLAMPED = [
    size_case("the body raised to 15 pt", _sized(lambda kind, at, s: s if kind == "title" else max(s, 15)), UP, True),
    size_case("the last slide's body left at 12 pt", _sized(lambda kind, at, s: s if kind == "title" or at == LAST
                                                            else max(s, 15)), UP, False, WHERE),
    size_case("raised one point too far", _sized(lambda kind, at, s: s if kind == "title" or s >= 15 else 16), UP,
              False, "expected 15"),
    size_case("a 20 pt text lowered to 15", _sized(lambda kind, at, s: s if kind == "title" else 15), UP, False,
              "expected 20"),
    size_case("the titles raised too", _sized(lambda kind, at, s: max(s, 15)), UP, False, "expected 14"),
    size_case("all text capped at 26 pt", _sized(lambda kind, at, s: min(s, 26)), DOWN, True),
    size_case("the titles left above the cap", _sized(lambda kind, at, s: s if kind == "title" else min(s, 26)),
              DOWN, False, "expected 26"),
    size_case("the cap taken as 25 pt", _sized(lambda kind, at, s: min(s, 25)), DOWN, False, "expected 26"),
    size_case("nothing outside the limit", GIVEN, {**UP, "size_pt": 5}, False, "already meets"),
    size_case("nothing done", GIVEN, UP, False, "expected 15"),
]

CASES = {"slides.sizes_clamped": SIZES_CLAMPED}
