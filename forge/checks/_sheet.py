"""The first step of the sheet checks that read what the app sets on a sheet (notes, protection):
the data must be the input's, and the openpyxl sheet of the same name is what they inspect."""

from __future__ import annotations

from typing import Any

from forge.checks.state import FinalState
from forge.checks.table_layout import SheetSetup, unchanged, worksheet
from forge.views import Table


def data_sheet(state: FinalState, opts: SheetSetup) -> tuple[Table, Any, str | None]:
    """(the input's data table, the output's openpyxl sheet of it, why the check fails already or None)."""
    original, msg = unchanged(state, opts)
    if msg:
        return original, None, msg
    ws, why = worksheet(state, opts.file, original.name)
    return original, ws, why
