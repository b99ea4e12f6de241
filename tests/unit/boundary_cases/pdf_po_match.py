"""Boundary cases of the invoice-to-purchase-order check: five invoices listed A-E - A matches,
B comes from another supplier than its order's, C is 300.00 over its order, D 3.50 over, E
quotes a PO not on the list (the LAST one); compared on the PO alone, the supplier, the amount
(to the cent, or within an allowed difference met exactly and missed by a cent) or all; numbers
or a csv of reasons; the last one missed, the near one flagged or not, a wrong reason, a
bullet, the order of the files kept."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._pdf import text_pdf as pdf


def invoice(number: str, seller: str, po: str, total: str) -> bytes:
    return pdf([f"Invoice {number}\nFrom: {seller}, 1 Dock Road, Leeds\nBill to: Northwind plc, York\n"
                f"Purchase order: {po}\nNet: {total}\nTotal due: {total}"])


INVOICES = {
    "a.pdf": invoice("INV-2025-001", "Harbor Supplies Ltd", "PO-10001", "1,200.00"),
    "b.pdf": invoice("INV-2025-002", "Osprey Media", "PO-10002", "500.00"),
    "c.pdf": invoice("INV-2025-003", "Lumen Electrical", "PO-10003", "2,300.00"),
    "d.pdf": invoice("INV-2025-004", "Nimbus IT", "PO-10004", "803.50"),
    "e.pdf": invoice("INV-2025-005", "Quill Office", "PO-10007", "90.00"),
}
ORDERS = ("po_number,supplier,approved_amount\nPO-10009,Quill Office,90.00\nPO-10001,Harbor Supplies Ltd,1200.00\n"
          "PO-10002,Kestrel Print Co,500.00\nPO-10003,Lumen Electrical,2000.00\nPO-10004,Nimbus IT,800.00\n").encode()
FILES = {"orders_file": "orders.csv", **{f"{k}_file": f"{c}.pdf" for k, c in
                                         zip(["first", "second", "third", "fourth", "fifth"], "abcde")}}
COLUMNS = {"po_column": "po_number", "supplier_column": "supplier", "amount_column": "approved_amount"}


def case(label: str, lines: list[str], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    name = "out.csv" if options.get("report") == "reasons" else "out.txt"
    return Case(label, None, {"file": name, **FILES, **COLUMNS, "report": "numbers", **options}, passes, says,
                files={name: ("\n".join(lines) + "\n").encode()}, originals={**INVOICES, "orders.csv": ORDERS})


def n(*letters: str) -> list[str]:
    return [f"INV-2025-00{'abcde'.index(c) + 1}" for c in letters]


REASONS = {"match": "all", "report": "reasons"}

CASES: dict[str, list[Case]] = {
    "pdf.invoices_matched": [
        case("po: the invoice quoting an unknown PO", n("e"), {"match": "po"}, True),
        case("supplier: the other supplier and the unknown PO", n("b", "e"), {"match": "supplier"}, True),
        case("supplier: the last one missed", n("b"), {"match": "supplier"}, False,
             "out.txt lists 1 invoices, expected 2: INV-2025-002, INV-2025-005"),
        case("amount to the cent: the near one counts", n("c", "d", "e"), {"match": "amount"}, True),
        case("amount to the cent: the near one left out", n("c", "e"), {"match": "amount"}, False,
             "out.txt lists 2 invoices, expected 3"),
        case("amount within 10.00: the near one is fine", n("c", "e"), {"match": "amount", "allowed_difference": 10},
             True),
        case("amount within 10.00: the near one flagged", n("c", "d", "e"),
             {"match": "amount", "allowed_difference": 10}, False, "lists 3 invoices, expected 2"),
        case("amount within exactly the difference (3.50)", n("c", "e"),
             {"match": "amount", "allowed_difference": 3.5}, True),
        case("amount within a cent less than the difference", n("c", "e"),
             {"match": "amount", "allowed_difference": 3.49}, False, "lists 2 invoices, expected 3"),
        case("all, bulleted", ["- INV-2025-002", "* INV-2025-003", "- INV-2025-004", "- INV-2025-005"],
             {"match": "all"}, True),
        case("all, in another order", n("c", "b", "d", "e"), {"match": "all"}, False,
             "entry 1 of out.txt is 'INV-2025-003', expected 'INV-2025-002'"),
        case("all, the matching invoice listed too", n("a", "b", "c", "d", "e"), {"match": "all"}, False,
             "lists 5 invoices, expected 4"),
        case("reasons", ["invoice,reason", "INV-2025-002,supplier", "INV-2025-003,amount", "INV-2025-004,amount",
                         "INV-2025-005,no PO"], REASONS, True),
        case("reasons: the last reason wrong", ["invoice,reason", "INV-2025-002,supplier", "INV-2025-003,amount",
                                                "INV-2025-004,amount", "INV-2025-005,amount"], REASONS, False,
             "entry 4 of out.csv is 'INV-2025-005,amount', expected 'INV-2025-005,no PO'"),
        case("reasons: another header", ["number,why", "INV-2025-002,supplier", "INV-2025-003,amount",
                                         "INV-2025-004,amount", "INV-2025-005,no PO"], REASONS, False,
             "expected invoice,reason"),
    ],
}
