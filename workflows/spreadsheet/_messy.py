"""Messy inputs for the cleaning skills: labels typed inconsistently, text dates and amounts,
blanks left by exports. Each helper changes one column of a copy of the rows, seeded."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

DATE_FORMATS = ["%Y-%m-%d", "%m/%d/%Y", "%d %b %Y", "%B %d, %Y"]


def _variant(rng: random.Random, label: str, spaces: bool) -> str:
    """The same label as someone else typed it: other case, doubled inner spaces."""
    forms = [label.lower(), label.upper(), *([label.lower().replace(" ", "  "), label.replace(" ", "  ")] if spaces else [])]
    return rng.choice([f for f in forms if f != label] or [label.swapcase()])


def messy_labels(rng: random.Random, rows: list[list[Any]], col: int, share: float = 0.3, *,
                 spaces: bool = True) -> list[list[Any]]:
    """About `share` of the column's text cells retyped inconsistently (always at least two);
    `spaces`: doubled inner spaces too, not only another case."""
    out = [list(r) for r in rows]
    picks = [r for r in range(len(out)) if isinstance(out[r][col], str) and rng.random() < share]
    for r in picks or rng.sample(range(len(out)), min(2, len(out))):
        out[r][col] = _variant(rng, str(out[r][col]), spaces)
    return out


def stray_spaces(rng: random.Random, rows: list[list[Any]], col: int, share: float = 0.4) -> list[list[Any]]:
    """About `share` of the column's cells with a space doubled or tripled (case kept)."""
    out = [list(r) for r in rows]
    spaced = [r for r in range(len(out)) if " " in str(out[r][col] or "")]
    for r in [r for r in spaced if rng.random() < share] or spaced[:2]:
        words = str(out[r][col]).split(" ")
        gap = rng.randrange(len(words) - 1)
        out[r][col] = " ".join(words[: gap + 1]) + rng.choice(["  ", "   "]) + " ".join(words[gap + 1:])
    return out


def text_dates(rng: random.Random, rows: list[list[Any]], col: int) -> list[list[Any]]:
    """Every date of the column written as text, in a mix of common forms."""
    out = [list(r) for r in rows]
    for row in out:
        if isinstance(row[col], dt.date):
            row[col] = row[col].strftime(rng.choice(DATE_FORMATS))
    return out


def text_amounts(rng: random.Random, rows: list[list[Any]], col: int) -> list[list[Any]]:
    """Numbers of the column pasted as text: thousands separators, a currency sign, spaces."""
    out = [list(r) for r in rows]
    for row in out:
        if isinstance(row[col], (int, float)):
            shown = rng.choice(["{:,.2f}", "$ {:,.2f}", "{:.2f}", "{:,}"]).format(row[col])
            row[col] = shown
    return out


def blanks(rng: random.Random, rows: list[list[Any]], col: int, *, runs: bool) -> list[list[Any]]:
    """Blank cells in the column: `runs` as in a grouped export (the value shown only where it
    changes, rows sorted by it), else scattered missing numbers."""
    out = [list(r) for r in rows]
    if runs:
        out.sort(key=lambda r: str(r[col]))
        for i in range(len(out) - 1, 0, -1):
            if out[i][col] == out[i - 1][col]:
                out[i][col] = None
        return out
    for r in rng.sample(range(len(out)), max(2, len(out) // 6)):
        out[r][col] = None
    return out
