"""Checks over a summary of several exports, one row per file: each month's order export with its
number of orders and its revenue (or average order, or number of customers), as a manager asks
for before reading the files themselves; a last row over all the files when asked.

The expected figures come from the inputs (amounts typed as money text read as numbers); the
options carry what the instruction names: the header, the column measured, the total row's label.
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Any, Literal

from pydantic import Field

from forge.checks._compare import is_number, rounded_to, show, text
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.table_ops import parse_number
from forge.errors import CheckError
from forge.views import Table, TableView

Measure = Literal["total", "average", "largest", "distinct"]


class FilesSummarised(CheckOptions):
    file: OutputPath
    input_file: InputPath = Field(description="The first export.")
    second_file: InputPath
    third_file: InputPath | None = None
    header: list[str] = Field(min_length=3, max_length=3, description="The file's name, its row count, the measure.")
    measure: Measure = Field(description="total/average/largest: of `column`, rounded to 2 decimals; distinct: how "
                             "many different values `column` holds.")
    column: str = Field(description="The column measured.")
    total_row: str | None = Field(default=None, description="Label of a last row over all the files' rows (an "
                                  "average over every row; a value in several files counted once).")


def _figures(tables: list[Table], opts: FilesSummarised, where: str) -> tuple[int, float | int]:
    """Rows and the measure over the rows of `tables` taken together."""
    values: list[Any] = []
    for table in tables:
        col = table.need_col(opts.column, where)
        values += [row[col] for row in table.body]
    if opts.measure == "distinct":
        return len(values), len({text(v).casefold() for v in values if text(v)})
    amounts = [parse_number(v) for v in values]
    if any(a is None for a in amounts) or not amounts:
        raise CheckError(f"{where}: {opts.column!r} holds a value that is not an amount")
    numbers = [a for a in amounts if a is not None]
    figure = {"total": sum(numbers), "average": sum(numbers) / len(numbers), "largest": max(numbers)}
    return len(values), figure[opts.measure]


def _issue(have: Any, want: float | int, measure: Measure) -> str | None:
    if measure == "distinct":
        return None if is_number(have) and have == want else f"is {show(have)}, expected {want}"
    if not is_number(have) or abs(float(have) - want) > 0.005 + 1e-9:
        return f"is {show(have)}, expected {want:.2f}"
    return None if rounded_to(float(have), 2) else f"is {show(have)}, expected {want:.2f} (rounded to 2 decimals)"


@register_check("table.files_summarised", FilesSummarised, view="table")
def files_summarised(state: FinalState, opts: FilesSummarised) -> Verdict:
    """The output has the header asked for and one row per export, in the order given: the file's
    name (without its folder), its number of data rows, and its measure - the column's total, average
    or largest value rounded to 2 decimals, or how many different values it holds (case aside) -
    then, when asked, a last row with the label and the same figures over all the exports' rows
    together."""
    paths = [p for p in (opts.input_file, opts.second_file, opts.third_file) if p]
    tables = [input_view(state, p, TableView).get() for p in paths]
    want = [[PurePosixPath(p).name, *_figures([t], opts, p)] for p, t in zip(paths, tables, strict=True)]
    if opts.total_row:
        want.append([opts.total_row, *_figures(tables, opts, "the exports")])
    output = output_view(state, opts.file, TableView).get()
    got_header = [text(h) for h in output.header]
    if got_header != opts.header:
        return Verdict.of(False, f"{opts.file}'s header is {got_header}, expected {opts.header}")
    for r, (row, have) in enumerate(zip(want, output.body, strict=False)):
        if text(have[0]) != row[0]:
            return Verdict.of(False, f"data row {r + 1} ({output.cell_name(r, 0)}) is {show(have[0])}, "
                              f"expected {row[0]!r}")
        if not (is_number(have[1]) and have[1] == row[1]):
            return Verdict.of(False, f"{output.cell_name(r, 1)} ({opts.header[1]!r} of {row[0]}) is {show(have[1])}, "
                              f"expected {row[1]}")
        if issue := _issue(have[2], row[2], opts.measure):
            return Verdict.of(False, f"{output.cell_name(r, 2)} ({opts.header[2]!r} of {row[0]}) {issue}")
    if len(output.body) != len(want):
        extra = f" (the last: {opts.total_row!r})" if opts.total_row else ""
        return Verdict.of(False, f"{opts.file} has {len(output.body)} data rows, expected {len(want)}: one per "
                          f"file{extra}")
    return Verdict.of(True, f"{len(paths)} files summarised ({opts.measure} of {opts.column!r})")
