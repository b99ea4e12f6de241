"""Bullet levels put right after pasting: sub-points typed as plain bullets starting with a
marker made real sub-bullets (one level deeper, the marker gone), every sub-bullet brought to the
top level, or a typed bullet character removed from the bullets' text (the level kept). A bullet
is a non-empty paragraph of a slide's content placeholder, read with its outline level."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from pydantic import Field

from forge.checks._slides_scope import in_scope, paired_slides
from forge.checks.document import fold
from forge.checks.slides import DeckEdit
from forge.checks.slides_tidy import BULLETS, others
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.views import Slide

Op = Literal["indent_marked", "flatten", "markers"]
Item = tuple[str, int]


def leveled(slide: Slide) -> list[Item]:
    """The slide's bullets as (folded text, level), in shape order; empty paragraphs skipped."""
    found: list[Item] = []
    for shape in slide.shapes:
        if shape.placeholder in BULLETS and shape.text:
            lines = shape.text.split("\n")
            levels = [*shape.levels, *[0] * (len(lines) - len(shape.levels))]
            found.extend((fold(line), level) for line, level in zip(lines, levels, strict=False) if line.strip())
    return found


def _unmarked(text: str, marker: str) -> str | None:
    """The text without its leading typed marker, or None when it has none."""
    return text[len(marker):].strip() if text.startswith(marker) else None


FIXES: dict[str, Callable[[Item, str], Item]] = {
    "indent_marked": lambda item, m: item if (t := _unmarked(item[0], m)) is None else (t, item[1] + 1),
    "flatten": lambda item, m: (item[0], 0),
    "markers": lambda item, m: item if (t := _unmarked(item[0], m)) is None else (t, item[1]),
}


class LevelsFixed(DeckEdit):
    op: Op = Field(description="indent_marked: bullets starting with `marker` become one level deeper, the marker "
                   "removed; flatten: every bullet at the top level; markers: the leading `marker` removed, the "
                   "level kept.")
    marker: str | None = Field(default=None, min_length=1, description="The typed character the instruction "
                               "names (indent_marked, markers).")
    slide_title: str | None = Field(default=None, description="Only this slide's bullets; None: every slide's.")


@register_check("slides.bullet_levels_fixed", LevelsFixed, view="slides")
def bullet_levels_fixed(state: FinalState, opts: LevelsFixed) -> Verdict:
    """Each bullet of the slides in scope has the text and level the fix gives the original bullet
    (the same bullets, in order); the bullets outside the scope, every title and every other text
    are unchanged, slide for slide; something in scope had to change."""
    pairs = paired_slides(state, opts, opts.slide_title)
    if isinstance(pairs, str):
        return Verdict.of(False, pairs)
    if opts.marker is None and opts.op != "flatten":
        return Verdict.of(False, f"{opts.op} needs the typed marker the instruction names")
    fix = FIXES[opts.op]
    changed = 0
    for was, now in pairs:
        where = f"slide {now.number} ({fold(now.title)!r})"
        if others(was) != others(now):
            return Verdict.of(False, f"{where} reads {others(now)} besides its bullets, expected {others(was)}")
        before = leveled(was)
        want = [fix(item, opts.marker or "") for item in before] if in_scope(was, opts.slide_title) else before
        have = leveled(now)
        changed += want != before
        for k, (w, h) in enumerate(zip(want, have, strict=False), start=1):
            if w[0] != h[0]:
                return Verdict.of(False, f"{where} bullet {k} reads {h[0]!r}, expected {w[0]!r}")
            if w[1] != h[1]:
                return Verdict.of(False, f"{where} bullet {k} ({h[0][:40]!r}) is at level {h[1]}, expected {w[1]}")
        if len(want) != len(have):
            return Verdict.of(False, f"{where} has {len(have)} bullets, expected {len(want)} {[t for t, _ in want]}")
    if not changed:
        return Verdict.of(False, f"{opts.input_file} has nothing to fix ({opts.op.replace('_', ' ')})")
    return Verdict.of(True, f"bullet levels fixed ({opts.op.replace('_', ' ')}) on {changed} slide(s)")
