"""Boundary cases of json.records_updated (#10 breadth): four products, the LAST one meeting the
condition (where a loop that stops one short passes). A field set or added on exactly the matching
records, a price raised by a percentage and rounded to 2 decimals (an unrounded or a wrongly raised
one fails), a record that does not match left alone, the envelope kept."""

from __future__ import annotations

import json
from typing import Any

from tests.unit.boundary_cases import Case

P = [{"sku": "A", "category": "Garden", "stock": 5, "price": 10.0, "active": True},
     {"sku": "B", "category": "Tools", "stock": 50, "price": 19.99, "active": True},
     {"sku": "C", "category": "tools", "stock": 40, "price": 3.5, "active": False},
     {"sku": "D", "category": "Garden", "stock": 9, "price": 7.77, "active": True}]
ENVELOPE = {"exported_at": "2025-06-02", "count": 4}


def edit(records: list[dict[str, Any]], which: list[int], **changes: Any) -> list[dict[str, Any]]:
    return [{**r, **changes} if i in which else r for i, r in enumerate(records)]


def updated(label: str, output: Any, passes: bool, says: str = "", given: Any = P, **options: Any) -> Case:
    base = {"file": "out.json", "input_file": "in.json", "where": "stock", "operator": "<", "value": 10,
            "field": "active", "set_to": False}
    return Case(label, None, {**base, **options}, passes, says, files={"out.json": json.dumps(output).encode()},
                originals={"in.json": json.dumps(given).encode()})


RAISE = {"field": "price", "set_to": None, "percent": 10}
RAISED = [{**P[0], "price": 11.0}, P[1], P[2], {**P[3], "price": 8.55}]  # 7.77 * 1.1 = 8.547
TEXT = {"where": "category", "operator": "==", "value": "Tools", "field": "tag", "set_to": "clearance"}

CASES: dict[str, list[Case]] = {
    "json.records_updated": [
        updated("the low-stock products taken off sale", edit(P, [0, 3], active=False), True),
        updated("the last match left on sale", edit(P, [0], active=False), False,
                "record 4 of out.json (meets the condition): active is True, expected False"),
        updated("a product at the threshold's other side edited too", edit(P, [0, 1, 3], active=False), False,
                "record 2 of out.json: active"),
        updated("the last record left out", edit(P, [0, 3], active=False)[:3], False, "3 records, expected 4"),
        updated("at least 50: the boundary value meets it", edit(P, [1], active=False), True, operator=">=",
                value=50),
        updated("a tag added to the text matches, case aside", edit(P, [1, 2], tag="clearance"), True, **TEXT),
        updated("the tag added only where the case matches", edit(P, [1], tag="clearance"), False,
                "record 3 of out.json (meets the condition): 'tag' is missing", **TEXT),
        updated("the tag added to every record", edit(P, [0, 1, 2, 3], tag="clearance"), False,
                "record 1 of out.json: 'tag' was added", **TEXT),
        updated("prices raised by ten percent, rounded", RAISED, True, **RAISE),
        updated("the last price left unrounded", [*RAISED[:3], {**P[3], "price": 8.547}], False,
                "record 4 of out.json: price is 8.547", **RAISE),
        updated("the last price rounded down", [*RAISED[:3], {**P[3], "price": 8.54}], False, "record 4", **RAISE),
        updated("a whole raised price as an integer", [{**RAISED[0], "price": 11}, *RAISED[1:]], True, **RAISE),
        updated("a raised record with another value changed", [{**RAISED[0], "active": False}, *RAISED[1:]], False,
                "record 1 of out.json: active is False", **RAISE),
        updated("inside the envelope, the rest kept", {**ENVELOPE, "items": edit(P, [0, 3], active=False)}, True,
                given={**ENVELOPE, "items": P}, records="items"),
        updated("the envelope's count changed", {**ENVELOPE, "count": 2, "items": edit(P, [0, 3], active=False)},
                False, "changed more than its records", given={**ENVELOPE, "items": P}, records="items"),
    ],
}
