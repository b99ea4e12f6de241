"""Table checks across tables or into new columns: a lookup from a second sheet, sheets stacked
into one, a column split into parts. Expected values come from the task's input workbook and
the instruction's options (column and sheet names), as in `forge.checks.table`.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from forge.checks._compare import header_diff, rows_diff, same_value, show, show_row, text
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.table_ops import key, new_columns
from forge.errors import CheckError
from forge.views import Table, TableView


def _fail(message: str) -> Verdict:
    return Verdict.of(False, message)


# --- table.lookup_filled -------------------------------------------------------------------------


class LookupFilled(CheckOptions):
    file: OutputPath
    input_file: InputPath
    table: str = Field(description="The sheet that gets the new column.")
    new_header: str
    key_column: str
    lookup_table: str = Field(description="The sheet the values are looked up in.")
    lookup_key: str
    lookup_value: str
    missing: str | None = Field(default=None, description="Text for a key the lookup lacks; None: leave it empty.")


@register_check("table.lookup_filled", LookupFilled, view="table")
def lookup_filled(state: FinalState, opts: LookupFilled) -> Verdict:
    """The sheet has a new column holding, per row, the lookup sheet's value for the row's key
    (matched ignoring case and spacing; the `missing` text, or empty, where there is none), as a
    value; every original column is unchanged."""
    view = input_view(state, opts.input_file, TableView)
    original, lookup = view.get(opts.table), view.get(opts.lookup_table)
    if original.name == lookup.name:
        raise CheckError(f"{opts.input_file} has no separate lookup sheet {opts.lookup_table!r}")
    k, lk, lv = (original.need_col(opts.key_column, opts.input_file), lookup.need_col(opts.lookup_key, opts.input_file),
                 lookup.need_col(opts.lookup_value, opts.input_file))
    table = {key(row[lk]): row[lv] for row in reversed(lookup.body) if row[lk] is not None}
    output = output_view(state, opts.file, TableView).get(opts.table)
    found = new_columns(original, output, [opts.new_header], opts.file)
    if isinstance(found, str):
        return _fail(found)
    (new,) = found
    for r, row in enumerate(original.body):
        want = table.get(key(row[k]), opts.missing)
        got = output.body[r][new]
        if want is None and got is not None:
            return _fail(f"{output.cell_name(r, new)} is {show(got)}, but {show(row[k])} is not in {lookup.name!r}: "
                         "leave it empty")
        if want is not None and not (same_value(got, want, 1e-6) or key(got) == key(want)):
            return _fail(f"{output.cell_name(r, new)} ({show(row[k])}) is {show(got)}, expected {show(want)} from "
                         f"{lookup.name!r}")
    return Verdict.of(True, f"{opts.new_header!r} looked up from {lookup.name!r} for {len(original.body)} rows")


# --- table.consolidated --------------------------------------------------------------------------


class Consolidated(CheckOptions):
    file: OutputPath
    input_file: InputPath
    sheets: list[str] = Field(min_length=2, description="The input sheets, in the order they are stacked.")
    into: str = Field(description="The sheet that holds the stacked rows.")
    source_column: str | None = Field(default=None, description="An added last column naming each row's sheet.")


@register_check("table.consolidated", Consolidated, view="table")
def consolidated(state: FinalState, opts: Consolidated) -> Verdict:
    """One sheet holds the shared header (plus the source column, when asked) and every row of
    the listed sheets, sheet after sheet in the order given, each row as it was; the listed sheets
    themselves are still there, unchanged."""
    view = input_view(state, opts.input_file, TableView)
    parts = [view.get(name) for name in opts.sheets]
    if len({p.name for p in parts}) != len(parts):
        raise CheckError(f"{opts.input_file} does not have the distinct sheets {opts.sheets}")
    header = parts[0].header
    expected = [[*row, p.name] if opts.source_column else list(row) for p in parts for row in p.body]
    out_view = output_view(state, opts.file, TableView)
    output = out_view.get(opts.into)
    if output.name != opts.into and len(out_view.tables) > 1:
        return _fail(f"{opts.file} has no sheet {opts.into!r}; its sheets are {[t.name for t in out_view.tables]}")
    for part in parts:
        kept = [t for t in out_view.tables if t.name == part.name]
        if not kept or kept[0].rows != part.rows:
            return _fail(f"{opts.file}: the sheet {part.name!r} is {'gone' if not kept else 'changed'}; "
                         "the source sheets must stay as they were")
    want = Table.of(opts.into, [[*header, opts.source_column] if opts.source_column else list(header)])
    if msg := header_diff(want, output, opts.file):
        return _fail(msg)
    if msg := rows_diff(expected, output.body, output, want.header, opts.file, what="stacked row"):
        return _fail(f"{msg} (rows of {', '.join(opts.sheets)}, in that order)")
    return Verdict.of(True, f"{len(expected)} rows of {len(parts)} sheets stacked in {output.name!r}")


# --- table.column_split --------------------------------------------------------------------------

SplitPattern = Literal["first_last", "last_comma_first", "code_number", "city_region"]


def split_value(value: Any, pattern: str) -> tuple[str | None, str | None]:
    """The two parts of a combined cell, as the pattern reads it."""
    s = " ".join(text(value).split())
    if not s:
        return None, None
    if pattern == "last_comma_first":
        last, _, first = s.partition(",")
        return first.strip() or None, last.strip() or None
    if pattern == "first_last":
        first, _, last = s.rpartition(" ") if " " in s else (s, "", "")
        return (first or None), (last or None)
    sep = "-" if pattern == "code_number" else ","
    a, _, b = s.partition(sep)
    return a.strip() or None, b.strip() or None


class ColumnSplit(CheckOptions):
    file: OutputPath
    input_file: InputPath
    table: str | None = None
    column: str
    pattern: SplitPattern
    new_headers: list[str] = Field(min_length=2, max_length=2)
    keep_original: bool = True


@register_check("table.column_split", ColumnSplit, view="table")
def column_split(state: FinalState, opts: ColumnSplit) -> Verdict:
    """Two new columns hold the parts of the combined column (first/last name, code/number,
    city/region), the original column kept or removed as asked; every other column unchanged."""
    original = input_view(state, opts.input_file, TableView).get(opts.table)
    output = output_view(state, opts.file, TableView).get(opts.table)
    c = original.need_col(opts.column, opts.input_file)
    kept = original if opts.keep_original else Table.of(original.name, [r[:c] + r[c + 1:] for r in original.rows])
    if not opts.keep_original and output.col(opts.column) is not None:
        return _fail(f"{opts.file} still has the column {opts.column!r}; the split columns replace it")
    found = new_columns(kept, output, opts.new_headers, opts.file)
    if isinstance(found, str):
        return _fail(found)
    for r, row in enumerate(original.body):
        parts = split_value(row[c], opts.pattern)
        for j, want, name in zip(found, parts, opts.new_headers, strict=True):
            got = output.body[r][j]
            number = text(want).isdigit()
            if not (key(got) == key(want) or (number and same_value(got, float(text(want))))):
                return _fail(f"{output.cell_name(r, j)} ({name!r}, from {show(row[c])}) is {show(got)}, expected "
                             f"{show(want)}")
    return Verdict.of(True, f"{opts.column!r} split into {opts.new_headers} on {len(original.body)} rows "
                      f"{show_row(list(split_value(original.body[0][c], opts.pattern)))}")


# --- table.crosstab ------------------------------------------------------------------------------


class Crosstab(CheckOptions):
    file: OutputPath
    input_file: InputPath
    table: str | None = Field(default=None, description="The input's data sheet; None: the first.")
    summary: str = Field(description="The sheet holding the cross-tab.")
    row_field: str
    column_field: str
    value_column: str | None = Field(default=None, description="The column aggregated; None for a count.")
    aggregate: Literal["count", "sum", "average"] = "count"
    totals: bool = Field(default=False, description="A 'Total' column at the right and a 'Total' row at the bottom.")
    tolerance: float = Field(default=0.01, ge=0)


def _figure(values: list[float], aggregate: str) -> float | None:
    if not values:
        return None
    return {"count": float(len(values)), "sum": sum(values), "average": sum(values) / len(values)}[aggregate]


@register_check("table.crosstab", Crosstab, view="table")
def crosstab(state: FinalState, opts: Crosstab) -> Verdict:
    """A two-way summary: A1 names the row field, row 1 holds each distinct value of the column
    field once, column A each distinct value of the row field once (any order, case and spacing
    folded), and each cell the aggregate of the rows with that pair (empty or 0 where none);
    with `totals`, a Total column and a Total row aggregate each row, each column and all rows."""
    original = input_view(state, opts.input_file, TableView).get(opts.table)
    view = output_view(state, opts.file, TableView)
    out = view.get(opts.summary)
    if out.name == original.name and len(view.tables) > 1:
        return _fail(f"{opts.file} has no sheet {opts.summary!r}; its sheets are {[t.name for t in view.tables]}")
    r, c = original.need_col(opts.row_field, opts.input_file), original.need_col(opts.column_field, opts.input_file)
    v = original.need_col(opts.value_column, opts.input_file) if opts.value_column else None
    cells: dict[tuple[Any, Any], list[float]] = {}
    for row in original.body:
        number = 1.0 if v is None else row[v]
        if row[r] is None or row[c] is None or not isinstance(number, (int, float)):
            continue
        for a in (key(row[r]), "total"):
            for b in (key(row[c]), "total"):
                cells.setdefault((a, b), []).append(float(number))
    rows_want = sorted({a for a, _ in cells if a != "total"}, key=str) + (["total"] if opts.totals else [])
    cols_want = sorted({b for _, b in cells if b != "total"}, key=str) + (["total"] if opts.totals else [])
    if not out.rows or key(out.header[0]) != key(opts.row_field):
        return _fail(f"{opts.summary}!A1 should name the row field {opts.row_field!r}, found "
                     f"{show(out.header[0] if out.rows else None)}")
    cols = [key(h) for h in out.header[1:] if h is not None]
    if sorted(cols, key=str) != sorted(cols_want, key=str):
        return _fail(f"row 1 of {opts.summary} holds {cols}, expected each {opts.column_field!r} once "
                     f"{sorted(cols_want, key=str)}")
    labels = [key(row[0]) for row in out.body if row[0] is not None]
    if sorted(labels, key=str) != sorted(rows_want, key=str):
        return _fail(f"column A of {opts.summary} holds {labels}, expected each {opts.row_field!r} once "
                     f"{sorted(rows_want, key=str)}")
    for i, row in enumerate(out.body):
        if row[0] is None:
            continue
        for j, col in enumerate(cols, start=1):
            want, got = _figure(cells.get((key(row[0]), col), []), opts.aggregate), row[j]
            empty_ok = want is None and (got is None or (opts.aggregate != "average" and got == 0))
            if not empty_ok and (want is None or not isinstance(got, (int, float)) or not same_value(got, want, opts.tolerance)):
                return _fail(f"{out.cell_name(i, j)} ({show(row[0])}, {col}) is {show(got)}, expected "
                             f"{'nothing' if want is None else f'{want:.6g}'}")
    return Verdict.of(True, f"{len(rows_want)} x {len(cols_want)} cross-tab of {opts.row_field!r} by {opts.column_field!r}")


# --- table.unpivoted -----------------------------------------------------------------------------


class Unpivoted(CheckOptions):
    file: OutputPath
    input_file: InputPath
    table: str | None = Field(default=None, description="The wide input sheet; None: the first.")
    into: str = Field(description="The sheet holding the long table.")
    id_column: str
    variable_header: str = Field(description="Header of the column naming the former column.")
    value_header: str
    by_column: bool = Field(default=False, description="Column by column (all rows of the first column first).")
    skip_blank: bool = Field(default=False, description="Empty cells give no row.")


@register_check("table.unpivoted", Unpivoted, view="table")
def unpivoted(state: FinalState, opts: Unpivoted) -> Verdict:
    """A sheet holds the wide table in long form: header [id, variable, value], one row per cell of
    the other columns (row by row, or column by column), skipping empty cells when asked."""
    wide = input_view(state, opts.input_file, TableView).get(opts.table)
    view = output_view(state, opts.file, TableView)
    out = next((t for t in view.tables if t.name == opts.into), None)
    if out is None:
        return _fail(f"{opts.file} has no sheet {opts.into!r}; its sheets are {[t.name for t in view.tables]}")
    i = wide.need_col(opts.id_column, opts.input_file)
    others = [c for c in range(len(wide.header)) if c != i]
    cells = [(r, c) for c in others for r in range(len(wide.body))] if opts.by_column else \
        [(r, c) for r in range(len(wide.body)) for c in others]
    expected = [[wide.body[r][i], wide.header[c], wide.body[r][c]] for r, c in cells
                if not (opts.skip_blank and wide.body[r][c] is None)]
    header = Table.of(opts.into, [[opts.id_column, opts.variable_header, opts.value_header]])
    if msg := header_diff(header, out, opts.file):
        return _fail(msg)
    if msg := rows_diff(expected, out.body, out, header.header, opts.file, what="long row"):
        return _fail(f"{msg} ({'column by column' if opts.by_column else 'row by row'})")
    return Verdict.of(True, f"{len(expected)} long rows on {opts.into!r}")
