"""The sheet-view reader `table.sheet_finish` uses instead of openpyxl answers as openpyxl does:
the first view's frozen pane, the worksheet's own AutoFilter, on any part layout a package may use."""

from __future__ import annotations

import io
import re
import zipfile

import openpyxl
import pytest

from forge.checks._xlsx_sheet_views import SheetView, sheet_views
from forge.errors import CheckError


def saved(wb: openpyxl.Workbook) -> bytes:
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def rewritten(data: bytes, edit: dict[str, tuple[str, str]], rename: dict[str, str] | None = None) -> bytes:
    """The package with regex substitutions (part -> (pattern, replacement)) and parts renamed."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            body = src.read(info)
            if info.filename in edit:
                pattern, repl = edit[info.filename]
                body, count = re.subn(pattern.encode(), repl.encode(), body)
                assert count, (info.filename, pattern)
            dst.writestr((rename or {}).get(info.filename, info.filename), body)
    return out.getvalue()


def book() -> openpyxl.Workbook:
    wb = openpyxl.Workbook()
    first = wb.active
    first.title = "Data"
    for row in [["Name", "Qty"], ["a", 1], ["b", 2]]:
        first.append(row)
    second = wb.create_sheet("Summary")
    second.append(["Total", 3])
    return wb


def test_frozen_panes_and_autofilter_per_sheet() -> None:
    wb = book()
    wb["Data"].auto_filter.ref = "A1:B3"
    wb["Summary"].freeze_panes = "C4"  # three rows and two columns
    views = sheet_views(saved(wb), "out.xlsx")
    assert views.names == ["Data", "Summary"]
    assert views.views == {"Data": SheetView(None, "A1:B3"), "Summary": SheetView((3, 2), None)}


def test_a_split_that_is_not_frozen_is_not_frozen() -> None:
    wb = book()
    wb["Data"].freeze_panes = "A2"
    data = rewritten(saved(wb), {"xl/worksheets/sheet1.xml": (r'state="frozen"', 'state="split"')})
    assert sheet_views(data, "out.xlsx").views["Data"].frozen is None
    data = rewritten(saved(wb), {"xl/worksheets/sheet1.xml": (r'state="frozen"', 'state="frozenSplit"')})
    assert sheet_views(data, "out.xlsx").views["Data"].frozen == (1, 0)


def test_only_the_first_view_counts() -> None:
    wb = book()
    wb["Data"].freeze_panes = "A2"
    second_view = '<sheetView workbookViewId="1"><pane ySplit="5" topLeftCell="A6" state="frozen"/></sheetView></sheetViews>'
    data = rewritten(saved(wb), {"xl/worksheets/sheet1.xml": ("</sheetViews>", second_view)})
    assert sheet_views(data, "out.xlsx").views["Data"].frozen == (1, 0)
    assert openpyxl.load_workbook(io.BytesIO(data))["Data"].freeze_panes == "A2"  # openpyxl agrees


def test_a_custom_views_pane_and_filter_are_not_the_sheets() -> None:
    wb = book()
    custom = ('</sheetData><customSheetViews><customSheetView guid="{00000000-0000-0000-0000-000000000001}">'
              '<pane ySplit="1" topLeftCell="A2" state="frozen"/><autoFilter ref="A1:B3"/>'
              '</customSheetView></customSheetViews>')
    data = rewritten(saved(wb), {"xl/worksheets/sheet1.xml": ("</sheetData>", custom)})
    assert sheet_views(data, "out.xlsx").views["Data"] == SheetView(None, None)
    # openpyxl agrees on the pane; its reader takes any autoFilter element, at any depth, as the
    # sheet's, so a custom view's filter (shown only when that view is picked) would pass for one
    assert openpyxl.load_workbook(io.BytesIO(data))["Data"].freeze_panes is None


def test_parts_found_through_relationships_wherever_they_live() -> None:
    wb = book()
    wb["Summary"].freeze_panes = "B2"
    data = rewritten(saved(wb), {
        "_rels/.rels": ("xl/workbook.xml", "book/main.xml"),
        "[Content_Types].xml": ("/xl/workbook.xml", "/book/main.xml"),
        "xl/_rels/workbook.xml.rels": ('Target="(/xl/)?worksheets/sheet2.xml"', 'Target="/elsewhere/s2.xml"'),
    }, rename={"xl/workbook.xml": "book/main.xml", "xl/_rels/workbook.xml.rels": "book/_rels/main.xml.rels",
               "xl/worksheets/sheet2.xml": "elsewhere/s2.xml"})
    views = sheet_views(data, "out.xlsx")
    assert views.names == ["Data", "Summary"] and views.views["Summary"] == SheetView((1, 1), None)


@pytest.mark.parametrize("data", [b"PK\x03\x04 not really", b"plain text"])
def test_an_unreadable_file_is_a_check_error_naming_it(data: bytes) -> None:
    with pytest.raises(CheckError, match="report.xlsx is not a readable xlsx workbook"):
        sheet_views(data, "report.xlsx")


def test_a_workbook_missing_a_sheet_part_is_a_check_error() -> None:
    wb = book()
    data = saved(wb)
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            if info.filename != "xl/worksheets/sheet2.xml":
                dst.writestr(info, src.read(info))
    with pytest.raises(CheckError, match="out.xlsx is not a readable xlsx workbook"):
        sheet_views(out.getvalue(), "out.xlsx")
