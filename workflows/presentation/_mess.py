"""The untidiness a deck collects when several people write its bullets, by house rule: a stray
full stop, a missing one, a lower-case start, stray spaces. `MESS[rule](rng, text)` spoils one
bullet's text the way that rule then repairs; `CLEAN[rule]` is how the tidy bullets look."""

from __future__ import annotations

import random
from collections.abc import Callable


def _spaces(rng: random.Random, text: str) -> str:
    words = text.split(" ")
    gap = rng.randrange(1, len(words)) if len(words) > 1 else 0
    spoilt = " ".join(words[:gap]) + ("  " if gap else "") + " ".join(words[gap:])
    return rng.choice(["", " "]) + spoilt + rng.choice(["", " ", "  "])


MESS: dict[str, Callable[[random.Random, str], str]] = {
    "no_periods": lambda rng, text: text + ".",
    "periods": lambda rng, text: text.rstrip("."),
    "capitals": lambda rng, text: text[:1].lower() + text[1:],
    "spaces": _spaces,
    "no_blanks": lambda rng, text: text,  # the blank bullet follows it (see tidy_bullets.draw)
}
CLEAN: dict[str, Callable[[str], str]] = {"periods": lambda text: text + "."}
