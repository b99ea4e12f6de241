"""Boundary cases of `text.table_totalled`: a wiki page with a regions table (Revenue in euros with
thousands separators, Orders some under a thousand) and a second table under another heading.

Passes with the Total row right under the table, spacing free, each sum written as its column
writes figures. Fails with the LAST column's sum one off, a sum without the currency sign or the
separators, a cell filled that was to stay empty, the row after the note line or in the other
table, the label spelt otherwise, and another line of the page changed."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

PAGE = ["# Wiki", "", "## Sales by region", "", "| Region | Manager | Revenue | Orders |",
        "| --- | --- | ---: | ---: |", "| North | Ana Ruiz | €12,500 | 950 |", "| West | Tom Lee | €8,100 | 1,200 |",
        "| Alps | Jo Kim | €400 | 75 |",
        "", "Questions go to Ana.", "", "## Projects", "", "| Project | Budget |", "| --- | ---: |",
        "| Orion | $5,000 |", ""]
END = 9


def case(label: str, lines: list[str], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "out.md", "input_file": "page.md", **options}, passes, says,
                files={"out.md": ("\n".join(lines) + "\n").encode()},
                originals={"page.md": ("\n".join(PAGE) + "\n").encode()})


def added(row: str, at: int = END) -> list[str]:
    return [*PAGE[:at], row, *PAGE[at:]]


BOTH = {"columns": ["Revenue", "Orders"], "heading": "Sales by region"}
ROW = "| Total | | €21,000 | 2,225 |"

CASES: dict[str, list[Case]] = {
    "text.table_totalled": [
        case("both sums, each written as its column", added(ROW), BOTH, True),
        case("spacing free", added("|Total|   |  €21,000 |2,225|"), BOTH, True),
        case("the last column's sum one off", added("| Total | | €21,000 | 2,226 |"), BOTH, False,
             "text line 10 of out.md is '| Total |  | €21,000 | 2,226 |', expected '| Total |  | €21,000 | 2,225 |'"),
        case("the sum without its currency sign", added("| Total | | 21,000 | 2,225 |"), BOTH, False,
             "text line 10 of out.md is '| Total |  | 21,000 | 2,225 |'"),
        case("the sum without separators", added("| Total | | €21000 | 2225 |"), BOTH, False, "text line 10"),
        case("one column asked, the other left empty", added("| Total | | | 2,225 |"),
             {"columns": ["Orders"], "heading": "Sales by region"}, True),
        case("one column asked, the other filled too", added(ROW), {"columns": ["Orders"], "heading":
                                                                     "Sales by region"}, False,
             "expected '| Total |  |  | 2,225 |'"),
        case("the row after the note line", added(ROW, 11), BOTH, False, "text line 10 of out.md is ''"),
        case("the row put in the other table", added(ROW, 17), BOTH, False, "text line 10 of out.md is ''"),
        case("the other table totalled as asked", added("| Total | $5,000 |", 17),
             {"columns": ["Budget"], "heading": "Projects"}, True),
        case("the label lower case", added("| total | | €21,000 | 2,225 |"), BOTH, False, "text line 10"),
        case("another line changed too", [*added(ROW)[:-2], "| Orion | $5,500 |", ""], BOTH, False,
             "text line 18 of out.md is '| Orion | $5,500 |'"),
    ],
}
