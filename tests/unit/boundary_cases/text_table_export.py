"""Boundary cases of `text.table_exported`: a wiki page with a projects table (amounts in euros with
thousands separators, a Total row) under a heading, and a releases table above it. The LAST row is
where a loop that stops one short lets a wrong file through; the other table exported, the Total row
kept when it is to go, amounts left with their signs when plain numbers are asked (and made numbers
when they are to stay as written), the alignment row taken for a row, and a missing column all fail."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

PAGE = ["# Wiki", "", "## Releases", "", "| Version | Downloads |", "|---|---:|", "| 2.1.0 | 5,000 |", "",
        "## Projects", "", "| Project | Owner | Budget |", "|---|---|---:|", "| Apollo | Ann Lee | €1,200 |",
        "| Orion | Bob Ray | €300 |", "| **Total** | | €1,500 |", "", "Ask Ann."]
PLAIN = ["Project,Owner,Budget", "Apollo,Ann Lee,1200", "Orion,Bob Ray,300"]
WRITTEN = ["Project,Owner,Budget", 'Apollo,Ann Lee,"€1,200"', "Orion,Bob Ray,€300", 'Total,,"€1,500"']


def case(label: str, output: list[str], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "projects.csv", "input_file": "page.md", "heading": "Projects", **options},
                passes, says, files={"projects.csv": ("\n".join(output) + "\n").encode()},
                originals={"page.md": ("\n".join(PAGE) + "\n").encode()})


PLAIN_NO_TOTAL = {"drop_row": "Total", "plain_numbers": True}

CASES: dict[str, list[Case]] = {
    "text.table_exported": [
        case("plain numbers, the Total row left out", PLAIN, PLAIN_NO_TOTAL, True),
        case("plain numbers, the last row's amount wrong", [*PLAIN[:2], "Orion,Bob Ray,3000"], PLAIN_NO_TOTAL, False,
             "data row 2"),
        case("plain numbers, the Total row kept", [*PLAIN, "Total,,1500"], PLAIN_NO_TOTAL, False,
             "has 3 data rows, expected 2"),
        case("plain numbers, the last row missing", PLAIN[:2], PLAIN_NO_TOTAL, False, "has 1 data rows, expected 2"),
        case("plain numbers asked, signs kept", ['Project,Owner,Budget', 'Apollo,Ann Lee,"€1,200"',
                                                 "Orion,Bob Ray,€300"], PLAIN_NO_TOTAL, False, "data row 1"),
        case("as written, every row with the Total", WRITTEN, {}, True),
        case("as written, the amounts made numbers", [*PLAIN, "Total,,1500"], {}, False, "data row 1"),
        case("as written, the alignment row taken for a row", [WRITTEN[0], "---,---,---:", *WRITTEN[1:]], {}, False,
             "data row 1"),
        case("the other table exported", ["Version,Downloads", '2.1.0,"5,000"'], {}, False, "header cell 1"),
        case("a column missing", [",".join(line.split(",")[:2]) for line in PLAIN], PLAIN_NO_TOTAL, False,
             "has 2 columns, expected 3"),
    ],
}
