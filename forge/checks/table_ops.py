"""Relational table checks for the spreadsheet library's everyday operations: a summary per
group on its own sheet, a column cleaned, a column computed from a whole column
(the lookup, stacking and splitting checks are in `table_joins`; de-duplication is
`records.deduplicated`).

Like `forge.checks.table`, each check recomputes what the output must hold from the task's
input (read as `TableView`) and the instruction's options, never from generated values. Text
keys are compared the way a person groups them: case and runs of spaces ignored (`key`).
"""

from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Callable
from itertools import pairwise
from typing import Any, Literal

from pydantic import Field

from forge.checks._compare import (
    header_diff,
    is_number,
    rounded_to,
    rows_diff,
    same_value,
    show,
    text,
)
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import Table, TableView

_SPACES = re.compile(r"\s+")


def key(value: Any) -> Any:
    """How a person matches a label: case and runs of spaces ignored; numbers as numbers."""
    if is_number(value):
        return round(float(value), 6)
    return _SPACES.sub(" ", text(value)).casefold()


def _fail(message: str) -> Verdict:
    return Verdict.of(False, message)


class TableOp(CheckOptions):
    file: OutputPath
    input_file: InputPath
    table: str | None = Field(default=None, description="The input's data sheet; None: the first.")


def _input(state: FinalState, opts: TableOp, name: str | None = None) -> Table:
    original = input_view(state, opts.input_file, TableView).get(name if name is not None else opts.table)
    if not original.body:
        raise CheckError(f"{opts.input_file} ({original.name!r}) has no data rows")
    return original


def _kept_sheet(original: Table, view: TableView, source: str) -> str | None:
    """When the output workbook still has the input's data sheet, it must be unchanged."""
    same = [t for t in view.tables if t.name == original.name]
    if not same or len(view.tables) == 1:
        return None
    if msg := header_diff(original, same[0], source):
        return f"the data sheet {original.name!r} changed: {msg}"
    if msg := rows_diff(original.body, same[0].body, same[0], original.header, source):
        return f"the data sheet {original.name!r} changed: {msg}"
    return None


def new_columns(original: Table, output: Table, new: list[str], source: str) -> list[int] | str:
    """Output indexes of the `new` columns once every original column is checked unchanged (by
    name, wherever it now stands), or why not."""
    found = []
    for name in new:
        j = output.col(name)
        if j is None or original.col(name) is not None:
            return f"{source} has no new column {name!r}; its header row is {[h for h in output.header if h is not None]}"
        found.append(j)
    pairs = []
    for i, name in enumerate(original.header):
        j = output.col(text(name))
        if j is None:
            return f"{source} lost the column {text(name)!r}; the other columns must stay"
        pairs.append((i, j))
    return rows_diff(original.body, output.body, output, original.header, source, columns=pairs) or found


# --- table.group_summary -----------------------------------------------------------------------

SUMMARIES: dict[str, Callable[[list[float]], float]] = {
    "count": len, "sum": math.fsum, "average": lambda xs: math.fsum(xs) / len(xs), "max": max, "min": min,
}


class GroupSummary(TableOp):
    summary: str = Field(description="The sheet (or file's table) holding the summary.")
    group_column: str
    value_column: str | None = Field(default=None, description="The column aggregated; None for a count.")
    aggregate: Literal["count", "sum", "average", "max", "min"] = "count"
    order: Literal["any", "group", "value_desc"] = Field(default="any", description=(
        "Row order asked for: any, alphabetical by group, or largest value first."))
    tolerance: float = Field(default=0.01, ge=0)


@register_check("table.group_summary", GroupSummary, view="table")
def group_summary(state: FinalState, opts: GroupSummary) -> Verdict:
    """A summary table has the group column's name over column A, then one row per distinct group
    (case and spacing ignored) with the aggregate of its rows in column B, in the order asked; the
    data sheet, where the output keeps it, is unchanged."""
    original = _input(state, opts)
    view = output_view(state, opts.file, TableView)
    if msg := _kept_sheet(original, view, opts.file):
        return _fail(msg)
    summary = view.get(opts.summary)
    if summary.name == original.name and len(view.tables) > 1:
        return _fail(f"{opts.file} has no summary sheet {opts.summary!r}; its sheets are {[t.name for t in view.tables]}")
    g = original.need_col(opts.group_column, opts.input_file)
    v = original.need_col(opts.value_column, opts.input_file) if opts.value_column else None
    groups: dict[Any, list[float]] = {}
    for row in original.body:
        if row[g] is None:
            continue
        values = groups.setdefault(key(row[g]), [])
        if v is None:
            values.append(1.0)
        elif is_number(row[v]):
            values.append(float(row[v]))
    expected = {k: SUMMARIES[opts.aggregate](xs) for k, xs in groups.items() if xs}
    if not summary.rows or key(summary.header[0]) != key(opts.group_column):
        return _fail(f"{opts.file} ({summary.name!r}): cell A1 should name the group column {opts.group_column!r}, "
                     f"found {show(summary.header[0] if summary.rows else None)}")
    seen: list[Any] = []
    for r, row in enumerate(summary.body):
        label = row[0]
        if label is None and all(c is None for c in row):
            continue
        k = key(label)
        if k not in expected:
            return _fail(f"{summary.cell_name(r, 0)} is {show(label)}, which is not a {opts.group_column!r} of the data "
                         "(no total or other rows belong in the summary)")
        if k in seen:
            return _fail(f"{summary.cell_name(r, 0)}: the group {show(label)} appears twice; group case and spacing "
                         "variants together")
        seen.append(k)
        got = row[1] if len(row) > 1 else None
        if not is_number(got) or not same_value(got, expected[k], opts.tolerance):
            return _fail(f"{summary.cell_name(r, 1)} ({show(label)}) is {show(got)}, expected the {opts.aggregate} "
                         f"{expected[k]:.6g}")
    missing = [k for k in expected if k not in seen]
    if missing:
        return _fail(f"{opts.file} ({summary.name!r}) has no row for the group {missing[0]!r}")
    if opts.order == "group" and seen != sorted(seen, key=str):
        return _fail(f"the groups are not in alphabetical order: {seen}")
    if opts.order == "value_desc" and any(expected[a] < expected[b] - 1e-9 for a, b in pairwise(seen)):
        return _fail(f"the groups are not ordered by their {opts.aggregate}, largest first: {seen}")
    return Verdict.of(True, f"{len(seen)} groups of {opts.group_column!r} with their {opts.aggregate}")


# --- table.column_cleaned -----------------------------------------------------------------------

CleanOp = Literal["trim", "upper", "lower", "title", "date_text", "number_text", "fill_down", "fill_zero"]
_DATE_FORMATS = ["%Y-%m-%d", "%m/%d/%Y", "%d %b %Y", "%B %d, %Y", "%d.%m.%Y", "%b %d %Y"]


def parse_date(value: Any) -> dt.date | None:
    """A date written as text in one of the common forms (slashes are month/day/year)."""
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    for fmt in _DATE_FORMATS:
        try:
            return dt.datetime.strptime(_SPACES.sub(" ", text(value)), fmt).date()
        except ValueError:
            continue
    return None


def parse_number(value: Any) -> float | None:
    if is_number(value):
        return float(value)
    cleaned = re.sub(r"[\s$€£,]", "", text(value))
    try:
        return float(cleaned) if cleaned else None
    except ValueError:
        return None


class ColumnCleaned(TableOp):
    column: str
    operation: CleanOp


def _cleaned(values: list[Any], op: str) -> list[Any]:
    """What the column must hold after `op`."""
    simple: dict[str, Callable[[str], str]] = {
        "trim": lambda s: s, "upper": str.upper, "lower": str.lower, "title": lambda s: s.title()}
    if op in simple:
        return [None if v is None else simple[op](_SPACES.sub(" ", text(v))) for v in values]
    if op == "date_text":
        return [parse_date(v) if v is not None else None for v in values]
    if op == "number_text":
        return [parse_number(v) if v is not None else None for v in values]
    if op == "fill_zero":
        return [0 if v is None else v for v in values]
    out: list[Any] = []
    for v in values:  # fill_down
        out.append(v if v is not None or not out else out[-1])
    return out


@register_check("table.column_cleaned", ColumnCleaned, view="table")
def column_cleaned(state: FinalState, opts: ColumnCleaned) -> Verdict:
    """Every cell of the column holds its cleaned value (spaces collapsed, case changed, text
    dates as real dates, text amounts as numbers, blanks filled down or with 0); every other
    cell, the header and the rows' order are unchanged."""
    original = _input(state, opts)
    output = output_view(state, opts.file, TableView).get(opts.table)
    if msg := header_diff(original, output, opts.file):
        return _fail(msg)
    c = original.need_col(opts.column, opts.input_file)
    cleaned = _cleaned([row[c] for row in original.body], opts.operation)
    expected = [[*row[:c], value, *row[c + 1:]] for row, value in zip(original.body, cleaned, strict=True)]
    for r, (want, have) in enumerate(zip(expected, output.body, strict=False)):
        got = have[c] if c < len(have) else None
        if opts.operation in ("date_text", "number_text") and want[c] is not None and isinstance(got, str):
            return _fail(f"{output.cell_name(r, c)} still holds the text {got!r}; it must be a real "
                         f"{'date' if opts.operation == 'date_text' else 'number'}")
        if opts.operation in ("upper", "lower", "title", "trim") and isinstance(got, str) and got != want[c]:
            return _fail(f"{output.cell_name(r, c)} is {got!r}, expected {want[c]!r}")
    if msg := rows_diff(expected, output.body, output, original.header, opts.file):
        return _fail(msg)
    return Verdict.of(True, f"{opts.column!r} cleaned ({opts.operation}) on all {len(expected)} rows")


# --- table.column_from_column -------------------------------------------------------------------


class ColumnFromColumn(TableOp):
    new_header: str
    column: str
    operation: Literal["percent_of_total", "rank_desc", "rank_asc", "running_total"]
    group_column: str | None = Field(default=None, description="Computed within each group of this column.")
    decimals: int | None = Field(default=None, ge=0, le=6, description="Percentages rounded to this many places.")


def _column_values(values: list[float], op: str) -> list[float]:
    if op == "percent_of_total":
        total = math.fsum(values)
        return [100 * v / total for v in values]
    if op == "running_total":
        return [math.fsum(values[: i + 1]) for i in range(len(values))]
    sign = -1 if op == "rank_desc" else 1
    return [float(1 + sum(1 for w in values if sign * w < sign * v - 1e-9)) for v in values]


@register_check("table.column_from_column", ColumnFromColumn, view="table")
def column_from_column(state: FinalState, opts: ColumnFromColumn) -> Verdict:
    """A new column holds, per row, the value's share of the column total (in percent; a fraction
    formatted as percent also passes; amounts typed as text count as their numbers), its rank
    (ties share the best rank) or the running total, over the whole table or within the row's
    group; the original columns are unchanged."""
    original = _input(state, opts)
    output = output_view(state, opts.file, TableView).get(opts.table)
    found = new_columns(original, output, [opts.new_header], opts.file)
    if isinstance(found, str):
        return _fail(found)
    (new,) = found
    c = original.need_col(opts.column, opts.input_file)
    g = original.need_col(opts.group_column, opts.input_file) if opts.group_column else None
    members: dict[Any, list[int]] = {}
    for r, row in enumerate(original.body):
        members.setdefault(key(row[g]) if g is not None else None, []).append(r)
    expected: dict[int, float] = {}
    for rows in members.values():
        values = [parse_number(original.body[r][c]) or 0.0 for r in rows]  # amounts typed as text count too
        expected.update(zip(rows, _column_values(values, opts.operation), strict=True))
    for r in range(len(original.body)):
        got, want = output.body[r][new], expected[r]
        if not is_number(got):
            return _fail(f"{output.cell_name(r, new)} is {show(got)}, expected a number ({want:.6g})")
        if opts.operation == "percent_of_total":
            step = 0.5 * 10.0 ** -(opts.decimals if opts.decimals is not None else 4) + 1e-9
            if opts.decimals is not None and not (rounded_to(got, opts.decimals) or rounded_to(got, opts.decimals + 2)):
                return _fail(f"{output.cell_name(r, new)} is {show(got)}, not rounded to {opts.decimals} decimal places")
            if abs(got - want) > step and abs(100 * got - want) > step:
                return _fail(f"{output.cell_name(r, new)} is {show(got)}, expected {want:.6g} percent of the total")
        elif not same_value(got, want, 0.005):
            return _fail(f"{output.cell_name(r, new)} ({opts.new_header!r}) is {show(got)}, expected {want:.6g}")
    within = f" within each {opts.group_column!r}" if opts.group_column else ""
    return Verdict.of(True, f"{opts.new_header!r} holds the {opts.operation} of {opts.column!r}{within}")


# --- table.date_part_column ---------------------------------------------------------------------

DatePart = Literal["year", "month_name", "quarter", "weekday", "days_until"]


def date_part(value: Any, part: str, until: dt.date | None) -> Any:
    """The part of a date a person means: 2024, 'March', 'Q1', 'Monday', or whole days until `until`."""
    day = parse_date(value)
    if day is None:
        return None
    if part == "year":
        return day.year
    if part == "month_name":
        return day.strftime("%B")
    if part == "quarter":
        return f"Q{(day.month - 1) // 3 + 1}"
    if part == "weekday":
        return day.strftime("%A")
    return ((until or day) - day).days


class DatePartColumn(TableOp):
    new_header: str
    column: str
    part: DatePart
    until: dt.date | None = Field(default=None, description="The reference date of days_until.")


@register_check("table.date_part_column", DatePartColumn, view="table")
def date_part_column(state: FinalState, opts: DatePartColumn) -> Verdict:
    """A new column holds, per row, the part of the date column asked for (year as a number, month
    or weekday name, quarter as Q1-Q4, whole days until the given date as a number); the original
    columns are unchanged."""
    original = _input(state, opts)
    output = output_view(state, opts.file, TableView).get(opts.table)
    found = new_columns(original, output, [opts.new_header], opts.file)
    if isinstance(found, str):
        return _fail(found)
    (new,) = found
    c = original.need_col(opts.column, opts.input_file)
    for r, row in enumerate(original.body):
        want, got = date_part(row[c], opts.part, opts.until), output.body[r][new]
        numeric = opts.part in ("year", "days_until")
        ok = (is_number(got) and same_value(got, want)) if numeric else key(got) == key(want)
        if want is not None and not ok:
            return _fail(f"{output.cell_name(r, new)} ({show(row[c])}) is {show(got)}, expected {show(want)}"
                         f"{' as a number' if numeric else ''}")
    return Verdict.of(True, f"{opts.new_header!r} holds the {opts.part} of {opts.column!r} on {len(original.body)} rows")


# --- table.conditional_value --------------------------------------------------------------------


class ConditionalValue(TableOp):
    sheet: str = Field(description="The output sheet holding the answer.")
    cell: str = Field(pattern=r"^[A-Z]{1,2}[1-9][0-9]?$", description="The answer's cell, e.g. 'B2'.")
    aggregate: Literal["count", "sum", "average"]
    value_column: str | None = None
    where_column: str
    condition: Literal["equals", "at_least", "in_month"]
    target: str | float | int = Field(description="The text, number or 'YYYY-MM' month the rows must match.")
    tolerance: float = Field(default=0.01, ge=0)


def matches(value: Any, condition: str, target: Any) -> bool:
    if condition == "equals":
        return key(value) == key(target)
    if condition == "at_least":
        number = parse_number(value)
        return number is not None and number >= float(target)
    day = parse_date(value)
    return day is not None and f"{day:%Y-%m}" == str(target)


def _cell(table: Table, cell: str) -> Any:
    letters = re.match(r"[A-Z]+", cell).group(0)  # type: ignore[union-attr]
    col = sum((ord(ch) - 64) * 26**i for i, ch in enumerate(reversed(letters))) - 1
    row = int(cell[len(letters):]) - 1
    return table.rows[row][col] if row < len(table.rows) and col < len(table.rows[row]) else None


@register_check("table.conditional_value", ConditionalValue, view="table")
def conditional_value(state: FinalState, opts: ConditionalValue) -> Verdict:
    """The named cell of the answer sheet holds the count, sum or average over the data rows that
    meet the condition (text equal ignoring case, number at least, date in the month; numbers and
    dates typed as text count), as a number;
    the data sheet, where the output keeps it, is unchanged."""
    original = _input(state, opts)
    view = output_view(state, opts.file, TableView)
    if msg := _kept_sheet(original, view, opts.file):
        return _fail(msg)
    sheet = next((t for t in view.tables if t.name == opts.sheet), None)
    if sheet is None:
        return _fail(f"{opts.file} has no sheet {opts.sheet!r}; its sheets are {[t.name for t in view.tables]}")
    w = original.need_col(opts.where_column, opts.input_file)
    v = original.need_col(opts.value_column, opts.input_file) if opts.value_column else None
    rows = [row for row in original.body if matches(row[w], opts.condition, opts.target)]
    values = [float(row[v]) for row in rows if v is not None and is_number(row[v])]
    if not rows or (v is not None and not values):
        raise CheckError(f"no row of {opts.input_file} meets {opts.where_column} {opts.condition} {opts.target!r}")
    expected = {"count": len(rows), "sum": math.fsum(values) if values else 0.0,
                "average": math.fsum(values) / len(values) if values else 0.0}[opts.aggregate]
    got = _cell(sheet, opts.cell)
    if not is_number(got) or not same_value(got, expected, opts.tolerance):
        return _fail(f"{opts.sheet}!{opts.cell} is {show(got)}, expected the {opts.aggregate} {expected:.6g} over the "
                     f"{len(rows)} rows where {opts.where_column} {opts.condition.replace('_', ' ')} {opts.target}")
    return Verdict.of(True, f"{opts.sheet}!{opts.cell} holds the {opts.aggregate} over {len(rows)} matching rows")
