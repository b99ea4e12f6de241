"""Boundary cases of `forge.checks.slides_refresh` on real decks and CSVs: the LAST row's figure left
stale, a number printed with commas or rounded within the tolerance and just outside it, the new
export row added when only figures were asked (and missing when rows were), a gone row kept, the
table's own order kept against the export's, the export's extra columns copied in, another slide
or a note touched, an export without a column or a row of the table, a table already up to date."""

from __future__ import annotations

import datetime as dt
from typing import Any

from forge.views import Table
from preparers.filetypes.csv import write_csv
from preparers.presentation import Bullet, DeckContent, SlideContent
from tests.unit.boundary_cases import Case
from workflows.presentation._table_deck import TableDeck, write_table_deck

HEADER = ["SKU", "Item", "Quantity", "Unit Cost"]
OLD = [["A-1", "Washer", "100", "0.52"], ["B-2", "Spring", "40", "3.85"], ["C-3", "Bolt", "1,250", "0.10"],
       ["D-4", "Nut", "75", "1.25"]]
NEW = [["A-1", "Washer", 100, 0.52], ["B-2", "Spring", 45, 3.85], ["C-3", "Bolt", 1250, 0.1], ["D-4", "Nut", 75, 1.4],
       ["E-5", "Pin", 60, 0.3]]  # B-2's quantity and the LAST table row's cost changed; E-5 is new
FIGURES = [["A-1", "Washer", "100", "0.52"], ["B-2", "Spring", "45", "3.85"], ["C-3", "Bolt", "1,250", "0.10"],
           ["D-4", "Nut", "75", "1.40"]]


def _deck(grid: list[list[str]], risk: str = "Supplier talks start in June", note: str = "Keep it short.") -> bytes:
    slides = [SlideContent(layout="title", title="Quarterly Business Review", subtitle="Ann Lee, 4 March 2025"),
              SlideContent(layout="bullets", title="Agenda", bullets=[Bullet(text="Risks")]),
              SlideContent(layout="bullets", title="Risks", bullets=[Bullet(text=risk)], notes=note),
              SlideContent(layout="title_only", title="Questions and discussion")]
    deck = DeckContent(title="Quarterly Business Review", author="Ann Lee", date=dt.date(2025, 3, 4),
                       file_stem="qbr", slides=slides)
    header = HEADER if len(grid[0]) == len(HEADER) else [*HEADER[:2], "Warehouse", *HEADER[2:]]
    return write_table_deck(TableDeck(deck=deck, title="Stock on hand", after="Risks", grid=[header, *grid],
                                      spare=["X", "X", "0", "0"]))


def _csv(rows: list[list[Any]], header: list[str] = HEADER, extra: bool = False) -> bytes:
    if extra:
        header, rows = [*header[:2], "Warehouse", *header[2:]], [[*r[:2], "North", *r[2:]] for r in rows]
    return write_csv(Table.of("export", [header, *rows]))


def refresh_case(label: str, grid: list[list[str]], options: dict[str, Any], passes: bool, says: str = "",
                 export: bytes | None = None, output: bytes | None = None) -> Case:
    return Case(label, None, {"file": "out.pptx", "input_file": "in.pptx", "data_file": "export.csv",
                              "slide_title": "Stock on hand", "rows": "values", **options}, passes, says,
                files={"out.pptx": output or _deck(grid)},
                originals={"in.pptx": _deck(OLD), "export.csv": export or _csv(NEW)})


ROWS = {"rows": "rows"}
EXPORT_ROWS = [r for r in NEW if r[0] != "C-3"]  # C-3 is gone from this export
ROWS_GRID = [r for r in FIGURES if r[0] != "C-3"] + [["E-5", "Pin", "60", "0.30"]]
NEAR = [*NEW[:3], ["D-4", "Nut", 75, 1.404], NEW[4]]
FAR = [*NEW[:3], ["D-4", "Nut", 75, 1.406], NEW[4]]

REFRESH = [
    refresh_case("the figures refreshed", FIGURES, {}, True),
    refresh_case("the last row's cost left stale", [*FIGURES[:3], OLD[3]], {}, False,
                 "row 5, cell 4 of the table on slide 4 of out.pptx is '1.25', expected '1.4'"),
    refresh_case("a cost rounded within the tolerance", FIGURES, {}, True, export=_csv(NEAR)),
    refresh_case("a cost just outside the tolerance", FIGURES, {}, False, "is '1.40', expected '1.406'",
                 export=_csv(FAR)),
    refresh_case("the new export row added unasked", [*FIGURES, ["E-5", "Pin", "60", "0.30"]], {}, False,
                 "has 6 rows (header included), expected 5"),
    refresh_case("the export's rows exactly", ROWS_GRID, ROWS, True, export=_csv(EXPORT_ROWS)),
    refresh_case("the gone row kept", [*FIGURES, ["E-5", "Pin", "60", "0.30"]], ROWS, False,
                 "has 6 rows (header included), expected 5",
                 export=_csv(EXPORT_ROWS)),
    refresh_case("the new row missing", ROWS_GRID[:-1], ROWS, False, "has 4 rows (header included), expected 5",
                 export=_csv(EXPORT_ROWS)),
    refresh_case("the table's order against the export's", [ROWS_GRID[1], ROWS_GRID[0], *ROWS_GRID[2:]], ROWS,
                 False, "row 2, cell 1 of the table on slide 4 of out.pptx is 'B-2', expected 'A-1'",
                 export=_csv(EXPORT_ROWS)),
    refresh_case("the export's extra column left out", FIGURES, {}, True, export=_csv(NEW, extra=True)),
    refresh_case("the export's extra column copied in", [[*r[:2], "North", *r[2:]] for r in FIGURES], {}, False,
                 "row 1 of the table on slide 4 of out.pptx has 5 cells, expected 4", export=_csv(NEW, extra=True)),
    refresh_case("another slide's text changed", FIGURES, {}, False, "slide 3 ('Risks') of out.pptx reads",
                 output=_deck(FIGURES, risk="Supplier talks start in July")),
    refresh_case("a note changed", FIGURES, {}, False, "the notes of slide 3 ('Risks') of out.pptx changed",
                 output=_deck(FIGURES, note="")),
    refresh_case("an export without the cost column", FIGURES, {}, False, "has no column 'Unit Cost'",
                 export=_csv([r[:3] for r in NEW], HEADER[:3])),
    refresh_case("an export without a row of the table", FIGURES, {}, False, "has no row for 'C-3'",
                 export=_csv(EXPORT_ROWS)),
    refresh_case("a table already up to date", OLD, {}, False, "already matches export.csv",
                 export=_csv([[r[0], r[1], int(r[2].replace(",", "")), float(r[3])] for r in OLD])),
]

CASES = {"slides.table_refreshed": REFRESH}
