"""Checks over a table cut into consecutive parts for an import limit: a contact list the mailing
tool takes at most N rows of at a time, an orders export split in three for an upload portal.

Each part is checked on its own: the input's header, then its slice of the data rows - parts of at
most `size` rows (the last takes what is left), or `parts` parts as even as possible (the first
ones taking a row more) - after empty lines are left out and the rows put in order, when asked.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from forge.checks._compare import header_diff, rows_diff, sort_key
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import TableView


class ChunkPart(CheckOptions):
    file: OutputPath
    input_file: InputPath
    part: Literal[1, 2, 3, 4] = Field(description="Which part this file is, counting from 1.")
    size: int | None = Field(default=None, ge=1, description="Rows per part (the last part takes the rest); "
                             "None: `parts` even parts.")
    parts: Literal[2, 3, 4] = Field(default=3, description="How many parts, with `size` None.")
    sort_by: str | None = Field(default=None, description="Rows ordered by this column first, smallest or A first "
                                "(ties keep the file's order).")
    skip_blank: bool = Field(default=False, description="Empty lines of the input are left out.")


def _bounds(total: int, opts: ChunkPart) -> tuple[int, int]:
    """The [start, end) rows of the part."""
    if opts.size is not None:
        start = (opts.part - 1) * opts.size
        return min(start, total), min(start + opts.size, total)
    base, extra = divmod(total, opts.parts)
    start = (opts.part - 1) * base + min(opts.part - 1, extra)
    return start, start + base + (1 if opts.part <= extra else 0)


@register_check("table.chunk_part", ChunkPart, view="table")
def chunk_part(state: FinalState, opts: ChunkPart) -> Verdict:
    """The file has the input's header and exactly its part's rows, whole and in order: the rows
    (empty lines left out and put in order of the sort column, ties as they were, when asked) cut
    into parts of at most `size` rows or into `parts` parts as even as possible, the first parts
    taking the extra rows."""
    source = input_view(state, opts.input_file, TableView).get()
    rows: list[list[Any]] = [r for r in source.body if not (opts.skip_blank and all(v is None for v in r))]
    if opts.sort_by is not None:
        col = source.need_col(opts.sort_by, opts.input_file)
        rows = sorted(rows, key=lambda r: sort_key(r[col]))
    if opts.size is None and opts.part > opts.parts:
        raise CheckError(f"part {opts.part} of {opts.parts}")
    start, end = _bounds(len(rows), opts)
    output = output_view(state, opts.file, TableView).get()
    if msg := header_diff(source, output, opts.file):
        return Verdict.of(False, msg)
    rule = f"at most {opts.size} rows a part" if opts.size else f"{opts.parts} even parts"
    if msg := rows_diff(rows[start:end], output.body, output, source.header, opts.file):
        return Verdict.of(False, f"{msg} (part {opts.part}: rows {start + 1} to {end} of {len(rows)}, {rule})")
    return Verdict.of(True, f"part {opts.part}: rows {start + 1} to {end} of {len(rows)} ({rule})")
