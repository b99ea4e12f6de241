"""Boundary cases of json.records_sorted (#10 breadth): four products sorted by price, by a name
(case aside) or by a field inside each record; the records bare or inside an envelope. The LAST two
records swapped is where a loop that stops one short passes; ties come either way; a record
changed, repeated or left out, or the envelope changed around the records, fails."""

from __future__ import annotations

import json
from typing import Any

from tests.unit.boundary_cases import Case

P1 = {"sku": "P1", "name": "vise", "price": 12.5, "supplier": {"name": "Acme"}}
P2 = {"sku": "P2", "name": "Awl", "price": 3, "supplier": {"name": "zeta"}}
P3 = {"sku": "P3", "name": "clamp", "price": 7.25, "supplier": {"name": "Bolt"}}
P4 = {"sku": "P4", "name": "Drill", "price": 7.25, "supplier": {"name": "Acme"}}
GIVEN = [P1, P2, P3, P4]
ENVELOPE = {"exported_at": "2025-03-01", "count": 4}


def ordered(label: str, output: Any, passes: bool, says: str = "", given: Any = GIVEN, **options: Any) -> Case:
    return Case(label, None, {"file": "out.json", "input_file": "in.json", "by": "price", **options}, passes, says,
                files={"out.json": json.dumps(output).encode()}, originals={"in.json": json.dumps(given).encode()})


DESC = {"descending": True}
WRAPPED = {"given": {**ENVELOPE, "items": GIVEN}, "records": "items"}

CASES: dict[str, list[Case]] = {
    "json.records_sorted": [
        ordered("by price, lowest first, the tie either way", [P2, P3, P4, P1], True),
        ordered("the tie the other way", [P2, P4, P3, P1], True),
        ordered("the last two swapped", [P2, P3, P1, P4], False, "record 4 of out.json (price 7.25) comes after 12.5"),
        ordered("descending where ascending was asked", [P1, P3, P4, P2], False, "record 2"),
        ordered("by price, highest first", [P1, P4, P3, P2], True, **DESC),
        ordered("descending, the last two swapped", [P1, P3, P2, P4], False, "record 4", **DESC),
        ordered("a whole price written as a decimal", [{**P2, "price": 3.0}, P3, P4, P1], True),
        ordered("the last record's price changed", [P2, P3, P4, {**P1, "price": 12.6}], False,
                "record 4 of out.json is not one of the input's records"),
        ordered("the last record left out", [P2, P3, P4], False, "3 records, expected 4"),
        ordered("a record repeated for a missing one", [P2, P3, P3, P1], False, "record 3"),
        ordered("by name, case aside", [P2, P3, P4, P1], True, by="name"),
        ordered("by name with capitals first", [P2, P4, P3, P1], False, "record 3", by="name"),
        ordered("by a field inside each record", [P1, P4, P3, P2], True, by="supplier.name"),
        ordered("by the record's own name instead", [P2, P3, P4, P1], False, "record 2", by="supplier.name"),
        ordered("inside the envelope, the rest kept", {**ENVELOPE, "items": [P2, P3, P4, P1]}, True, **WRAPPED),
        ordered("the envelope's count changed", {**ENVELOPE, "count": 5, "items": [P2, P3, P4, P1]}, False,
                "count is 5", **WRAPPED),
        ordered("the records taken out of the envelope", [P2, P3, P4, P1], False, "no array of records at items",
                **WRAPPED),
    ],
}
