"""Record-level table checks: group-by summaries, de-duplication, joins, and tables made from JSON
records or log lines.

Like `forge.checks.table`, every check reads `TableView`s (csv, xlsx, docx tables...) and works
out the expected result from the task's original inputs; the options carry only what the
instruction states (a key column, an aggregate, the output's column names).
"""

from __future__ import annotations

import datetime as dt
import math
import re
from typing import Any, Literal

from pydantic import Field

from forge.checks._compare import is_number, same_value, show, show_row, text
from forge.checks.json import _MISSING, at_path
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import JsonView, Table, TableView, TextView


class RecordsEdit(CheckOptions):
    file: OutputPath
    input_file: InputPath
    table: str | None = Field(default=None, description="Sheet or table name of the input; None: the first.")


def _input(state: FinalState, opts: RecordsEdit) -> Table:
    table = input_view(state, opts.input_file, TableView).get(opts.table)
    if not table.body:
        raise CheckError(f"{opts.input_file} ({table.name!r}) has no data rows")
    return table


def _output(state: FinalState, path: str) -> Table:
    return output_view(state, path, TableView).get()


def _key_text(value: Any, fold: bool) -> str:
    shown = value.isoformat() if hasattr(value, "isoformat") else text(value)
    if is_number(value) and float(value).is_integer():
        shown = str(int(value))
    return " ".join(shown.split()).casefold() if fold else shown


def _header_is(table: Table, expected: list[str], path: str) -> str | None:
    got = [text(h) for h in table.header]
    if [g.casefold() for g in got] != [e.casefold() for e in expected]:
        return f"{path} has the columns {got}, expected {expected} in that order"
    return None


# --- table.grouped ---------------------------------------------------------------------------------

GROUP_AGGREGATES = {
    "sum": math.fsum,
    "count": len,
    "average": lambda xs: math.fsum(xs) / len(xs),
    "max": max,
    "min": min,
}


class Grouped(RecordsEdit):
    key: str = Field(description="The input column to group by; also the output's first column.")
    value: str | None = Field(default=None, description="The column aggregated; None with `count`.")
    aggregate: Literal["sum", "count", "average", "max", "min"]
    result_header: str = Field(description="The output's second column.")
    order: Literal["key", "largest_first"] = "key"
    fold_keys: bool = Field(default=False, description="Keys differing only in case or spacing are one group.")
    where_column: str | None = Field(default=None, description="Only rows whose value here equals `where_value`.")
    where_value: str | None = None
    tolerance: float = Field(default=0.01, ge=0)


@register_check("table.grouped", Grouped, view="table")
def grouped(state: FinalState, opts: Grouped) -> Verdict:
    """The output has the key and result columns and one row per distinct key of the input (of the rows
    whose `where_column` equals `where_value`, when given), holding the aggregate of the value column
    over that key's rows; rows by key (A to Z) or largest first (ties by key); with `fold_keys`, keys
    differing only in case or spacing are one group."""
    original = _input(state, opts)
    key = original.need_col(opts.key, opts.input_file)
    value = original.need_col(opts.value, opts.input_file) if opts.value else None
    where = original.need_col(opts.where_column, opts.input_file) if opts.where_column else None
    groups: dict[str, list[float]] = {}
    for row in original.body:
        if row[key] is None or (where is not None and _key_text(row[where], True) != _key_text(opts.where_value, True)):
            continue
        numbers = groups.setdefault(_key_text(row[key], opts.fold_keys), [])
        if value is None:
            numbers.append(1.0)
        elif is_number(row[value]):
            numbers.append(float(row[value]))
    expected = {k: float(GROUP_AGGREGATES[opts.aggregate](v)) for k, v in groups.items() if v}
    if opts.order == "key":
        wanted = sorted(expected, key=str.casefold)
    else:
        wanted = sorted(expected, key=lambda k: (-expected[k], k.casefold()))
    output = _output(state, opts.file)
    if msg := _header_is(output, [opts.key, opts.result_header], opts.file):
        return Verdict.of(False, msg)
    got = [(_key_text(row[0], opts.fold_keys), row[1]) for row in output.body if any(v is not None for v in row)]
    for n, (want, (have, number)) in enumerate(zip(wanted, got, strict=False), start=2):
        if have != want:
            return Verdict.of(False, f"row {n} of {opts.file} is for {have!r}, expected {want!r} "
                              f"(one row per {opts.key!r}, {'A to Z' if opts.order == 'key' else 'largest first'})")
        if not is_number(number) or not same_value(number, expected[want], opts.tolerance):
            return Verdict.of(False, f"row {n} of {opts.file} ({want}) holds {show(number)}, expected the "
                              f"{opts.aggregate} {expected[want]:.6g}")
    if len(got) != len(wanted):
        return Verdict.of(False, f"{opts.file} has {len(got)} rows, expected {len(wanted)} (one per {opts.key!r})")
    return Verdict.of(True, f"{len(wanted)} groups of {opts.key!r} with the {opts.aggregate}")


# --- table.deduplicated ----------------------------------------------------------------------------


class Deduplicated(RecordsEdit):
    key: list[str] = Field(default_factory=list, description="Columns that identify a record; empty: the whole row.")
    keep: Literal["first", "last"] = "first"
    fold_case: bool = Field(default=False, description="Key values differing only in case or spacing are the same.")


@register_check("table.deduplicated", Deduplicated, view="table")
def deduplicated(state: FinalState, opts: Deduplicated) -> Verdict:
    """The output has the input's header and, of every group of rows with the same key, only the
    first (or last) row, unchanged; the kept rows stay in their original order."""
    original = _input(state, opts)
    columns = [original.need_col(c, opts.input_file) for c in opts.key] or list(range(len(original.header)))
    seen: dict[tuple[str, ...], int] = {}
    for index, row in enumerate(original.body):
        identity = tuple(_key_text(row[c], opts.fold_case) for c in columns)
        if opts.keep == "last" or identity not in seen:
            seen[identity] = index
    expected = [original.body[i] for i in sorted(seen.values())]
    output = _output(state, opts.file)
    if msg := _header_is(output, [text(h) for h in original.header], opts.file):
        return Verdict.of(False, msg)
    got = [row for row in output.body if any(v is not None for v in row)]
    for n, (want, have) in enumerate(zip(expected, got, strict=False), start=2):
        if len(have) != len(want) or not all(same_value(a, b) for a, b in zip(have, want, strict=False)):
            return Verdict.of(False, f"row {n} of {opts.file} is {show_row(have)}, expected {show_row(want)} "
                              f"(the {opts.keep} of each duplicate group, in the original order)")
    if len(got) != len(expected):
        return Verdict.of(False, f"{opts.file} has {len(got)} data rows, expected {len(expected)} "
                          f"({len(original.body) - len(expected)} duplicates removed from {len(original.body)})")
    return Verdict.of(True, f"{len(original.body) - len(expected)} duplicate rows removed, the {opts.keep} kept")


# --- table.joined ----------------------------------------------------------------------------------


class Joined(RecordsEdit):
    right_file: InputPath = Field(description="The table whose columns are added.")
    key: str = Field(description="The column both tables share.")
    how: Literal["inner", "left"] = "inner"


@register_check("table.joined", Joined, view="table")
def joined(state: FinalState, opts: Joined) -> Verdict:
    """The output has the first table's columns, then the second's other columns, and one row per
    row of the first table (inner: only those whose key the second table has; left: all, with empty
    cells where it has none), in the first table's order, the second table's values beside them."""
    left = _input(state, opts)
    right = input_view(state, opts.right_file, TableView).get()
    lkey, rkey = left.need_col(opts.key, opts.input_file), right.need_col(opts.key, opts.right_file)
    others = [i for i in range(len(right.header)) if i != rkey]
    lookup = {_key_text(row[rkey], False): row for row in right.body}
    expected = []
    for row in left.body:
        match = lookup.get(_key_text(row[lkey], False))
        if match is not None or opts.how == "left":
            expected.append([*row, *[(match[i] if match is not None else None) for i in others]])
    output = _output(state, opts.file)
    header = [text(h) for h in left.header] + [text(right.header[i]) for i in others]
    if msg := _header_is(output, header, opts.file):
        return Verdict.of(False, msg)
    got = [row for row in output.body if any(v is not None for v in row)]
    for n, (want, have) in enumerate(zip(expected, got, strict=False), start=2):
        for c, (w, h) in enumerate(zip(want, have, strict=False)):
            if not same_value(h, w):
                return Verdict.of(False, f"row {n} of {opts.file}, column {header[c]!r}, is {show(h)}, expected {show(w)}")
    if len(got) != len(expected):
        return Verdict.of(False, f"{opts.file} has {len(got)} data rows, expected {len(expected)} ({opts.how} join)")
    return Verdict.of(True, f"{len(expected)} rows joined on {opts.key!r} ({opts.how})")


# --- table.from_json -------------------------------------------------------------------------------


class FromJson(CheckOptions):
    file: OutputPath
    input_file: InputPath = Field(description="The JSON document holding the records.")
    list_path: str = Field(description="Dotted path of the list of records, e.g. 'orders'.")
    columns: list[str] = Field(min_length=1, description="Dotted paths of the values, also the output's header.")
    explode: str | None = Field(default=None, description="A list inside each record: one row per item of it; "
                                "columns starting with it read the item.")


def _flat(value: Any) -> Any:
    return None if value is _MISSING or value == "" else value


@register_check("table.from_json", FromJson, view="table")
def from_json(state: FinalState, opts: FromJson) -> Verdict:
    """The output table's header is the column paths asked for, and it has one row per record (or
    per item of the exploded list, in order) holding the value at each path (dates as ISO text,
    missing values empty)."""
    records = at_path(input_view(state, opts.input_file, JsonView).value, opts.list_path)
    if not isinstance(records, list) or not records:
        return Verdict.of(False, f"{opts.input_file} has no list of records at {opts.list_path!r}")
    expected: list[list[Any]] = []
    prefix = f"{opts.explode}." if opts.explode else None
    for record in records:
        items = at_path(record, opts.explode) if opts.explode else [None]
        for item in items if isinstance(items, list) else []:
            expected.append([_flat(at_path(item, c.removeprefix(prefix)) if prefix and c.startswith(prefix)
                                   else at_path(record, c)) for c in opts.columns])
    output = _output(state, opts.file)
    if msg := _header_is(output, opts.columns, opts.file):
        return Verdict.of(False, msg)
    got = [row for row in output.body if any(v is not None for v in row)]
    for n, (want, have) in enumerate(zip(expected, got, strict=False), start=2):
        for c, (w, h) in enumerate(zip(want, have, strict=False)):
            h = h.isoformat() if hasattr(h, "isoformat") else h
            if not (same_value(h, w) or (isinstance(w, str) and text(h) == w.strip())):
                return Verdict.of(False, f"row {n} of {opts.file}, column {opts.columns[c]!r}, is {show(h)}, "
                                  f"expected {show(w)}")
    if len(got) != len(expected):
        what = f"item of {opts.explode!r}" if opts.explode else "record"
        return Verdict.of(False, f"{opts.file} has {len(got)} data rows, expected {len(expected)} (one per {what})")
    return Verdict.of(True, f"{len(expected)} rows of {len(opts.columns)} columns")


# --- table.from_log --------------------------------------------------------------------------------

_LOG_LINE = re.compile(r"^(\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2})\s+([A-Z]+)\s+\[([^\]]+)\]\s+(.*)$")


class FromLog(CheckOptions):
    file: OutputPath
    input_file: InputPath = Field(description="The log: `YYYY-MM-DD HH:MM:SS LEVEL [service] message` lines.")
    columns: list[str] = Field(min_length=4, max_length=4, description="Headers for time, level, service, message.")
    level: str | None = Field(default=None, description="Only lines of this level; None: every line.")


@register_check("table.from_log", FromLog, view="table")
def from_log(state: FinalState, opts: FromLog) -> Verdict:
    """The table has the four named columns and one row per log line (of the level asked, if any), in
    the log's order: its timestamp as written, its level, its service (without brackets) and its
    message text."""
    expected = []
    for line in input_view(state, opts.input_file, TextView).lines:
        match = _LOG_LINE.match(line.strip())
        if match and (opts.level is None or match.group(2) == opts.level):
            expected.append(list(match.groups()))
    if not expected:
        return Verdict.of(False, f"{opts.input_file} has no log lines{' of level ' + opts.level if opts.level else ''}")
    output = _output(state, opts.file)
    if msg := _header_is(output, opts.columns, opts.file):
        return Verdict.of(False, msg)
    got = [row for row in output.body if any(v is not None for v in row)]
    for n, (want, have) in enumerate(zip(expected, got, strict=False), start=2):
        shown = [v.isoformat(sep=" ") if isinstance(v, dt.datetime) else text(v) for v in have]
        for c, (w, h) in enumerate(zip(want, shown, strict=False)):
            if h != w:
                return Verdict.of(False, f"row {n} of {opts.file}, column {opts.columns[c]!r}, is {h[:60]!r}, "
                                  f"expected {w[:60]!r}")
    if len(got) != len(expected):
        return Verdict.of(False, f"{opts.file} has {len(got)} data rows, expected {len(expected)} (one per log line"
                          f"{' of level ' + opts.level if opts.level else ''})")
    return Verdict.of(True, f"{len(expected)} log lines tabulated")


# --- table.types_cleaned ---------------------------------------------------------------------------

_AMOUNT = re.compile(r"^\(?-?\s*[$€£]?\s*-?[\d,]*\.?\d+\s*(USD|EUR|GBP)?\)?$")
_SLASHED = re.compile(r"^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$")


def clean_amount(value: Any) -> Any:
    """'$1,234.50', '1,234.50 USD', '(12.00)' as the number they mean; other values as they are."""
    if not isinstance(value, str) or not _AMOUNT.match(value.strip()):
        return value
    raw = value.strip()
    sign = -1 if raw.startswith("(") or "-" in raw else 1
    digits = re.sub(r"[^\d.]", "", raw)
    return sign * float(digits)


def clean_date(value: Any, order: str) -> Any:
    """'15/01/2025' (day first) or '01/15/2025' (month first) as a date; other values as they are."""
    match = _SLASHED.match(value.strip()) if isinstance(value, str) else None
    if match is None:
        return value
    a, b, year = (int(g) for g in match.groups())
    day, month = (a, b) if order == "dmy" else (b, a)
    try:
        return dt.date(year, month, day)
    except ValueError:
        return value


class TypesCleaned(RecordsEdit):
    amount_columns: list[str] = Field(default_factory=list, description="Money written with symbols/separators.")
    date_columns: list[str] = Field(default_factory=list, description="Dates written with slashes.")
    date_order: Literal["dmy", "mdy"] = "dmy"
    text_columns: list[str] = Field(default_factory=list, description="Labels to trim and Title-Case.")


@register_check("table.types_cleaned", TypesCleaned, view="table")
def types_cleaned(state: FinalState, opts: TypesCleaned) -> Verdict:
    """The output has the input's header and rows, in order, with the amount columns as plain numbers
    (currency symbols, thousands separators and accounting brackets gone), the date columns as dates
    (read in the day/month order asked), the text columns trimmed and in Title Case; every other cell
    unchanged."""
    original = _input(state, opts)
    fixes: dict[int, Any] = {}
    for name in opts.amount_columns:
        fixes[original.need_col(name, opts.input_file)] = clean_amount
    for name in opts.date_columns:
        fixes[original.need_col(name, opts.input_file)] = lambda v: clean_date(v, opts.date_order)
    for name in opts.text_columns:
        fixes[original.need_col(name, opts.input_file)] = lambda v: " ".join(text(v).split()).title() or None
    header = [text(h) for h in original.header]
    output = _output(state, opts.file)
    if msg := _header_is(output, header, opts.file):
        return Verdict.of(False, msg)
    got = [row for row in output.body if any(v is not None for v in row)]
    for n, (row, have) in enumerate(zip(original.body, got, strict=False), start=2):
        for c, value in enumerate(row):
            want = fixes[c](value) if c in fixes else value
            cell = have[c] if c < len(have) else None
            if isinstance(cell, dt.datetime):
                cell = cell.date()
            text_number = c in fixes and is_number(want) and not is_number(cell)
            if text_number or not same_value(cell, want, 0.005):
                return Verdict.of(False, f"row {n} of {opts.file}, column {header[c]!r}, is {show(cell)}, expected "
                                  f"{show(want)}")
    if len(got) != len(original.body):
        return Verdict.of(False, f"{opts.file} has {len(got)} data rows, expected {len(original.body)} (every row kept)")
    return Verdict.of(True, f"{len(got)} rows cleaned")
