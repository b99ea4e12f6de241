"""Boundary cases of `text.log_pivoted`: a combined log of three services (one ERROR entry carrying
a traceback), summarised per service and level.

Passes with the counts in order, spacing and alignment free. Fails with a traceback line counted
as an entry, the LAST row's last count one off, rows in the wrong order (A to Z against most errors
first), a Total row or column missing or left in when not asked, a header in another order, an
extra row, and no table at all."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

LOG = ["2024-05-03 09:00:01 INFO [web] request completed in 120 ms",
       "2024-05-03 09:05:12 ERROR [worker] payment gateway timed out", "Traceback (most recent call last):",
       '  File "/srv/app/billing/client.py", line 40, in post', "TimeoutError: gateway did not answer",
       "2024-05-03 10:00:00 WARNING [api] slow query took 900 ms", "2024-05-03 10:05:00 ERROR [api] upstream 502",
       "2024-05-03 10:06:00 ERROR [api] upstream 502", "2024-05-03 11:00:00 DEBUG [worker] payload size 120 bytes",
       "2024-05-03 11:30:00 INFO [worker] job job-1234 started"]
HEAD = ["| Service | DEBUG | INFO | WARNING | ERROR |", "|---|---:|---:|---:|---:|"]
API, WEB, WORKER = "| api | 0 | 0 | 1 | 2 |", "| web | 0 | 1 | 0 | 0 |", "| worker | 1 | 1 | 0 | 1 |"


def case(label: str, lines: list[str], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "summary.md", "input_file": "app.log", **options}, passes, says,
                files={"summary.md": ("\n".join(lines) + "\n").encode()},
                originals={"app.log": ("\n".join(LOG) + "\n").encode()})


NAME = {"order": "name"}
ERRORS = {"order": "errors"}
TOTALS = {"order": "name", "totals": True}
TOTAL_HEAD = ["| Service | DEBUG | INFO | WARNING | ERROR | Total |", "|---|---:|---:|---:|---:|---:|"]
TOTAL_ROWS = ["| api | 0 | 0 | 1 | 2 | 3 |", "| web | 0 | 1 | 0 | 0 | 1 |", "| worker | 1 | 1 | 0 | 1 | 3 |",
              "| Total | 1 | 2 | 1 | 3 | 7 |"]

CASES: dict[str, list[Case]] = {
    "text.log_pivoted": [
        case("services A to Z", ["# Summary", "", *HEAD, API, WEB, WORKER], NAME, True),
        case("spacing and alignment free", ["|Service|debug|INFO|WARNING|ERROR|", "|:---|---|---|---|---|",
                                            "|  api |0|0|1|2|", WEB, WORKER], NAME, True),
        case("a traceback line counted", [*HEAD, API, WEB, "| worker | 1 | 1 | 0 | 2 |"], NAME, False,
             "row 3 of summary.md (worker) says 1 1 0 2, expected 1 1 0 1"),
        case("most errors first", [*HEAD, API, WORKER, WEB], ERRORS, True),
        case("A to Z when most errors first was asked", [*HEAD, API, WEB, WORKER], ERRORS, False,
             "row 2 of summary.md is 'web', expected 'worker'"),
        case("with totals", [*TOTAL_HEAD, *TOTAL_ROWS], TOTALS, True),
        case("the Total row's last cell one off", [*TOTAL_HEAD, *TOTAL_ROWS[:3], "| Total | 1 | 2 | 1 | 3 | 8 |"],
             TOTALS, False, "row 4 of summary.md (Total) says 1 2 1 3 8, expected 1 2 1 3 7"),
        case("the Total row missing", [*TOTAL_HEAD, *TOTAL_ROWS[:3]], TOTALS, False,
             "summary.md has 3 rows, expected 4 (first missing: 'Total')"),
        case("totals when not asked", [*TOTAL_HEAD, *TOTAL_ROWS], NAME, False, "the table's header is Service | "
             "DEBUG | INFO | WARNING | ERROR | Total, expected Service | DEBUG | INFO | WARNING | ERROR"),
        case("levels in another order", ["| Service | ERROR | WARNING | INFO | DEBUG |", HEAD[1], API, WEB, WORKER],
             NAME, False, "the table's header is Service | ERROR"),
        case("an extra row", [*HEAD, API, WEB, WORKER, "| db | 0 | 0 | 0 | 0 |"], NAME, False,
             "summary.md has 4 rows, expected 3 (extra: 'db')"),
        case("no table", ["api: 3", "web: 1", "worker: 3"], NAME, False, "summary.md holds no markdown table"),
    ],
}
