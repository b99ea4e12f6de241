"""Boundary cases of json.records_combined (#10 breadth): four small order exports, the second
repeating an order of the first (the sync sent it twice), the LAST file's one order last (a loop
that stops one file short misses it), and two orders on the same day (a tie either way round when
sorting by date). A repeat kept or the later copy kept; the file tag; the date order; the count in
the envelope, the envelope's fields, a bare array where an object is asked and the other way round."""

from __future__ import annotations

import json
from typing import Any

from tests.unit.boundary_cases import Case

A1 = {"id": "A1", "date": "2025-03-03", "total": 10}
A2 = {"id": "A2", "date": "2025-03-05", "total": 20}
B1 = {"id": "B1", "date": "2025-03-01", "total": 30}
C1 = {"id": "C1", "date": "2025-03-03", "total": 40}
D1 = {"id": "D1", "date": "2025-03-04", "total": 50}
EXPORTS = {"in/a.json": [A1, A2], "in/b.json": [B1, A2], "in/c.json": [C1], "in/d.json": [D1]}
ONCE = [A1, A2, B1, C1, D1]
BY_DATE = [B1, A1, C1, D1, A2]


def _export(orders: list[Any]) -> bytes:
    return json.dumps({"export": {"source": "shop", "count": len(orders)}, "orders": orders}).encode()


def combined(label: str, output: Any, passes: bool, says: str = "", **options: Any) -> Case:
    opts = {"file": "out.json", "input_file": "in/a.json", "second_file": "in/b.json", "third_file": "in/c.json",
            "fourth_file": "in/d.json", "records": "orders", "key": "id", **options}
    return Case(label, None, opts, passes, says, files={"out.json": json.dumps(output).encode()},
                originals={path: _export(orders) for path, orders in EXPORTS.items()})


def tagged(order: dict[str, Any], name: str) -> dict[str, Any]:
    return {**order, "source": name}


TAGS = [tagged(A1, "a.json"), tagged(A2, "a.json"), tagged(B1, "b.json"), tagged(C1, "c.json"), tagged(D1, "d.json")]

CASES: dict[str, list[Case]] = {
    "json.records_combined": [
        combined("file after file, the repeat kept once", ONCE, True),
        combined("the last file's order left out", ONCE[:-1], False, "has 4 records, expected 5"),
        combined("the repeated order kept twice", [A1, A2, B1, A2, C1, D1], False,
                 "record 4 of out.json: id is 'A2', expected 'C1'"),
        combined("every order where no key repeats are dropped", [A1, A2, B1, A2, C1, D1], True, key=None),
        combined("the last order changed", [*ONCE[:-1], {**D1, "total": 51}], False,
                 "record 5 of out.json: total is 51, expected 50"),
        combined("tagged with the bare file names", TAGS, True, source_field="source"),
        combined("the repeat tagged with the later file (its later copy kept)",
                 [TAGS[0], tagged(A2, "b.json"), *TAGS[2:]], False,
                 "record 2 of out.json: source is 'b.json', expected 'a.json'", source_field="source"),
        combined("tagged with the folder too", [*TAGS[:-1], tagged(D1, "in/d.json")], False,
                 "record 5 of out.json: source is 'in/d.json', expected 'd.json'", source_field="source"),
        combined("by date", BY_DATE, True, sort_by="date"),
        combined("by date, the tie the other way round", [B1, C1, A1, D1, A2], True, sort_by="date"),
        combined("file order where date order is asked", ONCE, False, "record 3 (date '2025-03-01') comes after "
                 "'2025-03-05'", sort_by="date"),
        combined("by date, the last order left out", BY_DATE[:-1], False, "is missing", sort_by="date"),
        combined("by date, the repeat kept twice", [B1, A1, C1, D1, A2, A2], False, "record 6", sort_by="date"),
        combined("an object with the orders and their count", {"orders": ONCE, "count": 5}, True,
                 count_field="count"),
        combined("the count one too many", {"orders": ONCE, "count": 6}, False, "count is 6, expected 5",
                 count_field="count"),
        combined("the count with a month beside it", {"orders": ONCE, "count": 5, "month": "2025-03"}, False,
                 "should be an object with just 'orders' and 'count'", count_field="count"),
        combined("a bare array where an object is asked", ONCE, False, "should be an object", count_field="count"),
        combined("an object where a bare array is asked", {"orders": ONCE}, False, "holds no array of records"),
    ],
}
