"""A tracker agenda: a copy of the agenda slide before each topic slide it lists, with that
topic's item marked (bold, italic or underlined) and the other items plain, so the audience sees
where the talk is. The original slides stay as they were, in order."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.slides import DeckEdit, SlideFace, _find, deck_diff, face
from forge.checks.source import input_view, output_view
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.views import Run, Shape, Slide, SlidesView

Mark = Literal["bold", "italic", "underline"]


def runs_by_line(shape: Shape) -> list[tuple[str, list[Run]]]:
    """The shape's non-empty lines, each with the runs that make it up (runs carry no line breaks)."""
    lines = [line for line in shape.text.split("\n")]
    out: list[tuple[str, list[Run]]] = [(line, []) for line in lines]
    k, used = 0, 0
    for run in shape.runs:
        while k < len(lines) - 1 and used >= len(lines[k]):
            k, used = k + 1, 0
        out[k][1].append(run)
        used += len(run.text)
    return [(fold(line), runs) for line, runs in out if line.strip()]


class AgendaTracker(DeckEdit):
    agenda_title: str = Field(default="Agenda", description="Title of the agenda slide that is copied.")
    mark: Mark = Field(description="How the current item stands out.")


def _copy_fault(slide: Slide, item: str, mark: str) -> str | None:
    """Why this copy does not mark `item` alone; None when it does."""
    lines = [pair for s in slide.shapes if s.kind != "table" and fold(s.text) != fold(slide.title)
             for pair in runs_by_line(s)]
    for line, runs in lines:
        marked = [bool(getattr(r, mark)) for r in runs if r.text.strip()]
        if line == item and not (marked and all(marked)):
            return f"its item {line!r} is not {mark}"
        if line != item and any(marked):
            return f"its item {line!r} is {mark} too (only {item!r} should be)"
    return None


@register_check("slides.agenda_tracker", AgendaTracker, view="slides")
def agenda_tracker(state: FinalState, opts: AgendaTracker) -> Verdict:
    """Right before each slide whose title is an item of the agenda, a copy of the agenda (same
    title and items) marks that item with the format asked for and leaves the others plain; every
    original slide is unchanged and in order."""
    original = input_view(state, opts.input_file, SlidesView)
    output = output_view(state, opts.file, SlidesView)
    at = _find(original, opts.agenda_title, opts.input_file)
    if isinstance(at, str):
        return Verdict.of(False, at)
    agenda = face(original.slides[at])
    items = set(agenda[1])
    want: list[SlideFace] = []
    copies: list[tuple[int, str]] = []
    for n, slide in enumerate(original.slides):
        if n != at and fold(slide.title) in items:
            copies.append((len(want), fold(slide.title)))
            want.append(agenda)
        want.append(face(slide))
    if not copies:
        return Verdict.of(False, f"no slide of {opts.input_file} is titled as an agenda item")
    if msg := deck_diff(want, [face(s) for s in output.slides], opts.file):
        return Verdict.of(False, msg)
    for k, item in copies:
        if fault := _copy_fault(output.slides[k], item, opts.mark):
            return Verdict.of(False, f"the agenda copy at slide {k + 1}, before {item!r}: {fault}")
    return Verdict.of(True, f"{len(copies)} tracker agenda slides, each marking its topic ({opts.mark})")
