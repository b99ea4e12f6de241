"""Boundary cases of `text.section_words`: a report with sections Intro (5 words), Costs (7, and its
sub-section Detail 3) and Plan (11, then a code block that does not count).

The LAST count one off, a sub-section left out of its section's count, code counted, a heading
missing, a Total row missing or wrong, a section at exactly the limit listed as over it, a table
with a third column, and lines where a table is asked all fail; a `words` suffix and case are free."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

REPORT = ["# Quarterly report", "Jane Doe, Acme", "", "## Intro", "one two three four five", "", "## Costs",
          "a b c d", "e f g", "", "### Detail", "x y z", "", "## Plan", "p q r s t u v w x y z", "", "```",
          "not counted here", "```"]


def case(label: str, lines: list[str], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "out.md", "input_file": "report.md", "scope": "sections", "mode": "all",
                              **options}, passes, says, files={"out.md": ("\n".join(lines) + "\n").encode()},
                originals={"report.md": ("\n".join(REPORT) + "\n").encode()})


SECTIONS = ["Intro: 5", "Costs: 10", "Plan: 11"]
HEADINGS = {"scope": "headings"}
TABLE = {"as_table": True}

CASES: dict[str, list[Case]] = {
    "text.section_words": [
        case("level-2 sections, sub-section counted in", SECTIONS, {}, True),
        case("a words suffix and other case", ["intro: 5 words", "COSTS: 10 words", "Plan : 11"], {}, True),
        case("the last count one off", [*SECTIONS[:2], "Plan: 12"], {}, False,
             "row 3 of out.md (Plan) says 12 words, expected 11"),
        case("Costs without its sub-section", ["Intro: 5", "Costs: 7", "Plan: 11"], {}, False,
             "row 2 of out.md (Costs) says 7 words, expected 10"),
        case("the code block counted", [*SECTIONS[:2], "Plan: 14"], {}, False, "row 3 of out.md (Plan) says 14"),
        case("a line that is no count", ["Intro - 5", *SECTIONS[1:]], {}, False, "line 'Intro - 5' is not 'Name: N'"),
        case("every heading on its own", ["Intro: 5", "Costs: 7", "Detail: 3", "Plan: 11"], HEADINGS, True),
        case("every heading, Detail left out", ["Intro: 5", "Costs: 7", "Plan: 11"], HEADINGS, False,
             "row 3 of out.md is 'Plan', expected 'Detail'"),
        case("with a Total row", [*SECTIONS, "Total: 26"], {"mode": "total"}, True),
        case("the Total row missing", SECTIONS, {"mode": "total"}, False,
             "has 3 rows, expected 4 (first missing: 'Total')"),
        case("the Total row one off", [*SECTIONS, "Total: 27"], {"mode": "total"}, False,
             "row 4 of out.md (Total) says 27 words, expected 26"),
        case("over 6 words", SECTIONS[1:], {"mode": "over", "limit": 6}, True),
        case("over 6 words, Intro listed too", SECTIONS, {"mode": "over", "limit": 6}, False,
             "row 1 of out.md is 'Intro', expected 'Costs'"),
        case("over 10 words: Costs at exactly 10 is not over", SECTIONS[2:], {"mode": "over", "limit": 10}, True),
        case("over 10 words, Costs listed", SECTIONS[1:], {"mode": "over", "limit": 10}, False,
             "row 1 of out.md is 'Costs', expected 'Plan'"),
        case("as a table", ["| Section | Words |", "|---|---:|", "| Intro | 5 |", "| Costs | 10 |", "| Plan | 11 |"],
             TABLE, True),
        case("a table with a third column", ["| Section | Words | Limit |", "|---|---|---|", "| Intro | 5 | 50 |"],
             TABLE, False, "table row 'Intro | 5 | 50' is not a name and a number"),
        case("lines where a table is asked", SECTIONS, TABLE, False, "has 0 rows, expected 3"),
        case("a table missing its last row", ["| Section | Words |", "|---|---:|", "| Intro | 5 |", "| Costs | 10 |"],
             TABLE, False, "has 2 rows, expected 3 (first missing: 'Plan')"),
    ],
}
