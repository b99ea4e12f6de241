"""A table already on a slide brought up to date from the latest export (a CSV): only the figures
of the rows it lists (matched by its first column, the key), or the export's rows exactly (new
rows added, gone ones deleted, in the export's order); the slide keeps its columns whatever else
the export holds. Numbers may print with thousands commas; every other slide reads as it did."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.slides import DeckEdit, _find, deck_diff, face
from forge.checks.slides_tables import cell_matches, grid_diff, only_table, shown
from forge.checks.source import input_view, output_view
from forge.checks.spec import InputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import SlidesView, Table, TableView


class TableRefreshed(DeckEdit):
    data_file: InputPath = Field(description="The latest export (its columns include the table's).")
    slide_title: str = Field(description="The slide whose table is refreshed.")
    rows: Literal["values", "rows"] = Field(description="values: the table keeps its rows (matched by its first "
                                            "column) with the export's figures; rows: the table lists exactly the "
                                            "export's rows, in the export's order.")
    tolerance: float = Field(default=0.005, ge=0)


def refreshed(old: Table, source: Table, opts: TableRefreshed) -> list[list[Any]] | str:
    """The table the slide should show (header first), or why the export cannot refresh it."""
    header = [fold(str(h or "")) for h in old.rows[0]]
    missing = [h for h in header if h not in [fold(str(c)) for c in source.header]]
    if missing:
        return f"{opts.data_file} has no column {missing[0]!r} of the slide's table"
    cols = [source.need_col(h, opts.data_file) for h in header]
    by_key = {shown(r[cols[0]]): [r[c] for c in cols] for r in source.body}
    if opts.rows == "rows":
        return [header, *[[r[c] for c in cols] for r in source.body]]
    keys = [fold(str(r[0] or "")) for r in old.rows[1:]]
    if gone := [k for k in keys if k not in by_key]:
        return f"{opts.data_file} has no row for {gone[0]!r}, so its figures cannot be refreshed"
    return [header, *[by_key[k] for k in keys]]


@register_check("slides.table_refreshed", TableRefreshed, view="slides")
def table_refreshed(state: FinalState, opts: TableRefreshed) -> Verdict:
    """The named slide's one table shows the export's values under its own header - for the rows it
    listed, or for exactly the export's rows in order - numbers however printed within `tolerance`;
    the table was out of date before; every slide's title, text and notes read as they did."""
    original, output = input_view(state, opts.input_file, SlidesView), output_view(state, opts.file, SlidesView)
    at = _find(original, opts.slide_title, opts.input_file)
    if isinstance(at, str):
        return Verdict.of(False, at)
    old = only_table(original.slides[at], opts.input_file)
    if isinstance(old, str):
        return Verdict.of(False, old)
    expected = refreshed(old, input_view(state, opts.data_file, TableView).get(), opts)
    if isinstance(expected, str):
        return Verdict.of(False, expected)
    pairs = zip(old.rows, expected, strict=False)
    if len(old.rows) == len(expected) and all(cell_matches(h, w, opts.tolerance) for have, want in pairs
                                              for h, w in zip(have, want, strict=False)):
        return Verdict.of(False, f"the table on {opts.slide_title!r} already matches {opts.data_file}")
    if msg := deck_diff([face(s) for s in original.slides], [face(s) for s in output.slides], opts.file):
        return Verdict.of(False, msg)
    for was, now in zip(original.slides, output.slides, strict=True):
        if fold(was.notes) != fold(now.notes):
            return Verdict.of(False, f"the notes of slide {now.number} ({fold(now.title)!r}) of {opts.file} changed")
    table = only_table(output.slides[at], opts.file)
    if isinstance(table, str):
        return Verdict.of(False, table)
    if msg := grid_diff(expected, table, opts.tolerance, f"slide {at + 1} of {opts.file}"):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"the table on {opts.slide_title!r} shows {len(expected) - 1} rows of {opts.data_file}")
