"""Speaker notes carried over from the old version of a deck to the new one (a designer sent it
back without them): each slide of the new deck gets the notes of the old slide with the same
title, or at the same number; slides with no match keep what they had. Nothing visible changes."""

from __future__ import annotations

from pydantic import Field

from forge.checks.document import fold
from forge.checks.slides import DeckEdit, deck_diff, face
from forge.checks.source import input_view, output_view
from forge.checks.spec import InputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import SlidesView


class NotesCopied(DeckEdit):
    source: InputPath = Field(description="The old deck whose notes are copied.")
    by_number: bool = Field(description="True: slide N gets old slide N's notes; False: by the same title.")


@register_check("slides.notes_copied", NotesCopied, view="slides")
def notes_copied(state: FinalState, opts: NotesCopied) -> Verdict:
    """Each slide's notes read as the matching old slide's (by number, or by title, any case), a
    slide without a match (or whose match has no notes) keeping its own; every slide's visible
    text and place are unchanged."""
    old = input_view(state, opts.source, SlidesView)
    original = input_view(state, opts.input_file, SlidesView)
    output = output_view(state, opts.file, SlidesView)
    if msg := deck_diff([face(s) for s in original.slides], [face(s) for s in output.slides], opts.file):
        return Verdict.of(False, msg + " (only the notes were to change)")
    by_title = {fold(s.title).casefold(): fold(s.notes) for s in old.slides}
    copied = 0
    for n, (was, now) in enumerate(zip(original.slides, output.slides, strict=True)):
        match = (fold(old.slides[n].notes) if n < len(old.slides) else "") if opts.by_number else \
            by_title.get(fold(was.title).casefold(), "")
        want = match or fold(was.notes)
        copied += want != fold(was.notes)
        if fold(now.notes) != want:
            return Verdict.of(False, f"the notes of slide {n + 1} ({fold(now.title)!r}) read "
                              f"{fold(now.notes)[:70]!r}, expected {want[:70]!r}")
    if not copied:
        return Verdict.of(False, f"{opts.source} has no notes to copy into {opts.input_file}")
    return Verdict.of(True, f"notes copied onto {copied} slide(s)")
