"""Cell edits in an xlsx's sheet XML, for the mutators: only the edited parts are parsed and rewritten.

A mutant changes a few cells of one sheet. Loading a private openpyxl copy and saving it again
re-wrote every sheet (~25 ms a mutant of the spreadsheet and multi workflows, measured); here the
sheet's XML is edited in place (`PackageCopy`) and every other member, shared strings and styles
included, is written back as it was. Values are written as openpyxl 3.1 writes them: numbers,
booleans, error codes, inline strings, "=..." as a formula; a date, time or duration goes into a
cell whose number format shows one (a style is added, as openpyxl sets a number format, when the
cell has none).

    patch = WorkbookPatch(data)
    patch.sheet("Budget").set(28, 5, 1234.5)
    mutant = patch.save()
"""

from __future__ import annotations

import copy
import datetime as dt
import posixpath
import re
from collections.abc import Iterator
from typing import Any

from lxml import etree
from openpyxl.cell.cell import ERROR_CODES, get_time_format
from openpyxl.compat import NUMERIC_TYPES, safe_string
from openpyxl.styles.numbers import BUILTIN_FORMATS, BUILTIN_FORMATS_REVERSE, is_date_format
from openpyxl.utils.cell import coordinate_to_tuple, get_column_letter
from openpyxl.utils.datetime import CALENDAR_MAC_1904, CALENDAR_WINDOWS_1900, to_excel
from openpyxl.workbook.child import avoid_duplicate_name

from forge.errors import CheckError
from preparers.filetypes._package_copy import PackageCopy

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships"
_TYPES = "http://schemas.openxmlformats.org/package/2006/content-types"
_WORKSHEET = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"
_NS = {"m": MAIN}
_PARSER = etree.XMLParser(resolve_entities=False, no_network=True)
_ROW_OF_REF = re.compile(r"\d+$")


def _q(tag: str) -> str:
    return f"{{{MAIN}}}{tag}"


def _parse(data: bytes) -> Any:
    return etree.fromstring(data, _PARSER)


class WorkbookPatch:
    """One mutant of a workbook: edited sheets, added sheets, and the styles a date needed."""

    def __init__(self, data: bytes) -> None:
        self.package = PackageCopy(data, _parse)
        self._workbook = self.package.related("", "officeDocument")
        self._sheets: dict[str, SheetXml] = {}
        self._styles: _Styles | None = None
        self._read_only_book: Any = None

    def _book(self) -> Any:
        """The workbook part, read only (a part taken with `package.part` is written back on save)."""
        if self._read_only_book is None:
            self._read_only_book = _parse(self.package.read(self._workbook))
        return self._read_only_book

    def _titles(self) -> dict[str, str]:
        """Sheet title -> its part, in workbook order."""
        targets = self.package.targets(self._workbook)
        return {s.get("name"): targets[s.get(f"{{{_REL}}}id")].part
                for s in self._book().iterfind("m:sheets/m:sheet", _NS)}

    def sheet(self, title: str) -> SheetXml:
        if title not in self._sheets:
            self._sheets[title] = SheetXml(self.package.part(self._titles()[title]), self)
        return self._sheets[title]

    def copy_sheet(self, title: str, new_title: str) -> None:
        """A new last sheet with `title`'s cells (values, formulas, styles) as they are now."""
        source = self.sheet(title).root
        root = etree.Element(_q("worksheet"), nsmap={None: MAIN, "r": _REL})
        for tag in ("dimension", "sheetData"):  # nothing that names a relationship of the source's part
            if (found := source.find(_q(tag))) is not None:
                root.append(copy.deepcopy(found))
        names = self.package.names()
        part = next(p for n in range(1, len(names) + 2) if (p := f"xl/worksheets/sheet{n}.xml") not in names)
        self.package.add(part, root)
        folder, name = posixpath.split(self._workbook)
        rels = self.package.part(posixpath.join(folder, "_rels", name + ".rels"))
        taken = {r.get("Id") for r in rels}
        rel_id = next(i for n in range(1, len(taken) + 2) if (i := f"rId{n}") not in taken)
        etree.SubElement(rels, f"{{{_PKG_REL}}}Relationship", Id=rel_id,
                         Target=posixpath.relpath(part, folder), Type=f"{_REL}/worksheet")
        types = self.package.part("[Content_Types].xml")
        etree.SubElement(types, f"{{{_TYPES}}}Override", PartName=f"/{part}", ContentType=_WORKSHEET)
        sheets = self.package.part(self._workbook).find("m:sheets", _NS)
        ids = [int(s.get("sheetId", 0)) for s in sheets]
        title = avoid_duplicate_name([s.get("name", "") for s in sheets], new_title)  # create_sheet's naming
        etree.SubElement(sheets, _q("sheet"), {"name": title, "sheetId": str(max(ids, default=0) + 1),
                                               f"{{{_REL}}}id": rel_id})

    def date_style(self, style: str, value: Any) -> str:
        """A style index like `style` whose number format shows `value`'s kind of date."""
        if self._styles is None:
            try:
                part = self.package.related(self._workbook, "styles")
            except KeyError:
                raise CheckError("cannot write a date into this workbook: it has no styles part") from None
            self._styles = _Styles(self.package.part(part))
        return self._styles.dated(style, get_time_format(type(value)))  # the format openpyxl gives that kind

    @property
    def epoch(self) -> dt.datetime:
        properties = self._book().find("m:workbookPr", _NS)
        return CALENDAR_MAC_1904 if properties is not None and properties.get("date1904") in ("1", "true") \
            else CALENDAR_WINDOWS_1900

    def save(self) -> bytes:
        for sheet in self._sheets.values():
            sheet.refresh_dimension()
        return self.package.save()


class SheetXml:
    """A worksheet part's rows and cells, addressed 1-based as openpyxl does."""

    def __init__(self, root: Any, patch: WorkbookPatch) -> None:
        self.root, self._patch = root, patch
        self.data = root.find(_q("sheetData"))
        if self.data is None:
            raise CheckError("a worksheet part has no sheetData")
        self._rows: dict[int, Any] = {}
        number = 0
        for row in self.data.iterfind(_q("row")):
            number = int(row.get("r") or _row_named(row.find(_q("c"))) or number + 1)
            row.set("r", str(number))  # as readers place a row without r: made explicit for the edits
            self._rows[number] = row

    def set(self, row: int, col: int, value: Any) -> None:
        """Write `value` into the cell, keeping its style; None or "" leaves it empty."""
        cell = self._cell(row, col, create=value is not None and value != "")
        if cell is None:
            return
        for child in list(cell):
            cell.remove(child)
        cell.attrib.pop("t", None)
        if value is None or value == "":
            return
        if isinstance(value, bool):
            cell.set("t", "b")
            etree.SubElement(cell, _q("v")).text = "1" if value else "0"
        elif isinstance(value, NUMERIC_TYPES):
            cell.set("t", "n")
            etree.SubElement(cell, _q("v")).text = safe_string(value)
        elif isinstance(value, (dt.date, dt.time, dt.timedelta)):
            cell.set("s", self._patch.date_style(cell.get("s", "0"), value))
            cell.set("t", "n")
            etree.SubElement(cell, _q("v")).text = safe_string(to_excel(value, self._patch.epoch))
        elif isinstance(value, str) and len(value) > 1 and value.startswith("="):
            etree.SubElement(cell, _q("f")).text = value[1:]
        elif isinstance(value, str) and value in ERROR_CODES:
            cell.set("t", "e")
            etree.SubElement(cell, _q("v")).text = value
        else:
            cell.set("t", "inlineStr")
            text = etree.SubElement(etree.SubElement(cell, _q("is")), _q("t"))
            try:
                text.text = str(value)
            except ValueError as exc:  # a control character: no XML can hold it (openpyxl refuses it too)
                raise CheckError(f"cannot write {str(value)[:40]!r} into a cell: {exc}") from exc
            if text.text != text.text.strip():
                text.set("{http://www.w3.org/XML/1998/namespace}space", "preserve")

    def delete_row(self, row: int) -> None:
        """Remove the row and move the rows below it up by one, as openpyxl's `delete_rows`."""
        if (gone := self._rows.pop(row, None)) is not None:
            self.data.remove(gone)
        for number in sorted(n for n in self._rows if n > row):
            element = self._rows.pop(number)
            element.set("r", str(number - 1))
            for cell in element.iterfind(_q("c")):
                ref = cell.get("r")
                if ref:
                    cell.set("r", _ROW_OF_REF.sub(str(number - 1), ref))
            self._rows[number - 1] = element

    def refresh_dimension(self) -> None:
        """The `dimension` element spans the cells there are now, as openpyxl writes it."""
        dimension = self.root.find(_q("dimension"))
        if dimension is None:
            return
        spans = [self._cols(row) for row in self._rows.values()]
        rows = [n for n, (first, _) in zip(self._rows, spans) if first]
        if not rows:
            dimension.set("ref", "A1")
            return
        first = min(c for c, _ in spans if c)
        last = max(c for _, c in spans if c)
        dimension.set("ref", f"{get_column_letter(first)}{min(rows)}:{get_column_letter(last)}{max(rows)}")

    # --- cells ---------------------------------------------------------------------------------

    def _positions(self, row: Any) -> Iterator[tuple[int, Any]]:
        """(column, cell) of the row's cells in order; a cell without r is the one after the
        previous (its r is filled in, for the edits)."""
        previous, number = 0, row.get("r")
        for cell in row.iterfind(_q("c")):
            ref = cell.get("r")
            previous = coordinate_to_tuple(ref)[1] if ref else previous + 1
            if not ref:
                cell.set("r", f"{get_column_letter(previous)}{number}")
            yield previous, cell

    def _cols(self, row: Any) -> tuple[int, int]:
        columns = [col for col, _ in self._positions(row)]
        return (columns[0], columns[-1]) if columns else (0, 0)

    def _row(self, number: int, create: bool) -> Any:
        row = self._rows.get(number)
        if row is None and create:
            row = etree.Element(_q("row"), r=str(number))
            later = min((n for n in self._rows if n > number), default=None)
            if later is None:
                self.data.append(row)
            else:
                self._rows[later].addprevious(row)
            self._rows[number] = row
        return row

    def _cell(self, number: int, col: int, create: bool) -> Any:
        row = self._row(number, create)
        if row is None:
            return None
        following = None
        for at, cell in list(self._positions(row)):  # every r filled in before a cell goes between them
            if at == col:
                return cell
            if at > col:
                following = cell
                break
        if not create:
            return None
        cell = etree.Element(_q("c"), r=f"{get_column_letter(col)}{number}")
        if following is None:
            row.append(cell)
        else:
            following.addprevious(cell)
        return cell


class _Styles:
    """styles.xml's cell formats: which show a date, and new ones that do."""

    def __init__(self, root: Any) -> None:
        self.root, self.xfs = root, root.find(_q("cellXfs"))
        if self.xfs is None:
            raise CheckError("cannot write a date into this workbook: its styles have no cellXfs")
        self.codes = {int(f.get("numFmtId", -1)): f.get("formatCode", "")
                      for f in root.iterfind("m:numFmts/m:numFmt", _NS)}
        self.added: dict[tuple[str, str], str] = {}

    def _format_id(self, code: str) -> int:
        """The number format with this code: a built-in one, one the workbook has, or a new one."""
        if code in BUILTIN_FORMATS_REVERSE:
            return BUILTIN_FORMATS_REVERSE[code]
        found = next((i for i, c in self.codes.items() if c == code), None)
        if found is not None:
            return found
        formats = self.root.find(_q("numFmts"))
        if formats is None:
            formats = etree.Element(_q("numFmts"))
            self.root.insert(0, formats)
        new = max([163, *self.codes]) + 1  # 164 on: the custom formats' ids
        etree.SubElement(formats, _q("numFmt"), numFmtId=str(new), formatCode=code)
        formats.set("count", str(len(formats)))
        self.codes[new] = code
        return new

    def _shows_a_date(self, xf: Any) -> bool:
        number_format = int(xf.get("numFmtId", 0))
        code = self.codes.get(number_format, BUILTIN_FORMATS.get(number_format))
        return code is not None and is_date_format(code)

    def dated(self, style: str, code: str) -> str:
        xfs = self.xfs.findall(_q("xf"))
        index = int(style) if style.isdigit() and int(style) < len(xfs) else 0
        if xfs and self._shows_a_date(xfs[index]):
            return str(index)
        if (style, code) not in self.added:
            xf = copy.deepcopy(xfs[index]) if xfs else etree.Element(_q("xf"), fontId="0", fillId="0",
                                                                     borderId="0")
            xf.set("numFmtId", str(self._format_id(code)))
            xf.set("applyNumberFormat", "1")
            self.xfs.append(xf)
            self.xfs.set("count", str(len(xfs) + 1))
            self.added[(style, code)] = str(len(xfs))
        return self.added[(style, code)]


def _row_named(cell: Any) -> str | None:
    """The row number in a cell's reference, if it has one."""
    found = _ROW_OF_REF.search(cell.get("r", "")) if cell is not None else None
    return found[0] if found else None

