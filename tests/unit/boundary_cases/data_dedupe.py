"""Boundary cases of json.one_per_key (#10 breadth): a sync dump with B sent three times (its copies
out of time order: the latest is the middle one) and A twice, the LAST record being A's second copy
(a loop that stops one short keeps the wrong copy). First, last and latest copies; first-appearance
or id order; a repeat left in, an id lost, the envelope kept."""

from __future__ import annotations

import json
from typing import Any

from tests.unit.boundary_cases import Case

B1 = {"id": "b", "city": "Leeds", "updated_at": "2025-03-01T10:00:00Z"}
A1 = {"id": "A", "city": "York", "updated_at": "2025-03-02T09:00:00Z"}
B2 = {"id": "b", "city": "Hull", "updated_at": "2025-03-05T08:00:00Z"}
C1 = {"id": "C", "city": "Bath", "updated_at": "2025-03-01T12:00:00Z"}
B3 = {"id": "b", "city": "Ely", "updated_at": "2025-03-04T07:00:00Z"}
A2 = {"id": "A", "city": "Rye", "updated_at": "2025-03-06T11:00:00Z"}
SENT = [B1, A1, B2, C1, B3, A2]


def unique(label: str, output: Any, passes: bool, says: str = "", given: Any = SENT, **options: Any) -> Case:
    return Case(label, None, {"file": "out.json", "input_file": "in.json", "key": "id", "keep": "first", **options},
                passes, says, files={"out.json": json.dumps(output).encode()},
                originals={"in.json": json.dumps(given).encode()})


LATEST = {"keep": "latest", "timestamp": "updated_at"}

CASES: dict[str, list[Case]] = {
    "json.one_per_key": [
        unique("the first copies, in first-appearance order", [B1, A1, C1], True),
        unique("the last copies", [B3, A2, C1], True, keep="last"),
        unique("the last copies but A's first one", [B3, A1, C1], False,
               "record 2 of out.json (id 'A'): city is 'York'", keep="last"),
        unique("the latest copies", [B2, A2, C1], True, **LATEST),
        unique("the last copy of b where the latest was asked", [B3, A2, C1], False,
               "record 1 of out.json (id 'b'): city is 'Ely', expected 'Hull'", **LATEST),
        unique("the last id left out", [B2, A2], False, "2 records, expected 3", **LATEST),
        unique("a repeat left in", [B2, A2, C1, B3], False, "4 records, expected 3", **LATEST),
        unique("sorted by id, case aside", [A2, B2, C1], True, sort_by_key=True, **LATEST),
        unique("first-appearance order where id order was asked", [B2, A2, C1], False,
               "record 1 of out.json (id 'b' where 'A' belongs)", sort_by_key=True,
               **LATEST),
        unique("a kept copy changed", [B1, A1, {**C1, "city": "Wells"}], False, "record 3 of out.json (id 'C')"),
        unique("inside the envelope, the rest kept", {"batch": 7, "items": [B1, A1, C1]}, True,
               given={"batch": 7, "items": SENT}, records="items"),
        unique("the envelope's batch changed", {"batch": 8, "items": [B1, A1, C1]}, False,
               "changed more than its records", given={"batch": 7, "items": SENT}, records="items"),
    ],
}
