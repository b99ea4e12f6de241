"""Boundary cases of `text.fixed_width_to_csv`: a printed stock report (a title, a dashed rule,
right-aligned numbers with thousands separators, a `(2 rows)` footer) and a `+---+` grid, turned into
CSV. The LAST row's last cell is where a loop that stops one short lets a wrong file through; numbers
kept with their separators, the title or the footer taken for a row, a row or a column too many or
too few all fail; a trailing zero dropped (3.1 for 3.10) is the same number."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

REPORT = ["Stock report", "Printed by Ann Lee", "", "Item          Qty     Price", "------------  -----  --------",
          "Brass Washer  1,400  1,250.50", "Bolt              8      3.10", "", "(2 rows)"]
GRID = ["+--------------+-----+--------+", "| Item         | Qty | Price  |", "+--------------+-----+--------+",
        "| Brass Washer | 140 | 250.50 |", "| Bolt         |   8 |   3.10 |", "+--------------+-----+--------+"]
GOOD = ["Item,Qty,Price", "Brass Washer,1400,1250.50", "Bolt,8,3.10"]


def case(label: str, output: list[str], options: dict[str, Any], passes: bool, says: str = "",
         source: list[str] = REPORT) -> Case:
    return Case(label, None, {"file": "stock.csv", "input_file": "stock.txt", "ungroup": True, **options}, passes,
                says, files={"stock.csv": ("\n".join(output) + "\n").encode()},
                originals={"stock.txt": ("\n".join(source) + "\n").encode()})


CASES: dict[str, list[Case]] = {
    "text.fixed_width_to_csv": [
        case("header and rows, numbers ungrouped", GOOD, {}, True),
        case("a trailing zero dropped is the same number", [*GOOD[:2], "Bolt,8,3.1"], {}, True),
        case("the last row's last cell wrong", [*GOOD[:2], "Bolt,8,3.01"], {}, False, "data row 2"),
        case("numbers kept with their separators", ["Item,Qty,Price", 'Brass Washer,"1,400","1,250.50"',
                                                   "Bolt,8,3.10"], {}, False, "data row 1"),
        case("the title taken for the header", ["Stock report,,", *GOOD], {}, False, "header cell 1"),
        case("the footer taken for a row", [*GOOD, "(2 rows),,"], {}, False, "has 3 data rows, expected 2"),
        case("the last row missing", GOOD[:2], {}, False, "has 1 data rows, expected 2"),
        case("an extra column", [line + ",x" for line in GOOD], {}, False, "has 4 columns, expected 3"),
        case("from a grid, nothing to ungroup", ["Item,Qty,Price", "Brass Washer,140,250.50", "Bolt,8,3.10"],
             {"ungroup": False}, True, source=GRID),
        case("from a grid, a row's cells swapped", ["Item,Qty,Price", "Brass Washer,140,250.50", "Bolt,3.10,8"],
             {"ungroup": False}, False, "data row 2", source=GRID),
    ],
}
