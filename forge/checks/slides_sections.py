"""A deck divided into parts by section header slides, or its dividers taken out again: a slide
on the Section Header layout titled with each part's name goes right before the slide the part
starts at (with 'Part N' as its text when numbered), or every Section Header slide is deleted.
Every other slide stays as it was, in order."""

from __future__ import annotations

from pydantic import Field, model_validator

from forge.checks.document import fold
from forge.checks.slides import DeckEdit, SlideFace, deck_diff, face
from forge.checks.source import input_view, output_view
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.views import SlidesView

SECTION = "secHead"  # the OOXML type of the Section Header layout


class SectionsMarked(DeckEdit):
    parts: list[str] = Field(default_factory=list, description="The parts' names, in order (empty: remove).")
    starts: list[str] = Field(default_factory=list, description="Title of the slide each part starts at.")
    numbered: bool = Field(default=False, description="Each divider's text reads 'Part N', N counting from 1.")

    @model_validator(mode="after")
    def _paired(self) -> SectionsMarked:
        if len(self.parts) != len(self.starts):
            raise ValueError(f"{len(self.parts)} parts for {len(self.starts)} start slides")
        return self


@register_check("slides.sections_marked", SectionsMarked, view="slides")
def sections_marked(state: FinalState, opts: SectionsMarked) -> Verdict:
    """With parts: a Section Header slide titled with each part (text 'Part N' when numbered, else
    none) sits directly before the slide its part starts at; without: no Section Header slide is
    left. Every other slide is unchanged and in order."""
    original = input_view(state, opts.input_file, SlidesView)
    output = output_view(state, opts.file, SlidesView)
    starts = {fold(t): k for k, t in enumerate(opts.starts)}
    want: list[SlideFace] = []
    dividers: list[int] = []
    for slide in original.slides:
        if not opts.parts and slide.layout_type == SECTION:
            continue
        if (k := starts.pop(fold(slide.title), None)) is not None:
            dividers.append(len(want))
            want.append((fold(opts.parts[k]), (f"Part {k + 1}",) if opts.numbered else ()))
        want.append(face(slide))
    if starts:
        return Verdict.of(False, f"{opts.input_file} has no slide titled {next(iter(starts))!r}")
    if len(want) == len(original.slides) and not dividers:
        return Verdict.of(False, f"{opts.input_file} has no Section Header slide to remove")
    if msg := deck_diff(want, [face(s) for s in output.slides], opts.file):
        return Verdict.of(False, msg)
    for at in dividers:
        if (slide := output.slides[at]).layout_type != SECTION:
            return Verdict.of(False, f"slide {at + 1} ({fold(slide.title)!r}) is on the layout "
                              f"{slide.layout_type or slide.layout!r}, expected a Section Header")
    count = [sum(s.layout_type == SECTION for s in deck.slides) for deck in (original, output)]
    if count[1] != (count[0] + len(dividers) if opts.parts else 0):
        return Verdict.of(False, f"{opts.file} has {count[1]} Section Header slides, expected "
                          f"{count[0] + len(dividers) if opts.parts else 0}")
    return Verdict.of(True, f"{len(dividers)} section header(s) added" if opts.parts else
                      f"{len(original.slides) - len(want)} section header(s) removed")
