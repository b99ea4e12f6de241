"""`table.column_rounded`: a number column rounded the way the task asked - to N decimals (half
up, as a spreadsheet's ROUND; half-even also passes at an exact tie), up or down (ROUNDUP /
ROUNDDOWN on positive amounts), or to the nearest multiple (MROUND) - written over the column or
into a new column beside the kept original; amounts typed as text count as their number."""

from __future__ import annotations

import math
from decimal import ROUND_CEILING, ROUND_FLOOR, ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal
from typing import Any, Literal

from pydantic import Field

from forge.checks._compare import header_diff, is_number, rows_diff, show
from forge.checks.source import input_view, output_view
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.table_layout import SheetSetup
from forge.checks.table_ops import new_columns, parse_number
from forge.views import TableView

Rounding = Literal["nearest", "up", "down", "multiple"]


class ColumnRounded(SheetSetup):
    column: str
    operation: Rounding
    digits: Literal[0, 1, 2, 3] = Field(default=0, description="Decimals kept (nearest, up, down).")
    multiple: float | None = Field(default=None, gt=0, description="The step for `multiple` (5, 10, 100 ...).")
    new_header: str | None = Field(default=None, description="The new column's header; None: the column itself.")


def rounded(value: float, opts: ColumnRounded) -> set[float]:
    """Every result a person following the instruction may write (two only at an exact .5 tie)."""
    exact = Decimal(repr(float(value)))
    if opts.operation == "multiple":
        step = Decimal(repr(float(opts.multiple or 1)))
        return {float((exact / step).quantize(Decimal(1), rounding=mode) * step) for mode in (ROUND_HALF_UP,
                                                                                               ROUND_HALF_EVEN)}
    unit = Decimal(1).scaleb(-opts.digits)
    modes = {"nearest": (ROUND_HALF_UP, ROUND_HALF_EVEN), "up": (ROUND_CEILING,), "down": (ROUND_FLOOR,)}
    return {float(exact.quantize(unit, rounding=mode)) for mode in modes[opts.operation]}


def _close(got: Any, allowed: set[float]) -> bool:
    return is_number(got) and any(math.isclose(float(got), a, rel_tol=1e-12, abs_tol=1e-9) for a in allowed)


@register_check("table.column_rounded", ColumnRounded, view="table")
def column_rounded(state: FinalState, opts: ColumnRounded) -> Verdict:
    """Each data cell of the column (or of the new column, the original kept) holds the input's
    number rounded as asked; every other cell is unchanged."""
    original = input_view(state, opts.input_file, TableView).get(opts.table)
    output = output_view(state, opts.file, TableView).get(opts.table)
    c = original.need_col(opts.column, opts.input_file)
    numbers = [parse_number(row[c]) if row[c] is not None else None for row in original.body]
    if opts.new_header is None:
        expected = [[*row[:c], None, *row[c + 1:]] for row in original.body]
        if msg := header_diff(original, output, opts.file):
            return Verdict.of(False, msg)
        others = [(i, i) for i in range(len(original.header)) if i != c]
        if msg := rows_diff(expected, output.body, output, original.header, opts.file, columns=others):
            return Verdict.of(False, msg)
        target = c
    else:
        found = new_columns(original, output, [opts.new_header], opts.file)
        if isinstance(found, str):
            return Verdict.of(False, found)
        target = found[0]
    for r, number in enumerate(numbers):
        got = output.body[r][target] if r < len(output.body) else None
        if number is None:
            if got is not None:
                return Verdict.of(False, f"{output.cell_name(r, target)} holds {show(got)} for an empty input cell")
            continue
        allowed = rounded(number, opts)
        if not _close(got, allowed):
            want = " or ".join(show(a) for a in sorted(allowed))
            return Verdict.of(False, f"{output.cell_name(r, target)} is {show(got)}, expected {want} ({number} "
                                     f"rounded {opts.operation})")
    where = f"in {opts.new_header!r}" if opts.new_header else "in place"
    return Verdict.of(True, f"{len(numbers)} values of {opts.column!r} rounded {opts.operation} {where}")
