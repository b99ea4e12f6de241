"""Boundary cases of `forge.checks.slides_notes` on a real deck: the LAST slide's notes left
as they were, the line added to a slide without notes too, a note written over existing notes,
a name replaced inside a longer name, a slide's visible text touched."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import pptx

from preparers.presentation import make_deck, write_pptx
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.office_edits import _saved, _seeded

DECK = write_pptx(make_deck(*_seeded(17)))
_NOTES = [s.notes_slide.notes_text_frame.text if s.has_notes_slide else "" for s in
          pptx.Presentation(io.BytesIO(DECK)).slides]
NOTED = [i for i, t in enumerate(_NOTES) if t.strip()]
EMPTY = [i for i, t in enumerate(_NOTES) if not t.strip()]
LINE = "Two minutes at most."


def _with(notes: Callable[[int, str], str], *, data: bytes = DECK, retitle: bool = False) -> bytes:
    deck = pptx.Presentation(io.BytesIO(data))
    for i, slide in enumerate(deck.slides):
        old = slide.notes_slide.notes_text_frame.text if slide.has_notes_slide else ""
        new = notes(i, old)
        if new != old:
            slide.notes_slide.notes_text_frame.text = new
    if retitle:
        deck.slides[-1].shapes.title.text_frame.text += " (draft)"
    return _saved(deck)


NAMED = _with(lambda i, old: f"{old}\nSam and Samuel present." if i in NOTED[-2:] else old)


def notes_case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "",
               given: bytes = DECK) -> Case:
    return Case(label, None, {"file": "out.pptx", "input_file": "in.pptx", **options}, passes, says,
                files={"out.pptx": output}, originals={"in.pptx": given})


CLEAR, APPEND, FILL = {"op": "clear"}, {"op": "append", "text": LINE}, {"op": "fill_missing", "text": "Notes to follow."}
REPLACE = {"op": "replace", "old": "Sam", "new": "Alex"}

NOTES_EDITED = [
    notes_case("every note cleared", _with(lambda i, old: ""), CLEAR, True),
    notes_case("the last noted slide keeps its notes", _with(lambda i, old: old if i == NOTED[-1] else ""), CLEAR,
               False, f"slide {NOTED[-1] + 1}"),
    notes_case("the line appended to the notes there are", _with(lambda i, old: f"{old}\n{LINE}" if old else old),
               APPEND, True),
    notes_case("the line also on a slide without notes", _with(lambda i, old: f"{old}\n{LINE}" if old else
                                                               (LINE if i == EMPTY[-1] else old)), APPEND, False,
               f"slide {EMPTY[-1] + 1}"),
    notes_case("the last noted slide skipped", _with(lambda i, old: f"{old}\n{LINE}" if old and i != NOTED[-1] else
                                                     old), APPEND, False, f"slide {NOTED[-1] + 1}"),
    notes_case("the line put first", _with(lambda i, old: f"{LINE}\n{old}" if old else old), APPEND, False),
    notes_case("a note on every slide without one", _with(lambda i, old: old or "Notes to follow."), FILL, True),
    notes_case("the last empty slide left empty", _with(lambda i, old: old or ("" if i == EMPTY[-1] else
                                                                                 "Notes to follow.")), FILL, False,
               f"slide {EMPTY[-1] + 1}"),
    notes_case("existing notes overwritten too", _with(lambda i, old: "Notes to follow."), FILL, False),
    notes_case("the name replaced", _with(lambda i, old: old.replace("Sam and", "Alex and"), data=NAMED), REPLACE,
               True, given=NAMED),
    notes_case("a longer name changed too", _with(lambda i, old: old.replace("Sam", "Alex"), data=NAMED), REPLACE,
               False, "Samuel", given=NAMED),
    notes_case("the last mention missed", _with(lambda i, old: old.replace("Sam and", "Alex and") if i != NOTED[-1]
                                                else old, data=NAMED), REPLACE, False, given=NAMED),
    notes_case("a slide retitled while clearing", _with(lambda i, old: "", retitle=True), CLEAR, False,
               "only the notes"),
]

CASES = {"slides.notes_edited": NOTES_EDITED}
