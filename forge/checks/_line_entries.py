"""Where a file read as entries (a crontab's jobs, a hosts file's lines) or a report read as named
rows (word counts, progress per section) first departs from the expected ones, said the same way by
the checks that compare them: where, what it holds and what was expected, else the entry or row
missing or extra at the end."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any


def entries_diff(want: Sequence[Any], got: Sequence[Any], file: str, shown: Callable[[Any], str],
                 same: Callable[[Any, Any], bool], noun: str) -> str | None:
    """The first entry of `got` unlike `want`'s at its place, else a missing or extra one; None: alike."""
    for w, g in zip(want, got, strict=False):
        if not same(w, g):
            return f"line {g.line} of {file} is {shown(g)}, expected {shown(w)}"
    if len(got) != len(want):
        where = (f"missing: {shown(want[len(got)])}" if len(got) < len(want)
                 else f"extra at line {got[len(want)].line}: {shown(got[len(want)])}")
        return f"{file} has {len(got)} {noun}, expected {len(want)} ({where})"
    return None


def named_rows_diff(want: Sequence[tuple[str, Any]], got: Sequence[tuple[str, Any]], file: str,
                    unit: str = "") -> str | None:
    """The first (name, value) row of a report unlike the expected one (names ignoring case), else
    a missing or extra row at the end; None: alike. `unit` follows a value in the message."""
    for k, ((wn, wv), (gn, gv)) in enumerate(zip(want, got, strict=False), start=1):
        if gn.casefold() != wn.casefold():
            return f"row {k} of {file} is {gn!r}, expected {wn!r}"
        if gv != wv:
            return f"row {k} of {file} ({wn}) says {gv}{unit}, expected {wv}"
    if len(got) != len(want):
        where = f"first missing: {want[len(got)][0]!r}" if len(got) < len(want) else f"extra: {got[len(want)][0]!r}"
        return f"{file} has {len(got)} rows, expected {len(want)} ({where})"
    return None
