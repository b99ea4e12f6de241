"""Checks over one markdown pipe table's columns on a page: a column removed, renamed, moved to the
front or the end, or a new one added at the end with a value in every row; the rest of the page
as it was.

Rows are compared by their cells (padding free) and the alignment row by each column's alignment
(`---`, `:---`, `---:`, `:---:`, any number of dashes), so re-padding a table is fine; the cells
move with their column, alignment marker included. The expected page comes from the input and the
instruction's options.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field

from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.text_reports import _SEPARATOR, _cells
from forge.checks.text_tables import table_spans
from forge.errors import CheckError
from forge.views import TextView

ColumnEdit = Literal["remove", "rename", "move", "add"]


class TableColumnsEdited(CheckOptions):
    file: OutputPath
    input_file: InputPath
    operation: ColumnEdit = Field(description="remove the column, rename its header, move it (`position`), or add "
                                  "a new column named `column` at the end holding `value` in every row.")
    column: str = Field(description="The column's header (for add: the new column's header).")
    new_name: str | None = Field(default=None, description="The header a renamed column gets.")
    position: Literal["first", "last"] | None = Field(default=None, description="Where a moved column goes.")
    value: str | None = Field(default=None, description="What every row of an added column holds ('' empty).")
    heading: str | None = Field(default=None, description="The heading the table sits under; None: the page's "
                                "only table.")


def _is_separator(cells: list[str]) -> bool:
    return bool(cells) and all(_SEPARATOR.match(c.replace(" ", "")) for c in cells)


def _alignment(cell: str) -> str:
    return re.sub(r"-+", "---", cell.replace(" ", ""))


def shown(line: str) -> str:
    """A line as a reader sees it: a table row by its cells, an alignment row by its markers."""
    if not line.strip().startswith("|"):
        return line.rstrip()
    cells = _cells(line)
    if _is_separator(cells):
        return "|" + "|".join(_alignment(c) for c in cells) + "|"
    return "| " + " | ".join(" ".join(c.split()) for c in cells) + " |"


def _locate(lines: list[str], heading: str | None, path: str) -> tuple[int, int]:
    spans = table_spans(lines)
    if heading is not None:
        at = next((i for i, line in enumerate(lines) if line.startswith("#") and line.lstrip("#").strip() == heading),
                  None)
        spans = [s for s in spans if at is not None and s[0] > at][:1]
    if len(spans) != 1:
        where = f"under {heading!r}" if heading else "on the page"
        raise CheckError(f"{path} has {len(spans)} tables {where} where the check expects one")
    return spans[0]


def edited_rows(rows: list[list[str]], opts: TableColumnsEdited, path: str) -> list[list[str]]:
    """The table's rows (header, alignment, body) with the column edit applied."""
    header = [h.casefold() for h in rows[0]]
    if opts.operation == "add":
        if opts.column.casefold() in header or opts.value is None:
            raise CheckError(f"adding {opts.column!r} needs a value and a table without that column ({path})")
        return [[*row, opts.column if n == 0 else "---" if n == 1 else opts.value] for n, row in enumerate(rows)]
    if opts.column.casefold() not in header:
        raise CheckError(f"the table in {path} has no column {opts.column!r}; its header is {rows[0]}")
    c = header.index(opts.column.casefold())
    if opts.operation == "remove":
        return [[cell for k, cell in enumerate(row) if k != c] for row in rows]
    if opts.operation == "rename":
        if not opts.new_name:
            raise CheckError("renaming a column needs its new name")
        return [[*rows[0][:c], opts.new_name, *rows[0][c + 1:]], *rows[1:]]
    if opts.position is None:
        raise CheckError("moving a column needs a position: first or last")
    rest = [[cell for k, cell in enumerate(row) if k != c] for row in rows]
    return [[row[c], *r] if opts.position == "first" else [*r, row[c]] for row, r in zip(rows, rest, strict=True)]


def expected_page(lines: list[str], opts: TableColumnsEdited, path: str) -> tuple[int, int, list[str]]:
    """(the table's first line, one past its last, the page's lines with the edit made)."""
    start, end = _locate(lines, opts.heading, path)
    rows = edited_rows([_cells(line) for line in lines[start:end]], opts, path)
    table = ["| " + " | ".join(row) + " |" for row in rows]
    return start, end, [*lines[:start], *table, *lines[end:]]


@register_check("text.table_columns_edited", TableColumnsEdited, view="text")
def table_columns_edited(state: FinalState, opts: TableColumnsEdited) -> Verdict:
    """The page is the original with the chosen table's one column removed, renamed, moved to the
    front or the end (its cells and alignment marker with it), or a new column added at the end
    holding the value in every body row; every row whole; every other line and table as it was
    (cells compared without their padding, alignment rows by their markers; an added column's
    alignment is free)."""
    original = input_view(state, opts.input_file, TextView).lines
    start, end, expected = expected_page(original, opts, opts.input_file)
    want = [shown(line) for line in expected]
    got = [shown(line) for line in output_view(state, opts.file, TextView).lines]
    if opts.operation == "add" and len(got) > start + 1 and got[start + 1].startswith("|"):
        got[start + 1] = got[start + 1].rsplit("|", 2)[0] + "|---|"  # the new column's alignment is free
    while want and not want[-1]:
        want.pop()
    while got and not got[-1]:
        got.pop()
    for n, (w, g) in enumerate(zip(want, got, strict=False), start=1):
        if w != g:
            inside = "a row of the edited table" if start < n <= end else "a line outside the edited table"
            return Verdict.of(False, f"line {n} of {opts.file} ({inside}) is {g[:90]!r}, expected {w[:90]!r}")
    if len(got) != len(want):
        return Verdict.of(False, f"{opts.file} has {len(got)} lines, expected {len(want)}")
    return Verdict.of(True, f"column {opts.column!r}: {opts.operation} done over {end - start - 2} rows; "
                      "the rest unchanged")
