"""Boundary cases of json.records_diffed (#10 breadth): two snapshots of a four-product feed - S1
only restocked, S2 repriced AND restocked (its stock change the LAST field entry of the report),
S3 gone, S4 unchanged, S5 new. Changed skus or field entries, stock ignored or counted (S1 then
drops out); lists in sku (then field) order; a section left out or added; the feed in an envelope."""

from __future__ import annotations

import json
from typing import Any

from tests.unit.boundary_cases import Case

OLD = [{"sku": "S1", "price": 10, "stock": 5}, {"sku": "S2", "price": 20, "stock": 3},
       {"sku": "S3", "price": 30, "stock": 1}, {"sku": "S4", "price": 40, "stock": 9}]
NEW = [{"sku": "S1", "price": 10, "stock": 6}, {"sku": "S2", "price": 22, "stock": 2},
       {"sku": "S4", "price": 40, "stock": 9}, {"sku": "S5", "price": 50, "stock": 4}]
S1_STOCK = {"sku": "S1", "field": "stock", "old": 5, "new": 6}
S2_PRICE = {"sku": "S2", "field": "price", "old": 20, "new": 22}
S2_STOCK = {"sku": "S2", "field": "stock", "old": 3, "new": 2}
IGNORE = {"ignore": ["stock"]}
DETAIL = {"detail": True}


def diffed(label: str, changed: list[Any], passes: bool, says: str = "", added: list[str] | None = None,
           removed: list[str] | None = None, wrapped: bool = False, extra: dict[str, Any] | None = None,
           **options: Any) -> Case:
    report = {"added": ["S5"] if added is None else added, "removed": ["S3"] if removed is None else removed,
              "changed": changed, **(extra or {})}
    feeds = {"old.json": OLD, "new.json": NEW}
    given = {p: json.dumps({"supplier": "Acme", "products": f} if wrapped else f).encode() for p, f in feeds.items()}
    opts = {"file": "out.json", "input_file": "old.json", "other_file": "new.json", "key": "sku",
            **({"records": "products"} if wrapped else {}), **options}
    return Case(label, None, opts, passes, says, files={"out.json": json.dumps(report).encode()}, originals=given)


CASES: dict[str, list[Case]] = {
    "json.records_diffed": [
        diffed("the changed skus, stock counted", ["S1", "S2"], True),
        diffed("the changed skus out of order", ["S2", "S1"], False, "changed entry 1 of out.json: is 'S2', "
               "expected 'S1'"),
        diffed("stock ignored: the restocked-only product drops out", ["S2"], True, **IGNORE),
        diffed("stock not ignored as asked", ["S1", "S2"], False, "changed entry 1 of out.json: is 'S1', "
               "expected 'S2'", **IGNORE),
        diffed("the removed product left out", ["S1", "S2"], False, "'removed' has 0 entries, expected 1",
               removed=[]),
        diffed("added and removed swapped", ["S1", "S2"], False, "added entry 1 of out.json: is 'S3', expected 'S5'",
               added=["S3"], removed=["S5"]),
        diffed("an unchanged product listed as changed", ["S1", "S2", "S4"], False,
               "'changed' has 3 entries, expected 2"),
        diffed("field by field, stock counted", [S1_STOCK, S2_PRICE, S2_STOCK], True, **DETAIL),
        diffed("field by field, the last entry left out", [S1_STOCK, S2_PRICE], False,
               "'changed' has 2 entries, expected 3", **DETAIL),
        diffed("field by field, the last entry's new value wrong", [S1_STOCK, S2_PRICE, {**S2_STOCK, "new": 3}],
               False, "changed entry 3 of out.json: new is 3, expected 2", **DETAIL),
        diffed("field by field, ordered by field before sku", [S2_PRICE, S1_STOCK, S2_STOCK], False,
               "changed entry 1 of out.json: sku is 'S2', expected 'S1'", **DETAIL),
        diffed("field by field, stock ignored", [S2_PRICE], True, **DETAIL, **IGNORE),
        diffed("a fourth section added", ["S1", "S2"], False, "should be an object with ['added', 'removed', "
               "'changed']", extra={"unchanged": ["S4"]}),
        diffed("the feeds inside the supplier's envelope", ["S1", "S2"], True, wrapped=True),
    ],
}
