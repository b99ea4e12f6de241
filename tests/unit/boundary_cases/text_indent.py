"""Boundary cases of `text.reindented`: a Compose file indented with 4 spaces re-indented with 2
or with tabs, a blank line inside. The LAST line is where a loop that stops one short lets a wrong
file through; a level lost, one line left in the old unit, spaces where tabs are asked, a line's text
changed, and a line dropped all fail; trailing spaces and blank lines at the end are free."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

LEVELS = [(0, "services:"), (1, "web:"), (2, "ports:"), (3, '- "8080:80"'), (0, ""), (1, "cache:"),
          (2, "image: redis:7")]


def indented(unit: str, levels: list[tuple[int, str]] = LEVELS) -> list[str]:
    return [unit * n + text if text else "" for n, text in levels]


def case(label: str, output: list[str], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "out.yaml", "input_file": "compose.yaml", "source": "4", "target": "2",
                              **options}, passes, says, files={"out.yaml": ("\n".join(output) + "\n").encode()},
                originals={"compose.yaml": ("\n".join(indented("    ")) + "\n").encode()})


TWO = indented("  ")
TABS = {"target": "tab"}

CASES: dict[str, list[Case]] = {
    "text.reindented": [
        case("4 to 2 spaces, trailing spaces and end blank lines free", [line + " " for line in TWO] + ["", ""], {},
             True),
        case("4 to 2, the last line left in 4", [*TWO[:-1], "        image: redis:7"], {}, False, "line 7"),
        case("4 to 2, a level lost", [TWO[0], TWO[1], TWO[2], '  - "8080:80"', *TWO[4:]], {}, False, "line 4"),
        case("4 to 2, a line's text changed", [*TWO[:-1], "    image: redis:8"], {}, False, "line 7"),
        case("4 to 2, a line dropped", TWO[:-1], {}, False, "has 6 lines, expected 7"),
        case("4 spaces to tabs", indented("\t"), TABS, True),
        case("tabs asked, 2 spaces written", TWO, TABS, False, "line 2"),
        case("tabs asked, the last line in spaces", [*indented("\t")[:-1], "        image: redis:7"], TABS, False,
             "line 7"),
    ],
}
