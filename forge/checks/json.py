"""The json check library: checks over `JsonView` (configs, exports, converted records).

Values are addressed by dotted paths as a person writes them (`server.port`, `endpoints.0.path`).
Expected results come from the original input: a record per table row, a count per distinct
value, the original document with only the named values changed.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from typing import Any

from pydantic import Field, JsonValue

from forge.checks._compare import is_number, same_value
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import JsonView, TableView

_MISSING = object()


def at_path(value: Any, dotted: str) -> Any:
    """The value at a dotted path (list items by index), or `_MISSING`."""
    for key in dotted.split("."):
        if isinstance(value, dict) and key in value:
            value = value[key]
        elif isinstance(value, list) and key.isdigit() and int(key) < len(value):
            value = value[int(key)]
        else:
            return _MISSING
    return value


def same_json(a: Any, b: Any) -> bool:
    """Equal as JSON: 1 and 1.0 are one number, but True is not 1."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if is_number(a) and is_number(b):
        return same_value(a, b)
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same_json(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b, strict=True))
    return type(a) is type(b) and a == b


def _set(value: Any, dotted: str, new: Any) -> None:
    *parents, last = dotted.split(".")
    for key in parents:
        value = value[int(key)] if isinstance(value, list) else value[key]
    if isinstance(value, list):
        value[int(last)] = new
    else:
        value[last] = new


# --- json.values_set ---------------------------------------------------------------------------------


class ValuesSet(CheckOptions):
    file: OutputPath
    input_file: InputPath
    keys: list[str] = Field(min_length=1, description="Dotted paths of the values to set, e.g. 'server.port'.")
    values: list[JsonValue] = Field(min_length=1, description="The new value at each path, in the same order.")


@register_check("json.values_set", ValuesSet, view="json")
def values_set(state: FinalState, opts: ValuesSet) -> Verdict:
    """Each dotted path holds its new value, with the JSON type asked for (the number 8080, not the
    text "8080"); the rest of the document is exactly as it was."""
    if len(opts.keys) != len(opts.values):
        return Verdict.of(False, f"{len(opts.keys)} paths but {len(opts.values)} values in the check's options")
    import copy

    expected = copy.deepcopy(input_view(state, opts.input_file, JsonView).value)
    for path, value in zip(opts.keys, opts.values, strict=True):
        if at_path(expected, path) is _MISSING:
            return Verdict.of(False, f"{opts.input_file} has no value at {path!r}")
        _set(expected, path, value)
    got = output_view(state, opts.file, JsonView).value
    for path, value in zip(opts.keys, opts.values, strict=True):
        have = at_path(got, path)
        if have is _MISSING:
            return Verdict.of(False, f"{opts.file} has no value at {path!r}")
        if not same_json(have, value):
            return Verdict.of(False, f"{path} is {have!r} in {opts.file}, expected {value!r}")
    if not same_json(got, expected):
        return Verdict.of(False, f"{opts.file} changed more than {opts.keys}: {_first_difference(expected, got)}")
    return Verdict.of(True, f"{len(opts.keys)} value(s) set; the rest unchanged")


def _first_difference(want: Any, have: Any, path: str = "") -> str:
    if isinstance(want, dict) and isinstance(have, dict):
        for key in [*want, *[k for k in have if k not in want]]:
            if key not in have or key not in want or not same_json(want[key], have[key]):
                if key not in have:
                    return f"{path + key!r} is missing"
                if key not in want:
                    return f"{path + key!r} was added"
                return _first_difference(want[key], have[key], f"{path}{key}.")
    if isinstance(want, list) and isinstance(have, list) and len(want) == len(have):
        for i, (a, b) in enumerate(zip(want, have, strict=True)):
            if not same_json(a, b):
                return _first_difference(a, b, f"{path}{i}.")
    return f"{path.rstrip('.') or 'the document'} is {have!r:.80}, expected {want!r:.80}"


# --- json.records_from_table -----------------------------------------------------------------------------


class RecordsFromTable(CheckOptions):
    file: OutputPath
    input_file: InputPath = Field(description="The table (csv, xlsx...) the records come from.")
    table: str | None = None


def _json_cell(value: Any) -> Any:
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()[:10] if isinstance(value, dt.date) and not isinstance(value, dt.datetime) \
            else value.isoformat()
    return value


@register_check("json.records_from_table", RecordsFromTable, view="json")
def records_from_table(state: FinalState, opts: RecordsFromTable) -> Verdict:
    """The output is a JSON array with one object per table row, in order, keyed by the header;
    numbers as JSON numbers, dates as ISO text, empty cells as null."""
    table = input_view(state, opts.input_file, TableView).get(opts.table)
    header = [str(h) for h in table.header]
    expected = [{h: _json_cell(v) for h, v in zip(header, row, strict=True)} for row in table.body]
    got = output_view(state, opts.file, JsonView).value
    if not isinstance(got, list):
        return Verdict.of(False, f"{opts.file} holds a JSON {type(got).__name__}, expected an array of objects")
    if len(got) != len(expected):
        return Verdict.of(False, f"{opts.file} has {len(got)} records, expected {len(expected)} (one per row)")
    for n, (want, have) in enumerate(zip(expected, got, strict=True), start=1):
        if not isinstance(have, dict):
            return Verdict.of(False, f"record {n} of {opts.file} is not an object")
        if list(have) != header:
            return Verdict.of(False, f"record {n} has keys {list(have)}, expected {header} in that order")
        for key in header:
            if not same_json(have[key], want[key]):
                return Verdict.of(False, f"record {n} {key!r} is {have[key]!r}, expected {want[key]!r}")
    return Verdict.of(True, f"{len(expected)} records match the table")


# --- json.counts_by_field --------------------------------------------------------------------------------


class CountsByField(CheckOptions):
    file: OutputPath
    input_file: InputPath
    list_path: str = Field(description="Dotted path of the list of records, e.g. 'orders'.")
    field: str = Field(description="Dotted path, inside each record, of the value to count by.")


@register_check("json.counts_by_field", CountsByField, view="json")
def counts_by_field(state: FinalState, opts: CountsByField) -> Verdict:
    """The output is a JSON object mapping each distinct value of the field to how many records
    have it (every value present, counts as numbers, nothing else)."""
    records = at_path(input_view(state, opts.input_file, JsonView).value, opts.list_path)
    if not isinstance(records, list) or not records:
        return Verdict.of(False, f"{opts.input_file} has no list of records at {opts.list_path!r}")
    values = [at_path(r, opts.field) for r in records]
    if any(v is _MISSING or not isinstance(v, str) for v in values):
        return Verdict.of(False, f"some records in {opts.input_file} have no text {opts.field!r}")
    expected = dict(Counter(values))
    got = output_view(state, opts.file, JsonView).value
    if not isinstance(got, dict):
        return Verdict.of(False, f"{opts.file} holds a JSON {type(got).__name__}, expected an object")
    if set(got) != set(expected):
        return Verdict.of(False, f"{opts.file} has keys {sorted(got)}, expected {sorted(expected)}")
    for key, count in expected.items():
        if not same_json(got[key], count):
            return Verdict.of(False, f"{opts.file} counts {got[key]!r} for {key!r}, expected {count}")
    return Verdict.of(True, f"counts for {len(expected)} values")
