"""Boundary cases of the invoice line-items check: all columns or description and amount, every
line or those of at least an amount (a line exactly at it kept), as printed or largest first,
with a total row; the LAST amount a cent off and within half a cent, numbers stored as text, a
line missing, extra columns, the total off or with other cells filled."""

from __future__ import annotations

import csv as csv_module
import datetime as dt
import io
from typing import Any

from preparers.document import TableBlock
from preparers.pdf import PdfContent, write_pdf
from tests.unit.boundary_cases import Case

ROWS = [["Desk chair", "2", "150.00", "300.00"], ["Monitor arm", "3", "45.50", "136.50"],
        ["Laptop stand", "1", "1,250.00", "1,250.00"], ["Cable kit", "4", "12.00", "48.00"]]
INVOICE = write_pdf(PdfContent(
    kind="invoice", title="Invoice INV-202403-101", author="Harbour Supplies", subject="Invoice",
    date=dt.date(2024, 3, 1), file_stem="invoice", paragraphs=["Invoice date: 2024-03-01"],
    footnotes=["Total due: 1,734.50"],
    table=TableBlock(headers=["Description", "Quantity", "Unit Price", "Amount"], rows=ROWS),
    numeric=["Quantity", "Unit Price", "Amount"]))
HEAD = ["Description", "Quantity", "Unit Price", "Amount"]
CHAIR, ARM, STAND, KIT = (["Desk chair", 2, 150, 300], ["Monitor arm", 3, 45.5, 136.5],
                          ["Laptop stand", 1, 1250, 1250], ["Cable kit", 4, 12, 48])
ALL = [HEAD, CHAIR, ARM, STAND, KIT]


def narrow(rows: list[list[Any]]) -> list[list[Any]]:
    return [[r[0], r[3]] for r in rows]


def csv(rows: list[list[Any]]) -> bytes:
    out = io.StringIO()
    csv_module.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue().encode()


def case(label: str, rows: list[list[Any]], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "lines.csv", "input_file": "invoice.pdf", **options}, passes, says,
                files={"lines.csv": csv(rows)}, originals={"invoice.pdf": INVOICE})


CASES: dict[str, list[Case]] = {
    "pdf.invoice_lines": [
        case("every line, as printed", ALL, {}, True),
        case("the header in small letters", [[h.lower() for h in HEAD], *ALL[1:]], {}, True),
        case("the last amount a cent off", [*ALL[:4], ["Cable kit", 4, 12, 48.01]], {}, False,
             "row 5, column 4 (Amount)"),
        case("the last amount within half a cent", [*ALL[:4], ["Cable kit", 4, 12, 48.004]], {}, True),
        case("a price stored with its separator, as text", [*ALL[:3], ["Laptop stand", 1, "1,250.00", 1250], KIT], {},
             False, "expected the number 1250"),
        case("the last line missing", ALL[:4], {}, False, "3 rows under its header, expected 4"),
        case("description and amount", narrow(ALL), {"columns": ["Description", "Amount"]}, True),
        case("description and amount asked, all four given", ALL, {"columns": ["Description", "Amount"]}, False,
             "has 4 cells, expected 2"),
        case("at least an amount one line sits on", [HEAD, CHAIR, ARM, STAND], {"min_amount": 136.5}, True),
        case("at least an amount, the line at it dropped", [HEAD, CHAIR, STAND], {"min_amount": 136.5}, False,
             "2 rows under its header, expected 3"),
        case("at least an amount, a smaller line kept", ALL, {"min_amount": 137}, False, "expected 2"),
        case("largest first", [HEAD, STAND, CHAIR, ARM, KIT], {"order": "amount"}, True),
        case("largest first, the last two swapped", [HEAD, STAND, CHAIR, KIT, ARM], {"order": "amount"}, False,
             "row 4, column 1"),
        case("a total row", [*ALL, ["Total", None, None, 1734.5]], {"total": True}, True),
        case("a total row a cent off", [*ALL, ["Total", None, None, 1734.49]], {"total": True}, False,
             "row 6, column 4"),
        case("a total row with the quantities summed", [*ALL, ["Total", 10, None, 1734.5]], {"total": True}, False,
             "row 6, column 2"),
        case("narrow, largest first, at least 100, with a total",
             [["Description", "Amount"], ["Laptop stand", 1250], ["Desk chair", 300], ["Monitor arm", 136.5],
              ["Total", 1686.5]],
             {"columns": ["Description", "Amount"], "order": "amount", "min_amount": 100, "total": True}, True),
    ],
}
