"""Boundary cases of the invoice summary check: by date and by total, the LAST row's amount a
cent off and just inside the tolerance, an amount stored as text, a row missing or extra, the
due-before cut-off exactly on a due date, the total row right, off, missing or with its date
filled, the header wrong, and an invoice printing no total."""

from __future__ import annotations

import csv as csv_module
import io
from typing import Any

from reportlab.pdfgen import canvas

from tests.unit.boundary_cases import Case


def invoice(number: str, date: str, due: str, net: str, tax: str, total: str | None) -> bytes:
    buf = io.BytesIO()
    sheet = canvas.Canvas(buf, invariant=1)
    lines = [f"Invoice {number}", "From: Harbour Supplies Ltd", f"Invoice date: {date}",
             f"Payment due: {due} (30 days)", f"Net: {net}", f"Tax (10%): {tax}",
             *([f"Total due: {total}"] if total else []), f"Please quote {number} with your payment."]
    for n, line in enumerate(lines):
        sheet.drawString(72, 760 - 20 * n, line)
    sheet.showPage()
    sheet.save()
    return buf.getvalue()


A = invoice("INV-202401-101", "2024-01-15", "2024-02-14", "1,000.00", "200.00", "1,200.00")
B = invoice("INV-202403-202", "2024-03-02", "2024-04-01", "2,500.00", "250.00", "2,750.00")
C = invoice("INV-202402-303", "2024-02-10", "2024-02-25", "400.00", "20.00", "420.00")
D = invoice("INV-202404-404", "2024-04-20", "2024-05-20", "80.00", "8.00", "88.00")
INPUTS = {"in/a.pdf": A, "in/b.pdf": B, "in/c.pdf": C}
PATHS = {"first_file": "in/a.pdf", "second_file": "in/b.pdf", "third_file": "in/c.pdf"}

RA = ["INV-202401-101", "2024-01-15", 1200.0]
RB = ["INV-202403-202", "2024-03-02", 2750.0]
RC = ["INV-202402-303", "2024-02-10", 420.0]
HEAD = ["invoice", "date", "total"]
BY_DATE = [HEAD, RA, RC, RB]
BREAKDOWN = [["invoice", "date", "net", "tax", "total"], ["INV-202401-101", "2024-01-15", 1000, 200, 1200],
             ["INV-202402-303", "2024-02-10", 400, 20, 420], ["INV-202403-202", "2024-03-02", 2500, 250, 2750]]
DUE = [["invoice", "due", "total"], ["INV-202403-202", "2024-04-01", 2750], ["INV-202401-101", "2024-02-14", 1200],
       ["INV-202402-303", "2024-02-25", 420]]


def csv(rows: list[list[Any]]) -> bytes:
    out = io.StringIO()
    csv_module.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue().encode()


def case(label: str, rows: list[list[Any]], options: dict[str, Any], passes: bool, says: str = "",
         inputs: dict[str, bytes] = INPUTS) -> Case:
    return Case(label, None, {"file": "out/summary.csv", **PATHS, "columns": "total", "order": "date", **options},
                passes, says, files={"out/summary.csv": csv(rows)}, originals=inputs)


CASES: dict[str, list[Case]] = {
    "pdf.invoices_tabulated": [
        case("by date", BY_DATE, {}, True),
        case("by date, the last total a cent off", [*BY_DATE[:3], [*RB[:2], 2750.01]], {}, False,
             "row 4, column 3 (total)"),
        case("by date, the last total within half a cent", [*BY_DATE[:3], [*RB[:2], 2750.004]], {}, True),
        case("an amount stored as text with a separator", [*BY_DATE[:3], [*RB[:2], "2,750.00"]], {}, False,
             "expected the number 2750"),
        case("an invoice left out", BY_DATE[:3], {}, False, "2 rows under its header, expected 3"),
        case("an invoice twice", [*BY_DATE, RB], {}, False, "4 rows under its header, expected 3"),
        case("the invoice number in small letters", [HEAD, [RA[0].lower(), *RA[1:]], RC, RB], {}, True),
        case("the header reworded", [["invoice no", "date", "total"], RA, RC, RB], {}, False, "row 1, column 1"),
        case("largest total first", [HEAD, RB, RA, RC], {"order": "total"}, True),
        case("largest total first, the last two swapped", [HEAD, RB, RC, RA], {"order": "total"}, False,
             "row 3, column 1"),
        case("net, tax and total", BREAKDOWN, {"columns": "breakdown"}, True),
        case("net, tax and total, the last tax wrong", [*BREAKDOWN[:3], ["INV-202403-202", "2024-03-02", 2500, 25,
                                                                        2750]],
             {"columns": "breakdown"}, False, "row 4, column 4 (tax)"),
        case("the due dates", DUE, {"columns": "due", "order": "total"}, True),
        case("the invoice date where the due date is asked", [DUE[0], RB, RA, RC], {"columns": "due", "order": "total"},
             False, "row 2, column 2 (due)"),
        case("due before a day: two of three", [HEAD, RA, RC], {"due_before": "2024-03-01"}, True),
        case("due before a day: the later one kept too", BY_DATE, {"due_before": "2024-03-01"}, False, "3 rows"),
        case("due before the very day one is due: that one left out", [HEAD, RA], {"due_before": "2024-02-25"}, True),
        case("due before the very day one is due: kept", [HEAD, RA, RC], {"due_before": "2024-02-25"}, False,
             "2 rows under its header, expected 1"),
        case("a total row", [*BY_DATE, ["Total", "", 4370.0]], {"total": True}, True),
        case("a total row one cent short", [*BY_DATE, ["Total", "", 4369.99]], {"total": True}, False,
             "row 5, column 3"),
        case("the total row missing", BY_DATE, {"total": True}, False, "3 rows under its header, expected 4"),
        case("the total row with a date in it", [*BY_DATE, ["Total", "2024-03-02", 4370.0]], {"total": True}, False,
             "row 5, column 2"),
        case("net, tax and total with a total row", [*BREAKDOWN, ["Total", "", 3900, 470, 4370]],
             {"columns": "breakdown", "total": True}, True),
        case("a fourth invoice", [*BY_DATE, ["INV-202404-404", "2024-04-20", 88]], {"fourth_file": "in/d.pdf"}, True,
             inputs={**INPUTS, "in/d.pdf": D}),
        case("a fourth invoice left out", BY_DATE, {"fourth_file": "in/d.pdf"}, False, "expected 4",
             inputs={**INPUTS, "in/d.pdf": D}),
        case("an invoice printing no total", BY_DATE, {}, False, "in/c.pdf prints no total",
             inputs={**INPUTS, "in/c.pdf": invoice("INV-202402-303", "2024-02-10", "2024-02-25", "400.00", "20.00",
                                                   None)}),
    ],
}
