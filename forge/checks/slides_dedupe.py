"""Repeated bullets removed, the clean-up after two versions of a deck were merged: within each
slide, or across the whole deck (a point already made on an earlier slide goes), the first
occurrence kept in its place; two bullets are the same when their text is (spaces folded), or,
loosely, when they differ only in case and a closing full stop."""

from __future__ import annotations

from pydantic import Field

from forge.checks._slides_scope import paired_slides
from forge.checks.document import fold
from forge.checks.slides import DeckEdit
from forge.checks.slides_levels import leveled
from forge.checks.slides_tidy import others
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState


def bullet_key(text: str, loose: bool) -> str:
    """What makes two bullets the same: the folded text, or (loose) also without case and closing stops."""
    return fold(text).casefold().rstrip(".").rstrip() if loose else fold(text)


class BulletsDeduplicated(DeckEdit):
    across: bool = Field(description="True: a bullet already on an earlier slide goes too; False: within a slide.")
    loose: bool = Field(description="True: bullets differing only in case or a closing full stop are the same.")


@register_check("slides.bullets_deduplicated", BulletsDeduplicated, view="slides")
def bullets_deduplicated(state: FinalState, opts: BulletsDeduplicated) -> Verdict:
    """Each slide keeps exactly the bullets (text and level) not seen before it - on the same slide,
    or anywhere earlier in the deck - in their order; titles and other text are unchanged; some
    bullet had to go."""
    pairs = paired_slides(state, opts, None)
    if isinstance(pairs, str):
        return Verdict.of(False, pairs)
    seen: set[str] = set()
    dropped = 0
    for was, now in pairs:
        where = f"slide {now.number} ({fold(now.title)!r})"
        if others(was) != others(now):
            return Verdict.of(False, f"{where} reads {others(now)} besides its bullets, expected {others(was)}")
        seen = seen if opts.across else set()
        want = []
        for text, level in leveled(was):
            key = bullet_key(text, opts.loose)
            if key not in seen:
                want.append((text, level))
            seen.add(key)
        have = leveled(now)
        dropped += len(leveled(was)) - len(want)
        for k, (w, h) in enumerate(zip(want, have, strict=False), start=1):
            if w != h:
                return Verdict.of(False, f"{where} bullet {k} reads {h[0]!r} (level {h[1]}), expected {w[0]!r} "
                                  f"(level {w[1]})")
        if len(want) != len(have):
            rest = (have if len(have) > len(want) else want)[min(len(have), len(want)):]
            return Verdict.of(False, f"{where} has {len(have)} bullets, expected {len(want)}: "
                              f"{'extra' if len(have) > len(want) else 'missing'} {[t for t, _ in rest]}")
    if not dropped:
        return Verdict.of(False, f"{opts.input_file} has no repeated bullet to remove")
    return Verdict.of(True, f"{dropped} repeated bullet(s) removed")
