"""Table checks about order and thresholds: the top (or bottom) rows by a column, overall or per
group; a label column from number bands (a nested IF); rows sorted by two keys. Expected values
come from the input table and the instruction's options, as in `forge.checks.table`."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from forge.checks._compare import header_diff, is_number, multiset_diff, rows_diff, show, sort_key
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.table_ops import key, new_columns, parse_number
from forge.views import TableView


def _fail(message: str) -> Verdict:
    return Verdict.of(False, message)


class RankOp(CheckOptions):
    file: OutputPath
    input_file: InputPath
    table: str | None = Field(default=None, description="The input's data sheet; None: the first.")


# --- table.top_rows ------------------------------------------------------------------------------


class TopRows(RankOp):
    into: str = Field(description="The sheet holding the selected rows.")
    column: str
    count: int = Field(ge=1)
    smallest: bool = Field(default=False, description="The bottom rows (smallest values) instead of the top.")
    group_column: str | None = Field(default=None, description="The top rows within each group of this column.")


@register_check("table.top_rows", TopRows, view="table")
def top_rows(state: FinalState, opts: TopRows) -> Verdict:
    """A sheet holds the input's header and the `count` rows with the largest (or smallest) values
    of the column - per group when asked, groups in order of first appearance - each row whole,
    ordered by the column from the best."""
    original = input_view(state, opts.input_file, TableView).get(opts.table)
    view = output_view(state, opts.file, TableView)
    out = next((t for t in view.tables if t.name == opts.into), None)
    if out is None:
        return _fail(f"{opts.file} has no sheet {opts.into!r}; its sheets are {[t.name for t in view.tables]}")
    c = original.need_col(opts.column, opts.input_file)
    g = original.need_col(opts.group_column, opts.input_file) if opts.group_column else None
    groups: dict[Any, list[list[Any]]] = {}
    for row in original.body:
        if is_number(row[c]):
            groups.setdefault(key(row[g]) if g is not None else None, []).append(row)
    expected = []
    for rows in groups.values():
        ranked = sorted(rows, key=lambda r: float(r[c]), reverse=not opts.smallest)
        expected += ranked[: opts.count]
    if msg := header_diff(original, out, opts.file):
        return _fail(msg)
    if msg := rows_diff(expected, out.body, out, original.header, opts.file, what="selected row"):
        which = "smallest" if opts.smallest else "largest"
        per = f" per {opts.group_column!r}" if opts.group_column else ""
        return _fail(f"{msg} (the {opts.count} {which} by {opts.column!r}{per}, best first)")
    return Verdict.of(True, f"{len(expected)} rows selected by {opts.column!r} on {opts.into!r}")


# --- table.banded_column -------------------------------------------------------------------------


class BandedColumn(RankOp):
    new_header: str
    column: str
    bounds: list[float] = Field(min_length=1, description="Ascending lower bounds of the bands after the first.")
    labels: list[str] = Field(min_length=2, description="One label per band, lowest band first.")


@register_check("table.banded_column", BandedColumn, view="table")
def banded_column(state: FinalState, opts: BandedColumn) -> Verdict:
    """A new column holds each row's band label (amounts typed as text read as numbers): the first
    label below the first bound, the next from that bound (inclusive) to the next, and so on; the original columns are unchanged."""
    if len(opts.labels) != len(opts.bounds) + 1:
        return _fail(f"{len(opts.bounds)} bounds need {len(opts.bounds) + 1} labels, got {opts.labels}")
    original = input_view(state, opts.input_file, TableView).get(opts.table)
    out = output_view(state, opts.file, TableView).get(opts.table)
    found = new_columns(original, out, [opts.new_header], opts.file)
    if isinstance(found, str):
        return _fail(found)
    (new,) = found
    c = original.need_col(opts.column, opts.input_file)
    for r, row in enumerate(original.body):
        number = parse_number(row[c])  # amounts typed as text are banded by their number
        if number is None:
            continue
        want = opts.labels[sum(number >= b for b in opts.bounds)]
        if key(out.body[r][new]) != key(want):
            return _fail(f"{out.cell_name(r, new)} ({opts.column} {show(row[c])}) is {show(out.body[r][new])}, "
                         f"expected {want!r}")
    return Verdict.of(True, f"{opts.new_header!r} bands {opts.column!r} into {opts.labels}")


# --- table.sorted_by_keys ------------------------------------------------------------------------


class SortedByKeys(RankOp):
    first: str
    second: str
    first_descending: bool = False
    second_descending: bool = False


@register_check("table.sorted_by_keys", SortedByKeys, view="table")
def sorted_by_keys(state: FinalState, opts: SortedByKeys) -> Verdict:
    """The output holds exactly the input's rows, ordered by the first column and, where it ties,
    by the second, each in the direction asked (text A to Z ignoring case)."""
    original = input_view(state, opts.input_file, TableView).get(opts.table)
    out = output_view(state, opts.file, TableView).get(opts.table)
    if msg := header_diff(original, out, opts.file):
        return _fail(msg)
    a, b = original.need_col(opts.first, opts.input_file), original.need_col(opts.second, opts.input_file)
    if msg := multiset_diff(original, out, opts.file):
        return _fail(msg)
    expected = sorted(original.body, key=lambda r: sort_key(r[b]), reverse=opts.second_descending)
    expected = sorted(expected, key=lambda r: sort_key(r[a]), reverse=opts.first_descending)
    for r, (want, have) in enumerate(zip(expected, out.body, strict=True)):  # rows tying on both keys: any order
        if (sort_key(want[a]), sort_key(want[b])) != (sort_key(have[a]), sort_key(have[b])):
            return _fail(f"row {r + 2} of {opts.file} has {opts.first}={show(have[a])}, {opts.second}={show(have[b])}; "
                         f"expected {show(want[a])}, {show(want[b])} (sorted by {opts.first!r}, then {opts.second!r})")
    return Verdict.of(True, f"{len(expected)} rows sorted by {opts.first!r} then {opts.second!r}")


# --- table.subtotals -----------------------------------------------------------------------------


class Subtotals(RankOp):
    group_column: str
    columns: list[str] = Field(min_length=1, description="The columns each subtotal row aggregates.")
    aggregate: Literal["sum", "count", "average"] = "sum"
    grand_total: bool = Field(default=False, description="A 'Grand Total' row at the very end.")


def _aggregate(values: list[float], aggregate: str) -> float:
    return {"sum": sum(values), "count": float(len(values)), "average": sum(values) / len(values)}[aggregate]


@register_check("table.subtotals", Subtotals, view="table")
def subtotals(state: FinalState, opts: Subtotals) -> Verdict:
    """The rows come grouped by the group column (groups A to Z, rows in their original order
    within a group), each group followed by a '<group> Total' row holding the aggregate of each
    asked column (other cells empty); with `grand_total`, a final 'Grand Total' row over all rows."""
    original = input_view(state, opts.input_file, TableView).get(opts.table)
    out = output_view(state, opts.file, TableView).get(opts.table)
    if msg := header_diff(original, out, opts.file):
        return _fail(msg)
    g = original.need_col(opts.group_column, opts.input_file)
    cols = [original.need_col(c, opts.input_file) for c in opts.columns]
    groups: dict[Any, list[list[Any]]] = {}
    for row in original.body:
        groups.setdefault(row[g], []).append(row)
    expected: list[list[Any]] = []

    def total(label: str, rows: list[list[Any]]) -> list[Any]:
        line: list[Any] = [None] * len(original.header)
        line[g] = label
        for c in cols:
            line[c] = _aggregate([float(r[c]) for r in rows if is_number(r[c])], opts.aggregate)
        return line

    for name in sorted(groups, key=lambda v: str(v).casefold()):
        expected += [*groups[name], total(f"{name} Total", groups[name])]
    if opts.grand_total:
        expected.append(total("Grand Total", original.body))
    if msg := rows_diff(expected, out.body, out, original.header, opts.file):
        return _fail(f"{msg} (groups A to Z, each followed by its '<group> Total' row)")
    return Verdict.of(True, f"{len(groups)} groups with {opts.aggregate} subtotals of {opts.columns}")
