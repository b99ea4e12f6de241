"""Boundary cases of table.settings_compared (#10 breadth): two versions of a small service config,
one setting changed, one removed, one added, a flag flipped, the version moved on and (for the
loose rule) a port retyped as text. The LAST row (version, by A to Z) is where a loop that stops one
short passes; the status, the empty side and true/false are what a report gets wrong."""

from __future__ import annotations

import json
from typing import Any

from tests.unit.boundary_cases import Case

OLD = {"version": "1.2.0", "server": {"port": 8080, "workers": 4}, "db": {"host": "pg1", "pool": 5},
       "features": {"sso": False}, "hosts": ["a", "b"]}
NEW = {"version": "1.3.0", "server": {"port": "8080", "workers": 8}, "db": {"host": "pg1"},
       "features": {"sso": True, "audit": False}, "hosts": ["a", "b"]}
ALL = [["Setting", "Status", "Old Value", "New Value"],
       ["db.pool", "removed", 5, ""], ["features.audit", "added", "", "false"],
       ["features.sso", "changed", "false", "true"], ["server.port", "changed", 8080, 8080],
       ["server.workers", "changed", 4, 8], ["version", "changed", "1.2.0", "1.3.0"]]
LOOSE = [r for r in ALL if r[0] != "server.port"]


def _csv(rows: list[list[Any]]) -> bytes:
    return "".join(",".join(map(str, r)) + "\n" for r in rows).encode()


def diff(label: str, rows: list[list[Any]], passes: bool, says: str = "", **options: Any) -> Case:
    return Case(label, None, {"file": "out.csv", "input_file": "old.json", "other_file": "new.json", "report": "all",
                              **options}, passes, says, files={"out.csv": _csv(rows)},
                originals={"old.json": json.dumps(OLD).encode(), "new.json": json.dumps(NEW).encode()})


CHANGED = [["Setting", "Old Value", "New Value"], *[[r[0], r[2], r[3]] for r in LOOSE[1:] if r[1] == "changed"]]
IGNORED = [r for r in LOOSE if r[0] != "version"]

CASES: dict[str, list[Case]] = {
    "table.settings_compared": [
        diff("every difference, a retyped port counted", ALL, True),
        diff("the retyped port left out where it counts", LOOSE, False,
             "data row 4 (out!A5, Setting) is 'server.workers'"),
        diff("the retyped port left out as asked", LOOSE, True, loose=True),
        diff("the retyped port reported where it does not count", ALL, False,
             "data row 4 (out!A5, Setting) is 'server.port'", loose=True),
        diff("the last setting left out", LOOSE[:-1], False, "the setting 'version' is missing", loose=True),
        diff("the last setting's new value wrong", [*LOOSE[:-1], ["version", "changed", "1.2.0", "1.2.0"]], False,
             "data row 5 (out!D6, New Value)", loose=True),
        diff("a removed setting's new value not left empty", [LOOSE[0], ["db.pool", "removed", 5, 5], *LOOSE[2:]],
             False, "data row 1 (out!D2, New Value)", loose=True),
        diff("an added setting called changed", [LOOSE[0], LOOSE[1], ["features.audit", "changed", "", "false"],
                                                 *LOOSE[3:]], False, "data row 2 (out!B3, Status)", loose=True),
        diff("a flag written True instead of true", [*LOOSE[:3], ["features.sso", "changed", "False", "True"],
                                                     *LOOSE[4:]], False, "data row 3 (out!C4, Old Value)", loose=True),
        diff("rows in file order instead of A to Z", [LOOSE[0], LOOSE[-1], *LOOSE[1:-1]], False, "data row 1",
             loose=True),
        diff("the version ignored as asked", IGNORED, True, loose=True, ignore=["version"]),
        diff("the version reported though ignored", LOOSE, False, "has 5 rows, expected 4", loose=True,
             ignore=["version"]),
        diff("only the changed settings", CHANGED, True, loose=True, report="changed"),
        diff("the status column kept in the changed-only form", [r for r in LOOSE if r[1] in ("changed", "Status")],
             False, "header", loose=True, report="changed"),
        diff("an added setting in the changed-only form", [*CHANGED[:1], ["features.audit", "", "false"], *CHANGED[1:]],
             False, "data row 1", loose=True, report="changed"),
    ],
}
