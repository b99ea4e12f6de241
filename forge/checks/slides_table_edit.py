"""A table already on a slide, edited where it stands: its rows sorted by a number column (largest
first) or by a text column (A to Z), a total row added under it, the rows of one category or one
column deleted, a row appended with the values the task gives. The expected grid follows from the
slide's original table and the instruction; every slide's title and text stay as they were."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.slides import DeckEdit, _find, deck_diff, face
from forge.checks.slides_tables import as_number
from forge.checks.source import input_view, output_view
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.views import Slide, SlidesView

Op = Literal["sort_number", "sort_text", "total", "drop_rows", "drop_column", "append_row"]
Grid = list[list[str]]


class TableEdited(DeckEdit):
    slide_title: str = Field(description="Title of the slide whose table is edited.")
    op: Op = Field(description="sort_number: rows by `column`, largest first; sort_text: by `column`, A to Z; "
                   "total: a row `label` under the table with each number column's sum; drop_rows: the rows whose "
                   "`column` is `value` deleted; drop_column: `column` deleted; append_row: `row` added at the end.")
    column: str | None = None
    value: str | None = Field(default=None, description="drop_rows: the category whose rows go (any case).")
    label: str | None = Field(default=None, description="total: the first cell of the total row.")
    row: list[str] | None = Field(default=None, description="append_row: the new row's cells, left to right.")


def grid_of(slide: Slide) -> Grid | str:
    """The slide's one table as folded cell texts, header first; or why there is not exactly one."""
    tables = [s.table for s in slide.shapes if s.table is not None]
    if len(tables) != 1:
        return f"slide {slide.number} ({fold(slide.title)!r}) has {len(tables)} tables, expected one"
    return [[fold("" if c is None else str(c)) for c in row] for row in tables[0].rows]


def _col(grid: Grid, name: str | None) -> int:
    names = [h.casefold() for h in grid[0]]
    return names.index(fold(name or "").casefold()) if fold(name or "").casefold() in names else -1


def _numeric(grid: Grid) -> list[int]:
    return [c for c in range(len(grid[0])) if grid[1:] and all(as_number(r[c]) is not None for r in grid[1:])]


def _same(have: str, want: str) -> bool:
    """Equal text, or the same number however printed (thousands commas, trailing zeros)."""
    if have == want:
        return True
    a, b = as_number(have), as_number(want)
    return a is not None and b is not None and abs(a - b) < 1e-9


def _decimals(cells: list[str]) -> int:
    return max((len(c.split(".")[1]) for c in cells if "." in c), default=0)


def _total(grid: Grid, opts: TableEdited) -> Grid:
    numeric = _numeric(grid)
    row = [fold(opts.label or "")] + [""] * (len(grid[0]) - 1)
    for c in numeric:
        cells = [r[c] for r in grid[1:]]
        row[c] = f"{round(sum(as_number(x) or 0.0 for x in cells), _decimals(cells)):.{_decimals(cells)}f}"
    return [*grid, row]


def _sorted(grid: Grid, opts: TableEdited) -> Grid:
    c = _col(grid, opts.column)
    if opts.op == "sort_number":
        return [grid[0], *sorted(grid[1:], key=lambda r: -(as_number(r[c]) or 0.0))]
    return [grid[0], *sorted(grid[1:], key=lambda r: r[c].casefold())]


EXPECT: dict[str, Callable[[Grid, TableEdited], Grid]] = {
    "sort_number": _sorted,
    "sort_text": _sorted,
    "total": _total,
    "drop_rows": lambda g, o: [g[0], *(r for r in g[1:] if r[_col(g, o.column)].casefold()
                                        != fold(o.value or "").casefold())],
    "drop_column": lambda g, o: [[v for i, v in enumerate(r) if i != _col(g, o.column)] for r in g],
    "append_row": lambda g, o: [*g, [fold(v) for v in o.row or []]],
}


def _ties_ok(want: Grid, have: Grid, opts: TableEdited) -> bool:
    """A sort may order rows of equal keys either way: the same rows, and the keys in order."""
    if not opts.op.startswith("sort") or sorted(map(tuple, want)) != sorted(map(tuple, have)) or want[0] != have[0]:
        return False
    c = _col(want, opts.column)
    keys = [k for r in have[1:] for k in [(-(as_number(r[c]) or 0.0)) if opts.op == "sort_number" else
                                          r[c].casefold()]]
    return keys == sorted(keys)  # type: ignore[type-var]


def grid_diff(want: Grid, have: Grid, source: str) -> str | None:
    for r, (w, h) in enumerate(zip(want, have, strict=False)):
        for c, (wc, hc) in enumerate(zip(w, h, strict=False)):
            if not _same(hc, wc):
                return f"row {r + 1} of the table in {source}, column {want[0][c]!r}, reads {hc!r}, expected {wc!r}"
        if len(w) != len(h):
            return f"row {r + 1} of the table in {source} has {len(h)} cells {h}, expected {len(w)} {w}"
    if len(want) != len(have):
        return f"the table in {source} has {len(have)} rows, expected {len(want)} (header included)"
    return None


@register_check("slides.table_edited", TableEdited, view="slides")
def table_edited(state: FinalState, opts: TableEdited) -> Verdict:
    """The named slide's one table reads as the edit makes it from the original table (a sort may
    put rows of equal keys either way; a total is each number column's sum at the column's
    decimals; numbers match however printed); every slide's title and text are unchanged."""
    original = input_view(state, opts.input_file, SlidesView)
    output = output_view(state, opts.file, SlidesView)
    at = _find(original, opts.slide_title, opts.input_file)
    if isinstance(at, str):
        return Verdict.of(False, at)
    if msg := deck_diff([face(s) for s in original.slides], [face(s) for s in output.slides], opts.file):
        return Verdict.of(False, msg)
    before, after = grid_of(original.slides[at]), grid_of(output.slides[at])
    if isinstance(before, str) or isinstance(after, str):
        return Verdict.of(False, before if isinstance(before, str) else str(after))
    if opts.op in ("sort_number", "sort_text", "drop_rows", "drop_column") and _col(before, opts.column) < 0:
        return Verdict.of(False, f"the table on {opts.slide_title!r} has no column {opts.column!r}")
    want = EXPECT[opts.op](before, opts)
    if want == before:
        return Verdict.of(False, f"the edit {opts.op!r} changes nothing in the table of {opts.input_file}")
    if (msg := grid_diff(want, after, opts.file)) and not _ties_ok(want, after, opts):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"the table on {opts.slide_title!r} edited ({opts.op.replace('_', ' ')}): "
                      f"{len(after) - 1} rows x {len(after[0])} columns")
