"""An overfull slide split in two, or continuation slides merged back: the split keeps the first
bullets (a number given, or the first half) on the slide and moves the rest to a new slide right
after it on the same layout, titled '<title> (cont.)' or numbered '(1/2)' / '(2/2)'; a merge puts
a continuation's bullets back under its slide's and deletes it. Every other slide stays."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.slides import DeckEdit, SlideFace, _find, body_lines, deck_diff, face
from forge.checks.source import input_view, output_view
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.views import SlidesView

Style = Literal["cont", "numbered"]
SUFFIX = {"cont": ("", " (cont.)"), "numbered": (" (1/2)", " (2/2)")}


class SlideSplit(DeckEdit):
    op: Literal["split", "merge"]
    slide_title: str | None = Field(default=None, description="split: the slide split; merge: the slide (its title "
                                    "without a suffix) merged with its continuation; None: every continued slide.")
    keep: int | None = Field(default=None, ge=1, description="split: bullets kept on the first slide; None: the "
                             "first half, the first slide taking the odd one.")
    style: Style = Field(description="cont: the second slide is '<title> (cont.)'; numbered: '(1/2)' and '(2/2)'.")


def _split(faces: list[SlideFace], at: int, opts: SlideSplit) -> list[SlideFace] | str:
    title, lines = faces[at]
    keep = opts.keep if opts.keep is not None else (len(lines) + 1) // 2
    if not 0 < keep < len(lines):
        return f"the slide {title!r} has {len(lines)} bullets; keeping {keep} splits nothing"
    first, second = (fold(title + s) for s in SUFFIX[opts.style])
    return [*faces[:at], (first, lines[:keep]), (second, lines[keep:]), *faces[at + 1:]]


def _merge(faces: list[SlideFace], opts: SlideSplit) -> list[SlideFace] | str:
    head, tail = SUFFIX[opts.style]
    out: list[SlideFace] = []
    merged = 0
    for title, lines in faces:
        base = title[: len(title) - len(tail)] if title.endswith(tail) else None
        if out and base is not None and out[-1][0] == fold(base + head) and (
                opts.slide_title is None or fold(base) == fold(opts.slide_title)):
            out[-1] = (fold(base), out[-1][1] + lines)
            merged += 1
        else:
            out.append((title, lines))
    if not merged:
        return f"no slide {(opts.slide_title or '') + head!r} followed by its continuation"
    return out


@register_check("slides.slide_split", SlideSplit, view="slides")
def slide_split(state: FinalState, opts: SlideSplit) -> Verdict:
    """The deck reads as the split (or merge) makes it from the original, slide for slide: titles
    and bullet lines in order; a new slide from a split is on the original slide's layout."""
    original = input_view(state, opts.input_file, SlidesView)
    output = output_view(state, opts.file, SlidesView)
    faces = [face(s) for s in original.slides]
    if opts.op == "split":
        at = _find(original, opts.slide_title or "", opts.input_file)
        if isinstance(at, str):
            return Verdict.of(False, at)
        want = _split(faces, at, opts)
    else:
        want = _merge(faces, opts)
    if isinstance(want, str):
        return Verdict.of(False, f"{opts.input_file}: {want}")
    if msg := deck_diff(want, [face(s) for s in output.slides], opts.file):
        return Verdict.of(False, msg)
    if opts.op == "split":
        layout, new = original.slides[at].layout_type, output.slides[at + 1]
        if new.layout_type != layout:
            return Verdict.of(False, f"the new slide {new.number} is on the layout {new.layout_type or new.layout!r}, "
                              f"expected the original's {layout!r}")
        return Verdict.of(True, f"{opts.slide_title!r} split after bullet {len(body_lines(output.slides[at]))}")
    return Verdict.of(True, f"{len(faces) - len(want)} continuation slide(s) merged back")
