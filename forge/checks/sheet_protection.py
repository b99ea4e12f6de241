"""A sheet check about protection: the sheet is protected (with the stated password, or none) and
exactly the cells people should still type in are unlocked - a column's data cells, or the empty
rows below the table kept open for new entries - while every other cell of the table stays locked.

A cell's lock is read as the app applies it: the cell's own format, else its row's, else its
column's (Calc and Excel unlock a whole column or row through its format), else locked.
"""

from __future__ import annotations

import base64
import hashlib
from typing import Any

from pydantic import Field

from forge.checks._sheet import data_sheet
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.table_layout import SheetSetup
from forge.views import column_letter


class SheetProtected(SheetSetup):
    editable: list[str] = Field(default_factory=list, description="Columns whose data cells stay editable.")
    through_row: int | None = Field(default=None, description="The empty rows below the table, down to this row, "
                                                              "stay editable across the table's columns.")
    password: str | None = Field(default=None, description="The password asked; None: protection without one.")


def locked(ws: Any, row: int, col: int) -> bool:
    """Whether the cell is locked as the app applies formats (cell, then row, then column)."""
    cell = ws._cells.get((row, col))  # never create a cell
    if cell is not None:
        return bool(cell.protection.locked)
    dim = ws.row_dimensions.get(row)
    if dim is not None and dim.customFormat:
        return bool(dim.protection.locked)
    for dim in ws.column_dimensions.values():
        if dim.min is not None and dim.max is not None and dim.min <= col <= dim.max:
            return bool(dim.protection.locked)
    return True


def password_matches(protection: Any, password: str) -> bool:
    """The sheet's stored hash is `password`'s: the legacy 16-bit hash, or an ECMA-376 salted one."""
    if protection.algorithmName and protection.hashValue and protection.saltValue:
        name = protection.algorithmName.replace("-", "").lower()
        if name not in ("sha512", "sha384", "sha256", "sha1", "md5"):
            return False
        digest = hashlib.new(name, base64.b64decode(protection.saltValue) + password.encode("utf-16-le")).digest()
        for i in range(int(protection.spinCount or 0)):
            digest = hashlib.new(name, digest + i.to_bytes(4, "little")).digest()
        return base64.b64encode(digest).decode() == protection.hashValue
    if protection.password:
        from openpyxl.utils.protection import hash_password

        return str(protection.password).upper() == hash_password(password).upper()
    return False


def _has_password(protection: Any) -> bool:
    return bool(protection.password or protection.hashValue)


@register_check("table.sheet_protected", SheetProtected, view="table")
def sheet_protected(state: FinalState, opts: SheetProtected) -> Verdict:
    """The data sheet is protected, with the stated password (or without one); the editable columns'
    data cells and the entry rows below the table (across its columns) are unlocked, every other cell
    of the table is locked; the data is unchanged."""
    original, ws, why = data_sheet(state, opts)
    if why:
        return Verdict.of(False, why)
    guard = ws.protection
    if not guard.sheet:
        return Verdict.of(False, f"sheet {original.name!r} is not protected (Tools > Protect Sheet)")
    if opts.password is None and _has_password(guard):
        return Verdict.of(False, f"sheet {original.name!r} is protected with a password; none was asked")
    if opts.password is not None and not password_matches(guard, opts.password):
        shown = "no password" if not _has_password(guard) else "another password"
        return Verdict.of(False, f"sheet {original.name!r} is protected with {shown}, not the one asked")
    width, last = len(original.header), len(original.rows)
    open_cols = {original.need_col(name, opts.input_file) + 1 for name in opts.editable}
    bottom = max(last, opts.through_row or 0)

    def editable(r: int, c: int) -> bool:
        return (c in open_cols and 2 <= r <= last) or r > last

    wrong = [(r, c) for r in range(1, bottom + 1) for c in range(1, width + 1) if locked(ws, r, c) == editable(r, c)]
    if wrong:
        r, c = wrong[0]
        should = "editable (unlocked)" if editable(r, c) else "locked"
        return Verdict.of(False, f"{column_letter(c)}{r} should be {should} ({len(wrong)} cell(s) wrong)")
    open_rows = f", rows {last + 1}-{bottom} open for entries" if bottom > last else ""
    return Verdict.of(True, f"{original.name!r} protected; {len(open_cols)} column(s) editable{open_rows}")
