"""Tables from spreadsheet and delimited files as lists of rows (Forge domain library `tables`)."""

from __future__ import annotations

import csv
import os
from typing import Any

_SPREADSHEET = (".xlsx", ".xlsm")
_DELIMITED = {".csv": ",", ".tsv": "\t"}

__all__ = ["column_index", "read_records", "read_rows", "sort_rows", "write_rows"]


def _kind(path: str) -> str:
    suffix = os.path.splitext(path)[1].lower()
    if suffix in _SPREADSHEET:
        return "sheet"
    if suffix in _DELIMITED:
        return suffix
    raise ValueError(f"{path}: not a table file this library reads ({', '.join((*_SPREADSHEET, *_DELIMITED))})")


def _worksheet(workbook: Any, sheet: str | None, path: str) -> Any:
    if sheet is None:
        return workbook.active
    if sheet not in workbook.sheetnames:
        raise KeyError(f"{path} has no sheet {sheet!r}; its sheets: {workbook.sheetnames}")
    return workbook[sheet]


def read_rows(path: str, sheet: str | None = None) -> list[list[Any]]:
    """Every row of the sheet (default: the active one) or delimited file, as lists of values."""
    kind = _kind(path)
    if kind != "sheet":
        with open(path, newline="", encoding="utf-8-sig") as handle:
            return [list(row) for row in csv.reader(handle, delimiter=_DELIMITED[kind])]
    import openpyxl

    workbook = openpyxl.load_workbook(path)
    return [list(row) for row in _worksheet(workbook, sheet, path).iter_rows(values_only=True)]


def read_records(path: str, sheet: str | None = None) -> list[dict[str, Any]]:
    """The rows below the header as dicts keyed by the header row's text."""
    rows = read_rows(path, sheet)
    if not rows:
        return []
    header = ["" if cell is None else str(cell) for cell in rows[0]]
    return [dict(zip(header, row)) for row in rows[1:]]


def column_index(header: list[Any], name: str) -> int:
    """The 0-based index of `name` in a header row, ignoring case and surrounding spaces."""
    wanted = name.strip().casefold()
    for index, cell in enumerate(header):
        if cell is not None and str(cell).strip().casefold() == wanted:
            return index
    raise KeyError(f"no column {name!r}; the headers are {header}")


def write_rows(path: str, rows: list[list[Any]], sheet: str | None = None) -> None:
    """Write `rows` to `path`: into `sheet` (cleared first) of the workbook already there, keeping its
    other sheets, or a new workbook; a delimited file is rewritten whole."""
    kind = _kind(path)
    if kind != "sheet":
        with open(path, "w", newline="", encoding="utf-8") as handle:
            csv.writer(handle, delimiter=_DELIMITED[kind]).writerows(rows)
        return
    import openpyxl

    if os.path.exists(path):
        workbook = openpyxl.load_workbook(path)
        if sheet is not None and sheet not in workbook.sheetnames:
            workbook.create_sheet(sheet)
        worksheet = _worksheet(workbook, sheet, path)
        worksheet.delete_rows(1, worksheet.max_row)
    else:
        workbook = openpyxl.Workbook()
        worksheet = workbook.active
        if sheet is not None:
            worksheet.title = sheet
    for row in rows:
        worksheet.append(list(row))
    workbook.save(path)


def sort_rows(path: str, by: str, sheet: str | None = None, descending: bool = False, out: str | None = None) -> int:
    """Sort the data rows below the header by the column headed `by`; empty cells go last either way.
    Numbers sort as numbers, everything else as case-insensitive text. Returns the rows sorted."""
    target = out or path
    if _kind(path) != "sheet":
        rows = read_rows(path)
        if not rows:
            return 0
        rows[1:] = _sorted(rows[1:], column_index(rows[0], by), descending)
        os.makedirs(os.path.dirname(os.path.abspath(target)), exist_ok=True)
        write_rows(target, rows)
        return len(rows) - 1
    import openpyxl

    workbook = openpyxl.load_workbook(path)
    worksheet = _worksheet(workbook, sheet, path)
    header = [cell.value for cell in worksheet[1]]
    body = [list(row) for row in worksheet.iter_rows(min_row=2, values_only=True)]
    ordered = _sorted(body, column_index(header, by), descending)
    for r, values in enumerate(ordered, start=2):
        for c, value in enumerate(values, start=1):
            worksheet.cell(row=r, column=c, value=value)
    os.makedirs(os.path.dirname(os.path.abspath(target)), exist_ok=True)
    workbook.save(target)
    return len(ordered)


def _sorted(rows: list[list[Any]], key: int, descending: bool) -> list[list[Any]]:
    def value(row: list[Any]) -> Any:
        return row[key] if key < len(row) else None

    filled = [row for row in rows if value(row) not in (None, "")]
    empty = [row for row in rows if value(row) in (None, "")]
    numbers = [_number(value(row)) for row in filled]
    if all(n is not None for n in numbers):
        keyed = list(zip(numbers, range(len(filled))))
    else:
        keyed = list(zip((str(value(row)).casefold() for row in filled), range(len(filled))))
    order = sorted(keyed, key=lambda pair: pair[0], reverse=descending)
    return [filled[i] for _, i in order] + empty


def _number(value: Any) -> float | None:
    """A cell as a number: a number, or text such as "12" or " 3.5" (as a csv holds them)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    try:
        return float(str(value).strip())
    except ValueError:
        return None
