"""csv, end to end: strict UTF-8, sniffed delimiter, strict quoting, rectangular; read as a
one-table `TableView` with numbers and ISO dates typed (as a spreadsheet app would show them);
written back from a table view. LibreOffice has no route: its text import takes any bytes, so
it would prove no more than csv's own parse.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import re
from pathlib import PurePosixPath
from typing import Any

from forge.errors import CheckError, PreparerError
from forge.filetypes import FileReport, FileTypeBase, register_file_type
from forge.views import Table, TableView, View
from preparers.filetypes.text import decode_utf8

_INT = re.compile(r"^[+-]?(0|[1-9][0-9]*)$")  # "007" is an id, not the number 7
_FLOAT = re.compile(r"^[+-]?(0|[1-9][0-9]*)?\.[0-9]+([eE][+-]?[0-9]+)?$|^[+-]?(0|[1-9][0-9]*)[eE][+-]?[0-9]+$")
_DATE = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")


def sniff_delimiter(text: str) -> str:
    """The delimiter among , ; tab | that splits the first lines consistently; comma when none does."""
    try:
        return csv.Sniffer().sniff(text[:8192], delimiters=",;\t|").delimiter
    except csv.Error:  # one column, or nothing to guess from
        return ","


def parse_rows(data: bytes) -> tuple[list[tuple[int, list[str]]], str, int]:
    """(line-numbered non-blank rows, delimiter, blank lines); PreparerError on a bad csv."""
    text = decode_utf8(data, "csv")
    delimiter = sniff_delimiter(text)
    try:  # only the delimiter is sniffed: its quoting guesses misread valid files
        rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True))
    except csv.Error as exc:
        raise PreparerError(f"csv does not parse: {exc}") from exc
    numbered = [(n, row) for n, row in enumerate(rows, start=1) if row]  # csv yields [] for a blank line
    if not numbered:
        raise PreparerError("csv has no rows")
    width = len(numbered[0][1])
    ragged = [f"row {n} has {len(row)} fields" for n, row in numbered if len(row) != width]
    if ragged:
        raise PreparerError(f"csv rows are ragged: the header has {width} fields but "
                            f"{'; '.join(ragged[:5])}{' ...' if len(ragged) > 5 else ''}")
    return numbered, delimiter, len(rows) - len(numbered)


def typed(value: str) -> Any:
    """A csv field as a person reads it: an integer, a decimal, an ISO date, else the text."""
    v = value.strip()
    if _INT.match(v):
        return int(v)
    if _FLOAT.match(v):
        return float(v)
    if _DATE.match(v):
        try:
            return dt.date.fromisoformat(v)
        except ValueError:
            return v
    return v


def _field(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()
    if isinstance(value, float) and value.is_integer():
        return str(int(value)) if abs(value) < 1e15 else repr(value)
    return str(value)


def write_csv(table: Table, delimiter: str = ",") -> bytes:
    """One table as UTF-8 csv with "\\n" line ends: the same table gives the same bytes."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\n")
    writer.writerows([_field(v) for v in row] for row in table.rows)
    return out.getvalue().encode("utf-8")


@register_file_type("csv")
class CsvFile(FileTypeBase):
    """CSV: UTF-8, the delimiter sniffed, strict quoting, every row as wide as the header."""

    extensions = (".csv",)
    views = ("table",)

    def inspect(self, data: bytes) -> FileReport:
        numbered, delimiter, blank = parse_rows(data)
        return FileReport(
            type="csv",
            summary={"rows": len(numbered), "columns": len(numbered[0][1]), "header": numbered[0][1],
                     "delimiter": delimiter, "blank_lines": blank},
            text="\n".join(" ".join(row) for _, row in numbered),
        )

    def read(self, data: bytes, path: str, view: str) -> View:
        try:
            numbered, _, _ = parse_rows(data)
        except PreparerError as exc:
            raise CheckError(f"{path} is not a readable csv: {exc}") from exc
        header, *body = (row for _, row in numbered)
        rows = [[v.strip() for v in header]] + [[typed(v) for v in row] for row in body]
        return TableView(source=path, tables=[Table.of(PurePosixPath(path).stem, rows)])

    def create(self, view: View) -> bytes | None:
        if not isinstance(view, TableView) or len(view.tables) != 1:
            return None
        return write_csv(view.tables[0])
