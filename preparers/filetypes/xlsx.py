"""xlsx, end to end: write (byte-deterministic), inspect, bound, read as tables, round-trip.

- create/`write_workbook`: tables as sheets, header bold, widths fitted, same tables -> same bytes;
- `inspect`: openpyxl, formulas counted and parsed (a formula that does not tokenize is a problem);
- `check_bounds`: zip and sheet-grid bounds before calamine or openpyxl see the bytes;
- `read` -> `TableView`: calamine values (fast), parsed once per content; a lazy openpyxl
  formula lookup explains an empty computed cell;
- `libreoffice`: Calc's import filter forced, one csv per sheet, each sheet's texts must appear;
- mutators: `preparers.filetypes.xlsx_mutators` (wrong value, missing row, wrong place, partial),
  each an edit of the changed sheet's XML (`_xlsx_patch`).
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from forge.checks._xlsx_limits import check_xlsx_limits
from forge.checks.state import parsed_sheets
from forge.errors import CheckError, PreparerError
from forge.filetypes import FileReport, FileTypeBase, LibreOfficeRoute, parsed_once, register_file_type
from forge.filetypes.libreoffice import Expect, Unverified, ends, require
from forge.views import Table, TableView, View
from preparers._ooxml import normalize_package
from preparers.filetypes import xlsx_mutators  # noqa: F401  (its mutators register with it)

FIXED_PROPERTIES_TIME = dt.datetime(2024, 1, 1)


def formula_parses(formula: str) -> bool:
    """Whether an Excel formula tokenizes with balanced parentheses and no dangling operator."""
    from openpyxl.formula import Tokenizer
    from openpyxl.formula.tokenizer import Token

    try:
        items = Tokenizer(formula).items
    except Exception:  # TokenizerError, IndexError on a stray ')'
        return False
    depth = 0
    for tok in items:
        if tok.subtype == Token.OPEN:
            depth += 1
        elif tok.subtype == Token.CLOSE:
            depth -= 1
            if depth < 0:
                return False
    if depth != 0:
        return False
    return not items or not (items[-1].type == Token.OP_IN)


def _shown(value: Any) -> str:
    if isinstance(value, dt.date):
        return value.isoformat()[:10]
    if isinstance(value, float):
        return f"{value:,.2f}"
    return "" if value is None else str(value)


def write_workbook(tables: Sequence[Table], *, formats: dict[str, str] | None = None, title: str = "") -> bytes:
    """Each table as a sheet (row 0 the bold header), number formats by header, widths fitted,
    the header row frozen, fixed document properties: the same tables give the same bytes."""
    import openpyxl
    from openpyxl.styles import Font
    from openpyxl.utils import get_column_letter

    formats = formats or {}
    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    for table in tables:
        ws = wb.create_sheet(table.name)
        for row in table.rows:
            ws.append(row)
        for cell in ws[1]:
            cell.font = Font(bold=True)
        for col, header in enumerate(table.header, start=1):
            fmt = formats.get(str(header))
            if fmt:
                for (cell,) in ws.iter_rows(min_row=2, min_col=col, max_col=col):
                    cell.number_format = fmt
            width = max((len(_shown(r[col - 1])) for r in table.rows), default=0)
            ws.column_dimensions[get_column_letter(col)].width = min(50, width + 2)
        ws.freeze_panes = "A2"
    props = wb.properties
    props.title = title or None
    props.creator = props.lastModifiedBy = "Forge"
    props.created = props.modified = FIXED_PROPERTIES_TIME
    buf = io.BytesIO()
    wb.save(buf)
    return normalize_package(buf.getvalue())


@parsed_once()
def shared_workbook(data: bytes) -> Any:
    """The workbook with its formulas, parsed once per content: the file gate's inspection, the
    checks' formula lookups and the mutators' reading of the oracle's cells (`xlsx_mutators`,
    which edit the sheet's XML, not this) share one openpyxl parse. Read only, and never through
    `ws.cell()` or `iter_rows()`, which add the cells they visit; bounds are the caller's to check first."""
    import openpyxl

    return openpyxl.load_workbook(io.BytesIO(data), data_only=False)


def _formula_lookup(data: bytes, path: str):
    def lookup(table: str, row: int, col: int) -> str | None:
        try:
            check_xlsx_limits(data, path)
            cell = shared_workbook(data)[table]._cells.get((row + 2, col + 1))
        except (CheckError, KeyError, ValueError, OSError):
            return None
        value = cell.value if cell is not None else None
        text = getattr(value, "text", value)  # ArrayFormula
        return text if isinstance(text, str) and text.startswith("=") else None

    return lookup


# --- LibreOffice route -------------------------------------------------------------------------


def _expect(data: bytes) -> Expect:
    """Each sheet's typed texts, from the parse the file gate's inspection and the mutators share
    (a second, read-only openpyxl load here took 6.8 ms a workbook of the spreadsheet workflows,
    this 2.1, the same probes on 30 of them). Formula cells are left out: LibreOffice computes
    their values itself, and a cached value may be absent."""
    check_xlsx_limits(data, "this xlsx file")
    groups: dict[str, list[str]] = {}
    filled: set[str] = set()
    for ws in shared_workbook(data).worksheets:
        values = [cell.value for _, cell in sorted(ws._cells.items())  # row by row, as iter_rows
                  if cell.data_type != "f" and cell.value is not None and str(cell.value).strip()]
        groups[ws.title] = ends([v for v in values if isinstance(v, str)])
        filled.update([ws.title] if values else [])
    return Expect(opened=True, groups=groups, filled=frozenset(filled))


def _check_csv_sheets(outdir: Path, stem: str, expect: Expect) -> str:
    files = sorted(outdir.glob(f"{stem}*.csv"))
    if not files:
        raise Unverified("wrote no csv: the file did not load as a spreadsheet")
    sheets: dict[str, str] = {}
    for f in files:  # <stem>-<sheet>.csv per sheet; LibreOffice < 7.2 writes <stem>.csv, first sheet only
        name = f.stem[len(stem) + 1:] if f.stem != stem else next(iter(expect.groups), "")
        try:
            rows = csv.reader(io.StringIO(f.read_text("utf-8"), newline=""))
            sheets[name] = "\n".join(" ".join(row) for row in rows)
        except (UnicodeDecodeError, csv.Error) as exc:
            raise Unverified(f"wrote {f.name}, which is not UTF-8 csv: {exc}") from exc
    probes = 0
    for sheet in expect.groups or sheets:
        if sheet not in sheets:
            raise Unverified(f"wrote no csv for sheet {sheet!r} (got {sorted(sheets)})")
        probes += require(expect, sheet, sheets[sheet], f"sheet {sheet!r}")
    return f"LibreOffice loaded {len(sheets)} sheet(s); {probes} probe text(s) found in its csv"


# UTF-8 (76), header line, cells as shown, every sheet (-1) into <stem>-<sheet>.csv
XLSX_ROUTE = LibreOfficeRoute("Calc MS Excel 2007 XML",
                              "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true,false,false,-1",
                              _expect, _check_csv_sheets)


@register_file_type("xlsx")
class XlsxFile(FileTypeBase):
    """Excel workbooks: openpyxl to inspect and write, calamine to read values."""

    extensions = (".xlsx",)
    views = ("table",)
    libreoffice = XLSX_ROUTE
    max_reported = 20

    def check_bounds(self, data: bytes, path: str) -> None:
        check_xlsx_limits(data, path)

    def read(self, data: bytes, path: str, view: str) -> View:
        sheets = parsed_sheets(data, path)  # bounded and parsed once per content
        tables = [Table.of(name, rows) for name, rows in sheets.items()]
        return TableView(source=path, tables=tables).with_formulas(_formula_lookup(data, path))

    def create(self, view: View) -> bytes | None:
        return write_workbook(view.tables) if isinstance(view, TableView) else None

    def inspect(self, data: bytes) -> FileReport:
        try:
            wb = shared_workbook(data)  # bounds checked by `inspect_file`
        except Exception as exc:  # BadZipFile, InvalidFileException, KeyError for a missing part
            raise PreparerError(f"not a readable xlsx workbook: {type(exc).__name__}: {exc}") from exc
        sheets: list[str] = []
        dimensions: dict[str, Any] = {}
        formulas = 0
        bad: list[str] = []
        texts: list[str] = []
        for ws in wb.worksheets:
            sheets.append(ws.title)
            texts.append(ws.title)
            dimensions[ws.title] = {"range": ws.dimensions, "rows": ws.max_row, "columns": ws.max_column}
            for _, cell in sorted(ws._cells.items()):  # iter_rows()'s order, without adding the empty cells
                value = cell.value
                formula = getattr(value, "text", None)  # ArrayFormula
                if formula is None and cell.data_type == "f":
                    formula = str(value)
                if formula is not None:
                    formulas += 1
                    if not formula_parses(formula) and len(bad) < self.max_reported:
                        bad.append(f"{ws.title}!{cell.coordinate}: {formula}")
                elif value is not None:
                    texts.append(str(value))
        return FileReport(
            type="xlsx",
            problems=[f"formula does not parse: {b}" for b in bad],
            summary={"sheets": sheets, "dimensions": dimensions, "formulas": formulas,
                     "formulas_ok": not bad, "bad_formulas": bad},
            text="\n".join(texts),
        )
