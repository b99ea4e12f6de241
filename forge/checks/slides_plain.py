"""Direct character formatting cleared from a deck's bullets (Format > Clear Direct Formatting)
after text was pasted in: every kind, only the pasted fonts and sizes, or only bold, italic and
underline - the bullets then follow the template again; on every slide or one named slide. What
is not cleared keeps its format; titles and other text keep theirs. Compared character by
character through the runs (spaces aside)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from forge.checks._slides_scope import in_scope, paired_slides
from forge.checks.document import fold
from forge.checks.slides import DeckEdit
from forge.checks.slides_tidy import BULLETS
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.views import Shape

Which = Literal["all", "fonts", "emphasis"]
KINDS = {"all": ("bold", "italic", "underline", "font", "size_pt"), "fonts": ("font", "size_pt"),
         "emphasis": ("bold", "italic", "underline")}
ATTRS = ("bold", "italic", "underline", "font", "size_pt")


def _chars(shape: Shape) -> list[tuple[str, tuple[object, ...]]]:
    """Each non-space character's run text with the five formats (bold/italic/underline as set or not)."""
    return [(fold(r.text), tuple(bool(getattr(r, a)) if a in ATTRS[:3] else getattr(r, a) for a in ATTRS))
            for r in shape.runs for ch in r.text if not ch.isspace()]


class FormattingCleared(DeckEdit):
    which: Which = Field(description="all: every direct character format; fonts: font names and sizes; "
                         "emphasis: bold, italic and underline.")
    slide_title: str | None = Field(default=None, description="Only this slide's bullets; None: every slide's.")


@register_check("slides.formatting_cleared", FormattingCleared, view="slides")
def formatting_cleared(state: FinalState, opts: FormattingCleared) -> Verdict:
    """Every character of the bullets in scope carries none of the cleared formats (a font and a
    size unset, bold, italic and underline off) and keeps the others; every other text keeps all
    five; every slide reads as it did; some direct format had to be there to clear."""
    pairs = paired_slides(state, opts, opts.slide_title)
    if isinstance(pairs, str):
        return Verdict.of(False, pairs)
    cleared = {ATTRS.index(a) for a in KINDS[opts.which]}
    found = 0
    for was, now in pairs:
        where = f"slide {now.number} ({fold(now.title)[:30]!r})"
        texts = [s for s in was.shapes if s.text.strip()], [s for s in now.shapes if s.text.strip()]
        if [s.text for s in texts[0]] != [s.text for s in texts[1]]:
            want, have = ([fold(s.text) for s in t] for t in texts)
            k = next((k for k, (w, h) in enumerate(zip(want, have, strict=False)) if w != h), min(len(want), len(have)))
            return Verdict.of(False, f"{where}, text shape {k + 1} reads {(have + [''])[k]!r}, expected "
                              f"{(want + [''])[k]!r} (only the formatting was to change)")
        for k, (old, new) in enumerate(zip(*texts, strict=True), start=1):
            chosen = old.placeholder in BULLETS and in_scope(was, opts.slide_title)
            before, after = _chars(old), _chars(new)
            for (_, had), (run, has) in zip(before, after, strict=True):
                want = tuple((None if i > 2 else False) if chosen and i in cleared else v for i, v in enumerate(had))
                found += want != had
                if has != want:
                    wrong = next(ATTRS[i] for i in range(5) if has[i] != want[i])
                    return Verdict.of(False, f"{where}, text shape {k}: {run[:40]!r} has {wrong} "
                                      f"{has[ATTRS.index(wrong)]!r}, expected {want[ATTRS.index(wrong)]!r}")
    if not found:
        return Verdict.of(False, f"{opts.input_file} has no direct formatting ({opts.which}) to clear in scope")
    return Verdict.of(True, f"{opts.which} direct formatting cleared from {found} character(s)")
