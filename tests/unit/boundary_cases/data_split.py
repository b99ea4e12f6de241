"""Boundary cases of table.split_part (#10 breadth): a small orders export split by Region or by the
year of its Date. The LAST row is a North order typed 'NORTH' (a loop that stops one short, or a
case-sensitive match, leaves it out); 'south' is typed in lower case; one date is text
(15/03/2024) and two sit on either side of a New Year (2023-12-31, 2024-01-01). Each part's rows are
the input's, whole and in order; the split column kept or dropped; the file of the rest holds none
of the named values."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

HEADER = ["Order ID", "Region", "Date", "Amount"]
S1 = ["S1", "North", "2023-12-31", 10]
S2 = ["S2", "south", "2024-01-01", 20]
S3 = ["S3", "East", "15/03/2024", 30]
S4 = ["S4", "North", "2024-06-30", 40]
S5 = ["S5", "South", "2025-01-02", 50]
S6 = ["S6", "NORTH", "2025-02-03", 60]


def _csv(header: list[Any], rows: list[list[Any]]) -> bytes:
    return "".join(",".join(map(str, r)) + "\n" for r in [header, *rows]).encode()


def part(label: str, rows: list[list[Any]], passes: bool, says: str = "", header: list[str] = HEADER,
         **options: Any) -> Case:
    opts = {"file": "out/part.csv", "input_file": "orders.csv", "column": "Region", "values": ["North"], **options}
    return Case(label, None, opts, passes, says, files={"out/part.csv": _csv(header, rows)},
                originals={"orders.csv": _csv(HEADER, [S1, S2, S3, S4, S5, S6])})


def dropped(rows: list[list[Any]]) -> list[list[Any]]:
    return [[r[0], *r[2:]] for r in rows]


NO_REGION = ["Order ID", "Date", "Amount"]
FOLD = {"fold_case": True}
YEAR = {"column": "Date", "by_year": True}

CASES: dict[str, list[Case]] = {
    "table.split_part": [
        part("the North rows, as typed", [S1, S4], True),
        part("'NORTH' taken in where case counts", [S1, S4, S6], False, "row 4 ['S6', 'NORTH'"),
        part("every North row, case aside", [S1, S4, S6], True, **FOLD),
        part("the last, 'NORTH', row tidied to 'North'", [S1, S4, ["S6", "North", "2025-02-03", 60]], True, **FOLD),
        part("the last row left out (case aside)", [S1, S4], False, "has 2 data rows, expected 3", **FOLD),
        part("the last row's amount changed", [S1, S4, ["S6", "NORTH", "2025-02-03", 61]], False,
             "data row 3 (part!D4, column 'Amount') is 61, expected 60", **FOLD),
        part("rows out of the input's order", [S4, S1], False, "data row 1 (part!A2, column 'Order ID') is 'S4'"),
        part("the Region column dropped as asked", dropped([S1, S4, S6]), True, header=NO_REGION,
             drop_column=True, **FOLD),
        part("the Region column kept where it should be dropped", [S1, S4, S6], False, "without 'Region'",
             drop_column=True, **FOLD),
        part("the Region column dropped where it should stay", dropped([S1, S4]), False, "header is",
             header=NO_REGION),
        part("the rest: neither North nor South, case aside", [S3], True, values=["North", "South"], others=True,
             **FOLD),
        part("the rest with the lower-case 'south' row", [S2, S3], False, "data row 1 (part!A2, column "
             "'Order ID') is 'S2', expected 'S3'",
             values=["North", "South"], others=True, **FOLD),
        part("the rest where case counts: 'south' and 'NORTH' are other values", [S2, S3, S6], True,
             values=["North", "South"], others=True),
        part("the 2024 orders: an ISO date and one written 15/03/2024", [S2, S3, S4], True, values=["2024"], **YEAR),
        part("the text-dated 2024 order left out", [S2, S4], False, "data row 2 (part!A3, column 'Order ID') is "
             "'S4', expected 'S3'", values=["2024"], **YEAR),
        part("New Year's Eve 2023 put with 2024", [S1, S2, S3, S4], False, "data row 1 (part!A2, column "
             "'Order ID') is 'S1', expected 'S2'", values=["2024"], **YEAR),
        part("before 2024: only New Year's Eve 2023", [S1], True, values=["2024", "2025"], others=True, **YEAR),
        part("before 2024 with the 2024-01-01 order", [S1, S2], False, "should not be there",
             values=["2024", "2025"], others=True, **YEAR),
    ],
}
