"""A real xlsx made with openpyxl, for tests that need a workbook on disk or in a bundle."""

from __future__ import annotations

import io
from typing import Any

import openpyxl


def xlsx_bytes(rows: list[list[Any]], sheet: str = "Data") -> bytes:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = sheet
    for row in rows:
        ws.append(row)
    buffer = io.BytesIO()
    wb.save(buffer)
    return buffer.getvalue()
