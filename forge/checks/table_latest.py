"""Checks over a history table reduced to one row per key by a date: the current price of each SKU
from a price history, the last reading of each meter, a customer's latest details (or the first).

Unlike `table.deduplicated` (first or last by position), the row kept is the one with the latest
(or earliest) date, wherever it stands in the file. The expected rows come from the input.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Literal

from pydantic import Field

from forge.checks._compare import header_diff, rows_diff, sort_key
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import TableView


class LatestPerKey(CheckOptions):
    file: OutputPath
    input_file: InputPath
    table: str | None = Field(default=None, description="Sheet or table name of the input; None: the first.")
    key: str = Field(description="The column a record is identified by.")
    date_column: str = Field(description="The date that decides which row of a key is kept.")
    keep: Literal["latest", "earliest"] = "latest"
    fold_case: bool = Field(default=False, description="Keys differing only in case or spacing are one key.")
    sort_by_key: bool = Field(default=False, description="Rows ordered by key instead of the input's order.")


def _fold(value: Any, fold: bool) -> Any:
    return " ".join(str(value).split()).casefold() if fold and value is not None else value


def _date(value: Any, where: str) -> dt.date:
    """The cell's date: a date value, or a date printed as ISO text (a Word table holds only text)."""
    if isinstance(value, dt.date):
        return value
    if isinstance(value, str):
        try:
            return dt.date.fromisoformat(value.strip())
        except ValueError:
            pass
    raise CheckError(f"{where} is {value!r}, not a date")


def kept_rows(rows: list[list[Any]], k: int, d: int, opts: LatestPerKey, source: str) -> list[list[Any]]:
    """The row per key with the latest (earliest) date, in input order or by key."""
    best: dict[Any, int] = {}
    dates: dict[Any, dt.date] = {}
    for r, row in enumerate(rows):
        group = _fold(row[k], opts.fold_case)
        when = _date(row[d], f"{source} row {r + 2} {opts.date_column}")
        if group not in best or ((when > dates[group]) if opts.keep == "latest" else (when < dates[group])):
            best[group], dates[group] = r, when
    order = sorted(best, key=lambda g: sort_key(g)) if opts.sort_by_key else sorted(best, key=best.__getitem__)
    return [rows[best[g]] for g in order]


@register_check("table.latest_per_key", LatestPerKey, view="table")
def latest_per_key(state: FinalState, opts: LatestPerKey) -> Verdict:
    """The output has the input's header and one row per key: that key's row with the latest (or
    earliest) date, whole and unchanged (the key as that row writes it); the rows in the input's
    order, or ordered by key."""
    table = input_view(state, opts.input_file, TableView).get(opts.table)
    k, d = table.need_col(opts.key, opts.input_file), table.need_col(opts.date_column, opts.input_file)
    expected = kept_rows(table.body, k, d, opts, opts.input_file)
    out = output_view(state, opts.file, TableView).get()
    if msg := header_diff(table, out, opts.file):
        return Verdict.of(False, msg)
    if msg := rows_diff(expected, out.body, out, table.header, opts.file):
        order = f"ordered by {opts.key}" if opts.sort_by_key else "in the input's order"
        return Verdict.of(False, f"{msg} (the {opts.keep} row per {opts.key}, {order})")
    return Verdict.of(True, f"{len(expected)} {opts.key}s kept from {len(table.body)} rows ({opts.keep} "
                      f"{opts.date_column})")
