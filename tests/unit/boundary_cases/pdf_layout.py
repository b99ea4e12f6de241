"""Boundary cases of the n-up check: 2 a sheet on landscape A4 (a portrait sheet turned by /Rotate
counts as landscape) and 4 a sheet on portrait A4; the LAST sheet holding the odd page out, a
page missing from it, the pages in the wrong order on a sheet, a sheet too many, Letter paper,
and the sheets the wrong way up."""

from __future__ import annotations

import io
from typing import Any

from pypdf import PdfReader, PdfWriter
from reportlab.lib.pagesizes import A4, landscape, letter
from reportlab.pdfgen import canvas

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._pdf import text_pdf

PAGES = [f"Section {n}\nText of page {n}." for n in range(1, 6)]


def sheets(groups: list[list[int]], size: tuple[float, float] = landscape(A4), turn: int = 0) -> bytes:
    buf = io.BytesIO()
    sheet = canvas.Canvas(buf, pagesize=size, invariant=1)
    for group in groups:
        for k, line in enumerate(line for n in group for line in PAGES[n - 1].splitlines()):
            sheet.drawString(40, size[1] - 40 - 16 * k, line)
        sheet.showPage()
    sheet.save()
    if not turn:
        return buf.getvalue()
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(buf.getvalue())))
    for page in writer.pages:
        page.rotate(turn)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def case(label: str, out: bytes, per_sheet: int, passes: bool, says: str = "") -> Case:
    options: dict[str, Any] = {"file": "handout.pdf", "input_file": "report.pdf", "per_sheet": per_sheet}
    return Case(label, None, options, passes, says, files={"handout.pdf": out},
                originals={"report.pdf": text_pdf(PAGES)})


TWO = [[1, 2], [3, 4], [5]]
FOUR = [[1, 2, 3, 4], [5]]

CASES: dict[str, list[Case]] = {
    "pdf.pages_n_up": [
        case("2 a sheet, landscape A4, the odd page alone at the end", sheets(TWO), 2, True),
        case("2 a sheet, the last page missing", sheets(TWO[:2]), 2, False, "has 2 sheets, expected 3"),
        case("2 a sheet, the last sheet with a page repeated", sheets([[1, 2], [3, 4], [5, 5]]), 2, False,
             "sheet 3 of handout.pdf does not hold pages 5-5"),
        case("2 a sheet, a pair swapped", sheets([[1, 2], [4, 3], [5]]), 2, False, "sheet 2"),
        case("2 a sheet, one sheet too many", sheets([*TWO, [5]]), 2, False, "has 4 sheets, expected 3"),
        case("2 a sheet on portrait A4 turned by /Rotate", sheets(TWO, A4, turn=90), 2, True),
        case("2 a sheet on portrait A4", sheets(TWO, A4), 2, False, "not landscape A4"),
        case("2 a sheet on landscape Letter", sheets(TWO, landscape(letter)), 2, False, "792 x 612 pt"),
        case("4 a sheet, portrait A4", sheets(FOUR, A4), 4, True),
        case("4 a sheet, landscape A4", sheets(FOUR), 4, False, "not portrait A4"),
        case("4 a sheet, the last page on the first sheet", sheets([[1, 2, 3, 4, 5]], A4), 4, False,
             "has 1 sheets, expected 2"),
        case("4 a sheet given 2 a sheet", sheets(TWO, A4), 4, False, "has 3 sheets, expected 2"),
    ],
}
