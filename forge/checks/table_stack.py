"""Checks over several exports of one table stacked into one file: three months of order exports,
the regional offices' lists, a report that came in parts.

The expected rows come from the inputs, matched by column NAME (an export whose columns come in
another order still lines up); the options carry what the instruction names: a column naming each
row's file, a key whose repeats (overlapping exports) are dropped, a column to order the rows by.
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Any

from pydantic import Field

from forge.checks._compare import multiset_diff, rows_diff, show, sort_key
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import Table, TableView


class Stacked(CheckOptions):
    file: OutputPath
    input_file: InputPath = Field(description="The first export; its column order is the stacked file's.")
    second_file: InputPath = Field(description="The second export.")
    third_file: InputPath | None = Field(default=None, description="The third export, if any.")
    source_column: str | None = Field(default=None, description="An added last column holding each row's file "
                                      "name (without its folder).")
    key: str | None = Field(default=None, description="A row whose key an earlier row (file order) already has is "
                            "left out: the exports overlap.")
    sort_by: str | None = Field(default=None, description="Rows ordered by this column, smallest or oldest first "
                                "(ties in any order); None: file after file, each in its own order.")


def _expected(state: FinalState, opts: Stacked) -> tuple[list[Any], list[list[Any]]]:
    """The stacked header and rows, in file order, repeats of a key dropped."""
    paths = [p for p in (opts.input_file, opts.second_file, opts.third_file) if p]
    first = input_view(state, paths[0], TableView).get()
    header = [str(h) for h in first.header]
    rows: list[list[Any]] = []
    seen: set[str] = set()
    for path in paths:
        table = input_view(state, path, TableView).get()
        if sorted(str(h) for h in table.header) != sorted(header):
            raise CheckError(f"{path} has the columns {table.header}, not those of {paths[0]} ({header})")
        order = [table.need_col(h, path) for h in header]
        k = table.need_col(opts.key, path) if opts.key else None
        for row in table.body:
            if k is not None:
                if str(row[k]).strip() in seen:
                    continue
                seen.add(str(row[k]).strip())
            rows.append([row[i] for i in order] + ([PurePosixPath(path).name] if opts.source_column else []))
    return header + ([opts.source_column] if opts.source_column else []), rows


def _disorder(table: Table, column: int, name: str) -> str | None:
    """The first data row whose sort value is smaller than the row above it."""
    for r in range(1, len(table.body)):
        if sort_key(table.body[r][column]) < sort_key(table.body[r - 1][column]):
            return (f"data row {r + 1} ({table.cell_name(r, column)}, {show(table.body[r][column])}) comes after "
                    f"{show(table.body[r - 1][column])}: the rows are not ordered by {name!r}")
    return None


@register_check("table.stacked", Stacked, view="table")
def stacked(state: FinalState, opts: Stacked) -> Verdict:
    """The output holds the first export's header (plus the source column, when asked) and every
    row of the exports, file after file, each row's values under the columns of the same name (and
    its file's name in the source column); a row whose key an earlier row has is left out when a key
    is named; ordered by the sort column when one is named (ties in any order)."""
    header, want = _expected(state, opts)
    output = output_view(state, opts.file, TableView).get()
    got_header = [str(h) if h is not None else "" for h in output.header]
    if got_header != header:
        return Verdict.of(False, f"{opts.file}'s header is {got_header}, expected {header}")
    if opts.sort_by is None:
        if msg := rows_diff(want, output.body, output, header, opts.file):
            return Verdict.of(False, msg)
        return Verdict.of(True, f"{len(want)} rows stacked file after file")
    if msg := _disorder(output, header.index(opts.sort_by), opts.sort_by):
        return Verdict.of(False, msg)
    if msg := multiset_diff(Table.of("stacked", [header, *want]), output, opts.file):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"{len(want)} rows stacked and ordered by {opts.sort_by!r}")
