"""Speaker-notes edits across a whole deck: every slide's notes cleared (before the deck goes
out), a line appended to the notes that exist, a note written on the slides that have none, a
name replaced in the notes (a presenter handing over). Each slide's expected notes follow from
its original notes and the instruction; no slide's visible text may change."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.slides import DeckEdit, deck_diff, face
from forge.checks.source import input_view, output_view
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.views import SlidesView

Op = Literal["clear", "append", "fill_missing", "replace"]


class NotesEdited(DeckEdit):
    op: Op = Field(description="clear: no slide keeps notes; append: `text` added after the notes a slide has; "
                   "fill_missing: `text` as the notes of every slide without any; replace: `old` -> `new`.")
    text: str | None = None
    old: str | None = Field(default=None, description="Replaced where it is a whole word, matching case.")
    new: str | None = None


def edited_notes(notes: str, opts: NotesEdited) -> str:
    """What one slide's notes (folded) must read after the edit."""
    notes = fold(notes)
    if opts.op == "clear":
        return ""
    if opts.op == "append":
        return fold(f"{notes} {opts.text}") if notes else ""
    if opts.op == "fill_missing":
        return notes or fold(opts.text or "")
    return re.sub(rf"(?<!\w){re.escape(opts.old or '')}(?!\w)", lambda _: opts.new or "", notes)


@register_check("slides.notes_edited", NotesEdited, view="slides")
def notes_edited(state: FinalState, opts: NotesEdited) -> Verdict:
    """Every slide's speaker notes read as the edit makes them from its own original notes
    (cleared; the line added after existing notes, slides without notes left so; the note written
    where there was none; the whole-word name replaced), and no slide's visible text or place
    changed."""
    original, output = input_view(state, opts.input_file, SlidesView), output_view(state, opts.file, SlidesView)
    if msg := deck_diff([face(s) for s in original.slides], [face(s) for s in output.slides], opts.file):
        return Verdict.of(False, msg + " (only the notes were to change)")
    want = [edited_notes(s.notes, opts) for s in original.slides]
    if want == [fold(s.notes) for s in original.slides]:
        return Verdict.of(False, f"the edit asked for changes no notes of {opts.input_file}")
    for n, (w, s) in enumerate(zip(want, output.slides, strict=True), start=1):
        if fold(s.notes) != w:
            return Verdict.of(False, f"the notes of slide {n} ({fold(s.title)!r}) read {fold(s.notes)[:70]!r}, "
                              f"expected {w[:70]!r}")
    return Verdict.of(True, f"notes {opts.op.replace('_', ' ')} done on {len(want)} slides")
