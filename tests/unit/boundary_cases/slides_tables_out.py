"""Boundary cases of `forge.checks.slides_tables_out` on a real deck and real CSV/xlsx files: the
LAST row's figure left as printed text ('1,250.00') or off by more than the tolerance (within it
passes), a row missing, the slide column missing when stacking, the other slide's table taken,
an extra column, a workbook as well as a CSV, tables that share no header."""

from __future__ import annotations

import datetime as dt
from typing import Any

from forge.views import Table
from preparers.filetypes.csv import write_csv
from preparers.presentation import DeckContent, SlideContent, write_pptx
from tests.unit.boundary_cases import Case
from tests.xlsx import xlsx_bytes
from workflows.presentation.tables_to_sheet import COLUMNS, _with_tables

NORTH = [["SO-1", "Acme", "20", "25.26"], ["SO-4", "Initech", "3", "1,250.00"]]
SOUTH = [["SO-2", "Globex", "14", "205.83"]]


def _deck(south_header: list[str] = COLUMNS) -> bytes:
    deck = DeckContent(title="Q", author="Ann Lee", date=dt.date(2025, 3, 4), file_stem="q", slides=[
        SlideContent(layout="title", title="Quarterly Review", subtitle="Ann Lee"),
        SlideContent(layout="title_only", title="Questions")])
    return _with_tables(write_pptx(deck), [("Orders - North", [COLUMNS, *NORTH]),
                                           ("Orders - South", [south_header, *SOUTH])], 0, "2025-03-04")


ONE = [COLUMNS, ["SO-1", "Acme", 20, 25.26], ["SO-4", "Initech", 3, 1250.0]]
STACKED = [["Slide", *COLUMNS], *[["Orders - North", *r] for r in ONE[1:]], ["Orders - South", "SO-2", "Globex", 14,
                                                                               205.83]]


def export_case(label: str, rows: list[list[Any]], options: dict[str, Any], passes: bool, says: str = "",
                xlsx: bool = False, deck: bytes | None = None) -> Case:
    path = "out.xlsx" if xlsx else "out.csv"
    data = xlsx_bytes(rows, "Orders") if xlsx else write_csv(Table.of("out", rows))
    return Case(label, None, {"input_file": "deck.pptx", "file": path, "slide_title": "Orders - North", **options},
                passes, says, files={path: data}, originals={"deck.pptx": deck or _deck()})


STACK = {"slide_title": None}

TABLES_OUT = [
    export_case("one slide's table, numbers as numbers", ONE, {}, True),
    export_case("the last figure left as printed text", [*ONE[:2], ["SO-4", "Initech", 3, "1,250.00"]], {}, False,
                "row 3, cell 4 of out.csv is '1,250.00', expected 1250.0 (a number)"),
    export_case("the last figure within the tolerance", [*ONE[:2], ["SO-4", "Initech", 3, 1250.004]], {}, True),
    export_case("the last figure just outside it", [*ONE[:2], ["SO-4", "Initech", 3, 1250.006]], {}, False,
                "row 3, cell 4 of out.csv is 1250.006, expected 1250.0"),
    export_case("a row missing", ONE[:2], {}, False, "out.csv has 2 rows (header included), expected 3"),
    export_case("an extra column", [[*r, "x"] for r in ONE], {}, False, "row 1 of out.csv has 5 cells, expected 4"),
    export_case("the other slide's table", [COLUMNS, ["SO-2", "Globex", 14, 205.83]], {}, False,
                "out.csv has 2 rows (header included), expected 3"),
    export_case("every table stacked with its slide", STACKED, STACK, True),
    export_case("stacked without the slide column", [r[1:] for r in STACKED], STACK, False,
                "row 1 of out.csv has 4 cells, expected 5"),
    export_case("a workbook", STACKED, STACK, True, xlsx=True),
    export_case("a workbook missing the last row", STACKED[:-1], STACK, False,
                "out.xlsx has 3 rows (header included), expected 4", xlsx=True),
    export_case("tables without one header", STACKED, STACK, False, "do not share one header",
                deck=_deck(["Order", "Customer", "Units", "Unit Price"])),
]

CASES = {"slides.tables_exported": TABLES_OUT}
