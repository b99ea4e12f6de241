"""Boundary cases of table.chunk_part (#10 breadth): a seven-row export with an empty line (bare
commas) after its second row and two names equal but for case (adams, Adams). Parts of at most 3
rows (3, 3 and the LAST row alone) or three even parts (3, 2, 2: the extra row goes to the first);
a part one row short or one too far; the empty line counted or left out (an output's trailing
empty line is not a row: read as the app reads it); the rows ordered by Name first, the tie
keeping its order; the header kept."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

HEADER = ["ID", "Name", "Amount"]
R1, R2, R3, R4 = ["C1", "Lee", 10], ["C2", "adams", 20], ["C3", "Baker", 30], ["C4", "Adams", 40]
R5, R6, R7 = ["C5", "Cole", 50], ["C6", "Diaz", 60], ["C7", "Evans", 70]
BLANK: list[Any] = [None, None, None]


def _csv(rows: list[list[Any]]) -> bytes:
    return "".join(",".join("" if v is None else str(v) for v in r) + "\n" for r in rows).encode()


def part(label: str, rows: list[list[Any]], passes: bool, says: str = "", header: list[str] = HEADER,
         **options: Any) -> Case:
    opts = {"file": "out/part.csv", "input_file": "export.csv", "part": 1, "size": 3, "skip_blank": True, **options}
    return Case(label, None, opts, passes, says, files={"out/part.csv": _csv([header, *rows])},
                originals={"export.csv": _csv([HEADER, R1, R2, BLANK, R3, R4, R5, R6, R7])})


EVEN = {"size": None, "parts": 3}

CASES: dict[str, list[Case]] = {
    "table.chunk_part": [
        part("the first three rows, the empty line left out", [R1, R2, R3], True),
        part("the empty line kept in", [R1, BLANK, R2], False, "data row 2 (part!A3, column 'ID') is None, "
             "expected 'C2'"),
        part("the empty line counted where it is not to be left out", [R1, R2, BLANK, R3], True, size=4,
             skip_blank=False),
        part("the middle part", [R4, R5, R6], True, part=2),
        part("the middle part one row short", [R4, R5], False, "has 2 data rows, expected 3", part=2),
        part("the middle part one row too far", [R4, R5, R6, R7], False,
             "row 5 ['C7', 'Evans', 70] should not be there", part=2),
        part("the last part: the one row left", [R7], True, part=3),
        part("the last part empty", [], False, "has 0 data rows, expected 1", part=3),
        part("the last part starting a row early", [R6, R7], False, "data row 1 (part!A2, column 'ID') is 'C6', "
             "expected 'C7' (part 3: rows 7 to 7 of 7", part=3),
        part("three even parts: the first takes the extra row", [R1, R2, R3], True, **EVEN),
        part("three even parts: the extra row left to the last", [R1, R2], False, "has 2 data rows, expected 3",
             **EVEN),
        part("three even parts: the last two rows", [R6, R7], True, part=3, **EVEN),
        part("ordered by Name: adams before Adams, as in the file", [R2, R4, R3], True, sort_by="Name"),
        part("ordered by Name, the tie turned round", [R4, R2, R3], False, "data row 1 (part!A2, column 'ID') is "
             "'C4', expected 'C2'", sort_by="Name"),
        part("ordered by Name: the last part", [R1], True, part=3, sort_by="Name"),
        part("the header left off", [R2, R3], False, "header cell A1 is 'C1', expected 'ID'", header=R1),
    ],
}
