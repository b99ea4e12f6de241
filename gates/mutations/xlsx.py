"""Spreadsheet mutators: a wrong value, a missing row, the change in the wrong place, half done.

Each works on the cells the oracle changed (output versus input, sheet by sheet), so it hits
what the task is about rather than a cell no check reads.
"""

from __future__ import annotations

import datetime as dt
import io
import pickle
from dataclasses import dataclass
from typing import Any

from forge.checks.state import original_workbook
from gates.mutations.spec import MutantFiles, MutationInput, register_mutator

XLSX = {"xlsx"}


@dataclass
class _Diff:
    """The oracle's output workbook, its target sheet, and the cells that differ from the input."""

    path: str
    wb: Any
    sheet: Any
    original: Any  # the input's sheet of the same name, or None
    changed: list[tuple[int, int]]

    def save(self) -> bytes:
        buffer = io.BytesIO()
        self.wb.save(buffer)
        return buffer.getvalue()


def _value(ws: Any, row: int, col: int) -> Any:
    """A cell's value without creating the cell (`ws.cell()` would, and grow max_row).

    The input workbook is shared by every probe and episode (`original_workbook`), so it is
    only ever read; openpyxl offers no public read that leaves a missing cell missing.
    """
    cell = ws._cells.get((row, col)) if ws is not None else None
    return cell.value if cell is not None else None


def _private_copy(probe: MutationInput, path: str) -> Any:
    """A workbook of the oracle's output that this mutator may edit.

    The output is parsed once per probe and kept pickled; unpickling a copy costs a quarter of
    parsing the xlsx again, and every xlsx mutator needs its own copy.
    """
    key = f"xlsx-pickle:{path}"
    if key not in probe.cache:
        import openpyxl

        probe.cache[key] = pickle.dumps(openpyxl.load_workbook(io.BytesIO(probe.oracle_outputs[path])))
    return pickle.loads(probe.cache[key])  # noqa: S301 (our own bytes, made just above)


def _diff(probe: MutationInput) -> _Diff | None:
    path = next(iter(probe.outputs_of_type(XLSX)), None)
    source = probe.input_of_type("xlsx")
    if path is None or path not in probe.oracle_outputs:
        return None
    wb = _private_copy(probe, path)
    original_wb = original_workbook(probe.inputs[source], source) if source else None  # shared, read only
    for ws in wb.worksheets:
        original = original_wb[ws.title] if original_wb and ws.title in original_wb.sheetnames else None
        rows = max(ws.max_row, original.max_row if original else 0)
        cols = max(ws.max_column, original.max_column if original else 0)
        changed = [
            (r, c)
            for r in range(1, rows + 1)
            for c in range(1, cols + 1)
            if _value(ws, r, c) != _value(original, r, c)
        ]
        if changed:
            return _Diff(path, wb, ws, original, changed)
    return None


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
        diff.sheet.cell(r, c).value = _value(diff.original, r, c)
    return {**probe.oracle_outputs, diff.path: diff.save()}


@register_mutator("partial", file_types=XLSX)
def partial(probe: MutationInput) -> MutantFiles | None:
    """Only the first half of the changes were made (the agent stopped early)."""
    diff = _diff(probe)
    if diff is None:
        return None
    half = len(diff.changed) // 2
    for r, c in diff.changed[half:]:
        diff.sheet.cell(r, c).value = _value(diff.original, r, c)
    return {**probe.oracle_outputs, diff.path: diff.save()}
