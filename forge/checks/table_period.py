"""Checks over a column computed from each row's earlier periods, as an analyst adds to a monthly
or weekly series before a report: the change from the previous period, the change in percent, or
a trailing moving average. Rows are taken in the file's order (the series is given in date
order), within each group when the series is one per store or region; a row without enough
earlier periods must be left empty, since any figure there would be invented.
"""

from __future__ import annotations

import math
from typing import Literal

from pydantic import Field, model_validator

from forge.checks._compare import is_number, rounded_to, show
from forge.checks.source import output_view
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.table_ops import TableOp, _input, key, new_columns, parse_number
from forge.errors import CheckError
from forge.views import TableView

Operation = Literal["difference", "percent_change", "moving_average"]


class PeriodChange(TableOp):
    new_header: str
    column: str = Field(description="The figure of each period (amounts typed as money text count as numbers).")
    operation: Operation
    window: int | None = Field(default=None, ge=2, le=12, description="Periods averaged by moving_average, this "
                               "one included (that operation only).")
    group_column: str | None = Field(default=None, description="One series per value of this column.")
    decimals: int | None = Field(default=None, ge=0, le=6, description="The new figures rounded to this many places.")
    tolerance: float = Field(default=0.005, ge=0)

    @model_validator(mode="after")
    def _window_is_averaged(self) -> PeriodChange:
        if (self.operation == "moving_average") != (self.window is not None):
            raise ValueError("moving_average and a window go together")
        return self


def _figure(values: list[float], i: int, opts: PeriodChange) -> float | None:
    """The new figure of the i-th period of one series, or None where there is none to give."""
    if opts.window is not None:
        return math.fsum(values[i + 1 - opts.window: i + 1]) / opts.window if i + 1 >= opts.window else None
    if i == 0:
        return None
    before = values[i - 1]
    if opts.operation == "difference":
        return values[i] - before
    return None if before == 0 else 100 * (values[i] - before) / before


@register_check("table.period_change", PeriodChange, view="table")
def period_change(state: FinalState, opts: PeriodChange) -> Verdict:
    """A new column holds, per row, the change from the previous row of its series, that change in
    percent of the previous figure, or the average of the last `window` figures (this one
    included), rounded as asked; the first row(s) of each series, which have no such figure, are
    empty; every original column is unchanged."""
    original = _input(state, opts)
    output = output_view(state, opts.file, TableView).get(opts.table)
    found = new_columns(original, output, [opts.new_header], opts.file)
    if isinstance(found, str):
        return Verdict.of(False, found)
    (new,) = found
    c = original.need_col(opts.column, opts.input_file)
    g = original.need_col(opts.group_column, opts.input_file) if opts.group_column else None
    series: dict[object, list[int]] = {}
    for r, row in enumerate(original.body):
        series.setdefault(key(row[g]) if g is not None else None, []).append(r)
    expected: dict[int, float | None] = {}
    for rows in series.values():
        values = []
        for r in rows:
            value = parse_number(original.body[r][c])
            if value is None:
                raise CheckError(f"{opts.input_file} row {r + 2}: {opts.column} is {show(original.body[r][c])}, "
                                 "not a number")
            values.append(value)
        expected.update((r, _figure(values, i, opts)) for i, r in enumerate(rows))
    for r in range(len(original.body)):
        got, want = output.body[r][new], expected[r]
        where = f"{output.cell_name(r, new)} ({opts.new_header!r})"
        if want is None:
            if got is not None:
                return Verdict.of(False, f"{where} is {show(got)}, expected it empty: the row has no earlier "
                                  f"period{'s' if opts.operation == 'moving_average' else ''} to compare with")
            continue
        if not is_number(got):
            return Verdict.of(False, f"{where} is {show(got)}, expected a number ({want:.6g})")
        if opts.decimals is not None and not rounded_to(got, opts.decimals):
            return Verdict.of(False, f"{where} is {show(got)}, not rounded to {opts.decimals} decimal places")
        step = max(opts.tolerance, 0.5 * 10.0 ** -opts.decimals + 1e-9 if opts.decimals is not None else 0.0)
        if abs(got - want) > step:
            return Verdict.of(False, f"{where} is {show(got)}, expected {want:.6g} ({opts.operation.replace('_', ' ')})")
    within = f" within each {opts.group_column!r}" if opts.group_column else ""
    return Verdict.of(True, f"{opts.new_header!r} holds the {opts.operation.replace('_', ' ')} of {opts.column!r}{within}")
