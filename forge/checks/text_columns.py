"""Checks over plain-text tables: delimited rows (comma, semicolon or tab separated) laid out as a
fixed-width table, the way `column -t` or a database client prints one, for an email or a ticket.

Each column is as wide as its longest cell (header included); columns are two spaces apart, or in
a `+---+` grid with `| ` and ` |` around the cells. Columns whose every body cell is a number are
right-aligned when asked. The expected lines come from the input's cells; only trailing spaces and
blank lines around the table are free.
"""

from __future__ import annotations

import csv
import re
from typing import Literal

from pydantic import Field

from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import TextView

Delimiter = Literal["comma", "semicolon", "tab"]
Frame = Literal["plain", "rule", "grid"]
DELIMITERS: dict[str, str] = {"comma": ",", "semicolon": ";", "tab": "\t"}
_NUMBER = re.compile(r"^[+-]?\d[\d.,]*$")  # 1250, 1,250.50, 1.250,50 (a decimal comma), -3


def delimited_rows(lines: list[str], delimiter: Delimiter) -> list[list[str]]:
    """The non-blank lines split into cells (quotes honoured, outer spaces trimmed)."""
    rows = [[c.strip() for c in row] for row in csv.reader([x for x in lines if x.strip()],
                                                           delimiter=DELIMITERS[delimiter])]
    if len(rows) < 2 or len({len(r) for r in rows}) != 1:
        raise CheckError(f"the input is not a {delimiter}-separated table with a header and rows of equal width")
    return rows


def number_columns(rows: list[list[str]]) -> list[bool]:
    return [all(_NUMBER.match(r[c]) for r in rows[1:]) for c in range(len(rows[0]))]


def aligned_lines(rows: list[list[str]], frame: Frame, right_numbers: bool) -> list[str]:
    """The table as the instruction lays it out (trailing spaces stripped)."""
    widths = [max(len(r[c]) for r in rows) for c in range(len(rows[0]))]
    right = number_columns(rows) if right_numbers else [False] * len(widths)

    def cells(row: list[str]) -> list[str]:
        return [v.rjust(w) if r else v.ljust(w) for v, w, r in zip(row, widths, right, strict=True)]

    if frame == "grid":
        border = "+" + "+".join("-" * (w + 2) for w in widths) + "+"
        body = ["| " + " | ".join(cells(r)) + " |" for r in rows]
        return [border, body[0], border, *body[1:], border]
    out = ["  ".join(cells(r)).rstrip() for r in rows]
    return [out[0], "  ".join("-" * w for w in widths), *out[1:]] if frame == "rule" else out


class ColumnsAligned(CheckOptions):
    file: OutputPath
    input_file: InputPath
    delimiter: Delimiter = Field(description="What separates the input's cells.")
    frame: Frame = Field(description="plain: columns two spaces apart; rule: the same with a line of dashes (one "
                         "run per column, as wide as it) under the header; grid: +---+ borders above and below the "
                         "header and at the bottom, cells between '| ' and ' |'.")
    right_numbers: bool = Field(description="Columns of numbers right-aligned (else every column left-aligned).")


@register_check("text.columns_aligned", ColumnsAligned, view="text")
def columns_aligned(state: FinalState, opts: ColumnsAligned) -> Verdict:
    """The output is the input's delimited table as a fixed-width text table: every row, in order,
    each cell padded to its column's width (the longest cell), numbers right-aligned when asked,
    framed as asked; nothing else but blank lines around it and trailing spaces."""
    rows = delimited_rows(input_view(state, opts.input_file, TextView).lines, opts.delimiter)
    want = aligned_lines(rows, opts.frame, opts.right_numbers)
    got = [line.rstrip() for line in output_view(state, opts.file, TextView).lines]
    while got and not got[-1]:
        got.pop()
    while got and not got[0]:
        got.pop(0)
    for n, (w, g) in enumerate(zip(want, got, strict=False), start=1):
        if w != g:
            return Verdict.of(False, f"line {n} of the table in {opts.file} is {g[:90]!r}, expected {w[:90]!r}")
    if len(got) != len(want):
        return Verdict.of(False, f"the table in {opts.file} has {len(got)} lines, expected {len(want)}")
    return Verdict.of(True, f"{len(rows) - 1} rows aligned in {len(rows[0])} columns ({opts.frame})")
