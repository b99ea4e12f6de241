"""Two topic slides condensed into one: the second slide's bullets added below the first's - as
they are, or under a bullet carrying the second slide's title with its bullets one level deeper -
the speaker notes joined or the first's kept, the second slide gone; every other slide unchanged."""

from __future__ import annotations

from pydantic import Field

from forge.checks.document import fold
from forge.checks.slides import DeckEdit, body_levels, body_lines, deck_diff, face
from forge.checks.source import input_view, output_view
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.views import SlidesView


class SlidesMerged(DeckEdit):
    into_title: str = Field(description="The slide that stays and receives the bullets.")
    from_title: str = Field(description="The slide whose bullets move, then removed.")
    as_sub: bool = Field(description="True: a bullet with `from_title`, its bullets one level deeper beneath it.")
    merge_notes: bool = Field(description="True: the notes read the first's then the second's; False: the first's.")


@register_check("slides.slides_merged", SlidesMerged, view="slides")
def slides_merged(state: FinalState, opts: SlidesMerged) -> Verdict:
    """The first named slide reads its bullets then the second's (under the second's title, one level
    deeper, where asked) at the right levels, with the notes asked for; the second slide is gone;
    every other slide reads as it did, in order."""
    original = input_view(state, opts.input_file, SlidesView)
    output = output_view(state, opts.file, SlidesView)
    found = {t: [i for i, s in enumerate(original.slides) if fold(s.title) == fold(t)]
             for t in (opts.into_title, opts.from_title)}
    if any(len(v) != 1 for v in found.values()):
        return Verdict.of(False, f"{opts.input_file} needs one slide titled {opts.into_title!r} and one titled "
                          f"{opts.from_title!r}")
    into, gone = original.slides[found[opts.into_title][0]], original.slides[found[opts.from_title][0]]
    head = [fold(gone.title)] if opts.as_sub else []
    lines = body_lines(into) + head + body_lines(gone)
    levels = body_levels(into) + [0] * len(head) + [v + opts.as_sub for v in body_levels(gone)]
    faces = [(fold(into.title), tuple(lines)) if s is into else face(s) for s in original.slides if s is not gone]
    if msg := deck_diff(faces, [face(s) for s in output.slides], opts.file):
        return Verdict.of(False, msg)
    merged = output.slides[faces.index((fold(into.title), tuple(lines)))]
    if body_levels(merged) != levels:
        return Verdict.of(False, f"slide {merged.number} ({fold(merged.title)!r}) has bullet levels "
                          f"{body_levels(merged)}, expected {levels}")
    notes = fold(f"{into.notes} {gone.notes}") if opts.merge_notes else fold(into.notes)
    if fold(merged.notes) != notes:
        return Verdict.of(False, f"slide {merged.number} ({fold(merged.title)!r}) has the notes "
                          f"{fold(merged.notes)[:80]!r}, expected {notes[:80]!r}")
    return Verdict.of(True, f"{opts.from_title!r} merged into {opts.into_title!r} (slide {merged.number})")
