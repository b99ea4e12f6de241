"""Checks over JSON nested from a flat table: order lines grouped into orders (and orders into
customers), each group a record of its own columns with a list of the rows below it.

The expected nesting is worked out from the input table; the options carry only what the
instruction names (each level's columns and its list's name, the output's shape, a stated total).
"""

from __future__ import annotations

import math
from typing import Any

from pydantic import Field, model_validator

from forge.checks._keyed import keys_diff
from forge.checks.json import _first_difference, _json_cell, same_json
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import JsonView, TableView


class NestedFromTable(CheckOptions):
    file: OutputPath
    input_file: InputPath = Field(description="The flat table (csv, xlsx...) the records come from.")
    table: str | None = None
    levels: list[list[str]] = Field(min_length=1, description="Each level's columns, outermost first; a level's "
                                    "first column is its key (rows sharing it are one record).")
    children: list[str] = Field(min_length=1, description="The name of each level's list of the records below it; "
                                "the innermost list holds every column no level names, per row.")
    keyed: bool = Field(default=False, description="An object from the outer key to its record instead of an array "
                        "in the order the keys first appear.")
    total_field: str | None = Field(default=None, description="A field added to each innermost group record.")
    total_of: list[str] = Field(default_factory=list, description="The row columns multiplied, then summed over the "
                                "group, for `total_field` (one column: its sum).")
    decimals: int | None = Field(default=None, ge=0, description="The total rounded to this many decimals; None: "
                                 "as summed (a sum of quarter hours is exact).")

    @model_validator(mode="after")
    def _paired(self) -> NestedFromTable:
        if len(self.levels) != len(self.children):
            raise ValueError(f"{len(self.levels)} levels but {len(self.children)} children names")
        if self.total_field is not None and not self.total_of:
            raise ValueError("total_field needs total_of")
        return self


def _nest(rows: list[dict[str, Any]], opts: NestedFromTable, leaf: list[str], depth: int = 0) -> dict[str, Any]:
    """Key (as text) -> record for the rows at `depth`, in first-appearance order."""
    columns, name = opts.levels[depth], opts.children[depth]
    groups: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        groups.setdefault(str(row[columns[0]]), []).append(row)
    out: dict[str, Any] = {}
    for key, group in groups.items():
        record = {c: group[0][c] for c in columns}
        if depth + 1 < len(opts.levels):
            record[name] = list(_nest(group, opts, leaf, depth + 1).values())
        else:
            record[name] = [{c: r[c] for c in leaf} for r in group]
            if opts.total_field is not None:
                total = sum(math.prod(r[c] or 0 for c in opts.total_of) for r in group)
                record[opts.total_field] = total if opts.decimals is None else round(total, opts.decimals)
        out[key] = record
    return out


def _expected(state: FinalState, opts: NestedFromTable) -> dict[str, Any]:
    table = input_view(state, opts.input_file, TableView).get(opts.table)
    header = [str(h) for h in table.header]
    named = [c for level in opts.levels for c in level]
    for column in [*named, *opts.total_of]:
        table.need_col(column, opts.input_file)
    rows = [{h: _json_cell(v) for h, v in zip(header, row, strict=True)} for row in table.body]
    return _nest(rows, opts, [h for h in header if h not in named])


@register_check("json.nested_from_table", NestedFromTable, view="json")
def nested_from_table(state: FinalState, opts: NestedFromTable) -> Verdict:
    """The output nests the table's rows: one record per outer key (in the order keys first appear,
    or an object keyed by it) holding its level's columns and a list of the records below, down to
    one entry per row with the remaining columns; values typed as in the table (numbers as JSON
    numbers, dates as ISO text, empty cells null); a stated total on each innermost group, rounded."""
    expected = _expected(state, opts)
    key = opts.levels[0][0]
    got = output_view(state, opts.file, JsonView).value
    if opts.keyed:
        if not isinstance(got, dict):
            return Verdict.of(False, f"{opts.file} is not a JSON object from {key} to record")
        if msg := keys_diff(expected, got, opts.file, f"record of {key}"):
            return Verdict.of(False, msg)
        pairs = [(k, expected[k], got[k]) for k in expected]
    else:
        if not isinstance(got, list):
            return Verdict.of(False, f"{opts.file} is not a JSON array of records")
        if len(got) != len(expected):
            return Verdict.of(False, f"{opts.file} has {len(got)} records, expected {len(expected)} (one per {key})")
        order = [str(r.get(key)) if isinstance(r, dict) else None for r in got]
        if order != list(expected):
            at = next(i for i, (x, y) in enumerate(zip(order, expected, strict=True)) if x != y)
            return Verdict.of(False, f"record {at + 1} of {opts.file} has {key} {order[at]!r}, expected "
                              f"{list(expected)[at]!r} (in the order {key}s first appear)")
        pairs = [(k, want, have) for (k, want), have in zip(expected.items(), got, strict=True)]
    for k, want, have in pairs:
        if not same_json(have, want):
            return Verdict.of(False, f"{opts.file}: the record for {key} {k!r}: {_first_difference(want, have)}")
    rows = sum(1 for _ in _leaves(list(expected.values()), opts.children))
    return Verdict.of(True, f"{rows} rows nested into {len(expected)} records by {key!r}")


def _leaves(records: list[Any], children: list[str]) -> list[Any]:
    if not children:
        return records
    return _leaves([c for r in records for c in r[children[0]]], children[1:])
