"""A deck's backup slides moved into an appendix behind its closing slide, as presenters do before
a talk so the main story runs without them: the slides marked as backup (a title opening with
'Backup:', speaker notes opening with 'Backup', or hidden) follow every other slide in their
order, behind a new Section Header slide titled 'Appendix' when asked; hidden in the slide show or
shown. Every slide keeps its title, text, notes and layout."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.slides import DeckEdit, SlideFace, deck_diff, face
from forge.checks.source import input_view, output_view
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.views import Slide, SlidesView

Marker = Literal["title", "notes", "hidden"]
SECTION = "secHead"  # the OOXML type of the Section Header layout
APPENDIX = "Appendix"
STATE = ("shown", "hidden")


class BackupAppendix(DeckEdit):
    marker: Marker = Field(description="Which slides are backup: title: the title opens with 'Backup:'; notes: the "
                           "speaker notes open with 'Backup'; hidden: the slides hidden in the slide show.")
    divider: bool = Field(description="A new Section Header slide titled 'Appendix' (no other text) opens the "
                          "appendix.")
    hide: bool = Field(description="The backup slides end hidden in the slide show; else every slide is shown.")


MARKED = {
    "title": lambda s: fold(s.title).casefold().startswith("backup:"),
    "notes": lambda s: fold(s.notes).casefold().startswith("backup"),
    "hidden": lambda s: s.hidden,
}


def _where(slide: Slide, source: str) -> str:
    return f"slide {slide.number} ({fold(slide.title)!r}) of {source}"


def _slide_diff(want: Slide | None, have: Slide, source: str) -> str | None:
    """Notes, layout and shown/hidden of one output slide against the slide it should be (None: the divider)."""
    if want is None:
        if have.layout_type == SECTION:
            return None
        return f"{_where(have, source)} is on the layout {have.layout_type or have.layout!r}, expected a Section Header"
    if fold(want.notes) != fold(have.notes):
        return (f"the notes of {_where(have, source)} read {fold(have.notes)[:60]!r}, "
                f"expected {fold(want.notes)[:60]!r}")
    if want.layout_type and have.layout_type != want.layout_type:
        return f"{_where(have, source)} is on a {have.layout_type or have.layout!r} layout, " \
               f"expected {want.layout_type!r}"
    return None


@register_check("slides.backup_appendix", BackupAppendix, view="slides")
def backup_appendix(state: FinalState, opts: BackupAppendix) -> Verdict:
    """The output reads: every slide not marked as backup in its order, the 'Appendix' divider when
    asked, the backup slides in their order; each with its text, notes and layout; the backup slides
    hidden exactly when asked, no other slide hidden (the divider either way)."""
    slides = input_view(state, opts.input_file, SlidesView).slides
    backup = [s for s in slides[1:] if MARKED[opts.marker](s)]
    main = [s for s in slides if s not in backup]
    if not backup or slides[-len(backup):] == backup:
        return Verdict.of(False, f"{opts.input_file} has no {opts.marker}-marked backup slide before its last slides")
    expected: list[Slide | None] = [*main, *([None] if opts.divider else []), *backup]
    faces: list[SlideFace] = [(fold(APPENDIX), ()) if s is None else face(s) for s in expected]
    output = output_view(state, opts.file, SlidesView)
    if msg := deck_diff(faces, [face(s) for s in output.slides], opts.file):
        return Verdict.of(False, msg)
    ids = {id(s) for s in backup}
    for want, have in zip(expected, output.slides, strict=True):
        if msg := _slide_diff(want, have, opts.file):
            return Verdict.of(False, msg)
        hidden = opts.hide and id(want) in ids
        if want is not None and have.hidden != hidden:
            return Verdict.of(False, f"{_where(have, opts.file)} is {STATE[have.hidden]}, expected {STATE[hidden]}")
    return Verdict.of(True, f"{len(backup)} backup slides moved into the appendix"
                      f"{' behind a divider' if opts.divider else ''}, {STATE[opts.hide]}")
