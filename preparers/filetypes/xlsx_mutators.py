"""xlsx mutators for the package gate: a wrong value, a missing row, the change in the wrong place, half done.

Each works on the cells the oracle changed (output versus input, sheet by sheet, compared as
the checks read them), so it hits what the task is about rather than a cell no check reads.
A reverted cell gets the input's value as calamine reads it (an integer comes back as a
float, a midnight datetime as a date): the same value to every check.
"""

from __future__ import annotations

import datetime as dt
import io
import pickle
from dataclasses import dataclass
from typing import Any

from forge.checks._xlsx_limits import check_xlsx_limits, written_by_forge
from forge.checks.state import parsed_sheets
from forge.filetypes.mutation import MutantFiles, MutationInput, register_mutator

XLSX = {"xlsx"}
Grid = list[list[Any]]


@dataclass
class _Diff:
    """A private copy of the oracle's output workbook, its changed sheet, and what changed there."""

    path: str
    wb: Any
    sheet: Any
    original: Grid | None  # the input's sheet of the same title (calamine values), or None
    changed: list[tuple[int, int]]  # 1-based (row, column)

    def original_value(self, row: int, col: int) -> Any:
        return _at(self.original, row, col)

    def save(self) -> bytes:
        buffer = io.BytesIO()
        self.wb.save(buffer)
        return written_by_forge(buffer.getvalue())  # parsed within bounds, changed a little: no rescan


def _at(grid: Grid | None, row: int, col: int) -> Any:
    """A 1-based cell of a calamine grid; None outside it (as for an empty cell)."""
    if grid is None or row > len(grid) or col > len(grid[row - 1]):
        return None
    return grid[row - 1][col - 1]


def _value(ws: Any, row: int, col: int) -> Any:
    """A cell's value without creating the cell (`ws.cell()` would, and grow max_row)."""
    cell = ws._cells.get((row, col))
    return cell.value if cell is not None else None


def _changes(probe: MutationInput) -> tuple[str, str, list[tuple[int, int]]] | None:
    """(output path, sheet title, changed cells) of the first sheet the oracle changed.

    Worked out once per probe from values as the checks read them (calamine, parsed once per
    content and shared: never modified here), so every mutator hits what the checks read.
    """
    if "xlsx-changes" not in probe.cache:
        probe.cache["xlsx-changes"] = None
        path = next(iter(probe.outputs_of_type(XLSX)), None)
        source = probe.input_of_type("xlsx")
        if path is not None and path in probe.oracle_outputs:
            output = parsed_sheets(probe.oracle_outputs[path], path)
            original = parsed_sheets(probe.inputs[source], source) if source else {}
            for title, grid in output.items():
                before = original.get(title)
                rows = max(len(grid), len(before or []))
                cols = max(max(map(len, grid), default=0), max(map(len, before or []), default=0))
                changed = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)
                           if _at(grid, r, c) != _at(before, r, c)]
                if changed:
                    probe.cache["xlsx-changes"] = (path, title, changed)
                    break
    return probe.cache["xlsx-changes"]


def _private_copy(probe: MutationInput, path: str) -> Any:
    """A workbook of the oracle's output that this mutator may edit.

    The output's shared parse is pickled once per probe; unpickling a copy costs a quarter of
    parsing the xlsx again, and every xlsx mutator needs its own copy.
    """
    key = f"xlsx-pickle:{path}"
    if key not in probe.cache:
        from preparers.filetypes.xlsx import shared_workbook  # (xlsx imports this module)

        data = probe.oracle_outputs[path]
        check_xlsx_limits(data, path)
        probe.cache[key] = pickle.dumps(shared_workbook(data))  # the file gate's parse of the same bytes
    return pickle.loads(probe.cache[key])


def _diff(probe: MutationInput) -> _Diff | None:
    found = _changes(probe)
    if found is None:
        return None
    path, title, changed = found
    source = probe.input_of_type("xlsx")
    original = parsed_sheets(probe.inputs[source], source).get(title) if source else None
    wb = _private_copy(probe, path)
    return _Diff(path, wb, wb[title], original, changed)


def _nudge(value: Any) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, (int, float)):
        return value + max(1, abs(value) * 0.1)
    if isinstance(value, (dt.date, dt.datetime)):
        return value + dt.timedelta(days=1)
    return f"{value}x"


@register_mutator("wrong_value", file_types=XLSX)
def wrong_value(probe: MutationInput) -> MutantFiles | None:
    """One changed cell holds a wrong value (a slip in arithmetic or typing)."""
    diff = _diff(probe)
    if diff is None:
        return None
    filled = [rc for rc in diff.changed if _value(diff.sheet, *rc) is not None]
    if not filled:
        return None
    cell = diff.sheet.cell(*filled[len(filled) // 2])
    cell.value = _nudge(cell.value)
    return {**probe.oracle_outputs, diff.path: diff.save()}


@register_mutator("missing_row", file_types=XLSX)
def missing_row(probe: MutationInput) -> MutantFiles | None:
    """The last row of the changed sheet is gone (an off-by-one range)."""
    diff = _diff(probe)
    filled = [row[0].row for row in diff.sheet.iter_rows() if any(c.value is not None for c in row)] if diff else []
    if diff is None or len(filled) < 2:
        return None
    diff.sheet.delete_rows(filled[-1])  # the last row with content: openpyxl may keep emptied rows
    return {**probe.oracle_outputs, diff.path: diff.save()}


@register_mutator("wrong_place", file_types=XLSX)
def wrong_place(probe: MutationInput) -> MutantFiles | None:
    """The right result written to a new sheet, the asked-for sheet left as it was."""
    diff = _diff(probe)
    if diff is None or diff.original is None:
        return None
    result = diff.wb.create_sheet(f"{diff.sheet.title} (result)"[:31])
    for row in diff.sheet.iter_rows():
        for cell in row:
            result.cell(cell.row, cell.column, cell.value)
    for r, c in diff.changed:
        diff.sheet.cell(r, c).value = diff.original_value(r, c)
    return {**probe.oracle_outputs, diff.path: diff.save()}


@register_mutator("partial", file_types=XLSX)
def partial(probe: MutationInput) -> MutantFiles | None:
    """Only the first half of the changes were made (the agent stopped early)."""
    diff = _diff(probe)
    if diff is None:
        return None
    half = len(diff.changed) // 2
    for r, c in diff.changed[half:]:
        diff.sheet.cell(r, c).value = diff.original_value(r, c)
    return {**probe.oracle_outputs, diff.path: diff.save()}
