"""Built-in xlsx checks. Each is relational: it computes what the output must hold from the
task's original input (`state.original_sheets`) and the output itself, never from values the
workflow generated and kept aside.

Tables are read the way a person sees them: the header in row 1, data rows below it, trailing
empty rows and columns ignored. Messages name the first discrepancy by cell, column, got and
expected, so a failing episode says what went wrong.
"""

from __future__ import annotations

import datetime as dt
import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import Field

from forge.checks.spec import CheckOptions, Verdict, register_check
from forge.checks.state import FinalState, Sheets
from forge.errors import CheckError

NUMBER_EPS = 1e-6  # "unchanged" numbers may differ by float noise only


# --- reading tables ------------------------------------------------------------------------


@dataclass(frozen=True)
class Grid:
    """A sheet as header + data rows (every row padded to the sheet's used width)."""

    file: str
    sheet: str
    header: list[Any]
    rows: list[list[Any]]

    def col(self, name: str) -> int | None:
        """Index of the header `name` (exact, then ignoring case and outer spaces)."""
        names = [_text(h) for h in self.header]
        if name in names:
            return names.index(name)
        folded = [n.casefold() for n in names]
        return folded.index(name.strip().casefold()) if name.strip().casefold() in folded else None

    def need_col(self, name: str) -> int:
        i = self.col(name)
        if i is None:
            shown = [h for h in self.header if h is not None]
            raise CheckError(
                f"{self.file} (sheet {self.sheet!r}) has no column {name!r}; its header row is {shown}"
            )
        return i

    def cell(self, row: int, col: int) -> str:
        """A1 name of data row `row` (0-based), column `col` (0-based)."""
        return f"{self.sheet}!{get_column_letter(col + 1)}{row + 2}"


def _worksheet(sheets: Sheets, sheet: str | None, file: str) -> str:
    names = list(sheets)
    if not names:
        raise CheckError(f"{file} has no sheets")
    if sheet is None:
        return names[0]
    if sheet in sheets:
        return sheet
    if len(names) == 1:  # a lone renamed sheet is still the table the task meant
        return names[0]
    raise CheckError(f"{file} has no sheet {sheet!r}; its sheets are {names}")


def _read_grid(sheets: Sheets, sheet: str | None, file: str) -> Grid:
    title = _worksheet(sheets, sheet, file)
    values = [[_clean(v) for v in row] for row in sheets[title]]
    while values and all(v is None for v in values[-1]):
        values.pop()
    if not values:
        raise CheckError(f"{file} (sheet {title!r}) is empty")
    width = max(
        (max((i + 1 for i, v in enumerate(r) if v is not None), default=0) for r in values), default=0
    )
    values = [(r + [None] * width)[:width] for r in values]
    return Grid(file=file, sheet=title, header=values[0], rows=values[1:])


def _grids(state: FinalState, file: str, input_file: str, sheet: str | None) -> tuple[Grid, Grid]:
    original = _read_grid(state.original_sheets(input_file), sheet, input_file)
    output = _read_grid(state.sheets(file), sheet, file)
    return original, output


def get_column_letter(index: int) -> str:
    """Excel column letters for a 1-based index (kept local: importing openpyxl is slow)."""
    letters = ""
    while index > 0:
        index, rem = divmod(index - 1, 26)
        letters = chr(65 + rem) + letters
    return letters


def _clean(value: Any) -> Any:
    if isinstance(value, str):
        value = value.strip()
        return value or None
    if isinstance(value, dt.datetime) and value.time() == dt.time(0):
        return value.date()
    return value


def _text(value: Any) -> str:
    return "" if value is None else str(value).strip()


def is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def same_value(a: Any, b: Any, tolerance: float = NUMBER_EPS) -> bool:
    if is_number(a) and is_number(b):
        return abs(a - b) <= tolerance + 1e-9 * max(abs(a), abs(b))
    if isinstance(a, str) and isinstance(b, str):
        return a == b
    return bool(a == b)


def _canonical(row: list[Any]) -> tuple[Any, ...]:
    """A hashable form of a row, for comparing rows as a multiset."""
    return tuple(round(float(v), 6) if is_number(v) else v for v in row)


def _show(value: Any) -> str:
    if isinstance(value, dt.date):
        return value.isoformat()
    return repr(value)


def header_diff(original: Grid, output: Grid, *, exact_width: bool = True) -> str | None:
    """First header cell of the original that the output changed (or extra columns added)."""
    for i, name in enumerate(original.header):
        got = output.header[i] if i < len(output.header) else None
        if not same_value(got, name):
            return (
                f"header cell {get_column_letter(i + 1)}1 is {_show(got)}, expected {_show(name)} "
                "(the header row must stay as it was)"
            )
    if exact_width and len(output.header) > len(original.header):
        extra = [h for h in output.header[len(original.header) :] if h is not None]
        return f"{output.file} has extra columns {extra or '(unnamed)'} that the task did not ask for"
    return None


def rows_diff(
    expected: list[list[Any]],
    got: list[list[Any]],
    output: Grid,
    header: list[Any],
    *,
    what: str = "data row",
    check_count: bool = True,
    columns: list[tuple[int, int]] | None = None,
) -> str | None:
    """First difference between expected and actual data rows, by cell.

    `columns` maps (expected index, output index); by default the same positions.
    """
    pairs = columns if columns is not None else [(i, i) for i in range(len(header))]
    for r, (want, have) in enumerate(zip(expected, got, strict=False)):
        for ei, oi in pairs:
            w = want[ei]
            h = have[oi] if oi < len(have) else None
            if not same_value(h, w):
                return (
                    f"{what} {r + 1} ({output.cell(r, oi)}, column {_text(header[ei])!r}) is {_show(h)}, "
                    f"expected {_show(w)}"
                )
    if check_count and len(got) != len(expected):
        if len(got) < len(expected):
            return (
                f"{output.file} has {len(got)} data rows, expected {len(expected)}: "
                f"the row that should be {_show_row(expected[len(got)])} is missing"
            )
        return (
            f"{output.file} has {len(got)} data rows, expected {len(expected)}: row {len(expected) + 2} "
            f"{_show_row(got[len(expected)])} should not be there"
        )
    return None


def _show_row(row: list[Any]) -> str:
    return "[" + ", ".join(_show(v) for v in row) + "]"


def number_issue(state: FinalState, grid: Grid, row: int, col: int, value: Any) -> str | None:
    """Why a cell that must hold a number does not, or None when it does."""
    where = grid.cell(row, col)
    if is_number(value):
        return None
    if value is None:
        formula = _formula_at(state, grid, row, col)
        if formula is not None:
            return (
                f"{where} holds the formula {formula} but no computed value; write the number itself "
                "(or recalculate in a spreadsheet app so the value is saved)"
            )
        return f"{where} is empty, expected a number"
    return f"{where} holds {_show(value)} ({type(value).__name__}), expected a number"


def _formula_at(state: FinalState, grid: Grid, row: int, col: int) -> str | None:
    try:
        wb = state.xlsx(grid.file, data_only=False)
        value = wb[grid.sheet].cell(row=row + 2, column=col + 1).value
    except (CheckError, KeyError):
        return None
    text = getattr(value, "text", value)  # ArrayFormula
    return text if isinstance(text, str) and text.startswith("=") else None


def _fail(message: str) -> Verdict:
    return Verdict.of(False, message)


# --- xlsx.total_row ------------------------------------------------------------------------

AGGREGATES: dict[str, Callable[[list[float]], float]] = {
    "sum": lambda xs: math.fsum(xs),
    "average": lambda xs: math.fsum(xs) / len(xs),
    "max": max,
    "min": min,
}


class TotalRowOptions(CheckOptions):
    file: str
    input_file: str
    sheet: str | None = None
    label_column: str
    label: str = "Total"
    columns: list[str] = Field(min_length=1)
    aggregate: Literal["sum", "average", "max", "min"] = "sum"
    tolerance: float = Field(default=0.01, ge=0)


@register_check("xlsx.total_row", TotalRowOptions)
def total_row(state: FinalState, opts: TotalRowOptions) -> Verdict:
    """A labelled row directly below the unchanged data rows aggregates the input's columns."""
    original, output = _grids(state, opts.file, opts.input_file, opts.sheet)
    if msg := header_diff(original, output):
        return _fail(msg)
    n = len(original.rows)
    if msg := rows_diff(original.rows, output.rows[:n], output, original.header):
        return _fail(msg)
    if len(output.rows) <= n:
        return _fail(
            f"{output.file} has no row below the last data row (row {n + 1}); "
            f"expected a {opts.label!r} row at row {n + 2}"
        )
    label_col = output.need_col(opts.label_column)
    total = output.rows[n]
    label = total[label_col]
    if _text(label).casefold() != opts.label.strip().casefold():
        return _fail(
            f"{output.cell(n, label_col)} (directly below the data) is {_show(label)}, "
            f"expected the label {opts.label!r}"
        )
    for name in opts.columns:
        values = [v for v in (row[original.need_col(name)] for row in original.rows) if is_number(v)]
        if not values:
            raise CheckError(f"{original.file} column {name!r} has no numbers to aggregate")
        expected = AGGREGATES[opts.aggregate](values)
        col = output.need_col(name)
        got = total[col]
        if msg := number_issue(state, output, n, col, got):
            return _fail(msg)
        if not same_value(got, expected, opts.tolerance):
            return _fail(
                f"{output.cell(n, col)} ({opts.label} of {name!r}) is {_show(got)}, "
                f"expected the {opts.aggregate} of the data rows, {expected:.6g}"
            )
    extra = [r for r in output.rows[n + 1 :] if any(v is not None for v in r)]
    if extra:
        return _fail(
            f"{output.file} has {len(extra)} unexpected row(s) below the {opts.label!r} row, "
            f"e.g. {_show_row(extra[0])}"
        )
    return Verdict.of(
        True, f"row {n + 2} is a {opts.label!r} row with the {opts.aggregate} of {', '.join(opts.columns)}"
    )


# --- xlsx.sorted_by ------------------------------------------------------------------------


class SortedByOptions(CheckOptions):
    file: str
    input_file: str
    sheet: str | None = None
    column: str
    descending: bool = False


def _sort_key(value: Any) -> tuple[int, Any]:
    """Numbers, then dates, then text (case-insensitive); empty cells last."""
    if is_number(value):
        return (0, float(value))
    if isinstance(value, dt.datetime):
        return (1, value)
    if isinstance(value, dt.date):
        return (1, dt.datetime.combine(value, dt.time(0)))
    if value is None:
        return (3, 0)
    return (2, str(value).casefold())


def multiset_diff(original: Grid, output: Grid) -> str | None:
    """Whether the output's data rows are the input's rows, each as often, in any order."""
    want = Counter(_canonical(r) for r in original.rows)
    have = Counter(_canonical(r) for r in output.rows)
    for r, row in enumerate(output.rows):
        key = _canonical(row)
        if have[key] > want[key]:
            return (
                f"row {r + 2} {_show_row(row)} is not one of the input's rows "
                "(or appears more often than in the input)"
            )
    missing = want - have
    if missing:
        row = next(iter(missing))
        return f"the input row {_show_row(list(row))} is missing from {output.file}"
    return None


@register_check("xlsx.sorted_by", SortedByOptions)
def sorted_by(state: FinalState, opts: SortedByOptions) -> Verdict:
    """The output holds exactly the input's rows, ordered by one column (ties in any order)."""
    original, output = _grids(state, opts.file, opts.input_file, opts.sheet)
    if msg := header_diff(original, output):
        return _fail(msg)
    if len(output.rows) != len(original.rows):
        return _fail(
            f"{output.file} has {len(output.rows)} data rows, the input has {len(original.rows)}; "
            "sorting keeps every row"
        )
    if msg := multiset_diff(original, output):
        return _fail(msg)
    col = output.need_col(opts.column)
    order = "descending" if opts.descending else "ascending"
    for r in range(len(output.rows) - 1):
        a, b = _sort_key(output.rows[r][col]), _sort_key(output.rows[r + 1][col])
        if (a < b) if opts.descending else (a > b):
            return _fail(
                f"rows are not in {order} order of {opts.column!r}: {output.cell(r, col)} is "
                f"{_show(output.rows[r][col])} but {output.cell(r + 1, col)} is "
                f"{_show(output.rows[r + 1][col])}"
            )
    return Verdict.of(True, f"{len(output.rows)} rows sorted {order} by {opts.column!r}")


# --- xlsx.derived_column -------------------------------------------------------------------

OPERATIONS: dict[str, Callable[[float, float], float]] = {
    "product": lambda a, b: a * b,
    "difference": lambda a, b: a - b,
    "sum": lambda a, b: a + b,
    "ratio": lambda a, b: a / b,
}


class DerivedColumnOptions(CheckOptions):
    file: str
    input_file: str
    sheet: str | None = None
    new_header: str
    left: str
    right: str
    operation: Literal["product", "difference", "sum", "ratio"]
    decimals: int | None = Field(default=None, ge=0, le=10)
    tolerance: float | None = Field(
        default=None, ge=0, description="Default: one unit in the last decimal, or 1e-6."
    )


@register_check("xlsx.derived_column", DerivedColumnOptions)
def derived_column(state: FinalState, opts: DerivedColumnOptions) -> Verdict:
    """A new column holds op(left, right) of each row; every original column is unchanged."""
    original, output = _grids(state, opts.file, opts.input_file, opts.sheet)
    new = output.col(opts.new_header)
    if new is None or original.col(opts.new_header) is not None:
        return _fail(
            f"{output.file} has no new column {opts.new_header!r}; "
            f"its header row is {[h for h in output.header if h is not None]}"
        )
    pairs = []
    for i, name in enumerate(original.header):
        j = output.col(_text(name)) if name is not None else (i if i < len(output.header) else None)
        if j is None:
            return _fail(f"{output.file} lost the column {_text(name)!r}; the original columns must stay")
        pairs.append((i, j))
    if msg := rows_diff(original.rows, output.rows, output, original.header, columns=pairs):
        return _fail(msg)
    left, right = original.need_col(opts.left), original.need_col(opts.right)
    tolerance = (
        opts.tolerance
        if opts.tolerance is not None
        else (10.0**-opts.decimals if opts.decimals is not None else 1e-6)
    )
    for r, row in enumerate(original.rows):
        a, b = row[left], row[right]
        if not (is_number(a) and is_number(b)) or (opts.operation == "ratio" and b == 0):
            continue  # no defined result for this row; the task's data avoids this
        expected = OPERATIONS[opts.operation](a, b)
        if opts.decimals is not None:
            expected = round(expected, opts.decimals)
        got = output.rows[r][new]
        if msg := number_issue(state, output, r, new, got):
            return _fail(msg)
        if not same_value(got, expected, tolerance):
            return _fail(
                f"{output.cell(r, new)} ({opts.new_header!r}) is {_show(got)}, "
                f"expected the {opts.operation} of "
                f"{opts.left!r} ({_show(a)}) and {opts.right!r} ({_show(b)}) = {expected:.10g}"
            )
    return Verdict.of(
        True,
        f"{opts.new_header!r} holds the {opts.operation} of {opts.left!r} and {opts.right!r} "
        f"on all {len(original.rows)} rows",
    )


# --- xlsx.rows_where -----------------------------------------------------------------------

COMPARATORS: dict[str, Callable[[Any, Any], bool]] = {
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    "==": lambda a, b: a == b,
}


class RowsWhereOptions(CheckOptions):
    file: str
    input_file: str
    sheet: str | None = None
    column: str
    operator: Literal[">", ">=", "<", "<=", "=="]
    threshold: int | float | str


def satisfies(value: Any, operator: str, threshold: float | str) -> bool:
    """Whether a cell satisfies `value <operator> threshold`; numbers with numbers, text with text."""
    if is_number(threshold):
        if not is_number(value):
            return False
        if operator == "==":
            return abs(value - float(threshold)) <= NUMBER_EPS
        return COMPARATORS[operator](float(value), float(threshold))
    if value is None:
        return False
    return COMPARATORS[operator](_text(value).casefold(), str(threshold).strip().casefold())


@register_check("xlsx.rows_where", RowsWhereOptions)
def rows_where(state: FinalState, opts: RowsWhereOptions) -> Verdict:
    """The output holds exactly the input rows meeting the condition, in their original order."""
    original, output = _grids(state, opts.file, opts.input_file, opts.sheet)
    if msg := header_diff(original, output):
        return _fail(msg)
    col = original.need_col(opts.column)
    expected = [row for row in original.rows if satisfies(row[col], opts.operator, opts.threshold)]
    condition = f"{opts.column} {opts.operator} {opts.threshold}"
    if msg := rows_diff(expected, output.rows, output, original.header, what="kept row"):
        return _fail(f"{msg} (keeping the rows where {condition}, in their original order)")
    return Verdict.of(True, f"{len(expected)} of {len(original.rows)} rows kept where {condition}")
