"""csv, end to end: strict UTF-8, sniffed delimiter, strict quoting, rectangular; read as a
one-table `TableView` with numbers and ISO dates typed (as a spreadsheet app would show them);
written back from a table view; mutators (wrong value, missing row, partial) on what the oracle
changed. LibreOffice has no route: its text import takes any bytes, so
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
from forge.filetypes import (
    FileReport,
    FileTypeBase,
    MutantFiles,
    MutationInput,
    read_view,
    register_file_type,
    register_mutator,
)
from forge.views import Table, TableView, View
from preparers.filetypes.text import decode_utf8

_INT = re.compile(r"^[+-]?(0|[1-9][0-9]*)$")  # "007" is an id, not the number 7
_FLOAT = re.compile(r"^[+-]?(0|[1-9][0-9]*)?\.[0-9]+([eE][+-]?[0-9]+)?$|^[+-]?(0|[1-9][0-9]*)[eE][+-]?[0-9]+$")
_DATE = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")
CSV = {"csv"}


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


# --- mutators: the oracle's csv output as a near miss -----------------------------------------


def _csv_change(probe: MutationInput) -> tuple[str, list[list[Any]], list[list[Any]], list[tuple[int, int]]] | None:
    """(output path, its rows, the input's rows, changed cells) of the first csv output, once per probe."""
    if "csv-change" not in probe.cache:
        probe.cache["csv-change"] = None
        path = next(iter(probe.outputs_of_type(CSV)), None)
        source = probe.input_of_type("csv")
        if path is not None and path in probe.oracle_outputs:
            out = [list(r) for r in read_view(probe.oracle_outputs[path], path, TableView).get().rows]
            before = [list(r) for r in read_view(probe.inputs[source], source, TableView).get().rows] if source else []
            cell = lambda g, r, c: g[r][c] if r < len(g) and c < len(g[r]) else None
            width = max((len(r) for r in out + before), default=0)
            changed = [(r, c) for r in range(max(len(out), len(before))) for c in range(width)
                       if cell(out, r, c) != cell(before, r, c)]
            probe.cache["csv-change"] = (path, out, before, changed) if changed else None
    return probe.cache["csv-change"]


def _mutant(probe: MutationInput, path: str, rows: list[list[Any]]) -> MutantFiles:
    return {**probe.oracle_outputs, path: write_csv(Table.of(PurePosixPath(path).stem, rows))}


def _nudge(value: Any) -> Any:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value + max(1, abs(value) * 0.1)
    if isinstance(value, dt.date):
        return value + dt.timedelta(days=1)
    return f"{value}x"


@register_mutator("csv.wrong_value", file_types=CSV)
def wrong_value(probe: MutationInput) -> MutantFiles | None:
    """One changed csv field holds a wrong value (a slip in arithmetic or typing)."""
    found = _csv_change(probe)
    filled = [(r, c) for r, c in found[3] if r < len(found[1]) and c < len(found[1][r])
              and found[1][r][c] is not None] if found else []
    if not found or not filled:
        return None
    path, rows = found[0], [list(r) for r in found[1]]
    r, c = filled[len(filled) // 2]
    rows[r][c] = _nudge(rows[r][c])
    return _mutant(probe, path, rows)


@register_mutator("csv.missing_row", file_types=CSV)
def missing_row(probe: MutationInput) -> MutantFiles | None:
    """The last data row of the csv output is gone (an off-by-one range)."""
    found = _csv_change(probe)
    if not found or len(found[1]) < 3:
        return None
    return _mutant(probe, found[0], [list(r) for r in found[1][:-1]])


@register_mutator("csv.partial", file_types=CSV)
def partial(probe: MutationInput) -> MutantFiles | None:
    """Only the first half of the changes to the csv were made (the agent stopped early)."""
    found = _csv_change(probe)
    if not found or not found[2]:
        return None
    path, rows, before, changed = found
    rows = [list(r) for r in rows]
    undoable = [(r, c) for r, c in changed if r < len(rows) and r < len(before) and c < len(before[r]) and c < len(rows[r])]
    if not undoable:  # the output shares no cells with the input (a new table): nothing to half-do
        return None
    for r, c in undoable[len(undoable) // 2:]:
        rows[r][c] = before[r][c]
    return _mutant(probe, path, rows)
