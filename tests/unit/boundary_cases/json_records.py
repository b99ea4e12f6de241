"""Boundary cases of the JSON record filter (`forge.checks.json_records`): the LAST matching record
is where a loop that stops one short lets a wrong answer through; a record kept but trimmed; the
envelope's count left stale; a date exactly on the bound; text compared ignoring case."""

from __future__ import annotations

import copy
import json
from typing import Any

from tests.unit.boundary_cases import Case

ORDERS = [{"id": "A", "date": "2024-05-01", "status": "paid", "customer": {"country": "US"}},
          {"id": "B", "date": "2024-05-03", "status": "Refunded", "customer": {"country": "DE"}},
          {"id": "C", "date": "2024-05-02", "status": "paid", "customer": {"country": "us"}}]
EXPORT = {"export": {"source": "shop", "count": 3}, "orders": ORDERS}
PAID = {"list_path": "orders", "field": "status", "operator": "==", "value": "paid"}


def case(label: str, value: Any, options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "out.json", "input_file": "orders.json", **options}, passes, says,
                files={"out.json": json.dumps(value).encode()}, originals={"orders.json": json.dumps(EXPORT).encode()})


def enveloped(kept: list[dict[str, Any]], count: int) -> dict[str, Any]:
    doc = copy.deepcopy(EXPORT)
    doc["orders"], doc["export"]["count"] = kept, count
    return doc


CASES: dict[str, list[Case]] = {
    "json.records_where": [
        case("the paid orders, whole, in order", [ORDERS[0], ORDERS[2]], PAID, True),
        case("the LAST match missing", [ORDERS[0]], PAID, False, "expected 2"),
        case("a kept order trimmed", [ORDERS[0], {k: v for k, v in ORDERS[2].items() if k != "customer"}], PAID, False,
             "customer"),
        case("a nested field, case ignored", [ORDERS[0], ORDERS[2]], {**PAID, "field": "customer.country", "value": "US"},
             True),
        case("dates on or after the bound (the bound included)", [ORDERS[1], ORDERS[2]],
             {**PAID, "field": "date", "operator": ">=", "value": "2024-05-02"}, True),
        case("the order exactly on the date bound left out", [ORDERS[1]],
             {**PAID, "field": "date", "operator": ">=", "value": "2024-05-02"}, False, "expected 2"),
        case("inside the envelope, count updated", enveloped([ORDERS[0], ORDERS[2]], 2), {**PAID, "keep_envelope": True},
             True),
        case("the envelope's count left stale", enveloped([ORDERS[0], ORDERS[2]], 3), {**PAID, "keep_envelope": True},
             False, "count"),
        case("a bare array where the envelope was asked", [ORDERS[0], ORDERS[2]], {**PAID, "keep_envelope": True},
             False),
    ],
}
