"""Checks over a fixed-width text table (a report as a terminal, `column -t` or a database client
prints it: columns two or more spaces apart, maybe a dashed rule, or a `+---+` grid) turned into a
CSV file: the same header and rows, report titles and footers such as `(12 rows)` left out, numbers
as numbers (thousands separators dropped when asked).

The table's lines are those that split into two or more cells (on `|` in a grid, else on runs of two
or more spaces); border and rule lines are skipped. Cells are typed as a CSV reader types them
(integers, decimals, ISO dates, else text) and compared with the output table's cells.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from pydantic import Field

from forge.checks._compare import rows_diff, same_value, show
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import TableView, TextView

_RULE = re.compile(r"^[\s+|:=-]*$")
_INT = re.compile(r"^[+-]?(0|[1-9][0-9]*)$")
_FLOAT = re.compile(r"^[+-]?(0|[1-9][0-9]*)?\.[0-9]+$")
_GROUPED = re.compile(r"^[+-]?[1-9][0-9]{0,2}(,[0-9]{3})+(\.[0-9]+)?$")


def split_row(line: str) -> list[str]:
    """A report line's cells: between pipes in a grid, else apart by two or more spaces."""
    if line.strip().startswith("|"):
        return [c.strip() for c in line.strip().strip("|").split("|")]
    return re.split(r"\s{2,}", line.strip())


def report_rows(lines: list[str]) -> list[list[str]]:
    """The table's rows (header first): lines of two or more cells that are not rules or borders."""
    rows = [split_row(line) for line in lines if line.strip() and not _RULE.match(line)]
    rows = [r for r in rows if len(r) >= 2]
    if len(rows) < 2 or len({len(r) for r in rows}) != 1:
        raise CheckError("the input holds no fixed-width table of rows of equal width")
    return rows


def typed(cell: str, ungroup: bool) -> Any:
    """A cell as a CSV reader reads it (with `ungroup`, 1,250.50 is the number 1250.5)."""
    if ungroup and _GROUPED.match(cell):
        cell = cell.replace(",", "")
    if _INT.match(cell):
        return int(cell)
    if _FLOAT.match(cell):
        return float(cell)
    try:
        return dt.date.fromisoformat(cell) if re.match(r"^\d{4}-\d{2}-\d{2}$", cell) else cell
    except ValueError:
        return cell


class FixedWidthToCsv(CheckOptions):
    file: OutputPath
    input_file: InputPath
    ungroup: bool = Field(default=False, description="Numbers written with thousands separators (1,250.50) must "
                          "become plain numbers.")


@register_check("text.fixed_width_to_csv", FixedWidthToCsv, view="table")
def fixed_width_to_csv(state: FinalState, opts: FixedWidthToCsv) -> Verdict:
    """The output CSV's header is the report table's header and its rows are the report's rows, in
    order, every cell the same value (numbers as numbers, thousands separators dropped when asked);
    no title, footer, rule or border line as a row."""
    rows = report_rows(input_view(state, opts.input_file, TextView).lines)
    header, body = rows[0], [[typed(c, opts.ungroup) for c in r] for r in rows[1:]]
    tables = output_view(state, opts.file, TableView).tables
    if not tables:
        raise CheckError(f"{opts.file} holds no table")
    table = tables[0]
    got_header = [show(h) if not isinstance(h, str) else h for h in table.rows[0]]
    for c, (want, have) in enumerate(zip(header, got_header, strict=False), start=1):
        if not same_value(have, want):
            return Verdict.of(False, f"header cell {c} of {opts.file} is {have!r}, expected {want!r}")
    if len(got_header) != len(header):
        return Verdict.of(False, f"{opts.file} has {len(got_header)} columns, expected {len(header)} ({header})")
    problem = rows_diff(body, table.rows[1:], table, header, opts.file)
    if problem:
        return Verdict.of(False, problem)
    return Verdict.of(True, f"{len(body)} rows of {len(header)} columns carried over")
