"""A slide's figures converted between a bullet list and a real table: 'Label: value' bullets
become a two-column table (under the header row the task names, or none), or a two-column
table becomes one 'label<separator>value' bullet per row. The slide keeps its title and its
place; every other slide stays as it was."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.slides import DeckEdit, SlideFace, _find, deck_diff, face
from forge.checks.slides_table_edit import Grid, grid_diff, grid_of
from forge.checks.slides_tidy import bullets
from forge.checks.source import input_view, output_view
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.views import SlidesView


class TableConverted(DeckEdit):
    slide_title: str
    to_table: bool = Field(description="True: the bullets become a table; False: the table becomes bullets.")
    header: list[str] | None = Field(default=None, description="to_table: the header row asked for; None: none.")
    separator: Literal[": ", " - "] = Field(default=": ", description="Between label and value in a bullet.")


def _pairs(lines: list[str], separator: str) -> Grid | str:
    out: Grid = []
    for line in lines:
        label, sep, value = line.partition(separator.strip())
        if not sep:
            return f"the bullet {line!r} has no {separator.strip()!r}"
        out.append([fold(label), fold(value)])
    return out


@register_check("slides.table_converted", TableConverted, view="slides")
def table_converted(state: FinalState, opts: TableConverted) -> Verdict:
    """The named slide shows its title and, instead of its former bullets (or table), one table
    of their label/value pairs under the header asked for (or one bullet per table row, the
    header row dropped, joined by the separator), in order; numbers match however printed; every
    other slide reads as it did."""
    original = input_view(state, opts.input_file, SlidesView)
    output = output_view(state, opts.file, SlidesView)
    at = _find(original, opts.slide_title, opts.input_file)
    if isinstance(at, str):
        return Verdict.of(False, at)
    slide = original.slides[at]
    faces: list[SlideFace] = [face(s) for s in original.slides]
    if opts.to_table:
        pairs = _pairs([fold(line) for line in bullets(slide) if line.strip()], opts.separator)
        if isinstance(pairs, str) or not pairs:
            return Verdict.of(False, f"{opts.input_file}: {pairs or 'the slide has no bullets'}")
        want_grid = [[fold(h) for h in opts.header], *pairs] if opts.header else pairs
        faces[at] = (fold(slide.title), tuple(line for line in face(slide)[1] if line not in
                                             {fold(b) for b in bullets(slide)}))
    else:
        grid = grid_of(slide)
        if isinstance(grid, str):
            return Verdict.of(False, grid)
        faces[at] = (fold(slide.title), tuple(fold(f"{r[0]}{opts.separator}{r[1]}") for r in grid[1:]))
    if msg := deck_diff(faces, [face(s) for s in output.slides], opts.file):
        return Verdict.of(False, msg)
    now = output.slides[at]
    tables = [s for s in now.shapes if s.table is not None]
    if not opts.to_table:
        if tables:
            return Verdict.of(False, f"slide {at + 1} ({fold(now.title)!r}) still has a table")
        return Verdict.of(True, f"the table on {opts.slide_title!r} is now {len(faces[at][1])} bullets")
    have = grid_of(now)
    if isinstance(have, str):
        return Verdict.of(False, have)
    if msg := grid_diff(want_grid, have, opts.file):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"the bullets of {opts.slide_title!r} are now a {len(have)}-row table")
