"""Boundary cases of the second round of data and text checks (#10 breadth): JSON exports merged by
key. The LAST key is where a loop that stops one short lets a wrong merge through; an id only in one
file, a conflict settled the other way, a blank kept where the rule fills it, records out of order."""

from __future__ import annotations

import json
from typing import Any

from tests.unit.boundary_cases import Case

A = [{"id": "K1", "name": "Ann", "city": "Leeds", "t": "2025-01-02"},
     {"id": "K2", "name": "Bob", "city": "", "t": "2025-01-05"},
     {"id": "K4", "name": "Dee", "city": "York", "t": "2025-01-01"}]
B = [{"id": "K4", "name": "Dee", "city": "Hull", "plan": "Pro", "t": "2025-02-01"},
     {"id": "K2", "name": "Bob", "city": "Bath", "plan": "Free", "t": "2025-01-03"},
     {"id": "K3", "name": "Cy", "city": "Ely", "plan": "Team", "t": "2025-01-04"}]
K1, K3 = A[0], B[2]
K2_FIRST = {"id": "K2", "name": "Bob", "city": "", "plan": "Free", "t": "2025-01-05"}
K2_FILLED = {**K2_FIRST, "city": "Bath"}
K4_FIRST = {"id": "K4", "name": "Dee", "city": "York", "plan": "Pro", "t": "2025-01-01"}
K4_SECOND = {**K4_FIRST, "city": "Hull", "t": "2025-02-01"}
MERGE = {"file": "out.json", "input_file": "a.json", "other_file": "b.json", "key": "id"}


def merged(label: str, output: Any, options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {**MERGE, **options}, passes, says, files={"out.json": json.dumps(output).encode()},
                originals={"a.json": json.dumps(A).encode(), "b.json": json.dumps(B).encode()})


FIRST_ALL = {"prefer": "first", "keep": "all"}
NEWER = {"prefer": "newer", "keep": "all", "updated_field": "t"}  # K2: A newer (its blank wins); K4: B newer
FILL = {"prefer": "fill", "keep": "all"}

CASES: dict[str, list[Case]] = {
    "json.records_merged": [
        merged("every id, first file wins", [K1, K2_FIRST, K3, K4_FIRST], FIRST_ALL, True),
        merged("the last id's conflict settled for the second file", [K1, K2_FIRST, K3, K4_SECOND], FIRST_ALL,
               False, "'K4'"),
        merged("second file wins", [K1, {**K2_FIRST, "city": "Bath", "t": "2025-01-03"}, K3, K4_SECOND],
               {"prefer": "second", "keep": "all"}, True),
        merged("the id only in the second file left out", [K1, K2_FIRST, K4_FIRST], FIRST_ALL, False, "3 records"),
        merged("ids in both only", [K2_FIRST, K4_FIRST], {"prefer": "first", "keep": "both"}, True),
        merged("ids in both, one only in the first kept", [K1, K2_FIRST, K4_FIRST], {"prefer": "first", "keep": "both"},
               False),
        merged("the first file's ids", [K1, K2_FIRST, K4_FIRST], {"prefer": "first", "keep": "first"}, True),
        merged("records out of id order", [K1, K3, K2_FIRST, K4_FIRST], FIRST_ALL, False, "record 2"),
        merged("a field only the second file has left out", [K1, K2_FIRST, K3, {k: v for k, v in K4_FIRST.items()
                                                                                if k != "plan"}], FIRST_ALL, False),
        merged("the later-updated record wins, its timestamp too", [K1, K2_FIRST, K3, K4_SECOND], NEWER, True),
        merged("the older record's value kept", [K1, K2_FIRST, K3, K4_FIRST], NEWER, False, "K4"),
        merged("a blank in the first file filled from the second", [K1, K2_FILLED, K3, K4_FIRST], FILL, True),
        merged("the blank left", [K1, K2_FIRST, K3, K4_FIRST], FILL, False, "city"),
        merged("keyed by id", {"K1": K1, "K2": K2_FIRST, "K3": K3, "K4": K4_FIRST}, {**FIRST_ALL, "keyed": True}, True),
        merged("keyed, the last record wrong", {"K1": K1, "K2": K2_FIRST, "K3": K3, "K4": K4_SECOND},
               {**FIRST_ALL, "keyed": True}, False, "K4"),
        merged("an array where an object keyed by id was asked", [K1, K2_FIRST, K3, K4_FIRST],
               {**FIRST_ALL, "keyed": True}, False, "not a JSON object"),
    ],
}
