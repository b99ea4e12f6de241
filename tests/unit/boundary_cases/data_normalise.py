"""Boundary cases of table.normalised_from_json (#10 breadth): a two-order export, the first with
two items, the LAST with one item (3 x 0.1, a float product: 0.30000000000000004). The orders table
with each order's total summed from its items; the lines table with each item numbered within
its order (restarting at 1) and its line total. Totals rounded to 2 decimals (a trailing zero is the
same amount; 45.4812 and 45.485 are not rounded, 45.49 is another amount); a row short or extra at
the end; a date rewritten; a header renamed or a column left out."""

from __future__ import annotations

import json
from typing import Any

from tests.unit.boundary_cases import Case

DOC = {"export": {"month": "2025-03"}, "orders": [
    {"id": "O1", "date": "2025-03-01", "customer": {"name": "Ann Lee"},
     "items": [{"sku": "A", "quantity": 2, "unit_price": 19.99}, {"sku": "B", "quantity": 1, "unit_price": 5.5}]},
    {"id": "O2", "date": "2025-03-02", "customer": {"name": "Bo Park"},
     "items": [{"sku": "C", "quantity": 3, "unit_price": 0.1}]},
]}
ORDER_HEADER = ["order_id", "order_date", "customer", "total"]
ORDERS = [["O1", "2025-03-01", "Ann Lee", 45.48], ["O2", "2025-03-02", "Bo Park", 0.3]]
LINE_HEADER = ["order_id", "line", "sku", "qty", "price", "line_total"]
LINES = [["O1", 1, "A", 2, 19.99, 39.98], ["O1", 2, "B", 1, 5.5, 5.5], ["O2", 1, "C", 3, 0.1, 0.3]]
AMOUNT = {"quantity": "quantity", "price": "unit_price"}


def _csv(rows: list[list[Any]]) -> bytes:
    return "".join(",".join(map(str, r)) + "\n" for r in rows).encode()


def table(label: str, rows: list[list[Any]], passes: bool, says: str = "", **options: Any) -> Case:
    opts = {"file": "out.csv", "input_file": "export.json", "records": "orders", **options}
    return Case(label, None, opts, passes, says, files={"out.csv": _csv(rows)},
                originals={"export.json": json.dumps(DOC).encode()})


def orders(label: str, rows: list[list[Any]], passes: bool, says: str = "", header: list[str] = ORDER_HEADER) -> Case:
    return table(label, [header, *rows], passes, says, amount="total", amount_over="items", **AMOUNT,
                 columns={"order_id": "id", "order_date": "date", "customer": "customer.name"})


def lines(label: str, rows: list[list[Any]], passes: bool, says: str = "", header: list[str] = LINE_HEADER) -> Case:
    return table(label, [header, *rows], passes, says, explode="items", position="line", amount="line_total",
                 **AMOUNT, columns={"order_id": "id", "sku": "items.sku", "qty": "items.quantity",
                                    "price": "items.unit_price"})


def total(value: Any) -> list[list[Any]]:
    return [[*ORDERS[0][:3], value], ORDERS[1]]


CASES: dict[str, list[Case]] = {
    "table.normalised_from_json": [
        orders("one row per order, totals summed from the items", ORDERS, True),
        orders("a total with a trailing zero", total("45.480"), True),
        orders("a total left unrounded", total(45.4812), False, "is 45.4812, expected 45.48 (rounded to 2 decimals)"),
        orders("a total on the half cent", total(45.485), False, "(rounded to 2 decimals)"),
        orders("a total a cent off", total(45.49), False, "column 'total') is 45.49, expected 45.48"),
        orders("the last order's float total written in full", [ORDERS[0], [*ORDERS[1][:3], 0.30000000000000004]],
               True),
        orders("the last order left out", ORDERS[:1], False, "has 1 data rows, expected 2 (one per record)"),
        orders("a date rewritten day first", [["O1", "01/03/2025", "Ann Lee", 45.48], ORDERS[1]], False,
               "data row 1 (out!B2, column 'order_date') is '01/03/2025', expected '2025-03-01'"),
        orders("the total column named as the path", ORDERS, False, "header is", header=[*ORDER_HEADER[:3], "items"]),
        lines("one row per item, numbered within its order", LINES, True),
        lines("numbered straight through instead of per order", [*LINES[:2], ["O2", 3, "C", 3, 0.1, 0.3]], False,
              "data row 3 (out!B4, column 'line') is 3, expected 1"),
        lines("the last item given the first order's id", [*LINES[:2], ["O1", 1, "C", 3, 0.1, 0.3]], False,
              "data row 3 (out!A4, column 'order_id') is 'O1', expected 'O2'"),
        lines("the last line's total wrong", [*LINES[:2], ["O2", 1, "C", 3, 0.1, 0.1]], False,
              "column 'line_total') is 0.1, expected 0.30"),
        lines("the last item left out", LINES[:2], False, "has 2 data rows, expected 3 (one per item of 'items')"),
        lines("an item repeated at the end", [*LINES, LINES[-1]], False, "has 4 data rows, expected 3"),
        lines("the line number left out", [[r[0], *r[2:]] for r in LINES], False, "header is",
              header=[LINE_HEADER[0], *LINE_HEADER[2:]]),
    ],
}
