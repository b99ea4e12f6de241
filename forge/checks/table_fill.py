"""Checks over a column whose empty cells were filled by a stated rule: a group label a report
printed once filled down, a stated default, zero, or the column's (or the row's group's) mean or
median. The expected column comes from the input; every other cell stays as it was.
"""

from __future__ import annotations

import statistics
from typing import Any, Literal

from pydantic import Field, model_validator

from forge.checks._compare import header_diff, is_number, rows_diff
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import TableView

Method = Literal["down", "value", "mean", "median"]


class BlanksFilled(CheckOptions):
    file: OutputPath
    input_file: InputPath
    table: str | None = Field(default=None, description="Sheet or table name of the input; None: the first.")
    column: str
    method: Method = Field(description="down: the nearest value above; value: `value`; mean/median: of the "
                           "column's given values (of the row's group's, with `group_by`).")
    value: str | int | float | None = Field(default=None, description="The stated fill for `method='value'`.")
    group_by: str | None = Field(default=None, description="mean/median over the rows sharing this column's value.")
    decimals: int | None = Field(default=None, ge=0, description="A mean or median rounded to this many decimals.")

    @model_validator(mode="after")
    def _needs(self) -> BlanksFilled:
        if (self.method == "value") != (self.value is not None):
            raise ValueError("method 'value' and a value go together")
        if self.group_by is not None and self.method not in ("mean", "median"):
            raise ValueError("group_by applies to mean and median only")
        return self


def filled_column(rows: list[list[Any]], c: int, g: int | None, opts: BlanksFilled, source: str) -> list[Any]:
    """The column with its empty cells filled by the rule."""
    given: dict[Any, list[float]] = {}
    for r, row in enumerate(rows):
        if row[c] is not None and opts.method in ("mean", "median"):
            if not is_number(row[c]):
                raise CheckError(f"{source} row {r + 2} {opts.column} is {row[c]!r}, not a number")
            given.setdefault(row[g] if g is not None else None, []).append(row[c])
    out: list[Any] = []
    for r, row in enumerate(rows):
        if row[c] is not None:
            out.append(row[c])
        elif opts.method == "down":
            out.append(out[-1] if out else None)
        elif opts.method == "value":
            out.append(opts.value)
        else:
            values = given.get(row[g] if g is not None else None)
            if not values:
                raise CheckError(f"{source} row {r + 2}: no {opts.column} given to take the {opts.method} of")
            figure = statistics.fmean(values) if opts.method == "mean" else statistics.median(values)
            out.append(figure if opts.decimals is None else round(figure, opts.decimals))
    return out


@register_check("table.blanks_filled", BlanksFilled, view="table")
def blanks_filled(state: FinalState, opts: BlanksFilled) -> Verdict:
    """Every empty cell of the column holds its fill (the value above, the stated value, or the mean
    or median of the column's given values, of its group's with `group_by`, rounded as asked); no
    other cell, row or column changed."""
    table = input_view(state, opts.input_file, TableView).get(opts.table)
    c = table.need_col(opts.column, opts.input_file)
    g = table.need_col(opts.group_by, opts.input_file) if opts.group_by else None
    column = filled_column(table.body, c, g, opts, opts.input_file)
    expected = [[*row[:c], value, *row[c + 1:]] for row, value in zip(table.body, column, strict=True)]
    out = output_view(state, opts.file, TableView).get()
    if msg := header_diff(table, out, opts.file):
        return Verdict.of(False, msg)
    if msg := rows_diff(expected, out.body, out, table.header, opts.file):
        return Verdict.of(False, f"{msg} (blanks of {opts.column!r} filled by {opts.method})")
    blanks = sum(1 for row in table.body if row[c] is None)
    return Verdict.of(True, f"{blanks} empty {opts.column!r} cells filled ({opts.method})")
