"""Boundary cases of `text.checklist_progress`: a plan whose sections hold 2 of 3, 3 of 3, 0 of 2 and
5 of 8 ticked items (62.5%: halves round up to 63), with a `- [x]` line inside a code block that
does not count.

The LAST row off by one item, a percent rounded down or left with decimals, a finished section
listed among the unfinished, the code block's line counted, a Total row missing or wrong, and a
row in another form all fail; case and spacing around the colon are free."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

PLAN = ["# Relaunch", "", "## Design", "- [x] Palette", "- [ ] Home page", "- [X] Style guide", "", "## Content",
        "- [x] About", "- [x] FAQ", "* [x] Quotes", "", "## Testing", "- [ ] Audit", "- [ ] Links", "", "```",
        "- [x] not an item", "```", "", "## Development", *[f"- [x] Task {k}" for k in range(5)],
        *[f"- [ ] Task {k}" for k in range(5, 8)]]


def case(label: str, lines: list[str], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "status.txt", "input_file": "plan.md", "form": "fraction", "which": "all",
                              **options}, passes, says, files={"status.txt": ("\n".join(lines) + "\n").encode()},
                originals={"plan.md": ("\n".join(PLAN) + "\n").encode()})


FRACTIONS = ["Design: 2/3", "Content: 3/3", "Testing: 0/2", "Development: 5/8"]
PERCENT = {"form": "percent"}

CASES: dict[str, list[Case]] = {
    "text.checklist_progress": [
        case("every section as fractions", FRACTIONS, {}, True),
        case("case and spaces free", ["design : 2 / 3", "CONTENT: 3/3", "Testing:0/2", "Development: 5/8"], {}, True),
        case("the last section one item short", [*FRACTIONS[:3], "Development: 4/8"], {}, False,
             "row 4 of status.txt (Development) says 4/8, expected 5/8"),
        case("the code block's line counted", ["Design: 2/3", "Content: 3/3", "Testing: 1/3", "Development: 5/8"], {},
             False, "row 3 of status.txt (Testing) says 1/3, expected 0/2"),
        case("a section left out", [FRACTIONS[0], *FRACTIONS[2:]], {}, False,
             "row 2 of status.txt is 'Testing', expected 'Content'"),
        case("as percents, 62.5 rounded up", ["Design: 67%", "Content: 100%", "Testing: 0%", "Development: 63%"],
             PERCENT, True),
        case("62.5 rounded down", ["Design: 67%", "Content: 100%", "Testing: 0%", "Development: 62%"], PERCENT, False,
             "row 4 of status.txt (Development) says 62%, expected 63%"),
        case("a percent with decimals", ["Design: 66.7%", "Content: 100%", "Testing: 0%", "Development: 63%"],
             PERCENT, False, "line 'Design: 66.7%' is not 'Section: progress'"),
        case("fractions where percents are asked", FRACTIONS, PERCENT, False,
             "row 1 of status.txt (Design) says 2/3, expected 67%"),
        case("unfinished only", ["Design: 2/3", "Testing: 0/2", "Development: 5/8"], {"which": "unfinished"}, True),
        case("unfinished, the finished section listed too", FRACTIONS, {"which": "unfinished"}, False,
             "row 2 of status.txt is 'Content', expected 'Testing'"),
        case("with the Total row", [*FRACTIONS, "Total: 10/16"], {"which": "total"}, True),
        case("the Total row missing", FRACTIONS, {"which": "total"}, False,
             "has 4 rows, expected 5 (first missing: 'Total')"),
        case("the Total as a percent, 62.5 up", ["Design: 67%", "Content: 100%", "Testing: 0%", "Development: 63%",
                                                 "Total: 63%"], {"which": "total", "form": "percent"}, True),
        case("the Total row counting the code block", [*FRACTIONS, "Total: 11/17"], {"which": "total"}, False,
             "row 5 of status.txt (Total) says 11/17, expected 10/16"),
    ],
}
