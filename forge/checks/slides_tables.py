"""Slides built from a table file: a table slide copied from a CSV (every row, the top N by a
column, or the rows of one category; every column or the ones named) and a summary slide of a
sheet's groups (a total, count or average per category, as 'Label: value' bullets or a
two-column table). The expected content is computed from the data file the task gave; the new
slide must sit directly after the named one and every other slide must read as it did.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import defaultdict
from typing import Any, Literal

from pydantic import Field

from forge.checks._compare import is_number, rounded_to, sort_key
from forge.checks.document import fold
from forge.checks.slides import DeckEdit, SlideFace, _find, body_lines, deck_diff, face
from forge.checks.source import input_view, output_view
from forge.checks.spec import InputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import Slide, SlidesView, Table, TableView

_NUMBER = re.compile(r"^-?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$")


def as_number(text: str) -> float | None:
    """The number a cell or bullet prints (thousands commas allowed), else None."""
    stripped = fold(text)
    return float(stripped.replace(",", "")) if _NUMBER.match(stripped) else None


def shown(value: Any) -> str:
    """How a data cell reads: ISO dates, numbers and text as they are."""
    if isinstance(value, dt.date):
        return value.isoformat()
    return fold("" if value is None else str(value))


def cell_matches(have: Any, want: Any, tolerance: float) -> bool:
    """A slide cell (text) shows the data value: the same text, or the same number however printed."""
    text = fold("" if have is None else str(have))
    if text == shown(want):
        return True
    number = as_number(text)
    return is_number(want) and number is not None and abs(number - float(want)) <= tolerance


def new_slide(original: SlidesView, output: SlidesView, title: str, after_title: str,
              source: str, result: str) -> Slide | str:
    """The slide added directly after `after_title`, titled `title`, with every other slide of the
    deck reading as it did; or why not."""
    at = _find(original, after_title, source)
    if isinstance(at, str):
        return at
    faces = [face(s) for s in output.slides]
    titles = [t for t, _ in faces]
    if at + 1 >= len(output.slides) or titles[at + 1] != fold(title):
        where = titles.index(fold(title)) + 1 if fold(title) in titles else None
        return (f"slide {at + 2} of {result} is titled {titles[at + 1] if at + 1 < len(titles) else None!r}; "
                f"the new slide {title!r} must come directly after {after_title!r}"
                + (f" (it is slide {where})" if where else " (no slide has that title)"))
    rest: list[SlideFace] = faces[: at + 1] + faces[at + 2:]
    numbers = [n for n in range(1, len(faces) + 1) if n != at + 2]
    if msg := deck_diff([face(s) for s in original.slides], rest, result, numbers):
        return msg + " (only the new slide may be added)"
    return output.slides[at + 1]


def only_table(slide: Slide, result: str) -> Table | str:
    tables = [s.table for s in slide.shapes if s.table is not None]
    if len(tables) != 1:
        return f"slide {slide.number} of {result} has {len(tables)} tables; expected exactly one"
    return tables[0]


def grid_diff(expected: list[list[Any]], got: Table, tolerance: float, where: str) -> str | None:
    """First row or cell of `got` (a slide table, header first) that does not show `expected`."""
    if len(got.rows) != len(expected):
        return f"the table on {where} has {len(got.rows)} rows (header included), expected {len(expected)}"
    for r, (want, have) in enumerate(zip(expected, got.rows, strict=True), start=1):
        if len(have) != len(want):
            return f"row {r} of the table on {where} has {len(have)} cells, expected {len(want)}"
        for c, (w, h) in enumerate(zip(want, have, strict=True), start=1):
            if not cell_matches(h, w, tolerance):
                return f"row {r}, cell {c} of the table on {where} is {fold(str(h or ''))!r}, expected {shown(w)!r}"
    return None


# --- slides.table_slide ----------------------------------------------------------------------------


class TableSlide(DeckEdit):
    data_file: InputPath
    title: str
    after_title: str
    columns: list[str] | None = Field(default=None, description="Only these columns, in this order; None: all.")
    top: int | None = Field(default=None, ge=1, description="Only the `top` rows with the largest `by`, largest first.")
    by: str | None = None
    where_column: str | None = Field(default=None, description="Only the rows whose `where_column` is `where_value`.")
    where_value: str | None = None
    tolerance: float = Field(default=0.005, ge=0)


def _selected(source: Table, opts: TableSlide) -> list[list[Any]] | str:
    """The data rows the slide must show, in order (header not included)."""
    rows = [list(r) for r in source.body]
    if opts.where_column is not None:
        col = source.need_col(opts.where_column, opts.data_file)
        rows = [r for r in rows if shown(r[col]).casefold() == fold(opts.where_value or "").casefold()]
    if opts.top is not None:
        col = source.need_col(opts.by or "", opts.data_file)
        rows = sorted(rows, key=lambda r: sort_key(r[col]), reverse=True)[: opts.top]
    return rows or f"no row of {opts.data_file} is selected by the request"


@register_check("slides.table_slide", TableSlide, view="slides")
def table_slide(state: FinalState, opts: TableSlide) -> Verdict:
    """A slide with the title asked for, directly after the named slide, holds one table and no
    other text: the data file's header (or the named columns, in order) over its rows - all of
    them in file order, those of the category asked for, or the `top` with the largest `by`,
    largest first (ties in any order) - each cell showing the file's value (numbers however
    printed, within `tolerance`). Every other slide reads as it did."""
    original, output = input_view(state, opts.input_file, SlidesView), output_view(state, opts.file, SlidesView)
    source = input_view(state, opts.data_file, TableView).get()
    slide = new_slide(original, output, opts.title, opts.after_title, opts.input_file, opts.file)
    if isinstance(slide, str):
        return Verdict.of(False, slide)
    if lines := body_lines(slide):
        return Verdict.of(False, f"the table slide of {opts.file} also has the text {lines[:3]}; only the title "
                          "and the table belong on it")
    table = only_table(slide, opts.file)
    if isinstance(table, str):
        return Verdict.of(False, table)
    rows = _selected(source, opts)
    if isinstance(rows, str):
        return Verdict.of(False, rows)
    header = [str(h) for h in source.header]
    keep = [source.need_col(c, opts.data_file) for c in opts.columns] if opts.columns else list(range(len(header)))
    if opts.top is not None:  # rows tied on `by` may come in any order: match each to its expected group
        col = source.need_col(opts.by or "", opts.data_file)
        got = [[fold(str(c or "")) for c in r] for r in table.rows[1:]]
        rows = _tie_order(rows, got, col, keep, opts.tolerance)
    expected = [[header[i] for i in keep], *[[r[i] for i in keep] for r in rows]]
    where = f"slide {slide.number} of {opts.file}"
    if msg := grid_diff(expected, table, opts.tolerance, where):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"{opts.title!r} holds the {len(rows)}-row table from {opts.data_file}")


def _tie_order(rows: list[list[Any]], got: list[list[str]], col: int, keep: list[int],
               tolerance: float) -> list[list[Any]]:
    """`rows` (sorted largest first) with rows tied on `col` reordered as `got` lists them, where it
    does: a tie may be broken either way."""
    out = list(rows)
    for i, have in enumerate(got[: len(out)]):
        for j in range(i, len(out)):
            if sort_key(out[j][col]) != sort_key(out[i][col]):
                break
            if all(cell_matches(h, out[j][k], tolerance) for h, k in zip(have, keep, strict=False)):
                out[i], out[j] = out[j], out[i]
                break
    return out


# --- slides.summary_slide --------------------------------------------------------------------------


class SummarySlide(DeckEdit):
    data_file: InputPath
    title: str
    after_title: str
    group_by: str = Field(description="The category column: one line (or row) per distinct value.")
    measure: Literal["sum", "count", "average"]
    value_column: str | None = Field(default=None, description="The column summed or averaged (not for count).")
    decimals: int | None = Field(default=None, ge=0, le=4, description="Values rounded to this many decimal "
                                 "places; None: the exact figure (sums and counts of whole numbers).")
    form: Literal["bullets", "table"] = Field(description="bullets: 'Label: value' lines; table: two columns.")
    value_header: str | None = Field(default=None, description="The table's second column heading (table).")
    order: Literal["largest", "name"] = Field(description="largest: largest value first; name: A to Z.")


def _groups(source: Table, opts: SummarySlide) -> dict[str, float]:
    key = source.need_col(opts.group_by, opts.data_file)
    values: dict[str, list[float]] = defaultdict(list)
    col = source.need_col(opts.value_column, opts.data_file) if opts.value_column else None
    for row in source.body:
        if row[key] is None or not shown(row[key]):
            continue
        value = row[col] if col is not None else 1
        values[shown(row[key])].append(float(value) if is_number(value) else 0.0)
    aggregate = {"sum": sum, "count": len, "average": lambda v: sum(v) / len(v)}[opts.measure]
    return {label: float(aggregate(v)) for label, v in values.items()}


def _entries(slide: Slide, opts: SummarySlide, where: str) -> list[tuple[str, str]] | str:
    """(label, value text) per line or table row of the summary slide."""
    if opts.form == "table":
        table = only_table(slide, where)
        if isinstance(table, str):
            return table
        if lines := body_lines(slide):
            return f"{where} also has the text {lines[:3]}; only the title and the table belong on it"
        want = [fold(opts.group_by), fold(opts.value_header or "")]
        head = [fold(str(c or "")) for c in table.rows[0]] if table.rows else []
        if [h.casefold() for h in head] != [w.casefold() for w in want]:
            return f"the table on {where} is headed {head}, expected {want}"
        if any(len(r) != 2 for r in table.rows):
            return f"the table on {where} must have exactly two columns"
        return [(fold(str(r[0] or "")), fold(str(r[1] or ""))) for r in table.rows[1:]]
    if any(s.table is not None for s in slide.shapes):
        return f"{where} holds a table; the summary was asked for as bullet lines"
    out = []
    for line in body_lines(slide):
        label, sep, value = line.rpartition(":")
        if not sep:
            return f"the line {line!r} on {where} is not 'Label: value'"
        out.append((fold(label), fold(value)))
    return out


@register_check("slides.summary_slide", SummarySlide, view="slides")
def summary_slide(state: FinalState, opts: SummarySlide) -> Verdict:
    """A slide with the title asked for, directly after the named slide, lists every category of
    `group_by` once with its sum, count or average of `value_column` (rounded to `decimals`), as
    'Label: value' bullet lines or a two-column table under the headings asked for, largest value
    first (ties in any order) or by name A to Z. Every other slide reads as it did."""
    original, output = input_view(state, opts.input_file, SlidesView), output_view(state, opts.file, SlidesView)
    groups = _groups(input_view(state, opts.data_file, TableView).get(), opts)
    if len(groups) < 2:
        return Verdict.of(False, f"{opts.data_file} has fewer than two {opts.group_by!r} values to summarise")
    slide = new_slide(original, output, opts.title, opts.after_title, opts.input_file, opts.file)
    if isinstance(slide, str):
        return Verdict.of(False, slide)
    where = f"slide {slide.number} of {opts.file}"
    entries = _entries(slide, opts, where)
    if isinstance(entries, str):
        return Verdict.of(False, entries)
    labels = [label.casefold() for label, _ in entries]
    want = {label.casefold(): value for label, value in groups.items()}
    if sorted(labels) != sorted(want):
        return Verdict.of(False, f"{where} lists {[label for label, _ in entries]}, expected each of "
                          f"{sorted(groups)} once")
    places = opts.decimals or 0
    step = 0.5 * 10 ** -places + 1e-9 if opts.decimals is not None else 1e-6
    values = []
    for label, text in entries:
        number = as_number(text)
        exact = want[label.casefold()]
        if number is None or abs(number - exact) > step or not rounded_to(number, places):
            return Verdict.of(False, f"{where} gives {label!r} as {text!r}; expected {exact:.{places}f} "
                              f"({opts.measure}" + (f", {places} decimal places)" if opts.decimals is not None else ")"))
        values.append(number)
    if opts.order == "largest":
        exacts = [want[label] for label in labels]
        if any(a < b - 1e-9 for a, b in zip(exacts, exacts[1:], strict=False)):
            return Verdict.of(False, f"{where} is not ordered largest first: {[label for label, _ in entries]}")
    elif labels != sorted(labels):
        return Verdict.of(False, f"{where} is not ordered by name, A to Z: {[label for label, _ in entries]}")
    return Verdict.of(True, f"{len(entries)} {opts.group_by} {opts.measure}s on {opts.title!r}, {opts.order} first")
