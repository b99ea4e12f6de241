"""Checks over markdown pipe tables inside a page: one table's rows sorted by a column, the rest of
the page as it was.

Lines are compared as a reader sees them: a table row by its cells (re-padding the columns is
fine), any other line without its trailing spaces. The expected page is the original with only the
chosen table's body rows reordered (stably; a Total row kept last when asked).
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any, Literal

from pydantic import Field

from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.text_reports import _SEPARATOR, _cells
from forge.errors import CheckError
from forge.views import TextView

KeyKind = Literal["text", "number", "date"]


def _is_row(line: str) -> bool:
    return line.strip().startswith("|")


def table_spans(lines: list[str]) -> list[tuple[int, int]]:
    """(header line, end) of every pipe table: the header, its separator, then the body rows up to `end`."""
    spans, i = [], 0
    while i + 1 < len(lines):
        sep = _cells(lines[i + 1]) if _is_row(lines[i]) and _is_row(lines[i + 1]) else []
        if sep and all(_SEPARATOR.match(c.replace(" ", "")) for c in sep):
            end = i + 2
            while end < len(lines) and _is_row(lines[end]):
                end += 1
            spans.append((i, end))
            i = end
        else:
            i += 1
    return spans


def _shown(line: str) -> str:
    if _is_row(line):
        cells = _cells(line)
        if all(_SEPARATOR.match(c.replace(" ", "")) for c in cells):
            return "|" + "|".join(c.replace(" ", "") for c in cells) + "|"
        return "| " + " | ".join(" ".join(c.split()) for c in cells) + " |"
    return line.rstrip()


def sort_value(cell: str, kind: KeyKind) -> Any:
    """The cell as the sort compares it: a number out of '€1,250.00', an ISO date, or folded text."""
    shown = cell.replace("*", "").strip()
    if kind == "number":
        digits = re.sub(r"[^\d.\-]", "", shown)
        try:
            return float(digits)
        except ValueError:
            raise CheckError(f"the cell {cell!r} holds no number to sort by") from None
    if kind == "date":
        try:
            return dt.date.fromisoformat(shown)
        except ValueError:
            raise CheckError(f"the cell {cell!r} holds no YYYY-MM-DD date to sort by") from None
    return shown.casefold()


class TableSorted(CheckOptions):
    file: OutputPath
    input_file: InputPath
    column: str = Field(description="The header of the column sorted by.")
    kind: KeyKind = Field(description="How the column compares: text ignoring case, numbers, or ISO dates.")
    descending: bool = False
    heading: str | None = Field(default=None, description="The heading the table sits under; None: the page's "
                                "only table.")
    keep_last: str | None = Field(default=None, description="A row whose first cell is this (a Total row) stays last.")


def _target(lines: list[str], opts: TableSorted, path: str) -> tuple[int, int]:
    spans = table_spans(lines)
    if opts.heading is not None:
        at = next((i for i, line in enumerate(lines) if line.lstrip("#").strip() == opts.heading
                   and line.startswith("#")), None)
        spans = [s for s in spans if at is not None and s[0] > at][:1]
    if len(spans) != 1:
        raise CheckError(f"{path} has {len(spans)} tables where the check expects one "
                         f"({'under ' + repr(opts.heading) if opts.heading else 'on the page'})")
    return spans[0]


def sorted_page(lines: list[str], opts: TableSorted, path: str) -> tuple[int, int, list[str]]:
    """(the table's header line, its end, the page's lines with that table's body sorted as asked)."""
    start, end = _target(lines, opts, path)
    header = _cells(lines[start])
    names = [h.casefold() for h in header]
    if opts.column.casefold() not in names:
        raise CheckError(f"the table in {path} has no column {opts.column!r}; its header is {header}")
    c = names.index(opts.column.casefold())
    body = lines[start + 2:end]
    last = [r for r in body if opts.keep_last and _cells(r)[0].replace("*", "").strip() == opts.keep_last]
    rows = sorted((r for r in body if r not in last), key=lambda r: sort_value(_cells(r)[c], opts.kind),
                  reverse=opts.descending)  # reverse=True keeps ties in their order too
    return start, end, [*lines[:start + 2], *rows, *last, *lines[end:]]


@register_check("text.table_sorted", TableSorted, view="text")
def table_sorted(state: FinalState, opts: TableSorted) -> Verdict:
    """The page is the original with the chosen table's body rows sorted by the column (numbers read
    out of '€1,250', ISO dates, or text ignoring case; ties keep their order; a row whose first cell
    is `keep_last` stays at the bottom), every row whole; every other line, and every other table, as
    it was (cells compared without their padding)."""
    original = input_view(state, opts.input_file, TextView).lines
    start, end, expected = sorted_page(original, opts, opts.input_file)
    want = [_shown(line) for line in expected]
    got = [_shown(line) for line in output_view(state, opts.file, TextView).lines]
    while want and not want[-1]:
        want.pop()
    while got and not got[-1]:
        got.pop()
    for n, (w, g) in enumerate(zip(want, got, strict=False), start=1):
        if w != g:
            inside = "a row of the sorted table" if start + 2 < n <= end else "a line outside the sorted table"
            return Verdict.of(False, f"line {n} of {opts.file} ({inside}) is {g!r}, expected {w!r}")
    if len(got) != len(want):
        return Verdict.of(False, f"{opts.file} has {len(got)} lines, expected {len(want)}")
    order = "descending" if opts.descending else "ascending"
    return Verdict.of(True, f"{end - start - 2} rows sorted by {opts.column!r} ({opts.kind}, {order}); the rest unchanged")
