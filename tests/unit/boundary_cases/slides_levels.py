"""Boundary cases of `forge.checks.slides_levels` on real decks: the LAST slide's last bullet left
as pasted, the marker dropped without the indent (or the indent without dropping the marker), two
levels instead of one, a slide outside the scope fixed too, a bullet added or lost, a title
touched, a deck with nothing to fix."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from preparers.presentation import Bullet, DeckContent, make_deck, write_pptx
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.office_edits import _seeded

Edit = Callable[[int, list[Bullet]], list[Bullet]]
BASE = make_deck(*_seeded(41))  # topics at indexes 2-5; 'Tools you will use' (4) has no sub-bullet
LAST = len(BASE.slides) - 2


def _deck(deck: DeckContent, edit: Edit) -> DeckContent:
    return deck.model_copy(update={"slides": [s.model_copy(update={"bullets": edit(i, list(s.bullets))})
                                              for i, s in enumerate(deck.slides)]})


def _at(index: int, k: int, **change: Any) -> Edit:
    """Bullet `k` (negative from the end) of slide `index` changed."""
    def edit(i: int, bullets: list[Bullet]) -> list[Bullet]:
        if i == index:
            bullets[k] = bullets[k].model_copy(update=change)
        return bullets
    return edit


CLEAN = _deck(BASE, _at(LAST, -1, level=1))  # the last topic's last bullet a sub-point too
MARKED = _deck(CLEAN, lambda i, bs: [Bullet(text=f"- {b.text}") if b.level else b for b in bs])
FLAT = _deck(CLEAN, lambda i, bs: [b.model_copy(update={"level": 0}) for b in bs])
DOTTED = _deck(CLEAN, lambda i, bs: [b.model_copy(update={"text": f"• {b.text}"}) if i > 1 and k % 2 == 0 or
                                     (i, k) == (LAST, len(bs) - 1) else b for k, b in enumerate(bs)])
UNDOTTED = _deck(DOTTED, lambda i, bs: [b.model_copy(update={"text": b.text.removeprefix("• ")}) for b in bs])
ONE = "Who we are"


def _only(index: int, fixed: DeckContent, given: DeckContent) -> DeckContent:
    return given.model_copy(update={"slides": [fixed.slides[i] if i == index else s
                                               for i, s in enumerate(given.slides)]})


def levels_case(label: str, output: DeckContent, options: dict[str, Any], passes: bool, says: str = "",
                given: DeckContent = MARKED) -> Case:
    return Case(label, None, {"file": "out.pptx", "input_file": "in.pptx", **options}, passes, says,
                files={"out.pptx": write_pptx(output)}, originals={"in.pptx": write_pptx(given)})


INDENT = {"op": "indent_marked", "marker": "-"}
FLATTEN = {"op": "flatten"}
DOTS = {"op": "markers", "marker": "•"}
SHORT = CLEAN.model_copy(update={"slides": CLEAN.slides[:-1]})

LEVELS = [
    levels_case("dashed lines made sub-bullets", CLEAN, INDENT, True),
    levels_case("the last slide's last dashed line left", _deck(CLEAN, _at(LAST, -1, level=0,
                text="- " + CLEAN.slides[LAST].bullets[-1].text)), INDENT, False, f"slide {LAST + 1}"),
    levels_case("the dash dropped, not indented", _deck(CLEAN, _at(3, 2, level=0)), INDENT, False,
                "is at level 0, expected 1"),
    levels_case("indented, the dash kept", _deck(CLEAN, _at(3, 2, text="- " + CLEAN.slides[3].bullets[2].text)),
                INDENT, False, "slide 4 (" + repr(ONE) + ") bullet 3 reads"),
    levels_case("indented two levels", _deck(CLEAN, _at(LAST, -1, level=2)), INDENT, False,
                "is at level 2, expected 1"),
    levels_case("only the named slide fixed", _only(3, CLEAN, MARKED), {**INDENT, "slide_title": ONE}, True),
    levels_case("another slide fixed too", CLEAN, {**INDENT, "slide_title": ONE}, False, "slide 3"),
    levels_case("a bullet added at the end", _deck(CLEAN, lambda i, bs: bs + [Bullet(text="Extra")] if i == LAST
                                                   else bs), INDENT, False, f"has {len(BASE.slides[LAST].bullets) + 1}"
                " bullets"),
    levels_case("a sub-bullet lost", _deck(CLEAN, lambda i, bs: bs[:-1] if i == LAST else bs), INDENT, False,
                f"has {len(BASE.slides[LAST].bullets) - 1} bullets"),
    levels_case("a title touched", CLEAN.model_copy(update={"slides": [s.model_copy(update={"title": s.title + "!"})
                                                                       if i == LAST else s for i, s in
                                                                       enumerate(CLEAN.slides)]}),
                INDENT, False, "besides its bullets"),
    levels_case("the last slide dropped", SHORT, INDENT, False, f"has {len(SHORT.slides)} slides"),
    levels_case("nothing was dashed", CLEAN, INDENT, False, "nothing to fix", given=CLEAN),
    levels_case("no marker named", CLEAN, {"op": "indent_marked"}, False, "needs the typed marker"),
    levels_case("every bullet at the top level", FLAT, FLATTEN, True, given=CLEAN),
    levels_case("the last sub-bullet left indented", _deck(FLAT, _at(LAST, -1, level=1)), FLATTEN, False,
                f"slide {LAST + 1}", given=CLEAN),
    levels_case("sub-bullets deleted, not flattened", _deck(CLEAN, lambda i, bs: [b for b in bs if not b.level]),
                FLATTEN, False, "slide 3", given=CLEAN),
    levels_case("one slide flattened", _only(3, FLAT, CLEAN), {**FLATTEN, "slide_title": ONE}, True, given=CLEAN),
    levels_case("typed bullets removed", UNDOTTED, DOTS, True, given=DOTTED),
    levels_case("typed bullets removed and flattened", _deck(UNDOTTED, lambda i, bs: [
        b.model_copy(update={"level": 0}) for b in bs]), DOTS, False, "is at level 0, expected 1", given=DOTTED),
    levels_case("the last typed bullet left", _deck(UNDOTTED, _at(LAST, -1, text="• " + UNDOTTED.slides[LAST]
                                                                  .bullets[-1].text)), DOTS, False,
                f"slide {LAST + 1}", given=DOTTED),
    levels_case("another marker named", DOTTED, {**DOTS, "marker": "*"}, False, "nothing to fix", given=DOTTED),
]

CASES = {"slides.bullet_levels_fixed": LEVELS}
