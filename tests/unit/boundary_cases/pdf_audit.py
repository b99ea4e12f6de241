"""Boundary cases of the invoice-audit check: four invoices, one with a wrong line amount (its
totals follow it), one with a wrong total due; lines, totals or both checked; numbers or the
corrected totals; the LAST wrong invoice missed, a right one listed, the printed total given as
the corrected one, a corrected total a cent off, the order of the files kept."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._pdf import text_pdf as pdf


def invoice(number: str, lines: list[tuple[int, str, str]], net: str, tax: str, total: str) -> bytes:
    rows = [f"{name}    {qty}    {price}    {amount}" for name, (qty, price, amount) in
            zip(["Support visit", "Backup plan", "Licence"], lines)]
    return pdf([f"Invoice {number}\nDescription    Quantity    Unit Price    Amount\n" + "\n".join(rows)
                + f"\nNet: {net}\nTax (20%): {tax}\nTotal due: {total}"])


INVOICES = {  # A right; B a wrong line (2 x 38.50 printed 87.00, totals follow it); C right; D total due off by 10
    "a.pdf": invoice("INV-1001", [(2, "320.00", "640.00"), (1, "38.50", "38.50")], "678.50", "135.70", "814.20"),
    "b.pdf": invoice("INV-1002", [(1, "320.00", "320.00"), (2, "38.50", "87.00")], "407.00", "81.40", "488.40"),
    "c.pdf": invoice("INV-1003", [(3, "1,200.00", "3,600.00")], "3,600.00", "720.00", "4,320.00"),
    "d.pdf": invoice("INV-1004", [(4, "38.50", "154.00")], "154.00", "30.80", "194.80"),
}
FILES = {"first_file": "a.pdf", "second_file": "b.pdf", "third_file": "c.pdf", "fourth_file": "d.pdf"}


def case(label: str, lines: list[str], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "check.txt", **FILES, "report": "numbers", **options}, passes, says,
                files={"check.txt": ("\n".join(lines) + "\n").encode()}, originals=INVOICES)


LINES, TOTALS, BOTH = {"audit": "lines"}, {"audit": "totals"}, {"audit": "both"}
FIXED = {"audit": "both", "report": "corrected"}

CASES: dict[str, list[Case]] = {
    "pdf.invoices_audited": [
        case("lines: the invoice with the wrong line", ["INV-1002"], LINES, True),
        case("lines: the totals error listed too", ["INV-1002", "INV-1004"], LINES, False,
             "check.txt has 2 lines, expected 1: INV-1002"),
        case("totals: the invoice whose total is off", ["INV-1004"], TOTALS, True),
        case("totals: the wrong-line invoice listed (its totals add up)", ["INV-1002"], TOTALS, False,
             "line 1 of check.txt names 'INV-1002', expected 'INV-1004'"),
        case("both: the two, in the order listed", ["INV-1002", "INV-1004"], BOTH, True),
        case("both: the last one missed", ["INV-1002"], BOTH, False, "check.txt has 1 lines, expected 2"),
        case("both: in the other order", ["INV-1004", "INV-1002"], BOTH, False,
             "line 1 of check.txt names 'INV-1004', expected 'INV-1002'"),
        case("both: a right invoice listed too", ["INV-1001", "INV-1002", "INV-1004"], BOTH, False,
             "has 3 lines, expected 2"),
        case("corrected totals", ["INV-1002: 476.40", "INV-1004: 184.80"], FIXED, True),
        case("corrected totals, bulleted", ["- INV-1002: 476.40", "* INV-1004: 184.80"],
             FIXED, True),
        case("the printed total given for the last", ["INV-1002: 476.40", "INV-1004: 194.80"], FIXED, False,
             "line 2 of check.txt gives '194.80' for INV-1004, expected 184.80"),
        case("a corrected total a cent off", ["INV-1002: 476.41", "INV-1004: 184.80"], FIXED, False,
             "line 1 of check.txt gives '476.41' for INV-1002, expected 476.40"),
        case("numbers only though totals were asked", ["INV-1002", "INV-1004"], FIXED, False,
             "line 1 of check.txt gives '' for INV-1002"),
    ],
}
