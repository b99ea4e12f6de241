"""Table checks about how a sheet is set up rather than what it holds: frozen panes and AutoFilter,
number formats, named ranges. They read the workbook itself (openpyxl, through `FinalState.xlsx`)
for what a person sets in the app, and the table view for the values, which must stay as the task
gave them (a number format never changes a value; converting text amounts first is asked apart).
"""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import Field

from forge.checks._compare import header_diff, rows_diff, show
from forge.checks._xlsx_sheet_views import SheetView
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.table_ops import parse_date, parse_number
from forge.views import Table, TableView, column_letter


def _fail(message: str) -> Verdict:
    return Verdict.of(False, message)


class SheetSetup(CheckOptions):
    file: OutputPath
    input_file: InputPath
    table: str | None = Field(default=None, description="The data sheet; None: the first.")


def worksheet(state: FinalState, path: str, name: str | None) -> tuple[Any, str | None]:
    """The openpyxl sheet `name` of the workbook at `path` (the first when None), or why not."""
    wb = state.xlsx(path)
    if name is None:
        return wb.worksheets[0], None
    if name not in wb.sheetnames:
        return None, no_sheet(path, name, wb.sheetnames)
    return wb[name], None


def no_sheet(path: str, name: str, names: list[str]) -> str:
    return f"{path} has no sheet {name!r}; its sheets are {names}"


def unchanged(state: FinalState, opts: SheetSetup, expected: list[list[Any]] | None = None) -> tuple[Table, str | None]:
    """The input's data sheet, and why the output's copy of it differs (header, cells, row count);
    `expected`: the data rows it must hold instead of the input's (a column converted first)."""
    original = input_view(state, opts.input_file, TableView).get(opts.table)
    output = output_view(state, opts.file, TableView).get(opts.table)
    msg = header_diff(original, output, opts.file) or rows_diff(
        original.body if expected is None else expected, output.body, output, original.header, opts.file)
    return original, (f"the data on {original.name!r} changed: {msg}" if msg else None)


# --- table.sheet_finish --------------------------------------------------------------------------

Finish = Literal["none", "freeze_header", "freeze_both", "autofilter"]


class SheetFinish(CheckOptions):
    file: OutputPath
    table: str = Field(description="The sheet the finishing step applies to.")
    finish: Finish = Field(description="none: nothing asked; freeze_header: row 1 frozen; freeze_both: row 1 "
                                       "and column A frozen; autofilter: a filter over the whole table.")


_RANGE = re.compile(r"^\$?([A-Z]{1,3})\$?(\d+)(?::\$?([A-Z]{1,3})\$?(\d+))?$")


def _column_index(letters: str) -> int:
    index = 0
    for ch in letters:
        index = index * 26 + ord(ch) - 64
    return index


def cell_range(ref: str) -> tuple[int, int, int, int] | None:
    """(first column, first row, last column, last row), 1-based, of an A1 range like `$B$2:$B$40`."""
    found = _RANGE.match(ref.strip().upper())
    if found is None:
        return None
    c1, r1 = _column_index(found[1]), int(found[2])
    c2, r2 = (_column_index(found[3]), int(found[4])) if found[3] else (c1, r1)
    return c1, r1, c2, r2


@register_check("table.sheet_finish", SheetFinish, view="table")
def sheet_finish(state: FinalState, opts: SheetFinish) -> Verdict:
    """The sheet's header row (and first column) is frozen, or AutoFilter covers every column and
    data row of its table, as the finishing step asked; `none` asks nothing of the sheet's view."""
    if opts.finish == "none":
        return Verdict.of(True, "no finishing step was asked")
    views = state.sheet_views(opts.file)
    if opts.table not in views.names:
        return _fail(no_sheet(opts.file, opts.table, views.names))
    view = views.views.get(opts.table) or SheetView(None, None)  # a chart sheet: neither
    if opts.finish == "autofilter":
        table = output_view(state, opts.file, TableView).get(opts.table)
        ref = view.autofilter
        bounds = cell_range(ref) if ref else None
        width, height = len(table.header), len(table.rows)
        last = f"{column_letter(width)}{height}"
        if bounds is None:
            return _fail(f"sheet {opts.table!r} has no AutoFilter; turn it on over A1:{last}")
        c1, r1, c2, r2 = bounds
        if (c1, r1) != (1, 1) or c2 < width or r2 < height:
            return _fail(f"the AutoFilter of {opts.table!r} covers {ref}, expected the whole table A1:{last} "
                         "(header row included)")
        return Verdict.of(True, f"AutoFilter over {ref}")
    want = (1, 0) if opts.finish == "freeze_header" else (1, 1)
    got = view.frozen
    what = "row 1" if want == (1, 0) else "row 1 and column A"
    if got != want:
        shown = "no frozen panes" if got is None else f"{got[0]} row(s) and {got[1]} column(s) frozen"
        return _fail(f"sheet {opts.table!r} has {shown}; freeze {what} (View > Freeze Cells)")
    return Verdict.of(True, f"{what} frozen on {opts.table!r}")


# --- table.number_formatted ----------------------------------------------------------------------

NumberFormat = Literal["currency", "euro", "thousands", "two_decimals", "date_iso", "date_dmy", "date_long"]
_LOCALE = re.compile(r"\[\$([^\]-]*)(?:-[0-9a-f]+)?\]")


def format_code(code: str | None) -> str:
    """A number format's first section as a comparable string: lower case, escapes, quotes and locale
    tags dropped (`[$$-409]#,##0.00` -> `$#,##0.00`, `YYYY\\-MM\\-DD` -> `yyyy-mm-dd`)."""
    first = (code or "General").split(";")[0]
    first = _LOCALE.sub(lambda m: m[1], first)
    return first.replace("\\", "").replace('"', "").replace("_(", "").replace("_)", "").strip().lower()


def _decimals(code: str) -> int:
    found = re.search(r"\.(0+)", code)
    return len(found[1]) if found else 0


FORMATS: dict[str, Any] = {  # what a person asking for each format accepts
    "currency": lambda c: "$" in c and "#,##0" in c and _decimals(c) == 2,
    "euro": lambda c: "€" in c and "#,##0" in c and _decimals(c) == 2,
    "thousands": lambda c: "#,##0" in c and _decimals(c) == 0 and not re.search(r"[$€%]", c),
    "two_decimals": lambda c: "0.00" in c and _decimals(c) == 2 and not re.search(r"[$€%]", c),
    "date_iso": lambda c: c in ("yyyy-mm-dd", "yyyy-mm-dd;@"),
    "date_dmy": lambda c: c in ("dd/mm/yyyy", "dd/mm/yyyy;@"),
    "date_long": lambda c: "mmmm" in c and "yyyy" in c and "d" in c.replace("mmmm", ""),
}


class NumberFormatted(SheetSetup):
    column: str
    format: NumberFormat
    convert: bool = Field(default=False, description="The column held amounts or dates typed as text: each "
                                                      "cell must now be the real number or date.")


@register_check("table.number_formatted", NumberFormatted, view="table")
def number_formatted(state: FinalState, opts: NumberFormatted) -> Verdict:
    """Every data cell of the column shows the asked number format; the values are the input's
    (converted from text to numbers or dates when asked) and nothing else on the sheet changed."""
    original = input_view(state, opts.input_file, TableView).get(opts.table)
    c = original.need_col(opts.column, opts.input_file)
    dates = opts.format.startswith("date")
    expected = [list(r) for r in original.body]
    if opts.convert:
        for row in expected:
            row[c] = (parse_date(row[c]) if dates else parse_number(row[c])) if row[c] is not None else None
    _, msg = unchanged(state, opts, expected)
    if msg:
        return _fail(msg + (" (the text must become real dates)" if dates else " (text amounts must become numbers)")
                     if opts.convert else msg)
    ws, why = worksheet(state, opts.file, opts.table)
    if why:
        return _fail(why)
    accepts = FORMATS[opts.format]
    letter = column_letter(c + 1)
    for r, row in enumerate(expected, start=2):
        if row[c] is None:
            continue
        code = ws[f"{letter}{r}"].number_format
        if not accepts(format_code(code)):
            return _fail(f"{letter}{r} ({opts.column!r}) has the number format {show(code)}, not the "
                         f"{opts.format.replace('_', ' ')} format asked")
    return Verdict.of(True, f"{opts.column!r} shows the {opts.format} format on {len(expected)} rows")


# --- table.named_ranges --------------------------------------------------------------------------


class NamedRanges(SheetSetup):
    names: list[str] = Field(min_length=1, description="The names asked for.")
    columns: list[str | None] = Field(min_length=1, description="Per name: the column whose data cells it covers "
                                                                "(header excluded); None: the whole table, header "
                                                                "included.")
    sheet_scope: bool = Field(default=False, description="Names local to the data sheet, not workbook-wide.")


def _target(text: str) -> tuple[str, tuple[int, int, int, int] | None]:
    """(sheet, range) a defined name refers to, from `'My Sheet'!$A$1:$B$9`."""
    sheet, _, ref = text.rpartition("!")
    return sheet.strip("'").replace("''", "'"), cell_range(ref)


@register_check("table.named_ranges", NamedRanges, view="table")
def named_ranges(state: FinalState, opts: NamedRanges) -> Verdict:
    """Each asked name is defined (workbook-wide, or local to the data sheet) and refers to exactly
    its column's data cells (or the whole table) on the data sheet, as the data stands; the data is
    unchanged."""
    if len(opts.names) != len(opts.columns):
        return _fail(f"{len(opts.names)} names but {len(opts.columns)} columns: one column (or None) per name")
    original, msg = unchanged(state, opts)
    if msg:
        return _fail(msg)
    wb = state.xlsx(opts.file)
    ws, why = worksheet(state, opts.file, original.name)
    if why:
        return _fail(why)
    scope = ws.defined_names if opts.sheet_scope else wb.defined_names
    other = wb.defined_names if opts.sheet_scope else ws.defined_names
    where = f"local to sheet {original.name!r}" if opts.sheet_scope else "for the whole workbook"
    folded = {k.casefold(): v for k, v in scope.items()}
    last = len(original.rows)
    for name, column in zip(opts.names, opts.columns, strict=True):
        if column is None:
            ref = f"A1:{column_letter(len(original.header))}{last}"
        else:
            letter = column_letter(original.need_col(column, opts.input_file) + 1)
            ref = f"{letter}2:{letter}{last}"
        found = folded.get(name.casefold())
        if found is None:
            misplaced = " (it is defined, but with the other scope)" if name.casefold() in {
                k.casefold() for k in other} else ""
            return _fail(f"no name {name!r} is defined {where}{misplaced}; defined: {sorted(scope) or 'none'}")
        sheet, bounds = _target(found.attr_text or "")
        if sheet != original.name or bounds != cell_range(ref):
            return _fail(f"the name {name!r} refers to {found.attr_text}, expected '{original.name}'!{ref}")
    return Verdict.of(True, f"{len(opts.names)} name(s) defined {where}")
