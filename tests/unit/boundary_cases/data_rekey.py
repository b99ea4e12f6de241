"""Boundary cases of json.rekeyed (#10 breadth): three tool records between an array and an object
keyed by SKU. The LAST record is where a loop that stops one short passes; the id kept or dropped
as asked, the envelope read where the records sit, an array ordered by id or by name (case aside),
or left in the object's order."""

from __future__ import annotations

import json
from typing import Any

from tests.unit.boundary_cases import Case

B2, A1, C3 = {"sku": "B2", "name": "Vise", "price": 5}, {"sku": "A1", "name": "Awl", "price": 2.5}, \
    {"sku": "C3", "name": "clamp", "price": 7}
ARRAY = [B2, A1, C3]
OBJECT = {r["sku"]: {k: v for k, v in r.items() if k != "sku"} for r in ARRAY}


def rekeyed(label: str, output: Any, passes: bool, says: str = "", given: Any = ARRAY, **options: Any) -> Case:
    return Case(label, None, {"file": "out.json", "input_file": "in.json", "key": "sku", **options}, passes, says,
                files={"out.json": json.dumps(output).encode()}, originals={"in.json": json.dumps(given).encode()})


KEYED = {r["sku"]: r for r in ARRAY}
TO_OBJECT, TO_ARRAY = {"to": "object"}, {"to": "array"}

CASES: dict[str, list[Case]] = {
    "json.rekeyed": [
        rekeyed("keyed by SKU, the id kept inside", KEYED, True, **TO_OBJECT),
        rekeyed("keyed by SKU, the id dropped", OBJECT, True, keep_key=False, **TO_OBJECT),
        rekeyed("the id kept where it was to be dropped", KEYED, False, "'sku' was added", keep_key=False,
                **TO_OBJECT),
        rekeyed("the id dropped where it was to be kept", OBJECT, False, "'sku' is missing", **TO_OBJECT),
        rekeyed("the last record's price changed", {**KEYED, "C3": {**C3, "price": 8}}, False, "'C3'", **TO_OBJECT),
        rekeyed("the last record left out", {"B2": B2, "A1": A1}, False, "'C3'", **TO_OBJECT),
        rekeyed("a record the export lacks", {**KEYED, "D4": C3}, False, "'D4'", **TO_OBJECT),
        rekeyed("still an array", ARRAY, False, "not a JSON object", **TO_OBJECT),
        rekeyed("records read from inside the envelope", KEYED, True, given={"count": 3, "items": ARRAY},
                records="items", **TO_OBJECT),
        rekeyed("an array in the object's order", ARRAY, True, given=OBJECT, **TO_ARRAY),
        rekeyed("an array ordered by id", [A1, B2, C3], True, given=OBJECT, order_by="sku", **TO_ARRAY),
        rekeyed("the object's order where id order was asked", ARRAY, False, "record 1", given=OBJECT,
                order_by="sku", **TO_ARRAY),
        rekeyed("ordered by name, case aside", [A1, C3, B2], True, given=OBJECT, order_by="name", **TO_ARRAY),
        rekeyed("ordered by name with capitals first", [A1, B2, C3], False, "record 2", given=OBJECT,
                order_by="name", **TO_ARRAY),
        rekeyed("the id not added to the records", list(OBJECT.values()), False, "record 1", given=OBJECT,
                **TO_ARRAY),
        rekeyed("the last record's value changed", [B2, A1, {**C3, "name": "Clamp"}], False, "record 3",
                given=OBJECT, **TO_ARRAY),
        rekeyed("the last record left out", [B2, A1], False, "record 3", given=OBJECT, **TO_ARRAY),
        rekeyed("an object where an array was asked", KEYED, False, "not a JSON array", given=OBJECT, **TO_ARRAY),
    ],
}
