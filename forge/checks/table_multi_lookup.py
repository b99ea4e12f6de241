"""A table check across two apps' files: a column looked up from a table another app keeps (a
catalogue printed as a PDF, a directory in a Word report, a CSV export) into a workbook. Expected
values come from the two input files and the instruction's options, as in `forge.checks.table`;
`table.lookup_filled` is the same lookup between two sheets of one workbook."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from forge.checks._compare import same_value, show
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.table_ops import key, new_columns
from forge.views import TableView


class LookedUpFrom(CheckOptions):
    file: OutputPath = Field(description="The table with the new column (the input table edited or a copy).")
    input_file: InputPath = Field(description="The table as the task gave it.")
    lookup_file: InputPath = Field(description="Another app's file whose first table is looked up in.")
    table: str | None = Field(default=None, description="The sheet that gets the new column; None: the first.")
    new_header: str
    key_column: str
    lookup_key: str = Field(description="The lookup table's column holding the keys.")
    lookup_value: str = Field(description="The lookup table's column holding the values to copy.")
    missing: str | None = Field(default=None, description="Text for a key the lookup lacks; None: leave it empty.")


@register_check("table.looked_up_from", LookedUpFrom, view="table")
def looked_up_from(state: FinalState, opts: LookedUpFrom) -> Verdict:
    """The table has a new last column holding, per row, the value the other file's table gives its key
    (keys matched ignoring case and spacing; the `missing` text, or nothing, where the key is not
    listed; numbers within a millionth), as a value; every original column and row is unchanged."""
    original = input_view(state, opts.input_file, TableView).get(opts.table)
    lookup = input_view(state, opts.lookup_file, TableView).get(None)
    k = original.need_col(opts.key_column, opts.input_file)
    lk, lv = lookup.need_col(opts.lookup_key, opts.lookup_file), lookup.need_col(opts.lookup_value, opts.lookup_file)
    values: dict[Any, Any] = {}
    for row in lookup.body:  # the first row listing a key is the one a lookup finds
        if row[lk] is not None:
            values.setdefault(key(row[lk]), row[lv])
    output = output_view(state, opts.file, TableView).get(opts.table)
    found = new_columns(original, output, [opts.new_header], opts.file)
    if isinstance(found, str):
        return Verdict.of(False, found)
    (new,) = found
    if new != len(output.header) - 1:
        return Verdict.of(False, f"{opts.file}: {opts.new_header!r} is column {new + 1} of {len(output.header)}; it "
                          "must be the last column")
    for r, row in enumerate(original.body):
        listed = key(row[k]) in values
        want, got = values.get(key(row[k]), opts.missing), output.body[r][new]
        where = f"{output.cell_name(r, new)} ({opts.key_column} {show(row[k])})"
        if want is None:
            if got is not None:
                return Verdict.of(False, f"{where} is {show(got)}, but {opts.lookup_file} does not list it: leave "
                                  "it empty")
        elif not (same_value(got, want, 1e-6) or key(got) == key(want)):
            source = f"from {opts.lookup_file}" if listed else f"(not listed in {opts.lookup_file})"
            return Verdict.of(False, f"{where} is {show(got)}, expected {show(want)} {source}")
    return Verdict.of(True, f"{opts.new_header!r} looked up from {opts.lookup_file} for {len(original.body)} rows")
