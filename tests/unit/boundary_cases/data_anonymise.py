"""Boundary cases of table.anonymised (#10 breadth): four orders of three customers (the first
customer again on the LAST row, where a loop that stops one short passes and a counter that does
not remember codes gives a new one). Columns dropped or not, emails masked to the first letter and
the domain, pseudonyms numbered by first appearance, dates of birth cut to the year."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

HEADER = ["Order", "Customer", "Name", "Email", "Born", "Amount"]
ROWS = [["O1", "CU-9", "Ann Lee", "ann.lee@mail.com", "1980-02-03", 10.5],
        ["O2", "CU-4", "Bo Kim", "bo@web.de", "1975-12-31", 20],
        ["O3", "CU-7", "Cy Day", "cy.day@mail.com", "2001-01-01", 7],
        ["O4", "CU-9", "Ann Lee", "ann.lee@mail.com", "1980-02-03", 3]]


def _csv(rows: list[list[Any]]) -> bytes:
    return "".join(",".join(map(str, r)) + "\n" for r in rows).encode()


def anon(label: str, rows: list[list[Any]], passes: bool, says: str = "", **options: Any) -> Case:
    return Case(label, None, {"file": "out.csv", "input_file": "in.csv", **options}, passes, says,
                files={"out.csv": _csv(rows)}, originals={"in.csv": _csv([HEADER, *ROWS])})


def cols(rows: list[list[Any]], keep: list[int]) -> list[list[Any]]:
    return [[r[i] for i in keep] for r in rows]


DROP = {"drop": ["Name", "Email"]}
DROPPED = cols([HEADER, *ROWS], [0, 1, 4, 5])
CODES = ["P001", "P002", "P003", "P001"]
CODED = [HEADER, *[[r[0], c, *r[2:]] for r, c in zip(ROWS, CODES)]]
CODE = {"pseudonym_column": "Customer", "prefix": "P", "digits": 3}
MASKS = ["a***@mail.com", "b***@web.de", "c***@mail.com", "a***@mail.com"]
MASKED = [HEADER, *[[*r[:3], m, *r[4:]] for r, m in zip(ROWS, MASKS)]]
MASK = {"mask_column": "Email"}
YEARS = [HEADER[:4] + ["Birth Year", "Amount"], *[[*r[:4], int(r[4][:4]), r[5]] for r in ROWS]]
YEAR = {"year_column": "Born", "year_header": "Birth Year"}
ALL = {"drop": ["Name"], **CODE, **MASK, **YEAR}
EVERY = [["Order", "Customer", "Email", "Birth Year", "Amount"],
         *[[r[0], c, m, int(r[4][:4]), r[5]] for r, c, m in zip(ROWS, CODES, MASKS)]]

CASES: dict[str, list[Case]] = {
    "table.anonymised": [
        anon("two columns dropped", DROPPED, True, **DROP),
        anon("one of them left in", cols([HEADER, *ROWS], [0, 1, 3, 4, 5]), False, "header", **DROP),
        anon("the last row's amount changed", [*DROPPED[:-1], [*DROPPED[-1][:3], 4]], False, "data row 4", **DROP),
        anon("the last row left out", DROPPED[:-1], False, "the row that should be ['O4'", **DROP),
        anon("ids coded by first appearance, a repeat keeps its code", CODED, True, **CODE),
        anon("the repeat given a new code", [*CODED[:-1], [*CODED[-1][:1], "P004", *CODED[-1][2:]]], False,
             "data row 4", **CODE),
        anon("codes numbered by sorted id", [HEADER, *[[r[0], c, *r[2:]] for r, c in
                                                     zip(ROWS, ["P003", "P001", "P002", "P003"])]], False,
             "data row 1", **CODE),
        anon("codes without zero padding", [HEADER, *[[r[0], c.replace("00", ""), *r[2:]] for r, c in
                                                      zip(ROWS, CODES)]], False, "data row 1", **CODE),
        anon("another prefix as asked", [HEADER, *[[r[0], c.replace("P", "C-"), *r[2:]] for r, c in
                                                   zip(ROWS, CODES)]], True, **{**CODE, "prefix": "C-"}),
        anon("emails masked to first letter and domain", MASKED, True, **MASK),
        anon("the last email masked without its domain", [*MASKED[:-1], [*MASKED[-1][:3], "a***", *MASKED[-1][4:]]],
             False, "data row 4", **MASK),
        anon("an email left whole", [*MASKED[:2], [*MASKED[2][:3], "bo@web.de", *MASKED[2][4:]], *MASKED[3:]],
             False, "data row 2", **MASK),
        anon("birth dates cut to the year under the new header", YEARS, True, **YEAR),
        anon("the header left as it was", [HEADER, *YEARS[1:]], False, "header", **YEAR),
        anon("the last date left whole", [*YEARS[:-1], [*YEARS[-1][:4], "1980-02-03", 3]], False, "data row 4",
             **YEAR),
        anon("every rule at once", EVERY, True, **ALL),
        anon("every rule but the mask", [EVERY[0], *[[r[0], c, e[3], *r[3:]] for r, c, e in
                                                     zip(EVERY[1:], CODES, ROWS)]], False, "data row 1", **ALL),
    ],
}
