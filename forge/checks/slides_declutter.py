"""A slide decluttered by moving its bullet text into the speaker notes (the presenter says it,
the audience no longer reads it): on one named slide, on every topic slide, or on the slides
with more than a given number of bullets; the moved lines go after the notes a slide has, or
replace them. The slide keeps its title; nothing else in the deck changes."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.slides import DeckEdit, body_lines, deck_diff, face
from forge.checks.slides_tidy import bullets
from forge.checks.source import input_view, output_view
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.views import Slide, SlidesView


class MovedToNotes(DeckEdit):
    slide_title: str | None = Field(default=None, description="Only this slide; None: as `more_than` says.")
    more_than: int | None = Field(default=None, ge=0, description="The slides with more than this many bullets "
                                  "(None with no slide_title: every slide with bullets).")
    keep_notes: bool = Field(description="True: the moved lines follow the slide's notes; False: they replace them.")
    skip: list[str] = Field(default_factory=list, description="Titles of slides left out of the scope.")


def moved(slide: Slide) -> list[str]:
    """The slide's bullet lines (its content placeholders' non-empty paragraphs), folded."""
    return [fold(line) for line in bullets(slide) if line.strip()]


def _in_scope(slide: Slide, opts: MovedToNotes) -> bool:
    lines = moved(slide)
    if not lines or fold(slide.title) in {fold(t) for t in opts.skip}:
        return False
    if opts.slide_title is not None:
        return fold(slide.title) == fold(opts.slide_title)
    return opts.more_than is None or len(lines) > opts.more_than


@register_check("slides.moved_to_notes", MovedToNotes, view="slides")
def moved_to_notes(state: FinalState, opts: MovedToNotes) -> Verdict:
    """Each slide in scope keeps its title and shows no bullet text, and its notes read its former
    notes (when kept) then its former bullets, in order (whitespace folded); every other slide,
    notes included, is unchanged, and no slide is added, lost or moved."""
    original = input_view(state, opts.input_file, SlidesView)
    output = output_view(state, opts.file, SlidesView)
    scope = [_in_scope(s, opts) for s in original.slides]
    if not any(scope):
        return Verdict.of(False, f"no slide of {opts.input_file} is in scope; nothing to move")
    want = [(fold(s.title), tuple(line for line in body_lines(s) if line not in moved(s))) if hit else face(s)
            for s, hit in zip(original.slides, scope, strict=True)]
    if msg := deck_diff(want, [face(s) for s in output.slides], opts.file):
        return Verdict.of(False, msg + (" (the bullets were to leave the slide)" if "reads" in msg else ""))
    for was, now, hit in zip(original.slides, output.slides, scope, strict=True):
        notes = fold(was.notes)
        if hit:
            notes = fold(" ".join([was.notes if opts.keep_notes else "", *moved(was)]))
        if fold(now.notes) != notes:
            return Verdict.of(False, f"the notes of slide {now.number} ({fold(now.title)!r}) read "
                              f"{fold(now.notes)[:90]!r}, expected {notes[:90]!r}")
    return Verdict.of(True, f"the bullets of {sum(scope)} slide(s) moved into their notes")
