"""xlsx mutators for the package gate: a wrong value, a missing row, the change in the wrong place, half done.

Each works on the cells the oracle changed (output versus input, sheet by sheet, compared as
the checks read them), so it hits what the task is about rather than a cell no check reads.
A reverted cell gets the input's value as calamine reads it (an integer comes back as a
float, a midnight datetime as a date): the same value to every check. The output's cells are
read from the parse the file gate's inspection shares (read only); each mutant edits only the
changed sheet's XML (`_xlsx_patch`), so every other part of the oracle's file is kept as it was.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from forge.checks._xlsx_limits import check_xlsx_limits, written_by_forge
from forge.checks.state import parsed_sheets
from forge.filetypes.mutation import MutantFiles, MutationInput, register_mutator
from preparers.filetypes._xlsx_patch import WorkbookPatch

XLSX = {"xlsx"}
Grid = list[list[Any]]


@dataclass
class _Diff:
    """The oracle's output workbook as a patch of its own, its changed sheet, and what changed there."""

    path: str
    title: str
    cells: dict[tuple[int, int], Any]  # the shared openpyxl parse's cells of that sheet: read only
    patch: WorkbookPatch
    original: Grid | None  # the input's sheet of the same title (calamine values), or None
    changed: list[tuple[int, int]]  # 1-based (row, column)

    def original_value(self, row: int, col: int) -> Any:
        return _at(self.original, row, col)

    def value(self, row: int, col: int) -> Any:
        """The output's value as openpyxl reads it (a formula as "=..."); None for an absent cell."""
        cell = self.cells.get((row, col))
        return cell.value if cell is not None else None

    def set(self, row: int, col: int, value: Any) -> None:
        self.patch.sheet(self.title).set(row, col, value)

    def save(self) -> bytes:
        return written_by_forge(self.patch.save())  # parsed within bounds, changed a little: no rescan


def _at(grid: Grid | None, row: int, col: int) -> Any:
    """A 1-based cell of a calamine grid; None outside it (as for an empty cell)."""
    if grid is None or row > len(grid) or col > len(grid[row - 1]):
        return None
    return grid[row - 1][col - 1]


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


def _diff(probe: MutationInput) -> _Diff | None:
    found = _changes(probe)
    if found is None:
        return None
    path, title, changed = found
    source = probe.input_of_type("xlsx")
    original = parsed_sheets(probe.inputs[source], source).get(title) if source else None
    from preparers.filetypes.xlsx import shared_workbook  # (xlsx imports this module)

    data = probe.oracle_outputs[path]
    check_xlsx_limits(data, path)
    return _Diff(path, title, shared_workbook(data)[title]._cells, WorkbookPatch(data), original, changed)


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
    filled = [rc for rc in diff.changed if diff.value(*rc) is not None]
    if not filled:
        return None
    row, col = filled[len(filled) // 2]
    diff.set(row, col, _nudge(diff.value(row, col)))
    return {**probe.oracle_outputs, diff.path: diff.save()}


@register_mutator("missing_row", file_types=XLSX)
def missing_row(probe: MutationInput) -> MutantFiles | None:
    """The last row of the changed sheet is gone (an off-by-one range)."""
    diff = _diff(probe)
    filled = sorted({row for (row, _), cell in diff.cells.items() if cell.value is not None}) if diff else []
    if diff is None or len(filled) < 2:
        return None
    diff.patch.sheet(diff.title).delete_row(filled[-1])  # the last row with content, not an emptied one
    return {**probe.oracle_outputs, diff.path: diff.save()}


@register_mutator("wrong_place", file_types=XLSX)
def wrong_place(probe: MutationInput) -> MutantFiles | None:
    """The right result written to a new sheet, the asked-for sheet left as it was."""
    diff = _diff(probe)
    if diff is None or diff.original is None:
        return None
    diff.patch.copy_sheet(diff.title, f"{diff.title} (result)"[:31])
    for r, c in diff.changed:
        diff.set(r, c, diff.original_value(r, c))
    return {**probe.oracle_outputs, diff.path: diff.save()}


@register_mutator("partial", file_types=XLSX)
def partial(probe: MutationInput) -> MutantFiles | None:
    """Only the first half of the changes were made (the agent stopped early)."""
    diff = _diff(probe)
    if diff is None:
        return None
    half = len(diff.changed) // 2
    for r, c in diff.changed[half:]:
        diff.set(r, c, diff.original_value(r, c))
    return {**probe.oracle_outputs, diff.path: diff.save()}
