"""Boundary cases of table.stacked (#10 breadth): three small exports, the second with its columns
in another order and repeating an order of the first. The LAST row of the last file is where a loop
that stops one short passes; a file copied by position puts values under the wrong columns; the
source column holds the bare file name; a repeated key keeps its first copy; a date order lets ties
come either way but nothing out of order."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

HEADER = ["ID", "Date", "Amount"]
A = [["A1", "2024-01-05", 10], ["A2", "2024-01-02", 20]]
B = [["B1", "2024-02-01", 30], ["A2", "2024-01-02", 20], ["B2", "2024-01-03", 5]]
C = [["C1", "2024-03-01", 7.5], ["C2", "2024-01-02", 1]]
B_ORDER = [2, 0, 1]  # Amount, ID, Date


def _csv(header: list[Any], rows: list[list[Any]]) -> bytes:
    return "".join(",".join(map(str, r)) + "\n" for r in [header, *rows]).encode()


ORIGINALS = {"in/a.csv": _csv(HEADER, A), "in/b.csv": _csv([HEADER[i] for i in B_ORDER],
                                                           [[r[i] for i in B_ORDER] for r in B]),
             "in/c.csv": _csv(HEADER, C)}
BASE = {"file": "out.csv", "input_file": "in/a.csv", "second_file": "in/b.csv", "third_file": "in/c.csv"}


def stacked(label: str, rows: list[list[Any]], passes: bool, says: str = "", header: list[str] = HEADER,
            **options: Any) -> Case:
    return Case(label, None, {**BASE, **options}, passes, says, files={"out.csv": _csv(header, rows)},
                originals=ORIGINALS)


def tagged(rows: list[list[Any]], name: str) -> list[list[Any]]:
    return [[*r, name] for r in rows]


ALL = [*A, *B, *C]
ONCE = [*A, B[0], B[2], *C]
TAGGED = [*tagged(A, "a.csv"), *tagged([B[0], B[2]], "b.csv"), *tagged(C, "c.csv")]
BY_DATE = [A[1], C[1], B[2], A[0], B[0], C[0]]  # A2 and C2 share 2024-01-02
KEY, SOURCE, SORT = {"key": "ID"}, {"source_column": "File"}, {"sort_by": "Date"}

CASES: dict[str, list[Case]] = {
    "table.stacked": [
        stacked("file after file, the reordered file matched by name", ALL, True),
        stacked("the last file's last row left out", ALL[:-1], False, "the row that should be ['C2'"),
        stacked("the reordered file copied by position", [*A, *[[r[i] for i in B_ORDER] for r in B], *C], False,
                "data row 3"),
        stacked("the second header copied in as a row", [*A, [HEADER[i] for i in B_ORDER], *B, *C], False,
                "data row 3"),
        stacked("the files in another order", [*A, *C, *B], False, "data row 3"),
        stacked("an extra column", [[*r, ""] for r in ALL], False, "header", header=[*HEADER, "Note"]),
        stacked("the repeat kept once, from its first file", ONCE, True, **KEY),
        stacked("the repeat kept twice", ALL, False, "data row 4", **KEY),
        stacked("each row tagged with its file's name", TAGGED, True, header=[*HEADER, "File"], **KEY, **SOURCE),
        stacked("the tag column missing", ONCE, False, "header", **KEY, **SOURCE),
        stacked("the tag holds the folder too", [[*r[:3], "in/" + r[3]] for r in TAGGED], False, "data row 1",
                header=[*HEADER, "File"], **KEY, **SOURCE),
        stacked("the last row tagged with the wrong file", [*TAGGED[:-1], [*C[1], "b.csv"]], False, "data row 6",
                header=[*HEADER, "File"], **KEY, **SOURCE),
        stacked("ordered by date", BY_DATE, True, **KEY, **SORT),
        stacked("ordered by date, the tie the other way", [C[1], A[1], *BY_DATE[2:]], True, **KEY, **SORT),
        stacked("the last two rows out of date order", [*BY_DATE[:4], C[0], B[0]], False, "data row 6", **KEY,
                **SORT),
        stacked("in date order but the last row left out", BY_DATE[:-1], False, "'C1'", **KEY, **SORT),
        stacked("in date order with the repeat kept", [A[1], A[1], *BY_DATE[1:]], False, "not one of", **KEY,
                **SORT),
        stacked("file order where date order was asked", ONCE, False, "data row 2", **KEY, **SORT),
    ],
}
