"""Boundary cases of the price-list export check: a table printed over two pages with its header
repeated, copied whole, by category, in stock only, some columns, dearest first; the repeated
header kept as a row, the LAST row missing or its price off, a thousands separator kept as text
(plain numbers are asked for), one category's row too many, a zero-stock row kept, columns out of
order, a tie kept as printed."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._pdf import text_pdf as pdf

HEAD = "Code      Item            Category      Unit price      In stock"
PAGE1 = [HEAD, "FU-1001   Oak desk        Furniture       1,250.00            4",
         "LI-1002   Desk lamp       Lighting          42.50             0",
         "FU-1003   Task chair      Furniture        310.00            12"]
PAGE2 = [HEAD, "ST-1004   Locker          Storage          310.00             7",
         "LI-1005   Floor lamp      Lighting          88.00            30"]
ROWS = ["FU-1001,Oak desk,Furniture,1250.00,4", "LI-1002,Desk lamp,Lighting,42.50,0",
        "FU-1003,Task chair,Furniture,310.00,12", "ST-1004,Locker,Storage,310.00,7",
        "LI-1005,Floor lamp,Lighting,88.00,30"]
HEADER = "Code,Item,Category,Unit price,In stock"


def case(label: str, lines: list[str], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "out.csv", "input_file": "prices.pdf", **options}, passes, says,
                files={"out.csv": ("\n".join(lines) + "\n").encode()},
                originals={"prices.pdf": pdf(["Acme price list\n" + "\n".join(PAGE1) + "\nPage 1",
                                              "\n".join(PAGE2) + "\nPage 2"])})


LIGHTING = {"where_column": "Category", "equals": "Lighting"}
STOCK = {"where_column": "In stock", "above": 0}
DEAREST = {"sort_by": "Unit price", "descending": True}

CASES: dict[str, list[Case]] = {
    "pdf.table_exported": [
        case("every row over both pages", [HEADER, *ROWS], {}, True),
        case("the second page's header kept as a row", [HEADER, *ROWS[:3], HEADER, *ROWS[3:]], {}, False,
             "out.csv has 6 rows under its header, expected 5"),
        case("the last row missing", [HEADER, *ROWS[:4]], {}, False, "out.csv has 4 rows under its header, expected 5"),
        case("the last price off by a cent", [HEADER, *ROWS[:4], "LI-1005,Floor lamp,Lighting,87.99,30"], {}, False,
             "row 6, column 4 (Unit price) of out.csv is 87.99, expected 88"),
        case("a price with its thousands separator kept (quoted text)",
             [HEADER, '"FU-1001","Oak desk","Furniture","1,250.00",4', *ROWS[1:]], {}, False,
             "row 2, column 4 (Unit price) of out.csv is '1,250.00'; expected the number 1250"),
        case("one category", [HEADER, ROWS[1], ROWS[4]], LIGHTING, True),
        case("one category, a row of another kept", [HEADER, ROWS[1], ROWS[3], ROWS[4]], LIGHTING, False,
             "has 3 rows under its header, expected 2"),
        case("in stock only", [HEADER, ROWS[0], *ROWS[2:]], STOCK, True),
        case("in stock only, the zero row kept", [HEADER, *ROWS], STOCK, False,
             "has 5 rows under its header, expected 4"),
        case("some columns in the order asked",
             ["Code,Item,Unit price", "FU-1001,Oak desk,1250", "LI-1002,Desk lamp,42.5", "FU-1003,Task chair,310",
              "ST-1004,Locker,310", "LI-1005,Floor lamp,88"], {"columns": ["Code", "Item", "Unit price"]}, True),
        case("some columns out of order",
             ["Item,Code,Unit price", "Oak desk,FU-1001,1250", "Desk lamp,LI-1002,42.5", "Task chair,FU-1003,310",
              "Locker,ST-1004,310", "Floor lamp,LI-1005,88"], {"columns": ["Code", "Item", "Unit price"]}, False,
             "row 1, column 1 (Code) of out.csv is 'Item'"),
        case("dearest first, the tie as printed", [HEADER, ROWS[0], ROWS[2], ROWS[3], ROWS[4], ROWS[1]], DEAREST, True),
        case("dearest first, the tie swapped", [HEADER, ROWS[0], ROWS[3], ROWS[2], ROWS[4], ROWS[1]], DEAREST, False,
             "row 3, column 1 (Code) of out.csv is 'ST-1004', expected 'FU-1003'"),
        case("cheapest first though dearest was asked", [HEADER, ROWS[1], ROWS[4], ROWS[2], ROWS[3], ROWS[0]], DEAREST,
             False, "row 2, column 1 (Code) of out.csv is 'LI-1002', expected 'FU-1001'"),
    ],
}
