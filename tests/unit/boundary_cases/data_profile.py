"""Boundary cases of table.column_profile and json.column_profile (#10 breadth): a four-column staff
export whose missing values are an empty cell and "N/A" placeholders; with the placeholders counted
as empty, Joined is a date column and Salary (the LAST column, its max 61000.5 on the last filled
row) a number column; without, both hold text. Types, filled/empty/distinct counts, min and max
(empty or null for text); a column left out, a field added, a date rewritten."""

from __future__ import annotations

import json
from typing import Any

from tests.unit.boundary_cases import Case

EXPORT = b"ID,Name,Joined,Salary\nE1,Ann,2024-01-05,50000\nE2,,2023-03-01,N/A\nE3,Bo,N/A,61000.5\nE4,Ann,2022-07-09,\n"
HEADER = ["Column", "Type", "Filled", "Empty", "Distinct", "Min", "Max"]
ID = ["ID", "text", 4, 0, 4, "", ""]
NAME = ["Name", "text", 3, 1, 2, "", ""]
JOINED = ["Joined", "date", 3, 1, 3, "2022-07-09", "2024-01-05"]
SALARY = ["Salary", "number", 2, 2, 2, 50000, 61000.5]
FULL = [ID, NAME, JOINED, SALARY]
NA = ["N/A", "-"]


def _csv(rows: list[list[Any]]) -> bytes:
    return "".join(",".join(map(str, r)) + "\n" for r in rows).encode()


def _options(ranges: bool, placeholders: list[str], fields: list[str]) -> dict[str, Any]:
    return {"file": "profile.out", "input_file": "staff.csv", "fields": fields, "ranges": ranges,
            "placeholders": placeholders}


def table(label: str, rows: list[list[Any]], passes: bool, says: str = "", header: list[str] = HEADER,
          ranges: bool = True, placeholders: list[str] = NA) -> Case:
    opts = {**_options(ranges, placeholders, HEADER[1:] if ranges else HEADER[1:5]), "file": "profile.csv"}
    return Case(label, None, opts, passes, says, files={"profile.csv": _csv([header, *rows])},
                originals={"staff.csv": EXPORT})


def counts(rows: list[list[Any]]) -> list[list[Any]]:
    return [r[:5] for r in rows]


FIELDS = ["type", "filled", "empty", "distinct", "min", "max"]


def entries(rows: list[list[Any]]) -> dict[str, Any]:
    return {r[0]: dict(zip(FIELDS, [v if v != "" else None for v in r[1:]], strict=True)) for r in rows}


def doc(label: str, value: Any, passes: bool, says: str = "") -> Case:
    return Case(label, None, {**_options(True, NA, FIELDS), "file": "profile.json"}, passes, says,
                files={"profile.json": json.dumps(value).encode()}, originals={"staff.csv": EXPORT})


FULL_JSON = entries(FULL)

CASES: dict[str, list[Case]] = {
    "table.column_profile": [
        table("every column, placeholders as empty, with ranges", FULL, True),
        table("types written with capitals", [[r[0], r[1].capitalize(), *r[2:]] for r in FULL], True),
        table("the last column's max one short", [*FULL[:3], [*SALARY[:6], 61000]], False,
              "profile!G5 ('Max' of 'Salary') is 61000, expected 61000.5"),
        table("the N/A cells counted as filled", [*FULL[:3], ["Salary", "number", 3, 1, 2, 50000, 61000.5]], False,
              "profile!C5 ('Filled' of 'Salary') is 3, expected 2"),
        table("a date column called text", [ID, NAME, ["Joined", "text", *JOINED[2:]], SALARY], False,
              "profile!B4 ('Type' of 'Joined') is 'text', expected 'date'"),
        table("a min given for a text column", [ID, [*NAME[:5], "Ann", "Bo"], JOINED, SALARY], False,
              "profile!F3 ('Min' of 'Name') is 'Ann', expected None"),
        table("the last column left out", FULL[:3], False, "has 3 data rows, expected 4"),
        table("counts only, as asked", counts(FULL), True, header=HEADER[:5], ranges=False),
        table("ranges given where only counts are asked", FULL, False, "header is", ranges=False),
        table("no placeholders named: N/A is a value, so Joined and Salary are text",
              counts([ID, NAME, ["Joined", "text", 4, 0, 4], ["Salary", "text", 3, 1, 3]]), True,
              header=HEADER[:5], ranges=False, placeholders=[]),
        table("no placeholders named, yet N/A counted as empty", counts(FULL), False,
              "profile!B4 ('Type' of 'Joined') is 'date', expected 'text'", header=HEADER[:5], ranges=False,
              placeholders=[]),
    ],
    "json.column_profile": [
        doc("an entry per column with every field", FULL_JSON, True),
        doc("entries in another order", dict(reversed(FULL_JSON.items())), True),
        doc("the last entry's max one short", {**FULL_JSON, "Salary": {**FULL_JSON["Salary"], "max": 61000}},
            False, "profile.json['Salary']['max'] is 61000, expected 61000.5"),
        doc("a date written day first", {**FULL_JSON, "Joined": {**FULL_JSON["Joined"], "min": "09/07/2022"}},
            False, "profile.json['Joined']['min'] is '09/07/2022', expected '2022-07-09'"),
        doc("an empty text where a text column's min is null", {**FULL_JSON, "ID": {**FULL_JSON["ID"], "min": ""}},
            False, "profile.json['ID']['min'] is '', expected None"),
        doc("the last column left out", {k: v for k, v in FULL_JSON.items() if k != "Salary"}, False,
            "expected one per column"),
        doc("a field added to an entry", {**FULL_JSON, "Name": {**FULL_JSON["Name"], "mode": "Ann"}}, False,
            "profile.json['Name'] has"),
        doc("a list of entries instead of an object", list(FULL_JSON.values()), False,
            "is not a JSON object keyed by column name"),
    ],
}
