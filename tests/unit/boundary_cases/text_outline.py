"""Boundary cases of `text.headings_numbered`: sections (and sub-sections) numbered afresh, old
numbers replaced, or every number stripped. The LAST heading is where a loop that stops one short
lets a wrong file through; a sub-section count that runs on across sections, a numbered title, a
`# comment` in a code block numbered and a body line changed all fail."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

DOC = ["# Report", "", "Intro.", "", "## Costs", "", "### Detail", "", "```bash", "# not a heading", "```", "",
       "### Totals", "", "## Plan", "", "### Steps", "", "Text."]
SECTIONS = ["# Report", "", "Intro.", "", "## 1. Costs", "", "### Detail", "", "```bash", "# not a heading", "```", "",
            "### Totals", "", "## 2. Plan", "", "### Steps", "", "Text."]
DEEP = ["# Report", "", "Intro.", "", "## 1. Costs", "", "### 1.1 Detail", "", "```bash", "# not a heading", "```", "",
        "### 1.2 Totals", "", "## 2. Plan", "", "### 2.1 Steps", "", "Text."]
WRONG = [line.replace("## 2. Plan", "## 3. Plan").replace("1.2 Totals", "1.1 Totals") for line in DEEP]


def numbers(label: str, original: list[str], output: list[str], options: dict[str, Any], passes: bool,
            says: str = "") -> Case:
    return Case(label, None, {"file": "out.md", "input_file": "doc.md", **options}, passes, says,
                files={"out.md": ("\n".join(output) + "\n").encode()},
                originals={"doc.md": ("\n".join(original) + "\n").encode()})


def swap(lines: list[str], old: str, new: str) -> list[str]:
    return [new if line == old else line for line in lines]


CASES: dict[str, list[Case]] = {
    "text.headings_numbered": [
        numbers("sections numbered, sub-sections and code alone", DOC, SECTIONS, {"depth": 2}, True),
        numbers("the last section unnumbered", DOC, swap(SECTIONS, "## 2. Plan", "## Plan"), {"depth": 2}, False,
                "line 15"),
        numbers("the code comment numbered too", DOC, swap(SECTIONS, "# not a heading", "# 1. not a heading"),
                {"depth": 2}, False, "line 10"),
        numbers("the title numbered", DOC, swap(SECTIONS, "# Report", "# 1. Report"), {"depth": 2}, False, "line 1"),
        numbers("sub-sections numbered when only sections were asked", DOC, DEEP, {"depth": 2}, False, "line 7"),
        numbers("closing #s and spaces are the same heading", DOC, swap(SECTIONS, "## 1. Costs", "##  1. Costs ##"),
                {"depth": 2}, True),
        numbers("sections and sub-sections numbered", DOC, DEEP, {"depth": 3}, True),
        numbers("the sub-section count runs on across sections", DOC, swap(DEEP, "### 2.1 Steps", "### 2.3 Steps"),
                {"depth": 3}, False, "line 17"),
        numbers("a sub-number written with a trailing dot", DOC, swap(DEEP, "### 1.1 Detail", "### 1.1. Detail"),
                {"depth": 3}, False, "line 7"),
        numbers("wrong numbers replaced", WRONG, DEEP, {"depth": 3}, True),
        numbers("a wrong number left in the last section", WRONG, swap(DEEP, "## 2. Plan", "## 3. Plan"),
                {"depth": 3}, False, "line 15"),
        numbers("every number stripped", DEEP, DOC, {"depth": None}, True),
        numbers("the last number left", DEEP, swap(DOC, "### Steps", "### 2.1 Steps"), {"depth": None}, False,
                "line 17"),
        numbers("a body line changed", DEEP, swap(DOC, "Intro.", "Intro"), {"depth": None}, False, "line 3"),
    ],
}
