"""Boundary cases of `text.table_columns_edited`: one column of the table under a heading removed,
renamed, moved to the front or the end, or a column added at the end. The LAST row is where a loop
that stops one short lets a wrong page through; a cell left behind, an alignment marker that did not
move with its column, the other table edited, a header renamed in the wrong table, an added column
missing its value in the last row, and an extra line all fail; re-padding the table, longer dashes
and the added column's own alignment are free."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

HEAD = ["# Team wiki", "", "Kept by hand.", "", "## Projects", ""]
TABLE = ["| Project | Owner | Budget |", "|---|---|---:|", "| Apollo | Ann Lee | €1,200 |",
         "| Orion | Bob Ray | €300 |"]
TAIL = ["", "Questions go to Ann.", "", "## Releases", "", "| Version | Downloads |", "|---|---:|",
        "| 2.1.0 | 5,000 |"]
PAGE = [*HEAD, *TABLE, *TAIL]


def case(label: str, table: list[str], options: dict[str, Any], passes: bool, says: str = "",
         tail: list[str] = TAIL) -> Case:
    return Case(label, None, {"file": "out.md", "input_file": "page.md", "heading": "Projects", **options}, passes,
                says, files={"out.md": ("\n".join([*HEAD, *table, *tail]) + "\n").encode()},
                originals={"page.md": ("\n".join(PAGE) + "\n").encode()})


def rows(*cells: str) -> list[str]:
    """Table lines from 'a, b, c' strings (cells split on ', ')."""
    return ["| " + " | ".join(c.split(", ")) + " |" for c in cells]


REMOVE = {"operation": "remove", "column": "Owner"}
MOVE = {"operation": "move", "column": "Budget", "position": "first"}
ADD = {"operation": "add", "column": "Status", "value": "planned"}
NOTES = {**ADD, "column": "Notes", "value": ""}
REMOVED = [*rows("Project, Budget"), "|---|---:|", "| Apollo | €1,200 |", "| Orion | €300 |"]

CASES: dict[str, list[Case]] = {
    "text.table_columns_edited": [
        case("removed, re-padded with longer dashes", ["| Project   | Budget  |", "|-----------|--------:|",
                                                       "| Apollo    | €1,200  |", "| Orion     | €300    |"],
             REMOVE, True),
        case("removed, the last row still holds the cell", [*REMOVED[:3], "| Orion | Bob Ray | €300 |"], REMOVE,
             False, "line 10"),
        case("removed, the alignment marker not kept with its column", [REMOVED[0], "|---|---|", *REMOVED[2:]],
             REMOVE, False, "line 8"),
        case("removed from both tables", REMOVED, REMOVE, False, "outside the edited table",
             tail=[*TAIL[:5], "| Version |", "|---|", "| 2.1.0 |"]),
        case("removed, a line added after the page", REMOVED, REMOVE, False, "lines", tail=[*TAIL, "", "Edited."]),
        case("renamed", ["| Project | Lead | Budget |", *TABLE[1:]],
             {"operation": "rename", "column": "owner", "new_name": "Lead"}, True),
        case("renamed in the other table", TABLE, {"operation": "rename", "column": "Version", "new_name": "Release",
                                                   "heading": "Releases"}, False, "line 16",
             tail=[*TAIL[:5], "| Version | Release |", *TAIL[6:]]),
        case("moved to the front, marker and cells with it", [
            *rows("Budget, Project, Owner"), "|---:|---|---|", "| €1,200 | Apollo | Ann Lee |",
            "| €300 | Orion | Bob Ray |"], MOVE, True),
        case("moved to the front, its marker left", [
            *rows("Budget, Project, Owner"), "|---|---|---:|", "| €1,200 | Apollo | Ann Lee |",
            "| €300 | Orion | Bob Ray |"], MOVE, False, "line 8"),
        case("moved to the front, the last row not moved", [
            *rows("Budget, Project, Owner"), "|---:|---|---|", "| €1,200 | Apollo | Ann Lee |",
            "| Orion | Bob Ray | €300 |"], MOVE, False, "line 10"),
        case("moved to the end", [*rows("Owner, Budget, Project"), "|---|---:|---|", "| Ann Lee | €1,200 | Apollo |",
                                  "| Bob Ray | €300 | Orion |"], {**MOVE, "column": "Project", "position": "last"},
             True),
        case("added, its own alignment free", [
            *rows("Project, Owner, Budget, Status"), "|---|---|---:|:---:|", "| Apollo | Ann Lee | €1,200 | planned |",
            "| Orion | Bob Ray | €300 | planned |"], ADD, True),
        case("added, the last row without the value", [
            *rows("Project, Owner, Budget, Status"), "|---|---|---:|---|", "| Apollo | Ann Lee | €1,200 | planned |",
            "| Orion | Bob Ray | €300 | |"], ADD, False, "line 10"),
        case("added empty", [*rows("Project, Owner, Budget, Notes"), "|---|---|---:|---|",
                             "| Apollo | Ann Lee | €1,200 | |", "| Orion | Bob Ray | €300 |  |"], NOTES, True),
        case("added empty, but filled in", [*rows("Project, Owner, Budget, Notes"), "|---|---|---:|---|",
                                            "| Apollo | Ann Lee | €1,200 | |", "| Orion | Bob Ray | €300 | tbd |"],
             NOTES, False, "line 10"),
        case("added at the front instead of the end", [
            *rows("Status, Project, Owner, Budget"), "|---|---|---|---:|", "| planned | Apollo | Ann Lee | €1,200 |",
            "| planned | Orion | Bob Ray | €300 |"], ADD, False, "line 7"),
    ],
}
