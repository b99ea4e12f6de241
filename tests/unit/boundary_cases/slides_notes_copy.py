"""Boundary cases of `forge.checks.slides_notes_copy` on real decks: the LAST slide's notes not
copied, notes copied by number into a reordered deck, a new slide given someone's notes, a slide's
text touched, an old deck without notes."""

from __future__ import annotations

from typing import Any

from preparers.presentation import DeckContent, SlideContent, make_deck, write_pptx
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.office_edits import _seeded

OLD = make_deck(*_seeded(109))
LAST = len(OLD.slides) - 2  # the last topic slide: the last one with notes
BARE = [s.model_copy(update={"notes": ""}) for s in OLD.slides]
MOVED = [*BARE[:2], BARE[LAST], SlideContent(layout="bullets", title="At a glance"), *BARE[2:LAST], BARE[-1]]


def _deck(slides: list[SlideContent]) -> bytes:
    return write_pptx(OLD.model_copy(update={"slides": slides}))


def _noted(slides: list[SlideContent], skip: str = "", extra: str = "") -> list[SlideContent]:
    """`slides` with the old notes of the slide of the same title (none for `skip`; `extra` on new ones)."""
    notes = {s.title: s.notes for s in OLD.slides}
    return [s.model_copy(update={"notes": extra if s.title not in notes else
                                 "" if s.title == skip else notes[s.title]}) for s in slides]


def copy_case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "",
              given: list[SlideContent] = MOVED, old: DeckContent = OLD) -> Case:
    return Case(label, None, {"file": "out.pptx", "input_file": "in.pptx", "source": "old.pptx", **options}, passes,
                says, files={"out.pptx": output}, originals={"in.pptx": _deck(given), "old.pptx": write_pptx(old)})


TITLE, NUMBER = {"by_number": False}, {"by_number": True}

NOTES_COPIED = [
    copy_case("copied by title into the reordered deck", _deck(_noted(MOVED)), TITLE, True),
    copy_case("the moved slide's notes missing", _deck(_noted(MOVED, skip=OLD.slides[LAST].title)), TITLE, False,
              "slide 3"),
    copy_case("copied by number into the reordered deck", _deck([s.model_copy(update={"notes": o.notes}) for s, o in
                                                                zip(MOVED, OLD.slides, strict=False)]), TITLE, False),
    copy_case("the new slide given notes", _deck(_noted(MOVED, extra="Say hello.")), TITLE, False, "slide 4"),
    copy_case("copied by number", _deck(OLD.slides), NUMBER, True, given=BARE),
    copy_case("the last slide's notes not copied", _deck([*OLD.slides[:LAST], *BARE[LAST:]]), NUMBER, False,
              f"slide {LAST + 1}", given=BARE),
    copy_case("a slide retitled", _deck([s.model_copy(update={"title": s.title + " (v2)"}) if i == LAST else s
                                         for i, s in enumerate(OLD.slides)]), NUMBER, False, "only the notes",
              given=BARE),
    copy_case("an old deck without notes", _deck(BARE), NUMBER, False, "no notes to copy", given=BARE,
              old=OLD.model_copy(update={"slides": BARE})),
]

CASES = {"slides.notes_copied": NOTES_COPIED}
