"""Speaker notes put on the slides as bullets (a talk turned into a deck to read): each slide in
scope - one with notes and nothing but a title, or any slide with notes - shows its notes' points
after the bullets it had, one per sentence (a closing full stop optional) or one per line; its
notes kept or emptied as asked. Every other slide, and every title, is unchanged."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field

from forge.checks._slides_scope import paired_slides
from forge.checks.document import fold
from forge.checks.slides import DeckEdit, body_lines
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.views import Slide


def note_points(notes: str, by_sentence: bool) -> list[str]:
    """The notes' points: their sentences (whitespace folded) or their non-empty lines."""
    parts = re.split(r"(?<=[.!?])\s+", fold(notes)) if by_sentence else notes.splitlines()
    return [fold(p) for p in parts if p.strip()]


def _point(text: str) -> str:
    return text[:-1] if text.endswith(".") and not text.endswith("..") else text


class NotesOnSlides(DeckEdit):
    scope: Literal["empty", "all"] = Field(description="empty: only slides with notes and no body text; all: "
                                           "every slide with notes.")
    by_sentence: bool = Field(description="True: one bullet per sentence of the notes; False: one per line.")
    clear_notes: bool = Field(description="True: the slides in scope end with empty notes; False: notes kept.")


def _in_scope(slide: Slide, scope: str) -> bool:
    return bool(slide.notes.strip()) and (scope == "all" or not body_lines(slide))


@register_check("slides.notes_on_slides", NotesOnSlides, view="slides")
def notes_on_slides(state: FinalState, opts: NotesOnSlides) -> Verdict:
    """Each slide in scope reads its old body lines then its notes' points (a point's closing full
    stop optional), and its notes are empty or unchanged as asked; every other slide's body and
    notes, and every title, are unchanged; some slide had to be in scope."""
    pairs = paired_slides(state, opts, None)
    if isinstance(pairs, str):
        return Verdict.of(False, pairs)
    moved = 0
    for was, now in pairs:
        where = f"slide {now.number} ({fold(now.title)!r})"
        if fold(was.title) != fold(now.title):
            return Verdict.of(False, f"{where} is titled {fold(now.title)!r}, expected {fold(was.title)!r}")
        chosen = _in_scope(was, opts.scope)
        points = note_points(was.notes, opts.by_sentence) if chosen else []
        moved += chosen
        want = body_lines(was) + [_point(p) for p in points]
        have = body_lines(now)
        have = have[:len(want) - len(points)] + [_point(h) for h in have[len(want) - len(points):]]
        for k, (w, h) in enumerate(zip(want, have, strict=False), start=1):
            if w != h:
                return Verdict.of(False, f"{where} line {k} reads {h!r}, expected {w!r}")
        if len(want) != len(have):
            return Verdict.of(False, f"{where} has {len(have)} body lines, expected {len(want)}: {want}")
        notes = "" if chosen and opts.clear_notes else fold(was.notes)
        if fold(now.notes) != notes:
            return Verdict.of(False, f"{where} has the notes {fold(now.notes)[:70]!r}, expected {notes[:70]!r}")
    if not moved:
        return Verdict.of(False, f"{opts.input_file} has no slide whose notes go on the slide ({opts.scope})")
    return Verdict.of(True, f"notes put on {moved} slide(s) as bullets")
