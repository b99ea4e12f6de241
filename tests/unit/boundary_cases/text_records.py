"""Boundary cases of `text.records_tabulated`: three `Key: value` server records, fields in varying
order, one without an OS and one without an Owner. The LAST record is where a loop that stops one
short lets a wrong table through; columns in the wrong order, a record missing or extra, the filler
left out where one is asked (or written where cells stay empty), rows in file order when sorting is
asked, and no table at all fail; padding and the alignment row's markers are free."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

RECORDS = ["Host: web-02", "OS: Debian 12", "Owner: Ann", "", "Host: db-01", "Owner: Bob", "",
           "Host: cache-03", "OS: RHEL 9", "Role: replica"]
ALL = ["| Host | OS | Owner | Role |", "|---|---|---|---|", "| web-02 | Debian 12 | Ann | |", "| db-01 | | Bob | |",
       "| cache-03 | RHEL 9 | | replica |"]
STATED = {"columns": ["Host", "Owner", "OS"], "missing": "n/a", "sort_by": "Host"}
SORTED = ["| Host | Owner | OS |", "|:---|:---|:---|", "| cache-03 | n/a | RHEL 9 |", "| db-01 | Bob | n/a |",
          "| web-02 | Ann | Debian 12 |"]


def case(label: str, output: list[str], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "servers.md", "input_file": "servers.txt", **options}, passes, says,
                files={"servers.md": ("\n".join(output) + "\n").encode()},
                originals={"servers.txt": ("\n".join(RECORDS) + "\n").encode()})


CASES: dict[str, list[Case]] = {
    "text.records_tabulated": [
        case("every field by first appearance, padded, under a heading", [
            "# Servers", "", "| Host     | OS        | Owner | Role    |", "|----------|-----------|-------|---------|",
            "| web-02   | Debian 12 | Ann   |         |", "| db-01    |           | Bob   |         |",
            "| cache-03 | RHEL 9    |       | replica |"], {}, True),
        case("the last record's value missing", [*ALL[:4], "| cache-03 | RHEL 9 | | |"], {}, False,
             "row 3 of the table in servers.md, column 'Role'"),
        case("columns in the wrong order", ["| Host | Owner | OS | Role |", "|---|---|---|---|",
                                            "| web-02 | Ann | Debian 12 | |", "| db-01 | Bob | | |",
                                            "| cache-03 | | RHEL 9 | replica |"], {}, False, "the header"),
        case("the last record missing", ALL[:4], {}, False, "has 2 rows, expected 3"),
        case("a record too many", [*ALL, "| web-02 | Debian 12 | Ann | |"], {}, False, "has 4 rows, expected 3"),
        case("empty cells written as n/a", [ALL[0], ALL[1], "| web-02 | Debian 12 | Ann | n/a |", *ALL[3:]], {},
             False, "row 1"),
        case("stated columns, sorted, n/a", SORTED, STATED, True),
        case("stated columns, the filler left out", [*SORTED[:3], "| db-01 | Bob | |", SORTED[4]], STATED, False,
             "row 2 of the table in servers.md, column 'OS'"),
        case("stated columns, rows in file order", [SORTED[0], SORTED[1], SORTED[4], SORTED[3], SORTED[2]], STATED,
             False, "row 1"),
        case("no table at all", ["Host OS Owner"], {}, False, "holds no markdown table"),
    ],
}
