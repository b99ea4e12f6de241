"""Boundary cases of json.grouped_totals (#10 breadth): three orders with line items. The LAST group
(in the export's order, and in a ranking) is where a loop that stops one short passes; revenue
unrounded or a cent off, lines counted under their order instead of their own product, a tie broken
the wrong way, a ranking upside down, a figure as text, the other shape."""

from __future__ import annotations

import json
from typing import Any

from tests.unit.boundary_cases import Case


def _line(name: str, quantity: int, price: float) -> dict[str, Any]:
    return {"name": name, "quantity": quantity, "unit_price": price}


EXPORT = {"export": {"currency": "USD"}, "orders": [
    {"id": "O1", "status": "paid", "customer": {"country": "DE"}, "items": [_line("Mug", 2, 3.333), _line("Pen", 1, 1.5)]},
    {"id": "O2", "status": "shipped", "customer": {"country": "FR"}, "items": [_line("Pen", 4, 1.5)]},
    {"id": "O3", "status": "paid", "customer": {"country": "FR"}, "items": [_line("Mug", 1, 3.333)]},
]}
BASE = {"file": "out.json", "input_file": "orders.json", "records": "orders", "lines": "items", "quantity": "quantity"}
REVENUE = {"measure": "revenue", "price": "unit_price", "decimals": 2}


def totals(label: str, output: Any, passes: bool, says: str = "", **options: Any) -> Case:
    return Case(label, None, {**BASE, **options}, passes, says, files={"out.json": json.dumps(output).encode()},
                originals={"orders.json": json.dumps(EXPORT).encode()})


STATUS, COUNTRY, PRODUCT = {"group": "status"}, {"group": "customer.country"}, {"group": "items.name"}
RANKED = {"array": True, "group_name": "country", "value_name": "revenue"}
UNITS = {"measure": "units", "group": "status", "array": True, "group_name": "status", "value_name": "units"}

CASES: dict[str, list[Case]] = {
    "json.grouped_totals": [
        totals("revenue per status, rounded", {"paid": 11.5, "shipped": 6.0}, True, **REVENUE, **STATUS),
        totals("revenue unrounded", {"paid": 11.499, "shipped": 6.0}, False, "'paid'", **REVENUE, **STATUS),
        totals("the last group missing", {"paid": 11.5}, False, "'shipped'", **REVENUE, **STATUS),
        totals("a group the export lacks", {"paid": 11.5, "shipped": 6.0, "refunded": 0}, False, "'refunded'",
               **REVENUE, **STATUS),
        totals("revenue per nested country", {"DE": 8.17, "FR": 9.33}, True, **REVENUE, **COUNTRY),
        totals("the last country a cent off", {"DE": 8.17, "FR": 9.34}, False, "'FR'", **REVENUE, **COUNTRY),
        totals("revenue per product, each line under its own", {"Mug": 10, "Pen": 7.5}, True, **REVENUE, **PRODUCT),
        totals("lines counted under their order's first product", {"Mug": 11.5, "Pen": 6.0}, False, "'Mug'",
               **REVENUE, **PRODUCT),
        totals("the average order value per country", {"DE": 8.17, "FR": 4.67}, True, **{**REVENUE, "measure":
                                                                                             "average"}, **COUNTRY),
        totals("the revenue where the average was asked", {"DE": 8.17, "FR": 9.33}, False, "'FR'",
               **{**REVENUE, "measure": "average"}, **COUNTRY),
        totals("a ranking, largest first", [{"country": "FR", "revenue": 9.33}, {"country": "DE", "revenue": 8.17}],
               True, **REVENUE, **COUNTRY, **RANKED),
        totals("a ranking upside down", [{"country": "DE", "revenue": 8.17}, {"country": "FR", "revenue": 9.33}],
               False, "entry 1", **REVENUE, **COUNTRY, **RANKED),
        totals("a ranking without its last entry", [{"country": "FR", "revenue": 9.33}], False, "entry 2",
               **REVENUE, **COUNTRY, **RANKED),
        totals("a ranking entry with a field too many", [{"country": "FR", "revenue": 9.33, "orders": 2},
                                                         {"country": "DE", "revenue": 8.17}], False,
               "exactly the fields", **REVENUE, **COUNTRY, **RANKED),
        totals("an object where a ranking was asked", {"DE": 8.17, "FR": 9.33}, False, "not an array",
               **REVENUE, **COUNTRY, **RANKED),
        totals("an array where an object was asked", [{"country": "FR", "revenue": 9.33}], False, "not a JSON object",
               **REVENUE, **COUNTRY),
        totals("units tied, broken by name", [{"status": "paid", "units": 4}, {"status": "shipped", "units": 4}], True,
               **UNITS),
        totals("a tie broken the wrong way", [{"status": "shipped", "units": 4}, {"status": "paid", "units": 4}], False,
               "entry 1", **UNITS),
        totals("units as text", [{"status": "paid", "units": "4"}, {"status": "shipped", "units": 4}], False,
               "'paid'", **UNITS),
    ],
}
