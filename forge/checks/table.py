"""The table check library: relational checks over `TableView`, for any format that reads as tables
(xlsx sheets, csv files, docx tables). Each computes what the output must hold from the task's
original input and the output itself, never from values the workflow generated and kept aside.

Tables are read the way a person sees them: the header in row 0, data rows below it, trailing
empty rows and columns ignored. For an in-place edit `file` and `input_file` are the same path.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Literal

from pydantic import Field

from forge.checks._compare import (
    header_diff,
    is_number,
    multiset_diff,
    rounded_to,
    rows_diff,
    same_value,
    satisfies,
    show,
    show_row,
    sort_key,
    text,
)
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import Table, TableView

__all__ = ["TableEdit", "satisfies"]


class TableEdit(CheckOptions):
    """Options every relational table check takes: the result, the original, which table."""

    file: OutputPath
    input_file: InputPath
    table: str | None = Field(default=None, description="Sheet or table name; None: the first.")


def _tables(state: FinalState, opts: TableEdit) -> tuple[Table, Table, TableView]:
    original = input_view(state, opts.input_file, TableView).get(opts.table)
    view = output_view(state, opts.file, TableView)
    output = view.get(opts.table)
    if not original.rows:
        raise CheckError(f"{opts.input_file} ({original.name!r}) is empty")
    if not output.rows:
        raise CheckError(f"{opts.file} ({output.name!r}) is empty")
    return original, output, view


def _number_issue(view: TableView, table: Table, row: int, col: int, value: Any) -> str | None:
    """Why a cell that must hold a number does not, or None when it does."""
    where = table.cell_name(row, col)
    if is_number(value):
        return None
    if value is None:
        formula = view.formula_at(table.name, row, col)
        if formula is not None:
            return (f"{where} holds the formula {formula} but no computed value; write the number itself "
                    "(or recalculate in a spreadsheet app so the value is saved)")
        return f"{where} is empty, expected a number"
    return f"{where} holds {show(value)} ({type(value).__name__}), expected a number"


def _fail(message: str) -> Verdict:
    return Verdict.of(False, message)


# --- table.total_row -------------------------------------------------------------------------

AGGREGATES: dict[str, Callable[[list[float]], float]] = {
    "sum": lambda xs: math.fsum(xs),
    "average": lambda xs: math.fsum(xs) / len(xs),
    "max": max,
    "min": min,
}


class TotalRowOptions(TableEdit):
    label_column: str
    label: str = "Total"
    columns: list[str] = Field(min_length=1)
    aggregate: Literal["sum", "average", "max", "min"] = "sum"
    tolerance: float = Field(default=0.01, ge=0)


@register_check("table.total_row", TotalRowOptions, view="table")
def total_row(state: FinalState, opts: TotalRowOptions) -> Verdict:
    """A labelled row directly below the unchanged data rows aggregates the input's columns."""
    original, output, view = _tables(state, opts)
    if msg := header_diff(original, output, opts.file):
        return _fail(msg)
    n = len(original.body)
    if msg := rows_diff(original.body, output.body[:n], output, original.header, opts.file):
        return _fail(msg)
    if len(output.body) <= n:
        return _fail(f"{opts.file} has no row below the last data row (row {n + 1}); "
                     f"expected a {opts.label!r} row at row {n + 2}")
    label_col = output.need_col(opts.label_column, opts.file)
    total = output.body[n]
    if text(total[label_col]).casefold() != opts.label.strip().casefold():
        return _fail(f"{output.cell_name(n, label_col)} (directly below the data) is {show(total[label_col])}, "
                     f"expected the label {opts.label!r}")
    for name in opts.columns:
        values = [v for v in (row[original.need_col(name, opts.input_file)] for row in original.body) if is_number(v)]
        if not values:
            raise CheckError(f"{opts.input_file} column {name!r} has no numbers to aggregate")
        expected = AGGREGATES[opts.aggregate](values)
        col = output.need_col(name, opts.file)
        if msg := _number_issue(view, output, n, col, total[col]):
            return _fail(msg)
        if not same_value(total[col], expected, opts.tolerance):
            return _fail(f"{output.cell_name(n, col)} ({opts.label} of {name!r}) is {show(total[col])}, "
                         f"expected the {opts.aggregate} of the data rows, {expected:.6g}")
    extra = [r for r in output.body[n + 1:] if any(v is not None for v in r)]
    if extra:
        return _fail(f"{opts.file} has {len(extra)} unexpected row(s) below the {opts.label!r} row, "
                     f"e.g. {show_row(extra[0])}")
    return Verdict.of(True, f"row {n + 2} is a {opts.label!r} row with the {opts.aggregate} of {', '.join(opts.columns)}")


# --- table.sorted_by -------------------------------------------------------------------------


class SortedByOptions(TableEdit):
    column: str
    descending: bool = False


@register_check("table.sorted_by", SortedByOptions, view="table")
def sorted_by(state: FinalState, opts: SortedByOptions) -> Verdict:
    """The output holds exactly the input's rows, ordered by one column (ties in any order)."""
    original, output, _ = _tables(state, opts)
    if msg := header_diff(original, output, opts.file):
        return _fail(msg)
    if len(output.body) != len(original.body):
        return _fail(f"{opts.file} has {len(output.body)} data rows, the input has {len(original.body)}; "
                     "sorting keeps every row")
    if msg := multiset_diff(original, output, opts.file):
        return _fail(msg)
    col = output.need_col(opts.column, opts.file)
    order = "descending" if opts.descending else "ascending"
    rows = output.body
    for r in range(len(rows) - 1):
        a, b = sort_key(rows[r][col]), sort_key(rows[r + 1][col])
        if (a < b) if opts.descending else (a > b):
            return _fail(f"rows are not in {order} order of {opts.column!r}: {output.cell_name(r, col)} is "
                         f"{show(rows[r][col])} but {output.cell_name(r + 1, col)} is {show(rows[r + 1][col])}")
    return Verdict.of(True, f"{len(rows)} rows sorted {order} by {opts.column!r}")


# --- table.derived_column --------------------------------------------------------------------

OPERATIONS: dict[str, Callable[[float, float], float]] = {
    "product": lambda a, b: a * b,
    "difference": lambda a, b: a - b,
    "sum": lambda a, b: a + b,
    "ratio": lambda a, b: a / b,
}


class DerivedColumnOptions(TableEdit):
    new_header: str
    left: str
    right: str
    operation: Literal["product", "difference", "sum", "ratio"]
    decimals: int | None = Field(default=None, ge=0, le=10, description=(
        "The instruction's 'rounded to N decimal places': a value with more decimals fails, and "
        "half-up or half-even rounding of the exact result both pass."))
    tolerance: float | None = Field(default=None, ge=0, description=(
        "Without `decimals`: how far from the exact result a value may be (default 1e-6)."))


def _derived_issue(got: float, exact: float, opts: DerivedColumnOptions) -> str | None:
    """Why `got` is not the instruction's result, or None: as strict as the instruction's rounding."""
    if opts.decimals is None:
        tolerance = opts.tolerance if opts.tolerance is not None else 1e-6
        return None if same_value(got, exact, tolerance) else ""
    if not rounded_to(got, opts.decimals):
        return f", rounded to {opts.decimals} decimal places; {show(got)} is not rounded as asked"
    # float noise only: a relative 1e-12 (a product's noise is ~1e-16); 1e-9 let 100000000.21 pass for .115
    band = 0.5 * 10.0**-opts.decimals + 1e-12 * max(1.0, abs(exact))
    return None if abs(got - exact) <= band else f", rounded to {opts.decimals} decimal places"


@register_check("table.derived_column", DerivedColumnOptions, view="table")
def derived_column(state: FinalState, opts: DerivedColumnOptions) -> Verdict:
    """A new column holds op(left, right) of each row, rounded as asked; every original column is unchanged."""
    original, output, view = _tables(state, opts)
    new = output.col(opts.new_header)
    if new is None or original.col(opts.new_header) is not None:
        return _fail(f"{opts.file} has no new column {opts.new_header!r}; "
                     f"its header row is {[h for h in output.header if h is not None]}")
    pairs = []
    for i, name in enumerate(original.header):
        j = output.col(text(name)) if name is not None else (i if i < len(output.header) else None)
        if j is None:
            return _fail(f"{opts.file} lost the column {text(name)!r}; the original columns must stay")
        pairs.append((i, j))
    if msg := rows_diff(original.body, output.body, output, original.header, opts.file, columns=pairs):
        return _fail(msg)
    left, right = original.need_col(opts.left, opts.input_file), original.need_col(opts.right, opts.input_file)
    for r, row in enumerate(original.body):
        a, b = row[left], row[right]
        if not (is_number(a) and is_number(b)) or (opts.operation == "ratio" and b == 0):
            continue  # no defined result for this row; the task's data avoids this
        got = output.body[r][new]
        if msg := _number_issue(view, output, r, new, got):
            return _fail(msg)
        exact = OPERATIONS[opts.operation](a, b)
        if (issue := _derived_issue(got, exact, opts)) is not None:
            return _fail(f"{output.cell_name(r, new)} ({opts.new_header!r}) is {show(got)}, expected the "
                         f"{opts.operation} of {opts.left!r} ({show(a)}) and {opts.right!r} ({show(b)}) = "
                         f"{exact:.10g}{issue}")
    rounding = f", rounded to {opts.decimals} decimal places" if opts.decimals is not None else ""
    return Verdict.of(True, f"{opts.new_header!r} holds the {opts.operation} of {opts.left!r} and {opts.right!r}"
                      f"{rounding} on all {len(original.body)} rows")


# --- table.rows_where ------------------------------------------------------------------------


class RowsWhereOptions(TableEdit):
    column: str
    operator: Literal[">", ">=", "<", "<=", "=="]
    threshold: int | float | str


@register_check("table.rows_where", RowsWhereOptions, view="table")
def rows_where(state: FinalState, opts: RowsWhereOptions) -> Verdict:
    """The output holds exactly the input rows meeting the condition, in their original order."""
    original, output, _ = _tables(state, opts)
    if msg := header_diff(original, output, opts.file):
        return _fail(msg)
    col = original.need_col(opts.column, opts.input_file)
    expected = [row for row in original.body if satisfies(row[col], opts.operator, opts.threshold)]
    condition = f"{opts.column} {opts.operator} {opts.threshold}"
    if msg := rows_diff(expected, output.body, output, original.header, opts.file, what="kept row"):
        return _fail(f"{msg} (keeping the rows where {condition}, in their original order)")
    return Verdict.of(True, f"{len(expected)} of {len(original.body)} rows kept where {condition}")
