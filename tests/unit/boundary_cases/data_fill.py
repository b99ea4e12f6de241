"""Boundary cases of table.blanks_filled (#10 breadth): weather readings with gaps. The LAST row is a
gap (a loop that stops one short leaves it); a mean unrounded or a cent off, the column's mean where
the group's was asked, a mean where the median was, a given reading changed, a row or column too many."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

HEADER = ["Station", "Date", "Temp C"]
ROWS = [["H", "2025-01-01", 10], ["A", "2025-01-01", None], ["H", "2025-01-02", None], ["A", "2025-01-02", 4],
        ["H", "2025-01-03", 13.1], ["A", "2025-01-03", None]]


def _csv(rows: list[list[Any]]) -> bytes:
    return "".join(",".join("" if v is None else str(v) for v in r) + "\n" for r in rows).encode()


def filled(label: str, temps: list[Any], passes: bool, says: str = "", *, header: list[str] = HEADER,
           extra: list[Any] | None = None, **options: Any) -> Case:
    rows = [[*r[:2], t, *([extra[i]] if extra else [])] for i, (r, t) in enumerate(zip(ROWS, temps, strict=True))]
    return Case(label, None, {"file": "out.csv", "input_file": "readings.csv", "column": "Temp C", **options},
                passes, says, files={"out.csv": _csv([header, *rows])}, originals={"readings.csv": _csv([HEADER, *ROWS])})


MEAN = {"method": "mean", "decimals": 2}  # (10 + 4 + 13.1) / 3 = 9.0333...
GROUP = {"method": "mean", "decimals": 2, "group_by": "Station"}  # H: 11.55, A: 4
MEDIAN = {"method": "median"}

CASES: dict[str, list[Case]] = {
    "table.blanks_filled": [
        filled("the column's mean, rounded to 2 decimals", [10, 9.03, 9.03, 4, 13.1, 9.03], True, **MEAN),
        filled("a trailing zero is the same figure", [10, "9.030", "9.030", 4, 13.1, "9.030"], True, **MEAN),
        filled("the mean unrounded", [10, 9.0333333, 9.0333333, 4, 13.1, 9.0333333], False, "Temp C", **MEAN),
        filled("the last gap left empty", [10, 9.03, 9.03, 4, 13.1, None], False, "data row 6", **MEAN),
        filled("the last gap a cent off", [10, 9.03, 9.03, 4, 13.1, 9.04], False, "data row 6", **MEAN),
        filled("a given reading changed", [10.5, 9.03, 9.03, 4, 13.1, 9.03], False, "data row 1", **MEAN),
        Case("a row dropped", None, {"file": "out.csv", "input_file": "readings.csv", "column": "Temp C", **MEAN},
             False, "missing", files={"out.csv": _csv([HEADER, *[[*r[:2], t] for r, t in
                                                                 zip(ROWS[:5], [10, 9.03, 9.03, 4, 13.1])]])},
             originals={"readings.csv": _csv([HEADER, *ROWS])}),
        filled("a column added", [10, 9.03, 9.03, 4, 13.1, 9.03], False, "extra columns",
               header=[*HEADER, "Filled"], extra=["no", "yes", "yes", "no", "no", "yes"], **MEAN),
        filled("each station's own mean", [10, 4, 11.55, 4, 13.1, 4], True, **GROUP),
        filled("the column's mean where the station's was asked", [10, 9.03, 9.03, 4, 13.1, 9.03], False,
               "data row 2", **GROUP),
        filled("the median", [10, 10, 10, 4, 13.1, 10], True, **MEDIAN),
        filled("the mean where the median was asked", [10, 9.03, 9.03, 4, 13.1, 9.03], False, "data row 2",
               **MEDIAN),
        filled("filled down from the nearest reading above", [10, 10, 10, 4, 13.1, 13.1], True, method="down"),
        filled("filled down, the last gap left", [10, 10, 10, 4, 13.1, None], False, "data row 6", method="down"),
        filled("filled up instead of down", [10, 4, 4, 4, 13.1, 13.1], False, "data row 2", method="down"),
        filled("a stated value", [10, 0, 0, 4, 13.1, 0], True, method="value", value=0),
        filled("a stated value, the last gap left", [10, 0, 0, 4, 13.1, None], False, "data row 6", method="value",
               value=0),
    ],
}
