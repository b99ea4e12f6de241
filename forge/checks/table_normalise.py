"""Checks over nested JSON records normalised into related tables for a database or a BI tool: an
order export into an orders table (one row per order) and an order-lines table (one row per item,
carrying its order's id), with the column names the target schema uses.

Unlike `table.from_json` (headers are the dotted paths), the header is the target's names, each
mapped to a path the instruction states; a table may number each item within its record and carry
an amount worked out from the items (quantity x price per line, or summed per record).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from pydantic import Field

from forge.checks._compare import is_number, rounded_to, same_value, show, text
from forge.checks.json import _MISSING, at_path
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import JsonView, TableView


class NormalisedFromJson(CheckOptions):
    file: OutputPath
    input_file: InputPath = Field(description="The JSON document holding the records.")
    records: str = Field(description="Dotted path of the list of records, e.g. 'orders'.")
    columns: dict[str, str] = Field(min_length=1, description="Header -> dotted path, in header order; under "
                                    "`explode`, a path starting with it reads the item, any other the record.")
    explode: str | None = Field(default=None, description="A list inside each record: one row per item of it.")
    position: str | None = Field(default=None, description="Header of a column, second, numbering each item "
                                 "within its record from 1 (with `explode`).")
    amount: str | None = Field(default=None, description="Header of a last column: quantity x price of the row's "
                               "item, or (no `explode`) summed over the record's `amount_over` items; 2 decimals.")
    amount_over: str | None = Field(default=None, description="The list a record's amount is summed over.")
    quantity: str | None = Field(default=None, description="The quantity field inside an item.")
    price: str | None = Field(default=None, description="The price field inside an item.")


def _line(item: Any, opts: NormalisedFromJson) -> float:
    q, p = (at_path(item, f) if f else _MISSING for f in (opts.quantity, opts.price))
    if not (is_number(q) and is_number(p)):
        raise CheckError(f"an item has no number at {opts.quantity!r} or {opts.price!r}: {str(item)[:80]}")
    return float(q) * float(p)


def _rows(doc: Any, opts: NormalisedFromJson) -> list[list[Any]]:
    """The expected rows: per record (or per item of it), the mapped values, position and amount."""
    records = at_path(doc, opts.records)
    if not isinstance(records, list) or not records:
        raise CheckError(f"{opts.input_file} has no list of records at {opts.records!r}")
    prefix = f"{opts.explode}." if opts.explode else None
    rows = []
    for record in records:
        items = at_path(record, opts.explode) if opts.explode else [None]
        for n, item in enumerate(items if isinstance(items, list) else [], start=1):
            row = [at_path(item, path.removeprefix(prefix)) if prefix and path.startswith(prefix)
                   else at_path(record, path) for path in opts.columns.values()]
            if opts.position:
                row.insert(1, n)
            if opts.amount:
                over = at_path(record, opts.amount_over) if opts.amount_over else []
                row.append(_line(item, opts) if opts.explode else sum(_line(i, opts) for i in over or []))
            rows.append([None if v is _MISSING else v for v in row])
    return rows


def _cell_issue(have: Any, want: Any, is_amount: bool) -> str | None:
    """Why an output cell is not the expected value (None: it is)."""
    if isinstance(have, (dt.date, dt.datetime)):
        have = have.isoformat()
    if is_amount:
        if not is_number(have) or abs(float(have) - want) > 0.005 + 1e-9:
            return f"is {show(have)}, expected {want:.2f}"
        return None if rounded_to(float(have), 2) else f"is {show(have)}, expected {want:.2f} (rounded to 2 decimals)"
    if same_value(have, want) or (isinstance(want, str) and text(have) == want.strip()) or \
            (want is None and have is None):
        return None
    return f"is {show(have)}, expected {show(want)}"


@register_check("table.normalised_from_json", NormalisedFromJson, view="table")
def normalised_from_json(state: FinalState, opts: NormalisedFromJson) -> Verdict:
    """The table's header is the names asked for (the item number second, the amount last, when
    asked) and it has one row per record - or per item of the exploded list, in order - holding the
    value at each mapped path (dates as ISO text), the item's number within its record, and the
    amount (quantity x price, per item or summed per record) rounded to 2 decimals."""
    want = _rows(input_view(state, opts.input_file, JsonView).value, opts)
    header = list(opts.columns)
    if opts.position:
        header.insert(1, opts.position)
    if opts.amount:
        header.append(opts.amount)
    output = output_view(state, opts.file, TableView).get()
    got_header = [text(h) for h in output.header]
    if got_header != header:
        return Verdict.of(False, f"{opts.file}'s header is {got_header}, expected {header}")
    for r, (row, have) in enumerate(zip(want, output.body, strict=False)):
        for c, name in enumerate(header):
            if issue := _cell_issue(have[c], row[c], bool(opts.amount) and c == len(header) - 1):
                return Verdict.of(False, f"data row {r + 1} ({output.cell_name(r, c)}, column {name!r}) {issue}")
    if len(output.body) != len(want):
        what = f"item of {opts.explode!r}" if opts.explode else "record"
        return Verdict.of(False, f"{opts.file} has {len(output.body)} data rows, expected {len(want)} "
                          f"(one per {what})")
    return Verdict.of(True, f"{len(want)} rows of {len(header)} columns")
