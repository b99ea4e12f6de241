"""Inputs that need more than values: a workbook made by `_book.workbook`, then edited with
openpyxl (notes left on cells, sheets hidden or left empty) and normalised again, so the same
draw still gives the same bytes."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

from preparers._ooxml import normalize_package


def edited(data: bytes, edit: Callable[[Any], None]) -> bytes:
    """`data` (an xlsx) with `edit(workbook)` applied, saved and normalised."""
    import openpyxl

    wb = openpyxl.load_workbook(io.BytesIO(data))
    edit(wb)
    buf = io.BytesIO()
    wb.save(buf)
    return normalize_package(buf.getvalue())
