"""Boundary cases of `forge.checks.slides_prune` on real decks: the LAST marked slide kept, an
unmarked slide deleted too, the marker matched in another case, the closing slide deleted with
the backups, a rule that names no slide."""

from __future__ import annotations

from typing import Any

from preparers.presentation import DeckContent, SlideContent, make_deck, write_pptx
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.office_edits import _seeded

BASE = make_deck(*_seeded(107))
LAST = len(BASE.slides) - 2
MARKED = [3, LAST]
TITLED = BASE.model_copy(update={"slides": [s.model_copy(update={"title": s.title + " (Old)"}) if i in MARKED else s
                                            for i, s in enumerate(BASE.slides)]})
NOTED = BASE.model_copy(update={"slides": [s.model_copy(update={"notes": "CUT - " + s.notes}) if i in MARKED else s
                                           for i, s in enumerate(BASE.slides)]})
BACKED = BASE.model_copy(update={"slides": [*BASE.slides, SlideContent(layout="title_only", title="Backup: figures"),
                                            SlideContent(layout="title_only", title="Backup: method")]})


def _without(deck: DeckContent, drop: list[int]) -> bytes:
    return write_pptx(deck.model_copy(update={"slides": [s for i, s in enumerate(deck.slides) if i not in drop]}))


def prune_case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str,
               given: DeckContent) -> Case:
    return Case(label, None, {"file": "out.pptx", "input_file": "in.pptx", **options}, passes, says,
                files={"out.pptx": output}, originals={"in.pptx": write_pptx(given)})


TITLE, NOTES = {"title_contains": "(old)"}, {"notes_contain": "cut"}
AFTER = {"after_title": BASE.slides[-1].title}
CLOSING = len(BASE.slides) - 1

PRUNED_BY_RULE = [
    prune_case("the marked slides deleted (any case)", _without(TITLED, MARKED), TITLE, True, "", TITLED),
    prune_case("the last marked slide kept", _without(TITLED, MARKED[:1]), TITLE, False, f"slide {LAST}", TITLED),
    prune_case("an unmarked slide deleted too", _without(TITLED, [*MARKED, 2]), TITLE, False, "slide 3", TITLED),
    prune_case("the slides whose notes say cut", _without(NOTED, MARKED), NOTES, True, "", NOTED),
    prune_case("the last one the notes cut kept", _without(NOTED, MARKED[:1]), NOTES, False, f"slide {LAST}", NOTED),
    prune_case("the backups after the closing slide", write_pptx(BASE), AFTER, True, "", BACKED),
    prune_case("the last backup kept", _without(BACKED, [CLOSING + 1]), AFTER, False, "slides", BACKED),
    prune_case("the closing slide deleted too", _without(BACKED, [CLOSING, CLOSING + 1, CLOSING + 2]), AFTER, False,
               "slides", BACKED),
    prune_case("a marker no slide carries", write_pptx(BASE), {"title_contains": "(draft)"}, False, "names no slide",
               BASE),
]

CASES = {"slides.pruned_by_rule": PRUNED_BY_RULE}
