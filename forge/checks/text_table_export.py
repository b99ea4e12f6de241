"""Checks over a markdown table exported from a wiki or README page to a CSV file: the page's only
table or the one under a named heading, its Total row kept or left out, amounts as written (`€1,250`)
or as plain numbers (the currency sign and thousands separators dropped).

Cells are typed as a CSV reader types them (integers, decimals, ISO dates, else text; an empty cell
is empty) and compared with the output table's cells.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import Field

from forge.checks._compare import rows_diff, same_value
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.text_fixed_width import typed
from forge.checks.text_reports import _cells
from forge.checks.text_table_columns import _locate
from forge.errors import CheckError
from forge.views import TableView, TextView

_AMOUNT = re.compile(r"^[€$£]?[+-]?\d{1,3}(,\d{3})*(\.\d+)?$|^[€$£]?[+-]?\d+(\.\d+)?$")


class TableExported(CheckOptions):
    file: OutputPath
    input_file: InputPath
    heading: str | None = Field(default=None, description="The heading the table sits under; None: the page's "
                                "only table.")
    drop_row: str | None = Field(default=None, description="A row whose first cell is this (a Total row) is left "
                                 "out.")
    plain_numbers: bool = Field(default=False, description="Amounts become plain numbers: currency signs and "
                                "thousands separators dropped.")


def _value(cell: str, plain: bool) -> Any:
    cell = cell.replace("*", "").strip()
    if not cell:
        return None
    if plain and _AMOUNT.match(cell):
        cell = re.sub(r"[€$£,]", "", cell)
    return typed(cell, ungroup=False)


@register_check("text.table_exported", TableExported, view="table")
def table_exported(state: FinalState, opts: TableExported) -> Verdict:
    """The output CSV holds the chosen markdown table: its header, then its rows in order (the named
    row left out when asked), every cell the same value (amounts as plain numbers when asked)."""
    lines = input_view(state, opts.input_file, TextView).lines
    start, end = _locate(lines, opts.heading, opts.input_file)
    rows = [_cells(line) for line in lines[start:end]]
    header = rows[0]
    body = [[_value(c, opts.plain_numbers) for c in r] for r in rows[2:]
            if not (opts.drop_row and r[0].replace("*", "").strip() == opts.drop_row)]
    tables = output_view(state, opts.file, TableView).tables
    if not tables:
        raise CheckError(f"{opts.file} holds no table")
    table = tables[0]
    for c, (want, have) in enumerate(zip(header, table.rows[0], strict=False), start=1):
        if not same_value(have, want):
            return Verdict.of(False, f"header cell {c} of {opts.file} is {have!r}, expected {want!r}")
    if len(table.rows[0]) != len(header):
        return Verdict.of(False, f"{opts.file} has {len(table.rows[0])} columns, expected {len(header)} ({header})")
    problem = rows_diff(body, table.rows[1:], table, header, opts.file)
    if problem:
        return Verdict.of(False, problem)
    return Verdict.of(True, f"{len(body)} rows of {len(header)} columns exported")
