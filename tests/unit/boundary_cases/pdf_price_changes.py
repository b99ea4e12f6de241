"""Boundary cases of the price-list comparison check: two lists over two pages each (the header
repeated): one item up exactly 10%, one down, one up 25.3125% and the LAST up 5.55% (a rounding
tie: 5.6 half up), one new item, the old list's last item dropped; changed, rises over 5% or
over 10% (an item exactly at it left out), new, dropped; code order or the largest rise first;
the last row missed, a price with its thousands separator, a rise rounded half to even or left
unrounded, the order, the header."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._pdf import text_pdf as pdf

HEAD = "Code    Item    Unit price"
OLD = pdf([f"Acme: price list\n{HEAD}\nFU-1001    Oak desk    250.00\nFU-1002    Task chair    120.00\n"
           "LI-2001    Desk lamp    40.00\nPage 1",
           f"{HEAD}\nLI-2002    Floor lamp    80.00\nST-3001    Locker    1,000.00\nST-3002    Plan chest    500.00\n"
           "Page 2"])
NEW = pdf([f"Acme: price list\n{HEAD}\nFU-1001    Oak desk    250.00\nFU-1002    Task chair    132.00\n"
           "FU-1500    Bench    300.00\nPage 1",
           f"{HEAD}\nLI-2001    Desk lamp    38.00\nLI-2002    Floor lamp    100.25\nST-3001    Locker    1,055.50\n"
           "Page 2"])
COLUMNS = {"old_file": "old.pdf", "new_file": "new.pdf", "code_column": "Code", "item_column": "Item",
           "price_column": "Unit price"}
CHANGED = ["code,item,old_price,new_price", "FU-1002,Task chair,120.00,132.00", "LI-2001,Desk lamp,40,38",
           "LI-2002,Floor lamp,80,100.25", "ST-3001,Locker,1000,1055.5"]
RISES = ["code,item,old_price,new_price,rise_pct", "FU-1002,Task chair,120,132,10.0",
         "LI-2002,Floor lamp,80,100.25,25.3", "ST-3001,Locker,1000,1055.5,5.6"]
BY_RISE = [CHANGED[0], CHANGED[3], CHANGED[1], CHANGED[4], CHANGED[2]]


def case(label: str, lines: list[str], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "out.csv", **COLUMNS, **options}, passes, says,
                files={"out.csv": ("\n".join(lines) + "\n").encode()}, originals={"old.pdf": OLD, "new.pdf": NEW})


OVER5 = {"change": "rises", "over_pct": 5}

CASES: dict[str, list[Case]] = {
    "pdf.price_changes": [
        case("changed, in code order", CHANGED, {"change": "changed"}, True),
        case("changed: the last one missed", CHANGED[:-1], {"change": "changed"}, False,
             "out.csv has 3 rows under its header, expected 4"),
        case("changed: a price with its thousands separator", [*CHANGED[:-1], 'ST-3001,Locker,"1,000.00",1055.5'],
             {"change": "changed"}, False, "row 5, column 3 (old_price) of out.csv is '1,000.00'; expected the number"),
        case("changed: old and new swapped on the last row", [*CHANGED[:-1], "ST-3001,Locker,1055.5,1000"],
             {"change": "changed"}, False, "row 5, column 3 (old_price) of out.csv is 1055.5, expected 1000"),
        case("changed, largest rise first (the fall last)", BY_RISE, {"change": "changed", "by_rise": True}, True),
        case("changed in code order where largest rise first was asked", CHANGED, {"change": "changed",
                                                                                   "by_rise": True}, False,
             "row 2, column 1 (code) of out.csv is 'FU-1002', expected 'LI-2002'"),
        case("rises over 5%, the tie rounded half up", RISES, OVER5, True),
        case("rises over 5%: the tie rounded half to even", [*RISES[:-1], "ST-3001,Locker,1000,1055.5,5.5"], OVER5,
             False, "row 4, column 5 (rise_pct) of out.csv is 5.5, expected 5.6"),
        case("rises over 5%: a rise left unrounded", [RISES[0], RISES[1], "LI-2002,Floor lamp,80,100.25,25.3125",
                                                      RISES[3]], OVER5, False,
             "row 3, column 5 (rise_pct) of out.csv is 25.3125, expected 25.3"),
        case("rises over 10%: exactly 10% is not over", [RISES[0], RISES[2]], {"change": "rises", "over_pct": 10},
             True),
        case("rises over 10%: exactly 10% listed", RISES[:3], {"change": "rises", "over_pct": 10}, False,
             "out.csv has 2 rows under its header, expected 1"),
        case("new items", ["code,item,unit_price", "FU-1500,Bench,300"], {"change": "new"}, True),
        case("new items under another header", ["code,item,price", "FU-1500,Bench,300"], {"change": "new"}, False,
             "row 1, column 3 (unit_price) of out.csv is 'price', expected 'unit_price'"),
        case("dropped items (the old list's last)", ["code,item", "ST-3002,Plan chest"], {"change": "dropped"}, True),
        case("dropped: a changed item listed too", ["code,item", "LI-2001,Desk lamp", "ST-3002,Plan chest"],
             {"change": "dropped"}, False, "out.csv has 2 rows under its header, expected 1"),
    ],
}
