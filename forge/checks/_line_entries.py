"""Where a file read as entries (a crontab's jobs, a hosts file's lines) first departs from the
expected entries, said the same way by the checks that compare them: the output's line, what it
holds and what was expected, else the entry missing or extra at the end."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol


class LineEntry(Protocol):
    @property
    def line(self) -> int: ...


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
