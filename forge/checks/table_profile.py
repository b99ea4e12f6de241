"""Checks over a column profile of a table (a data dictionary): per column its type, how many cells
are filled and empty, how many different values it holds, and for number and date columns the
smallest and largest value - what an analyst writes down before using an export.

The profile is worked out from the input; the options carry what the instruction names: which
figures, and which placeholders ("N/A", "-") count as empty. Written as a CSV table (one row per
column) or as a JSON object keyed by column name.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from pydantic import Field

from forge.checks._compare import is_number, same_value, show, text
from forge.checks.json import same_json
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import JsonView, TableView

FIGURES = ("type", "filled", "empty", "distinct")


class ColumnProfile(CheckOptions):
    file: OutputPath
    input_file: InputPath
    fields: list[str] = Field(min_length=4, max_length=6, description="The figures' names, in FIGURES order, then "
                              "min and max when `ranges`: CSV columns after the name column, or each JSON entry's "
                              "fields.")
    name_column: str = Field(default="Column", description="CSV: the first column, holding the column's name.")
    ranges: bool = Field(default=False, description="Min and max of number and date columns (empty for text).")
    placeholders: list[str] = Field(default_factory=list, description="Cell texts that count as empty, as well as "
                                    "empty cells (case aside).")


def profile(state: FinalState, opts: ColumnProfile) -> list[tuple[str, list[Any]]]:
    """Per input column, in order: its name and figures (type, filled, empty, distinct[, min, max])."""
    table = input_view(state, opts.input_file, TableView).get()
    empty = {p.casefold() for p in opts.placeholders}
    out = []
    for c, name in enumerate(table.header):
        values = [row[c] for row in table.body if row[c] is not None and text(row[c]).casefold() not in empty]
        kind = "number" if values and all(is_number(v) for v in values) else "date" if values and all(
            isinstance(v, dt.date) for v in values) else "text"
        distinct = {round(float(v), 9) if is_number(v) else text(v) for v in values}
        figures: list[Any] = [kind, len(values), len(table.body) - len(values), len(distinct)]
        if opts.ranges:
            figures += [min(values), max(values)] if kind != "text" else [None, None]
        out.append((text(name), figures))
    if not out:
        raise CheckError(f"{opts.input_file} has no columns")
    return out


def _same(have: Any, want: Any) -> bool:
    if isinstance(want, dt.date):
        have = have.isoformat() if isinstance(have, dt.date) else have
        return text(have) == want.isoformat()
    if want is None:
        return have is None or text(have) == ""
    if isinstance(want, str):
        return text(have).casefold() == want
    return same_value(have, want)


@register_check("table.column_profile", ColumnProfile, view="table")
def column_profile(state: FinalState, opts: ColumnProfile) -> Verdict:
    """The CSV has the header asked for and one row per input column, in order: its name, its type
    (number when every filled cell is a number, date when every one is a date, else text), how many
    cells are filled and empty (placeholders counting as empty), how many different filled values,
    and, when asked, the smallest and largest value of a number or date column (empty for text)."""
    want = profile(state, opts)
    header = [opts.name_column, *opts.fields]
    output = output_view(state, opts.file, TableView).get()
    got_header = [text(h) for h in output.header]
    if got_header != header:
        return Verdict.of(False, f"{opts.file}'s header is {got_header}, expected {header}")
    for r, ((name, figures), have) in enumerate(zip(want, output.body, strict=False)):
        for c, value in enumerate([name, *figures]):
            if not _same(have[c], value.casefold() if c == 0 else value):
                return Verdict.of(False, f"{output.cell_name(r, c)} ({header[c]!r} of {name!r}) is "
                                  f"{show(have[c])}, expected {show(value)}")
    if len(output.body) != len(want):
        return Verdict.of(False, f"{opts.file} has {len(output.body)} data rows, expected {len(want)} (one per "
                          f"column of {opts.input_file})")
    return Verdict.of(True, f"{len(want)} columns profiled")


@register_check("json.column_profile", ColumnProfile, view="json")
def json_column_profile(state: FinalState, opts: ColumnProfile) -> Verdict:
    """The JSON is an object with one entry per input column, in any order, named as the column:
    an object with exactly the fields asked for - the type, the filled, empty and distinct counts
    and, when asked, min and max (dates as YYYY-MM-DD, null for a text column) - worked out as
    `table.column_profile` does."""
    want = profile(state, opts)
    doc = output_view(state, opts.file, JsonView).value
    if not isinstance(doc, dict):
        return Verdict.of(False, f"{opts.file} is not a JSON object keyed by column name")
    names = [name for name, _ in want]
    if sorted(doc) != sorted(names):
        return Verdict.of(False, f"{opts.file} has the entries {sorted(doc)}, expected one per column: {names}")
    for name, figures in want:
        entry = doc[name]
        if not isinstance(entry, dict) or sorted(entry) != sorted(opts.fields):
            shown = sorted(entry) if isinstance(entry, dict) else entry
            return Verdict.of(False, f"{opts.file}[{name!r}] has {shown!r}, expected the fields {opts.fields}")
        for field, value in zip(opts.fields, figures, strict=True):
            value = value.isoformat() if isinstance(value, dt.date) else value
            if not same_json(entry[field], value):
                return Verdict.of(False, f"{opts.file}[{name!r}][{field!r}] is {entry[field]!r}, expected {value!r}")
    return Verdict.of(True, f"{len(want)} columns profiled")
