"""Boundary cases of `forge.checks.slides_split` on real decks: a split one bullet short or one too
far, the odd bullet on the wrong half, the new slide at the end or on another layout, the
continuation's title off by a character; a merge that loses the LAST continued bullet, leaves a
continuation, merges a pair that was not named or keeps the '(1/2)'."""

from __future__ import annotations

from typing import Any

from preparers.presentation import DeckContent, SlideContent, make_deck, more_bullets, write_pptx
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.office_edits import _seeded

_rng, _faker = _seeded(41)
BASE = make_deck(_rng, _faker)
AT = 3
LONG = more_bullets(_rng, _faker, 9)
FULL = BASE.model_copy(update={"slides": [s.model_copy(update={"bullets": LONG}) if i == AT else s
                                          for i, s in enumerate(BASE.slides)]})
TITLE = BASE.slides[AT].title
GIVEN = write_pptx(FULL)


def _split(keep: int, first: str, second: str, *, at_end: bool = False, layout: str = "bullets") -> bytes:
    slides = list(FULL.slides)
    new = SlideContent(layout=layout, title=second, bullets=LONG[keep:])  # type: ignore[arg-type]
    slides[AT] = slides[AT].model_copy(update={"title": first, "bullets": LONG[:keep]})
    slides.insert(len(slides) if at_end else AT + 1, new)
    return write_pptx(FULL.model_copy(update={"slides": slides}))


def _pairs(deck: DeckContent, where: list[int], head: str, tail: str, cut: int = 3) -> DeckContent:
    """`deck` with each slide at `where` already split in two (titles with `head` / `tail`)."""
    slides = list(deck.slides)
    for at in sorted(where, reverse=True):
        s = slides[at]
        slides[at:at + 1] = [s.model_copy(update={"title": s.title + head, "bullets": s.bullets[:cut]}),
                             SlideContent(layout="bullets", title=s.title + tail, bullets=s.bullets[cut:])]
    return deck.model_copy(update={"slides": slides})


MORE = BASE.model_copy(update={"slides": [s.model_copy(update={"bullets": [*s.bullets, *more_bullets(_rng, _faker, 3)]})
                                          if 2 <= i < len(BASE.slides) - 1 else s for i, s in enumerate(BASE.slides)]})
LAST_TOPIC = len(BASE.slides) - 2
CONT = _pairs(MORE, [2, LAST_TOPIC], "", " (cont.)")
NUMBERED = _pairs(MORE, [2, LAST_TOPIC], " (1/2)", " (2/2)")


def _merged(merged: list[int]) -> bytes:
    """The '(cont.)' deck with the pairs at `merged` merged back, the others left split."""
    return write_pptx(_pairs(MORE, [i for i in [2, LAST_TOPIC] if i not in merged], "", " (cont.)"))


def _last_short() -> bytes:
    """Every pair merged, but the last merged slide lost its last bullet."""
    slides = list(MORE.slides)
    slides[LAST_TOPIC] = slides[LAST_TOPIC].model_copy(update={"bullets": slides[LAST_TOPIC].bullets[:-1]})
    return write_pptx(MORE.model_copy(update={"slides": slides}))


def split_case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "",
               given: bytes = GIVEN) -> Case:
    return Case(label, None, {"file": "out.pptx", "input_file": "in.pptx", **options}, passes, says,
                files={"out.pptx": output}, originals={"in.pptx": given})


HALF = {"op": "split", "slide_title": TITLE, "style": "cont"}
FOUR = {"op": "split", "slide_title": TITLE, "keep": 4, "style": "numbered"}
ALL_CONT, ALL_NUM = {"op": "merge", "style": "cont"}, {"op": "merge", "style": "numbered"}
ONE = {"op": "merge", "style": "cont", "slide_title": BASE.slides[LAST_TOPIC].title}

SLIDE_SPLIT = [
    split_case("split in half, the odd bullet first", _split(5, TITLE, f"{TITLE} (cont.)"), HALF, True),
    split_case("the odd bullet on the second slide", _split(4, TITLE, f"{TITLE} (cont.)"), HALF, False,
               f"slide {AT + 1}"),
    split_case("the continuation title without its dot", _split(5, TITLE, f"{TITLE} (cont)"), HALF, False,
               "(cont)"),
    split_case("the new slide at the end", _split(5, TITLE, f"{TITLE} (cont.)", at_end=True), HALF, False,
               f"slide {AT + 2}"),
    split_case("the new slide on a Section Header layout", _split(5, TITLE, f"{TITLE} (cont.)", layout="section"),
               HALF, False, "layout"),
    split_case("four kept, numbered", _split(4, f"{TITLE} (1/2)", f"{TITLE} (2/2)"), FOUR, True),
    split_case("one bullet short", _split(3, f"{TITLE} (1/2)", f"{TITLE} (2/2)"), FOUR, False, f"slide {AT + 1}"),
    split_case("one bullet too far", _split(5, f"{TITLE} (1/2)", f"{TITLE} (2/2)"), FOUR, False, f"slide {AT + 1}"),
    split_case("the first slide not numbered", _split(4, TITLE, f"{TITLE} (2/2)"), FOUR, False, "(1/2)"),
    split_case("nothing split", GIVEN, HALF, False, f"slide {AT + 1}"),
    split_case("every continuation merged", write_pptx(MORE), ALL_CONT, True, given=write_pptx(CONT)),
    split_case("the last continued bullet lost", _last_short(), ALL_CONT, False,
               f"slide {LAST_TOPIC + 1}", given=write_pptx(CONT)),
    split_case("the last continuation left", _merged([2]), ALL_CONT, False, given=write_pptx(CONT)),
    split_case("only the named one merged", _merged([LAST_TOPIC]), ONE, True, given=write_pptx(CONT)),
    split_case("the unnamed pair merged too", write_pptx(MORE), ONE, False, given=write_pptx(CONT)),
    split_case("numbered pairs merged and renamed", write_pptx(MORE), ALL_NUM, True, given=write_pptx(NUMBERED)),
    split_case("the '(1/2)' kept on the last", write_pptx(MORE.model_copy(update={"slides": [
        s.model_copy(update={"title": s.title + " (1/2)"}) if i == LAST_TOPIC else s
        for i, s in enumerate(MORE.slides)]})), ALL_NUM, False, "(1/2)", given=write_pptx(NUMBERED)),
    split_case("no continuation in the deck", write_pptx(MORE), ALL_CONT, False, "no slide", given=write_pptx(MORE)),
]

CASES = {"slides.slide_split": SLIDE_SPLIT}
