"""Boundary cases of json.nested_from_table (#10 breadth): order lines nested into orders (and
orders into customers). The LAST order's last line is where a loop that stops one short lets a
wrong nesting through; an order missing or out of first-appearance order, lines reordered, a
number as text, a list misnamed, a total unrounded or a cent off, the asked shape not kept."""

from __future__ import annotations

import copy
import json
from typing import Any

from tests.unit.boundary_cases import Case

LINES = (b"Order ID,Order Date,Customer ID,Customer,SKU,Quantity,Unit Price\n"
         b"SO-1,2025-03-01,CU-1,Acme,SKU-1,2,10.5\n"
         b"SO-2,2025-03-02,CU-2,Bolt,SKU-2,1,3.333\n"
         b"SO-1,2025-03-01,CU-1,Acme,SKU-3,3,1.25\n"
         b"SO-3,2025-03-04,CU-1,Acme,SKU-1,4,10.5\n")
ORDER = ["Order ID", "Order Date", "Customer ID", "Customer"]
BASE = {"file": "orders.json", "input_file": "order_lines.csv", "levels": [ORDER], "children": ["items"]}


def _item(sku: str, qty: int, price: float) -> dict[str, Any]:
    return {"SKU": sku, "Quantity": qty, "Unit Price": price}


SO1 = {"Order ID": "SO-1", "Order Date": "2025-03-01", "Customer ID": "CU-1", "Customer": "Acme",
       "items": [_item("SKU-1", 2, 10.5), _item("SKU-3", 3, 1.25)]}
SO2 = {"Order ID": "SO-2", "Order Date": "2025-03-02", "Customer ID": "CU-2", "Customer": "Bolt",
       "items": [_item("SKU-2", 1, 3.333)]}
SO3 = {"Order ID": "SO-3", "Order Date": "2025-03-04", "Customer ID": "CU-1", "Customer": "Acme",
       "items": [_item("SKU-1", 4, 10.5)]}
ORDERS = [SO1, SO2, SO3]


def changed(records: list[dict[str, Any]], at: int, **fields: Any) -> list[dict[str, Any]]:
    out = copy.deepcopy(records)
    out[at].update(fields)
    return out


def with_totals(*totals: Any) -> list[dict[str, Any]]:
    return [{**o, "Order Total": t} for o, t in zip(ORDERS, totals, strict=True)]


def nested(label: str, output: Any, passes: bool, says: str = "", **options: Any) -> Case:
    return Case(label, None, {**BASE, **options}, passes, says, files={"orders.json": json.dumps(output).encode()},
                originals={"order_lines.csv": LINES})


TOTAL = {"total_field": "Order Total", "total_of": ["Quantity", "Unit Price"], "decimals": 2}
TWO = {"levels": [["Customer ID", "Customer"], ["Order ID", "Order Date"]], "children": ["orders", "items"]}
short = lambda o: {k: v for k, v in o.items() if k in ("Order ID", "Order Date", "items")}  # noqa: E731
CUSTOMERS = [{"Customer ID": "CU-1", "Customer": "Acme", "orders": [short(SO1), short(SO3)]},
             {"Customer ID": "CU-2", "Customer": "Bolt", "orders": [short(SO2)]}]
last_wrong = copy.deepcopy(ORDERS)
last_wrong[2]["items"][0]["Quantity"] = 5
swapped = changed(ORDERS, 0, items=list(reversed(SO1["items"])))
as_text = copy.deepcopy(ORDERS)
as_text[2]["items"][0]["Quantity"] = "4"

CASES: dict[str, list[Case]] = {
    "json.nested_from_table": [
        nested("lines under their orders, in first-appearance order", ORDERS, True),
        nested("the last order's last line wrong", last_wrong, False, "'SO-3': items.0.Quantity"),
        nested("the last order left out", ORDERS[:2], False, "2 records, expected 3"),
        nested("an extra order", [*ORDERS, SO3], False, "4 records"),
        nested("orders sorted by customer, not first appearance", [SO1, SO3, SO2], False, "record 2"),
        nested("an order's lines reordered", swapped, False, "items.0.SKU"),
        nested("a quantity written as text", as_text, False, "Quantity"),
        nested("a date rewritten", changed(ORDERS, 2, **{"Order Date": "04/03/2025"}), False, "Order Date"),
        nested("an order field dropped", [{k: v for k, v in o.items() if k != "Customer"} for o in ORDERS], False,
               "'Customer' is missing"),
        nested("the lines list misnamed", [{("lines" if k == "items" else k): v for k, v in o.items()} for o in ORDERS],
               False, "'items' is missing"),
        nested("totals rounded to 2 decimals, a whole one without decimals", with_totals(24.75, 3.33, 42), True, **TOTAL),
        nested("a total left unrounded", with_totals(24.75, 3.333, 42.0), False, "Order Total", **TOTAL),
        nested("the last total a cent off", with_totals(24.75, 3.33, 42.01), False, "'SO-3': Order Total", **TOTAL),
        nested("the totals left out", ORDERS, False, "'Order Total' is missing", **TOTAL),
        nested("a sum of one column, unrounded", [{**o, "Units": u} for o, u in zip(ORDERS, [5, 1, 4], strict=True)],
               True, total_field="Units", total_of=["Quantity"]),
        nested("keyed by order id", {o["Order ID"]: o for o in ORDERS}, True, keyed=True),
        nested("keyed, an array given", ORDERS, False, "not a JSON object", keyed=True),
        nested("keyed, the last order missing", {o["Order ID"]: o for o in ORDERS[:2]}, False, "'SO-3'", keyed=True),
        nested("keyed, an order the table lacks", {**{o["Order ID"]: o for o in ORDERS}, "SO-9": SO3}, False, "'SO-9'",
               keyed=True),
        nested("orders under their customers", CUSTOMERS, True, **TWO),
        nested("the last order under the wrong customer",
               [{**CUSTOMERS[0], "orders": [short(SO1)]}, {**CUSTOMERS[1], "orders": [short(SO2), short(SO3)]}],
               False, "'CU-1': orders", **TWO),
    ],
}
