"""Boundary cases of `text.columns_aligned`: a delimited table laid out in fixed-width columns (two
spaces apart, with a dashed rule, or in a +---+ grid), numbers right-aligned or every column left.
The LAST row is where a loop that stops one short lets a wrong table through; a column one space
too wide, a number left where it goes right (and right where every column goes left), a rule one
dash short, a missing bottom border, a missing or an extra row all fail; a column holding one
non-number stays left; trailing spaces and blank lines around the table are free."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

CSV = ["Item,Qty,Price", "Washer,140,10.67", "Bolt,8,3.10"]
RIGHT = ["Item    Qty  Price", "Washer  140  10.67", "Bolt      8   3.10"]
LEFT = ["Item    Qty  Price", "Washer  140  10.67", "Bolt    8    3.10"]
GRID = ["+--------+-----+-------+", "| Item   | Qty | Price |", "+--------+-----+-------+",
        "| Washer | 140 | 10.67 |", "| Bolt   |   8 |  3.10 |", "+--------+-----+-------+"]


def case(label: str, output: list[str], options: dict[str, Any], passes: bool, says: str = "",
         source: list[str] = CSV) -> Case:
    return Case(label, None, {"file": "out.txt", "input_file": "parts.txt", "delimiter": "comma", "frame": "plain",
                              "right_numbers": True, **options}, passes, says,
                files={"out.txt": ("\n".join(output) + "\n").encode()},
                originals={"parts.txt": ("\n".join(source) + "\n").encode()})


LEFT_ONLY = {"right_numbers": False}
RULE = {"frame": "rule"}
GRID_OPTS = {"frame": "grid"}

CASES: dict[str, list[Case]] = {
    "text.columns_aligned": [
        case("numbers right", RIGHT, {}, True),
        case("numbers right, trailing spaces and blank lines around", ["", *(line + "   " for line in RIGHT), "", ""],
             {}, True),
        case("the last row's number left-aligned", [*RIGHT[:2], "Bolt      8  3.10"], {}, False, "line 3"),
        case("the last row's first cell changed", [*RIGHT[:2], "Bolts     8   3.10"], {}, False, "line 3"),
        case("a column one space too wide", ["Item     Qty  Price", "Washer   140  10.67", "Bolt       8   3.10"],
             {}, False, "line 1"),
        case("the last row missing", RIGHT[:2], {}, False, "has 2 lines, expected 3"),
        case("an extra row", [*RIGHT, "Nut       1   0.20"], {}, False, "has 4 lines, expected 3"),
        case("every column left", LEFT, LEFT_ONLY, True),
        case("every column left, but numbers right", RIGHT, LEFT_ONLY, False, "line 3"),
        case("a column with one non-number stays left", ["Item    Qty  Price", "Washer  140  n/a", "Bolt      8  3.10"],
             {}, True, source=["Item,Qty,Price", "Washer,140,n/a", "Bolt,8,3.10"]),
        case("with a rule", [RIGHT[0], "------  ---  -----", *RIGHT[1:]], RULE, True),
        case("the rule's last run one dash short", [RIGHT[0], "------  ---  ----", *RIGHT[1:]], RULE, False, "line 2"),
        case("no rule where one is asked", RIGHT, RULE, False, "line 2"),
        case("a grid", GRID, GRID_OPTS, True),
        case("a grid without its bottom border", GRID[:-1], GRID_OPTS, False, "has 5 lines, expected 6"),
        case("a grid whose borders are one dash short", [GRID[0][:-2] + "+", *GRID[1:]], GRID_OPTS, False, "line 1"),
        case("semicolons and decimal commas", ["Item    Qty     Price", "Washer  140  1.250,50",
                                               "Bolt      8      3,10"],
             {"delimiter": "semicolon"}, True, source=["Item;Qty;Price", "Washer;140;1.250,50", "Bolt;8;3,10"]),
        case("tab-separated", ["Item    Qty  Price", "Washer  140  10.67", "Bolt      8   3.10"],
             {"delimiter": "tab"}, True, source=["Item\tQty\tPrice", "Washer\t140\t10.67", "Bolt\t8\t3.10"]),
    ],
}
