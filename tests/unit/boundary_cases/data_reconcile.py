"""Boundary cases of table.differences_reported (#10 breadth): two price-list snapshots matched by
SKU. The LAST key (added) and the last changed field of the last record in both are where a loop that
stops one short passes; a retyped name counts as a change only when case and spacing count; an
ignored column never; old and new values not swapped; rows in key order, nothing extra."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

OLD = (b"SKU,Product,Category,Unit Price,Stock,Last Synced\n"
       b"A1,Bolt,Fasteners,1.5,100,2025-03-01 08:00\n"
       b"A2,Hammer,Hand Tools,12.99,40,2025-03-01 08:00\n"
       b"A3,Drill,Power Tools,89,5,2025-03-01 08:00\n"
       b"A4,Hose,Garden,19.5,12,2025-03-01 08:00\n")
NEW = (b"SKU,Product,Category,Unit Price,Stock,Last Synced\n"
       b"A4,Hose,Garden,21,10,2025-04-01 09:00\n"
       b"A2,HAMMER,Hand Tools,12.99,40,2025-04-01 09:00\n"
       b"A1,Bolt,Fasteners,1.5,100,2025-04-01 09:10\n"
       b"A5,Lamp,Lighting,7.25,30,2025-04-01 09:00\n")
BASE = {"file": "changes.csv", "input_file": "old.csv", "other_file": "new.csv", "key": "SKU",
        "ignore": ["Last Synced"]}
HEADERS = {"status": ["SKU", "Status"], "changes": ["SKU", "Field", "Old Value", "New Value"],
           "full": ["SKU", "Status", "Field", "Old Value", "New Value"]}


def _csv(rows: list[list[Any]]) -> bytes:
    return "".join(",".join("" if v is None else str(v) for v in row) + "\n" for row in rows).encode()


def report(label: str, form: str, rows: list[list[Any]], passes: bool, says: str = "", *,
           header: list[str] | None = None, **options: Any) -> Case:
    return Case(label, None, {**BASE, "report": form, **options}, passes, says,
                files={"changes.csv": _csv([header or HEADERS[form], *rows])},
                originals={"old.csv": OLD, "new.csv": NEW})


LOOSE = {"loose_text": True}
STATUS = [["A3", "removed"], ["A4", "changed"], ["A5", "added"]]
STATUS_EXACT = [["A2", "changed"], *STATUS]
CHANGES = [["A4", "Unit Price", 19.5, 21], ["A4", "Stock", 12, 10]]
FULL = [["A3", "removed", None, None, None], ["A4", "changed", "Unit Price", 19.5, 21],
        ["A4", "changed", "Stock", 12, 10], ["A5", "added", None, None, None]]

CASES: dict[str, list[Case]] = {
    "table.differences_reported": [
        report("status, case counts: the retyped name is a change", "status", STATUS_EXACT, True),
        report("status, case ignored", "status", STATUS, True, **LOOSE),
        report("status, a retyped name reported where case does not count", "status", STATUS_EXACT, False,
               "report row 1", **LOOSE),
        report("status, the retyped name missed where case counts", "status", STATUS, False, "report row 1"),
        report("status words capitalised", "status", [["A3", "Removed"], ["A4", "Changed"], ["A5", "Added"]], True,
               **LOOSE),
        report("the last key (added) called changed", "status", [*STATUS[:2], ["A5", "changed"]], False,
               "report row 3", **LOOSE),
        report("the last key left out", "status", STATUS[:2], False, "'A5'", **LOOSE),
        report("an extra row after the last", "status", [*STATUS, ["A6", "added"]], False, "should not be there",
               **LOOSE),
        report("rows out of key order", "status", [STATUS[1], STATUS[0], STATUS[2]], False, "ordered by SKU", **LOOSE),
        report("a volatile column not ignored: every shared record changed", "status",
               [["A1", "changed"], *STATUS_EXACT], True, ignore=[]),
        report("a volatile column ignored when it counts", "status", STATUS_EXACT, False, "report row 1", ignore=[]),
        report("changed values, old and new", "changes", CHANGES, True, **LOOSE),
        report("a trailing zero is the same amount", "changes", [["A4", "Unit Price", "19.50", "21.00"], CHANGES[1]],
               True, **LOOSE),
        report("the last changed field left out", "changes", CHANGES[:1], False, "is missing", **LOOSE),
        report("old and new swapped", "changes", [["A4", "Unit Price", 21, 19.5], CHANGES[1]], False, "Old Value",
               **LOOSE),
        report("fields out of column order", "changes", [CHANGES[1], CHANGES[0]], False, "report row 1", **LOOSE),
        report("added and removed listed where only changes were asked", "changes",
               [["A3", "removed", None, None], *CHANGES], False, "report row 1", **LOOSE),
        report("the full report", "full", FULL, True, **LOOSE),
        report("the full report, the last changed value wrong", "full", [*FULL[:2], ["A4", "changed", "Stock", 12, 12],
                                                                        FULL[3]], False, "report row 3", **LOOSE),
        report("the full report without the added record", "full", FULL[:3], False, "'A5'", **LOOSE),
        report("a header renamed", "changes", CHANGES, False, "header cell C1",
               header=["SKU", "Field", "Old", "New Value"], **LOOSE),
    ],
}
