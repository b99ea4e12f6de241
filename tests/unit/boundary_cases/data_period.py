"""Boundary cases of table.period_change (#10 breadth): two stores' monthly revenue, interleaved by
month. The LAST row is wrong only there (a loop that stops one short); the first period of each
store must stay empty; the change over the whole column where each store's was asked; percent
unrounded, as a fraction, or a tenth off; a moving average over the wrong window; the tolerance
both sides; an original cell changed, a row dropped, the new column missing; money text read as
numbers."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

HEADER = ["Store", "Month", "Revenue"]
ROWS = [["H", "2025-01", 100], ["A", "2025-01", 200], ["H", "2025-02", 110], ["A", "2025-02", 150],
        ["H", "2025-03", 121], ["A", "2025-03", 180]]
MONEY = [[s, m, f'"${v:,.2f}"'] for s, m, v in ROWS]


def _csv(rows: list[list[Any]]) -> bytes:
    return "".join(",".join("" if v is None else str(v) for v in r) + "\n" for r in rows).encode()


def change(label: str, figures: list[Any], passes: bool, says: str = "", *, rows: list[list[Any]] = ROWS,
           source: list[list[Any]] = ROWS, new: str = "Change", **options: Any) -> Case:
    out = [[*r, f] for r, f in zip(rows, figures, strict=False)]
    return Case(label, None, {"file": "out.csv", "input_file": "sales.csv", "column": "Revenue", "new_header": "Change",
                              **options}, passes, says, files={"out.csv": _csv([[*HEADER, new], *out])},
                originals={"sales.csv": _csv([HEADER, *source])})


BY_STORE = {"operation": "difference", "group_column": "Store", "decimals": 2}  # H: -, 10, 11; A: -, -50, 30
WHOLE = {"operation": "difference", "decimals": 2}  # -, 100, -90, 40, -29, 59
PERCENT = {"operation": "percent_change", "group_column": "Store", "decimals": 1}  # H: -, 10, 10; A: -, -25, 20
PERCENT_2 = {"operation": "percent_change", "decimals": 2}  # -, 100, -45, 36.36, -19.33, 48.76
AVERAGE_2 = {"operation": "moving_average", "window": 2, "group_column": "Store", "decimals": 2}  # H: -, 105, 115.5
AVERAGE_3 = {"operation": "moving_average", "window": 3, "decimals": 2}  # -, -, 136.67, 153.33, 127, 150.33
NO_ROUNDING = {"operation": "difference", "group_column": "Store"}

CASES: dict[str, list[Case]] = {
    "table.period_change": [
        change("each store against its own previous month", [None, None, 10, -50, 11, 30], True, **BY_STORE),
        change("the last row a unit off", [None, None, 10, -50, 11, 31], False, "D7", **BY_STORE),
        change("the last row left empty", [None, None, 10, -50, 11, None], False, "D7", **BY_STORE),
        change("the previous row over the whole file where each store's was asked",
               [None, 100, -90, 40, -29, 59], False, "D3", **BY_STORE),
        change("the first month given a zero", [0, None, 10, -50, 11, 30], False, "expected it empty", **BY_STORE),
        change("the whole file's previous row", [None, 100, -90, 40, -29, 59], True, **WHOLE),
        change("the whole file's change, the sign turned round", [None, -100, 90, -40, 29, -59], False, "D3", **WHOLE),
        change("percent of each store's previous month, one decimal", [None, None, 10, -25, 10, 20], True, **PERCENT),
        change("a trailing zero is the same figure", [None, None, "10.0", "-25.0", "10.0", "20.0"], True, **PERCENT),
        change("percent as a fraction", [None, None, 0.1, -0.25, 0.1, 0.2], False, "D4", **PERCENT),
        change("percent over the whole file, two decimals", [None, 100, -45, 36.36, -19.33, 48.76], True, **PERCENT_2),
        change("percent unrounded", [None, 100, -45, 36.363636, -19.33, 48.76], False, "not rounded", **PERCENT_2),
        change("percent on the last row a hundredth off", [None, 100, -45, 36.36, -19.33, 48.77], False, "D7",
               **PERCENT_2),
        change("percent to one decimal where two were asked", [None, 100, -45, 36.4, -19.3, 48.8], False, "D5",
               **PERCENT_2),
        change("each store's two-month average", [None, None, 105, 175, 115.5, 165], True, **AVERAGE_2),
        change("a three-month average where two were asked", [None, None, None, None, 110.33, 176.67], False, "D4",
               **AVERAGE_2),
        change("a three-month average over the file", [None, None, 136.67, 153.33, 127, 150.33], True, **AVERAGE_3),
        change("the average of what there is for the first months", [100, 150, 136.67, 153.33, 127, 150.33], False,
               "D2", **AVERAGE_3),
        change("the average's last row left empty", [None, None, 136.67, 153.33, 127, None], False, "D7",
               **AVERAGE_3),
        change("just inside the tolerance", [None, None, 10.004, -50, 11, 29.996], True, **NO_ROUNDING),
        change("just outside the tolerance", [None, None, 10, -50, 11, 29.994], False, "D7", **NO_ROUNDING),
        change("a revenue figure changed", [None, None, 10, -50, 11, 30], False, "Revenue", **BY_STORE,
               rows=[*ROWS[:5], ["A", "2025-03", 181]]),
        change("a row dropped", [None, None, 10, -50, 11], False, "missing", rows=ROWS[:5], **BY_STORE),
        change("the new column under another name", [None, None, 10, -50, 11, 30], False, "no new column",
               new="Diff", **BY_STORE),
        change("money text read as numbers", [None, None, 10, -50, 11, 30], True, rows=MONEY, source=MONEY,
               **BY_STORE),
    ],
}
