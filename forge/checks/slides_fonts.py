"""A deck's fonts brought back to the house font after text was pasted in from elsewhere: one font,
or each of several, replaced by the house font wherever it is used, titles included (PowerPoint's
Format > Replace Fonts); text in any other font, the theme's included, keeps it. Compared
character by character, so how the runs are split does not matter; every slide's text reads as
it did. (Setting one font on the titles or the body is `slides.formatted`, presentation.format_text.)"""

from __future__ import annotations

from pydantic import Field

from forge.checks.document import fold
from forge.checks.slides import DeckEdit, _decks, deck_diff, face
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.views import Shape


class FontsReplaced(DeckEdit):
    old: list[str] = Field(min_length=1, description="The fonts replaced (any case).")
    font: str = Field(description="The font they are replaced with.")


def faces(shape: Shape) -> list[str | None]:
    """The font of each visible character of the shape, in order (None: inherited from the theme)."""
    return [r.font for r in shape.runs for ch in r.text if not ch.isspace()]


def _same(a: str | None, b: str | None) -> bool:
    return (a or "").casefold() == (b or "").casefold()


def _want(face_now: str | None, opts: FontsReplaced) -> str | None:
    return opts.font if any(_same(face_now, old) for old in opts.old) else face_now


@register_check("slides.fonts_replaced", FontsReplaced, view="slides")
def fonts_replaced(state: FinalState, opts: FontsReplaced) -> Verdict:
    """Every character that was in one of the old fonts is in the new one; every other character
    keeps its font (the theme's too); the text of every slide reads as it did; something changed."""
    original, output = _decks(state, opts)
    if msg := deck_diff([face(s) for s in original.slides], [face(s) for s in output.slides], opts.file):
        return Verdict.of(False, msg)
    changed = 0
    for was, now in zip(original.slides, output.slides, strict=True):
        for a, b in zip([s for s in was.shapes if s.runs], [s for s in now.shapes if s.runs], strict=False):
            want = [_want(x, opts) for x in faces(a)]
            changed += any(not _same(w, x) for w, x in zip(want, faces(a), strict=True))
            for k, (w, h) in enumerate(zip(want, faces(b), strict=False)):
                if not _same(w, h):
                    return Verdict.of(False, f"slide {now.number} ({fold(now.title)!r}), {b.name}: the text "
                                      f"{fold(b.text)[:40]!r} is in {h or 'the theme font'} at character {k + 1}, "
                                      f"expected {w or 'the theme font'}")
    if not changed:
        return Verdict.of(False, f"{opts.input_file} has no text in {' or '.join(opts.old)} to replace")
    return Verdict.of(True, f"{' and '.join(opts.old)} replaced with {opts.font} in {changed} text box(es)")
