"""Boundary cases of the shop's order-history check (workflows/web/orders_check.py): the order of the
next month holding the same product, the same month's other order, the newest order when an older
one is meant, the stock of the LAST line not put back, a cart refilled one short, a return's refund
or quantity off, and a missing-item report in any words but not in none."""

from __future__ import annotations

import copy
from typing import Any

from sites.shop import server
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.shop import SHOP, lines
from tests.unit.boundary_cases.shop import case as shop_case
from tests.unit.boundary_cases.shop_order import applied, edited


def _order(oid: str, date: str, status: str, *pairs: tuple[str, int]) -> dict[str, Any]:
    names = {p["id"]: p["name"] for p in SHOP["products"]}
    return {"id": oid, "date": date, "status": status, "total": 50.0, "name": "Ann Lee", "address": "1 Elm St",
            "payment": "card", "shipping": "standard", "lines": [{"product": p, "name": names[p], "qty": q}
                                                                  for p, q in pairs]}


BASE: dict[str, Any] = {**copy.deepcopy(SHOP), "cart": lines(("p01", 1)), "orders": [
    _order("1001", "2026-03-03", "delivered", ("p01", 1), ("p02", 2)),
    _order("1002", "2026-03-20", "delivered", ("p04", 1)),
    _order("1003", "2026-04-02", "delivered", ("p01", 1), ("p05", 1)),
    _order("1004", "2026-04-10", "placed", ("p02", 1), ("p04", 1))]}


def acted(handler: Any, **form: str) -> dict[str, Any]:
    return applied(BASE, handler, **form)


def case(label: str, output: dict[str, Any], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return shop_case(label, output, options, passes, says, original=BASE)


CANCEL = {"which": "latest", "action": "cancel"}
MARCH = {"which": "searched", "product": "Ash Kettle", "month": "March 2026"}
RETURN = {**MARCH, "action": "return", "item": "Birch Pan", "reason": "damaged", "refund": "credit"}
REORDER = {**MARCH, "action": "reorder"}
MISSING = {"which": "searched", "product": "Elm Stove", "month": "April 2026", "action": "report_missing",
           "item": "Elm Stove"}
CANCELLED = acted(server.cancel_order, order="1004")
RETURNED = acted(server.request_return, order="1001", product="p02", qty="1", reason="damaged", refund="credit")
REPORTED = acted(server.report_missing, order="1003", product="p05", details="It was not in the box.")

CASES = {"shop.order_action": [
    case("the newest order cancelled, its stock back", CANCELLED, CANCEL, True),
    case("cancelled, the last line's stock not put back", edited(CANCELLED, lambda s: s["products"][3].update(stock=9)),
         CANCEL, False, "products"),
    case("the order before the newest cancelled", edited(BASE, lambda s: s["orders"][2].update(status="cancelled")),
         CANCEL, False, "orders"),
    case("nothing cancelled", BASE, CANCEL, False, "orders"),
    case("one Birch Pan of March's kettle order returned for credit", RETURNED, RETURN, True),
    case("refund to the original payment instead", acted(server.request_return, order="1001", product="p02",
                                                          qty="1", reason="damaged", refund="original"),
         RETURN, False, "orders"),
    case("both Birch Pans returned", acted(server.request_return, order="1001", product="p02", qty="2",
                                           reason="damaged", refund="credit"), RETURN, False, "orders"),
    case("the kettle returned instead", acted(server.request_return, order="1001", product="p01", qty="1",
                                              reason="damaged", refund="credit"), RETURN, False, "orders"),
    case("March's kettle order back in the cart", acted(server.reorder, order="1001"), REORDER, True),
    case("April's kettle order (the month after) reordered", acted(server.reorder, order="1003"), REORDER, False,
         "cart"),
    case("March's other order reordered", acted(server.reorder, order="1002"), REORDER, False, "cart"),
    case("the last line one short", edited(acted(server.reorder, order="1001"), lambda s: s["cart"][1].update(qty=1)),
         REORDER, False, "cart"),
    case("the stove reported missing", REPORTED, MISSING, True),
    case("the same report in other words", acted(server.report_missing, order="1003", product="p05",
                                                 details="Never came."), MISSING, True),
    case("the report without a description", edited(REPORTED, lambda s: s["support"][0].update(details="")), MISSING,
         False, "support"),
    case("the kettle reported instead", acted(server.report_missing, order="1003", product="p01", details="Missing."),
         MISSING, False, "support"),
    case("reported twice", edited(REPORTED, lambda s: s["support"].append(s["support"][0])), MISSING, False,
         "support"),
    case("no report sent", BASE, MISSING, False, "support"),
]}
