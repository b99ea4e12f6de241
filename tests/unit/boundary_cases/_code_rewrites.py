"""Helpers for the code app's rewrite boundary cases (f-strings, loops, properties, records): a
module with some of its pieces rewritten, and the line a piece of text starts on (where a verdict
must point)."""

from __future__ import annotations


def rewritten(source: str, pairs: list[tuple[str, str]]) -> str:
    """`source` with each (old, new) piece replaced; an old piece that is not there is a bug in the case."""
    for old, new in pairs:
        assert old in source, old
        source = source.replace(old, new)
    return source


def line_of(text: str, piece: str) -> int:
    """The 1-based line `piece` first starts on in `text`."""
    return text.split(piece)[0].count("\n") + 1
