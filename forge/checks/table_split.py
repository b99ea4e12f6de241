"""Checks over a table split into one file per value of a column: an orders export into one CSV per
region for the regional managers, a staff list per department, orders per year for the archive.

Each output file is checked on its own: it holds exactly the input rows whose value (or, for a
date column, whose year) is one of the values named for it, or (`others`) none of the values named
for the other files, in the input's order; the split column kept or dropped as asked.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from pydantic import Field

from forge.checks._compare import rows_diff
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import TableView

_YEAR = re.compile(r"(?<!\d)(1[89]\d\d|2\d\d\d)(?!\d)")


class SplitPart(CheckOptions):
    file: OutputPath
    input_file: InputPath
    column: str = Field(description="The column the rows are split by.")
    values: list[str] = Field(min_length=1, description="The values whose rows this file holds; with `others`, "
                              "the values that have files of their own.")
    others: bool = Field(default=False, description="This file holds the rows whose value is none of `values`.")
    by_year: bool = Field(default=False, description="The column holds dates (ISO or written as text): a row's "
                          "value is its year.")
    fold_case: bool = Field(default=False, description="Values differing only in case or spacing are one value.")
    drop_column: bool = Field(default=False, description="The split column is left out of the file.")


def _fold(value: str, fold: bool) -> str:
    return " ".join(value.split()).casefold() if fold else value.strip()


def row_value(cell: Any, opts: SplitPart, where: str) -> str:
    """What a row is split by: its cell as text, or the year of its date."""
    if not opts.by_year:
        return _fold("" if cell is None else str(cell), opts.fold_case)
    if isinstance(cell, dt.date):
        return str(cell.year)
    if isinstance(cell, str) and len(years := _YEAR.findall(cell)) == 1:
        return years[0]
    raise CheckError(f"{where} is {cell!r}, not a date with a year")


@register_check("table.split_part", SplitPart, view="table")
def split_part(state: FinalState, opts: SplitPart) -> Verdict:
    """The file has the input's header (without the split column, if asked to drop it) and exactly
    the input rows whose value of the column (its year, for dates) is one of the values named - or,
    for the file of the rest, none of them - whole and in the input's order; with `fold_case` a value
    typed in another case or spacing is the same value (and may be written either way)."""
    source = input_view(state, opts.input_file, TableView).get()
    col = source.need_col(opts.column, opts.input_file)
    named = {_fold(v, opts.fold_case) for v in opts.values}
    wanted = [row for r, row in enumerate(source.body)
              if (row_value(row[col], opts, source.cell_name(r, col)) in named) != opts.others]
    keep = [i for i in range(len(source.header)) if not (opts.drop_column and i == col)]
    header = [source.header[i] for i in keep]
    output = output_view(state, opts.file, TableView).get()
    got_header = list(output.header)
    if [str(h) if h is not None else "" for h in got_header] != [str(h) for h in header]:
        dropped = f" (without {opts.column!r})" if opts.drop_column else ""
        return Verdict.of(False, f"{opts.file}'s header is {got_header}, expected {header}{dropped}")
    want = [[row[i] for i in keep] for row in wanted]
    got = [list(row) for row in output.body]
    if opts.fold_case and not opts.drop_column:
        at = keep.index(col)
        for have, row in zip(got, want, strict=False):  # the value as the input typed it, or tidied
            if at < len(have) and isinstance(have[at], str) and isinstance(row[at], str) \
                    and _fold(have[at], True) == _fold(row[at], True):
                have[at] = row[at]
    which = f"none of {opts.values}" if opts.others else f"one of {opts.values}"
    what = "the year of " if opts.by_year else ""
    if msg := rows_diff(want, got, output, header, opts.file):
        return Verdict.of(False, f"{msg} (the rows where {what}{opts.column!r} is {which}, in the input's order)")
    return Verdict.of(True, f"{len(want)} of {len(source.body)} rows, those where {what}{opts.column!r} is {which}")
