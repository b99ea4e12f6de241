"""Hidden slides dealt with before a deck changes hands: all shown again, deleted (so the version
sent out holds no slide the presenter skipped), or moved to the end as an appendix, still
hidden. The other slides keep their order and text."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.slides import DeckEdit, SlideFace, deck_diff, face
from forge.checks.source import input_view, output_view
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.views import Slide, SlidesView

Op = Literal["unhide", "delete", "to_end"]


class HiddenResolved(DeckEdit):
    op: Op = Field(description="unhide: every slide shown; delete: the hidden slides removed; to_end: the hidden "
                   "slides moved after all the others, in their order, still hidden.")


def _expected(slides: list[Slide], op: str) -> list[tuple[SlideFace, bool]]:
    shown = [(face(s), False) for s in slides if not s.hidden]
    hidden = [(face(s), op == "to_end") for s in slides if s.hidden]
    if op == "unhide":
        return [(face(s), False) for s in slides]
    return shown + hidden if op == "to_end" else shown


@register_check("slides.hidden_resolved", HiddenResolved, view="slides")
def hidden_resolved(state: FinalState, opts: HiddenResolved) -> Verdict:
    """The deck reads as the op makes it from the original, slide for slide (titles and text, in
    order), and each slide is hidden or shown as it makes it: all shown after `unhide` or
    `delete`, only the moved slides hidden after `to_end`."""
    original = input_view(state, opts.input_file, SlidesView)
    output = output_view(state, opts.file, SlidesView)
    if not any(s.hidden for s in original.slides):
        return Verdict.of(False, f"{opts.input_file} has no hidden slide")
    want = _expected(original.slides, opts.op)
    if msg := deck_diff([f for f, _ in want], [face(s) for s in output.slides], opts.file):
        return Verdict.of(False, msg)
    for slide, (_, hidden) in zip(output.slides, want, strict=True):
        if slide.hidden != hidden:
            return Verdict.of(False, f"slide {slide.number} ({fold(slide.title)!r}) is "
                              f"{'hidden' if slide.hidden else 'shown'}, expected {'hidden' if hidden else 'shown'}")
    moved = sum(s.hidden for s in original.slides)
    return Verdict.of(True, {"unhide": f"{moved} slide(s) shown again", "delete": f"{moved} hidden slide(s) deleted",
                             "to_end": f"{moved} hidden slide(s) moved to the end"}[opts.op])
