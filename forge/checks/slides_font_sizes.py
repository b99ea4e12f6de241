"""Font sizes brought within a house limit: text smaller than a minimum raised to it (nobody at the
back can read 10 pt), or text larger than a maximum brought down to it, in the slides' body
text or in all text including titles; text already within the limit keeps its size. Compared
character by character, so how the runs are split does not matter."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.slides import DeckEdit, deck_diff, face
from forge.checks.source import input_view, output_view
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.views import Shape, SlidesView

TITLES = {"title", "center_title"}


class SizesClamped(DeckEdit):
    limit: Literal["at_least", "at_most"]
    size_pt: float = Field(gt=0)
    titles: bool = Field(description="True: titles are held to the limit too; False: only the other text.")


def sizes(shape: Shape) -> list[float | None]:
    """The font size of each visible character of the shape, in order."""
    return [r.size_pt for r in shape.runs for ch in r.text if not ch.isspace()]


def _want(size: float | None, opts: SizesClamped) -> float | None:
    if size is None:
        return None
    return max(size, opts.size_pt) if opts.limit == "at_least" else min(size, opts.size_pt)


@register_check("slides.sizes_clamped", SizesClamped, view="slides")
def sizes_clamped(state: FinalState, opts: SizesClamped) -> Verdict:
    """Every character in scope has its original size brought to the limit (raised to a minimum or
    lowered to a maximum; sizes within it unchanged); every character out of scope keeps its size;
    the text of every slide reads as it did."""
    original = input_view(state, opts.input_file, SlidesView)
    output = output_view(state, opts.file, SlidesView)
    if msg := deck_diff([face(s) for s in original.slides], [face(s) for s in output.slides], opts.file):
        return Verdict.of(False, msg)
    changed = 0
    for was, now in zip(original.slides, output.slides, strict=True):
        shapes = [(a, b) for a, b in zip([s for s in was.shapes if s.runs], [s for s in now.shapes if s.runs],
                                         strict=False)]
        for a, b in shapes:
            in_scope = opts.titles or a.placeholder not in TITLES
            want = [_want(x, opts) if in_scope else x for x in sizes(a)]
            changed += want != sizes(a)
            for k, (w, h) in enumerate(zip(want, sizes(b), strict=False)):
                if w != h:
                    return Verdict.of(False, f"slide {now.number} ({fold(now.title)!r}), {b.name}: the text "
                                      f"{fold(b.text)[:40]!r} is {h} pt at character {k + 1}, expected {w} pt")
    if not changed:
        return Verdict.of(False, f"every size in {opts.input_file} already meets the limit")
    return Verdict.of(True, f"{changed} text box(es) brought to {opts.limit.replace('_', ' ')} {opts.size_pt:g} pt")
