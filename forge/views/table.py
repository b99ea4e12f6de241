"""The table view: named rectangular grids of cell values, as a person reads them.

xlsx sheets, csv files, docx and html tables all read into this one shape, so a table check
(`forge.checks.table`) works on any of them. Values are normalised once, here: text is
stripped and an empty string is an empty cell; a midnight datetime is a date; trailing empty
rows and columns are dropped and every row is padded to the table's width.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from forge.errors import CheckError
from forge.views.spec import View, register_view

Cell = bool | int | float | dt.datetime | dt.date | dt.time | dt.timedelta | str | None
FormulaLookup = Callable[[str, int, int], str | None]


def column_letter(index: int) -> str:
    """Excel column letters for a 1-based index (kept local: importing openpyxl is slow)."""
    letters = ""
    while index > 0:
        index, rem = divmod(index - 1, 26)
        letters = chr(65 + rem) + letters
    return letters


def clean_cell(value: Any) -> Cell:
    if isinstance(value, str):
        return value.strip() or None
    if isinstance(value, dt.datetime) and value.time() == dt.time(0) and value.tzinfo is None:
        return value.date()
    return value  # type: ignore[no-any-return]


class Table(BaseModel):
    """One grid: row 0 is the header. Build it with `Table.of(name, rows)` to get normalised cells."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(description="Sheet title, file stem or 'table N'.")
    rows: list[list[Cell]] = Field(description="Header first; every row as wide as the widest.")

    @classmethod
    def of(cls, name: str, rows: Sequence[Sequence[Any]]) -> Table:
        values = [[clean_cell(v) for v in row] for row in rows]
        while values and all(v is None for v in values[-1]):
            values.pop()
        width = max((max((i + 1 for i, v in enumerate(r) if v is not None), default=0) for r in values), default=0)
        return cls.model_construct(name=name, rows=[(r + [None] * width)[:width] for r in values])

    @property
    def header(self) -> list[Cell]:
        return self.rows[0] if self.rows else []

    @property
    def body(self) -> list[list[Cell]]:
        """The data rows below the header."""
        return self.rows[1:]

    def col(self, name: str) -> int | None:
        """Index of the header `name` (exact, then ignoring case and outer spaces)."""
        names = ["" if h is None else str(h).strip() for h in self.header]
        if name in names:
            return names.index(name)
        folded = [n.casefold() for n in names]
        key = name.strip().casefold()
        return folded.index(key) if key in folded else None

    def need_col(self, name: str, source: str = "") -> int:
        """Like `col`, but a missing column is a CheckError that shows the header row."""
        i = self.col(name)
        if i is None:
            shown = [h for h in self.header if h is not None]
            raise CheckError(f"{source or 'the table'} ({self.name!r}) has no column {name!r}; its header row is {shown}")
        return i

    def cell_name(self, row: int, col: int) -> str:
        """A1 name of data row `row` (0-based, below the header) and column `col` (0-based)."""
        return f"{self.name}!{column_letter(col + 1)}{row + 2}"


@register_view
class TableView(View):
    """Every table in one source, in document order."""

    kind: ClassVar[str] = "table"

    source: str = Field(description="Where it was read from (a job-dir path).")
    tables: list[Table]
    _formulas: FormulaLookup | None = PrivateAttr(default=None)

    def with_formulas(self, lookup: FormulaLookup) -> TableView:
        """Attach a lazy formula lookup (xlsx): only asked when a check explains an empty cell."""
        self._formulas = lookup
        return self

    def get(self, name: str | None = None) -> Table:
        """The table called `name` (the first when None). A lone table renamed is still the one
        the task meant; otherwise an unknown name is a CheckError listing the names."""
        if not self.tables:
            raise CheckError(f"{self.source} has no tables")
        if name is None:
            return self.tables[0]
        for table in self.tables:
            if table.name == name:
                return table
        if len(self.tables) == 1:
            return self.tables[0]
        raise CheckError(f"{self.source} has no table {name!r}; its tables are {[t.name for t in self.tables]}")

    def formula_at(self, table: str, row: int, col: int) -> str | None:
        """The formula in data row `row`, column `col` (0-based), where the format keeps formulas."""
        return self._formulas(table, row, col) if self._formulas is not None else None
