"""A worksheet's view settings (frozen panes, AutoFilter) read from its XML, without openpyxl.

`table.sheet_finish` runs in most spreadsheet rubrics, on the oracle's output and on every
mutant, and it asks two attributes of a sheet. openpyxl would build an object per cell of the
whole workbook to answer (about 45 ms a file); the sheet's own part, parsed by ElementTree's C
parser, costs a few. It answers as openpyxl does: the first `sheetView`'s `pane` (frozen when
its state is `frozen` or `frozenSplit`, splits counted as whole rows and columns) and the
worksheet's own `autoFilter`: not a table's, nor a custom view's (openpyxl takes any autoFilter
element in the sheet's part as the sheet's, so a custom view's filter passed for one). Callers
bound the file first (`check_xlsx_limits`: zip bombs, DOCTYPEs and oversized sheets never get here).
"""

from __future__ import annotations

import io
import zipfile
from typing import NamedTuple
from xml.etree import ElementTree

from forge.errors import CheckError
from forge.ooxml import related, relationships

_MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_REL = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
_WORKSHEET = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet"


class SheetView(NamedTuple):
    frozen: tuple[int, int] | None  # (rows, columns) frozen, None when the panes are not frozen
    autofilter: str | None  # the sheet's AutoFilter range, None when it has none


class SheetViews(NamedTuple):
    names: list[str]  # every sheet's name, in workbook order (chart sheets too, as openpyxl lists them)
    views: dict[str, SheetView]  # the worksheets' settings, by name


def sheet_views(data: bytes, rel_path: str) -> SheetViews:
    """Every worksheet's frozen panes and AutoFilter in the xlsx `data`; CheckError (naming
    `rel_path`) when it is not a readable workbook."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as package:
            workbook = related(relationships(package, ""), "officeDocument")
            sheets = ElementTree.fromstring(package.read(workbook)).find(f"{_MAIN}sheets")
            targets = relationships(package, workbook)
            names, views = [], {}
            for sheet in sheets if sheets is not None else ():
                names.append(sheet.attrib["name"])
                kind, target, _ = targets[sheet.attrib[f"{_REL}id"]]
                if kind == _WORKSHEET:
                    views[names[-1]] = _view(ElementTree.fromstring(package.read(target)))
    except (zipfile.BadZipFile, KeyError, ValueError, OSError, ElementTree.ParseError) as exc:
        raise CheckError(f"{rel_path} is not a readable xlsx workbook: {exc}") from exc
    return SheetViews(names, views)


def _view(worksheet: ElementTree.Element) -> SheetView:
    pane = worksheet.find(f"{_MAIN}sheetViews/{_MAIN}sheetView/{_MAIN}pane")  # the first view's, as openpyxl
    frozen = None
    if pane is not None and pane.get("state") in ("frozen", "frozenSplit"):
        frozen = int(float(pane.get("ySplit") or 0)), int(float(pane.get("xSplit") or 0))
    autofilter = worksheet.find(f"{_MAIN}autoFilter")
    return SheetView(frozen, autofilter.get("ref") if autofilter is not None else None)
