"""The opening the slide-for-slide bullet checks share: both decks read, the same number of
slides, and the one slide the task names (when it names one) found in the original."""

from __future__ import annotations

from forge.checks.document import fold
from forge.checks.slides import DeckEdit
from forge.checks.source import input_view, output_view
from forge.checks.state import FinalState
from forge.views import Slide, SlidesView


def paired_slides(state: FinalState, opts: DeckEdit, slide_title: str | None) -> list[tuple[Slide, Slide]] | str:
    """(original, output) slide pairs, or what stops the comparison (a slide count, a missing slide)."""
    original = input_view(state, opts.input_file, SlidesView)
    output = output_view(state, opts.file, SlidesView)
    if len(original.slides) != len(output.slides):
        return f"{opts.file} has {len(output.slides)} slides, expected {len(original.slides)}"
    if slide_title is not None and not any(fold(s.title) == fold(slide_title) for s in original.slides):
        return f"{opts.input_file} has no slide titled {slide_title!r}"
    return list(zip(original.slides, output.slides, strict=True))


def in_scope(slide: Slide, slide_title: str | None) -> bool:
    return slide_title is None or fold(slide.title) == fold(slide_title)


def insert_at(view: SlidesView, anchor_title: str, before: bool, source: str) -> int | str:
    """Where slides placed before/after the one slide titled `anchor_title` start (0-based), or why not."""
    anchors = [i for i, s in enumerate(view.slides) if fold(s.title) == fold(anchor_title)]
    if len(anchors) != 1:
        return f"{source} has {len(anchors)} slides titled {anchor_title!r}"
    return anchors[0] + (0 if before else 1)
