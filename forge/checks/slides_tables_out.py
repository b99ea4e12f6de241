"""Tables on slides taken out into a spreadsheet (CSV or xlsx) to work with: one named slide's
table, or every table slide's stacked under one header with a first column naming the slide each
row came from. Numbers the slides print with thousands commas must arrive as numbers."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from forge.checks._compare import is_number
from forge.checks.document import fold
from forge.checks.slides_tables import as_number
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import SlidesView, TableView


class TablesExported(CheckOptions):
    input_file: InputPath = Field(description="The deck.")
    file: OutputPath = Field(description="The spreadsheet (csv or xlsx).")
    slide_title: str | None = Field(default=None, description="Only this slide's table; None: every slide's table, "
                                    "stacked, with `source_column` first.")
    source_column: str = Field(default="Slide", description="The first column's header when stacking: each row's "
                               "slide title.")
    tolerance: float = Field(default=0.005, ge=0)


def _value(text: Any) -> Any:
    """A slide cell as a spreadsheet should hold it: a number where it prints one, else its text."""
    number = as_number(str(text or ""))
    return fold(str(text or "")) if number is None else number


def _matches(have: Any, want: Any, tolerance: float) -> bool:
    if isinstance(want, float):
        return is_number(have) and abs(float(have) - want) <= tolerance
    return fold("" if have is None else str(have)) == want


@register_check("slides.tables_exported", TablesExported, view="table")
def tables_exported(state: FinalState, opts: TablesExported) -> Verdict:
    """The sheet's first table is the slide table's header and rows (or every table slide's rows
    under one header, each with its slide's title first), in deck order, numbers as numbers
    (within `tolerance`), text as shown; no other rows or columns."""
    deck = input_view(state, opts.input_file, SlidesView)
    found = [(s, sh.table) for s in deck.slides for sh in s.shapes if sh.table is not None
             and (opts.slide_title is None or fold(s.title) == fold(opts.slide_title))]
    if not found or (opts.slide_title is not None and len(found) != 1):
        return Verdict.of(False, f"{opts.input_file} has {len(found)} tables for {opts.slide_title or 'the deck'!r}")
    header = [fold(str(c or "")) for c in found[0][1].rows[0]]
    if any([fold(str(c or "")) for c in t.rows[0]] != header for _, t in found):
        return Verdict.of(False, f"the tables of {opts.input_file} do not share one header to stack under")
    stack = opts.slide_title is None
    want = [[opts.source_column] * stack + header]
    want += [[fold(s.title)] * stack + [_value(c) for c in row] for s, t in found for row in t.rows[1:]]
    got = output_view(state, opts.file, TableView).get()
    if len(got.rows) != len(want):
        return Verdict.of(False, f"{opts.file} has {len(got.rows)} rows (header included), expected {len(want)}")
    for r, (w, h) in enumerate(zip(want, got.rows, strict=True), start=1):
        if len(h) != len(w):
            return Verdict.of(False, f"row {r} of {opts.file} has {len(h)} cells, expected {len(w)}")
        for c, (wv, hv) in enumerate(zip(w, h, strict=True), start=1):
            if not _matches(hv, wv, opts.tolerance):
                return Verdict.of(False, f"row {r}, cell {c} of {opts.file} is {hv!r}, expected {wv!r}"
                                  + (" (a number)" if isinstance(wv, float) else ""))
    return Verdict.of(True, f"{len(want) - 1} rows of {len(found)} slide table(s) in {opts.file}")
