"""Boundary cases of `forge.checks.slides_tables` on real decks from the preparer: the LAST row or
cell of a table slide wrong, the slide one place too late, a tie at the top broken either way,
the row just past the top N, a category's figure one rounding step off, the order broken at the
end, a caption left on a table slide."""

from __future__ import annotations

import io
from typing import Any

import pptx
from pptx.util import Inches

from preparers.presentation import make_deck, write_pptx
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.office_edits import _saved, _seeded
from tests.xlsx import xlsx_bytes

DECK = write_pptx(make_deck(*_seeded(11)))
TITLES = [s.shapes.title.text_frame.text for s in pptx.Presentation(io.BytesIO(DECK)).slides]
AFTER = TITLES[2]

HEADER = ["Item", "Region", "Units", "Price"]
ROWS = [["Desk", "North", 12, 250.0], ["Lamp", "South", 30, 1240.5], ["Chair", "North", 30, 80.0],
        ["Shelf", "East", 7, 95.25], ["Sofa", "North", 18, 899.0], ["Rug", "South", 25, 60.0]]
CSV = ("\n".join(",".join(str(c) for c in r) for r in [HEADER, *ROWS]) + "\n").encode()


def add_slide(title: str, grid: list[list[Any]] | None = None, lines: list[str] | None = None, *,
              after: int = 2, caption: str = "", retitle: str = "") -> bytes:
    """The deck with a slide (a table and/or bullet lines) inserted after slide `after + 1`."""
    deck = pptx.Presentation(io.BytesIO(DECK))
    layout = deck.slide_layouts[1 if lines else 5]
    slide = deck.slides.add_slide(layout)
    slide.shapes.title.text = title
    if lines:
        frame = slide.placeholders[1].text_frame
        for i, line in enumerate(lines):
            (frame.paragraphs[0] if i == 0 else frame.add_paragraph()).text = line
    if grid:
        table = slide.shapes.add_table(len(grid), len(grid[0]), Inches(0.5), Inches(1.5), Inches(9), Inches(3)).table
        for r, values in enumerate(grid):
            for c, value in enumerate(values):
                table.cell(r, c).text = str(value)
    if caption:
        slide.shapes.add_textbox(Inches(0.5), Inches(6), Inches(6), Inches(0.5)).text_frame.text = caption
    if retitle:
        deck.slides[-2].shapes.title.text_frame.text = retitle
    order = deck.slides._sldIdLst
    new = order[-1]
    order.remove(new)
    order.insert(after + 1, new)
    return _saved(deck)


def grid(*rows: list[Any], header: list[str] = HEADER) -> list[list[Any]]:
    return [header, *[list(r) for r in rows]]


def cols(rows: list[list[Any]], *names: str) -> list[list[Any]]:
    return [[r[HEADER.index(n)] for n in names] for r in rows]


def table_case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "") -> Case:
    opts = {"file": "out.pptx", "input_file": "in.pptx", "data_file": "data.csv", "title": "Stock",
            "after_title": AFTER, **options}
    return Case(label, None, opts, passes, says, files={"out.pptx": output, "data.csv": CSV},
                originals={"in.pptx": DECK, "data.csv": CSV})


D, L, C, S, F, R = ROWS
TOP = {"top": 3, "by": "Units"}  # Lamp and Chair tie on 30 inside the top 3; Rug (25) is third, Sofa (18) fourth
NORTH = {"where_column": "Region", "where_value": "north"}
LAST_WRONG = [*ROWS[:-1], ["Rug", "South", 25, 61.0]]

TABLE_SLIDE = [
    table_case("every row and column", add_slide("Stock", grid(*ROWS)), {}, True),
    table_case("numbers printed with separators", add_slide("Stock", grid(
        *[[i, r, u, f"{p:,.2f}"] for i, r, u, p in ROWS])), {}, True),
    table_case("the last row left out", add_slide("Stock", grid(*ROWS[:-1])), {}, False, "rows"),
    table_case("the last cell off by one", add_slide("Stock", grid(*LAST_WRONG)), {}, False, "row 7, cell 4"),
    table_case("placed one slide too late", add_slide("Stock", grid(*ROWS), after=3), {}, False, "directly after"),
    table_case("a caption on the table slide", add_slide("Stock", grid(*ROWS), caption="Source: ERP"), {}, False,
               "Source: ERP"),
    table_case("the last slide retitled", add_slide("Stock", grid(*ROWS), retitle="Renamed"), {}, False,
               f"slide {len(TITLES) + 1} of"),
    table_case("no table, the rows as text", add_slide("Stock", lines=["Desk North 12 250"]), {}, False),
    table_case("top 3, tie in file order", add_slide("Stock", grid(L, C, R)), TOP, True),
    table_case("top 3, tie the other way", add_slide("Stock", grid(C, L, R)), TOP, True),
    table_case("top 3 with the fourth instead of the third", add_slide("Stock", grid(L, C, F)), TOP, False,
               "row 4"),
    table_case("top 4 where 3 were asked", add_slide("Stock", grid(L, C, R, F)), TOP, False, "rows"),
    table_case("top 3 smallest first", add_slide("Stock", grid(R, C, L)), TOP, False),
    table_case("one region's rows", add_slide("Stock", grid(D, C, F)), NORTH, True),
    table_case("one region plus a row of another", add_slide("Stock", grid(D, C, F, R)), NORTH, False),
    table_case("the named columns in the named order", add_slide("Stock", cols([HEADER, *ROWS], "Units", "Item")),
               {"columns": ["Units", "Item"]}, True),
    table_case("the named columns in file order", add_slide("Stock", cols([HEADER, *ROWS], "Item", "Units")),
               {"columns": ["Units", "Item"]}, False, "row 1, cell 1"),
    table_case("top 3, only Item and Units", add_slide("Stock", cols([HEADER, C, L, R], "Item", "Units")),
               {**TOP, "columns": ["Item", "Units"]}, True),
]

# --- slides.summary_slide: Units by Region: North 60, South 55, East 7; average Price North 409.666...

SHEET = xlsx_bytes([HEADER, *ROWS], "Stock")


def summary_case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "") -> Case:
    opts = {"file": "out.pptx", "input_file": "in.pptx", "data_file": "data.xlsx", "title": "By region",
            "after_title": AFTER, "group_by": "Region", "measure": "sum", "value_column": "Units", "form": "bullets",
            "order": "largest", **options}
    return Case(label, None, opts, passes, says, files={"out.pptx": output, "data.xlsx": SHEET},
                originals={"in.pptx": DECK, "data.xlsx": SHEET})


def lines(*pairs: tuple[str, Any]) -> bytes:
    return add_slide("By region", lines=[f"{k}: {v}" for k, v in pairs])


AVERAGE = {"measure": "average", "value_column": "Price", "decimals": 2, "order": "name"}
TABLE = {"form": "table", "value_header": "Total Units"}

SUMMARY_SLIDE = [
    summary_case("sums, largest first", lines(("North", 60), ("South", 55), ("East", 7)), {}, True),
    summary_case("the last figure one off", lines(("North", 60), ("South", 55), ("East", 8)), {}, False, "'East'"),
    summary_case("the last category missing", lines(("North", 60), ("South", 55)), {}, False, "expected each"),
    summary_case("a category twice", lines(("North", 60), ("South", 55), ("East", 7), ("East", 7)), {}, False),
    summary_case("the last two swapped", lines(("North", 60), ("East", 7), ("South", 55)), {}, False, "largest first"),
    summary_case("counts", lines(("North", 3), ("South", 2), ("East", 1)), {"measure": "count", "value_column": None},
                 True),
    summary_case("averages rounded, by name", lines(("East", "95.25"), ("North", "409.67"), ("South", "650.25")),
                 AVERAGE, True),
    summary_case("an average unrounded", lines(("East", "95.25"), ("North", "409.6667"), ("South", "650.25")),
                 AVERAGE, False, "2 decimal places"),
    summary_case("an average one step off", lines(("East", "95.25"), ("North", "409.66"), ("South", "650.25")),
                 AVERAGE, False, "'North'"),
    summary_case("by name, the last two swapped", lines(("East", "95.25"), ("South", "650.25"), ("North", "409.67")),
                 AVERAGE, False, "A to Z"),
    summary_case("as a table", add_slide("By region", grid(["North", 60], ["South", 55], ["East", 7],
                                                            header=["Region", "Total Units"])), TABLE, True),
    summary_case("a table headed otherwise", add_slide("By region", grid(["North", 60], ["South", 55], ["East", 7],
                                                                          header=["Region", "Units"])), TABLE, False,
                 "headed"),
    summary_case("bullets where a table was asked", lines(("North", 60), ("South", 55), ("East", 7)), TABLE, False),
    summary_case("a table where bullets were asked", add_slide("By region", grid(
        ["North", 60], ["South", 55], ["East", 7], header=["Region", "Total Units"])), {}, False, "bullet"),
    summary_case("placed one slide too late", add_slide("By region", lines=["North: 60", "South: 55", "East: 7"],
                                                        after=3), {}, False, "directly after"),
]

CASES = {"slides.table_slide": TABLE_SLIDE, "slides.summary_slide": SUMMARY_SLIDE}
