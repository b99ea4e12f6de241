"""A new slide that must hold one table and nothing else (the timeline and comparison slides): its
body rows as folded text once the header reads as asked, or why not."""

from __future__ import annotations

from collections.abc import Sequence

from forge.checks.document import fold
from forge.checks.slides import body_lines
from forge.checks.slides_tables import only_table
from forge.views import Slide


def lone_table(slide: Slide, result: str, header: Sequence[str]) -> list[list[str]] | str:
    """The rows below the header of the slide's only table (folded cell text), when the slide has no
    other text and the header reads `header` (any case); else a message saying where it differs."""
    where = f"slide {slide.number} of {result}"
    if lines := body_lines(slide):
        return f"{where} also has the text {lines[:3]}; only the title and the table belong on it"
    table = only_table(slide, result)
    if isinstance(table, str):
        return table
    have = [fold(str(c or "")).casefold() for c in table.header]
    want = [fold(h).casefold() for h in header]
    if have != want:
        return f"the table on {where} has the header {have}, expected {want}"
    return [[fold(str(c or "")) for c in r] for r in table.body]
