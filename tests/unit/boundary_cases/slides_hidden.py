"""Boundary cases of `forge.checks.slides_hidden` on a real deck with hidden slides: the LAST
hidden slide left hidden (or kept, or left in place), a shown slide deleted or moved with them,
the moved slides shown, a deck with nothing hidden."""

from __future__ import annotations

from typing import Any

from preparers.presentation import make_deck
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.office_edits import _seeded
from workflows.presentation.hidden_slides import with_hidden

DECK = make_deck(*_seeded(97))
LAST = len(DECK.slides) - 2  # the last topic slide is the last hidden one
HIDDEN = [3, LAST]
GIVEN = with_hidden(DECK, set(HIDDEN))


def _deck(order: list[int], hidden: set[int]) -> bytes:
    """The deck's slides in `order` (original indexes), those at the new positions `hidden` hidden."""
    return with_hidden(DECK.model_copy(update={"slides": [DECK.slides[i] for i in order]}), hidden)


ALL = list(range(len(DECK.slides)))
SHOWN = [i for i in ALL if i not in HIDDEN]
AT_END = SHOWN + HIDDEN
END = {len(SHOWN), len(SHOWN) + 1}


def hidden_case(label: str, output: bytes, op: str, passes: bool, says: str = "", given: bytes = GIVEN) -> Case:
    return Case(label, None, {"file": "out.pptx", "input_file": "in.pptx", "op": op}, passes, says,
                files={"out.pptx": output}, originals={"in.pptx": given})


HIDDEN_RESOLVED: list[Case] = [
    hidden_case("every slide shown", _deck(ALL, set()), "unhide", True),
    hidden_case("the last hidden slide still hidden", _deck(ALL, {LAST}), "unhide", False, f"slide {LAST + 1}"),
    hidden_case("the hidden slides deleted instead", _deck(SHOWN, set()), "unhide", False, "slide 4"),
    hidden_case("the hidden slides deleted", _deck(SHOWN, set()), "delete", True),
    hidden_case("the last hidden slide kept", _deck(SHOWN[:-1] + [LAST] + SHOWN[-1:], {len(SHOWN) - 1}), "delete",
                False, f"slide {len(SHOWN)}"),
    hidden_case("the closing slide deleted too", _deck(SHOWN[:-1], set()), "delete", False, "slides"),
    hidden_case("only shown instead of deleted", _deck(ALL, set()), "delete", False, "slide 4"),
    hidden_case("moved to the end, still hidden", _deck(AT_END, END), "to_end", True),
    hidden_case("moved to the end but shown", _deck(AT_END, set()), "to_end", False, f"slide {len(SHOWN) + 1}"),
    hidden_case("the last one left in place", _deck(SHOWN[:-1] + [LAST] + SHOWN[-1:] + [3],
                                                    {len(SHOWN) - 1, len(ALL) - 1}), "to_end", False,
                f"slide {len(SHOWN)}"),
    hidden_case("the two swapped at the end", _deck(SHOWN + HIDDEN[::-1], END), "to_end", False,
                f"slide {len(SHOWN) + 1}"),
    hidden_case("a shown slide hidden at the end too", _deck(AT_END, END | {len(SHOWN) - 1}), "to_end", False,
                f"slide {len(SHOWN)}"),
    hidden_case("a deck with nothing hidden", _deck(ALL, set()), "unhide", False, "no hidden slide",
                given=_deck(ALL, set())),
]

CASES = {"slides.hidden_resolved": HIDDEN_RESOLVED}
