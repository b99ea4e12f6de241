"""Boundary cases of table.latest_per_key (#10 breadth): a price history with several rows per SKU,
not in date order. The LAST row of the file is the last key's latest (a loop that stops one short
keeps the older one); the key's last row by position is not its latest; a retyped key is one key
only when case and spacing are folded; the kept rows in file order or by key, whole."""

from __future__ import annotations

from typing import Any

from preparers.document import DocumentContent, Section, TableBlock
from tests.unit.boundary_cases import Case

HEADER = ["SKU", "Product", "Unit Price", "Effective Date"]
ROWS = [["A2", "Lamp", 10, "2025-01-05"], ["A1", "Chair", 50, "2025-03-01"], ["a2", "Lamp", 12, "2025-04-01"],
        ["A1", "Chair", 45, "2025-01-10"], ["A2", "Lamp", 11, "2025-02-01"], ["A3", "Desk", 99, "2025-02-15"],
        ["A3", "Desk", 97, "2025-06-30"]]
HISTORY = "".join(",".join(map(str, r)) + "\n" for r in [HEADER, *ROWS]).encode()
BASE = {"file": "current.csv", "input_file": "history.csv", "key": "SKU", "date_column": "Effective Date"}


def kept(label: str, rows: list[list[Any]], passes: bool, says: str = "", header: list[str] = HEADER,
         **options: Any) -> Case:
    data = "".join(",".join(map(str, r)) + "\n" for r in [header, *rows]).encode()
    return Case(label, None, {**BASE, **options}, passes, says, files={"current.csv": data},
                originals={"history.csv": HISTORY})


def _word(rows: list[list[Any]]) -> bytes:
    """The history as a Word report's table: every cell is text, the dates included."""
    import datetime as dt

    from preparers.document import write_docx

    table = TableBlock(headers=HEADER, rows=[[str(c) for c in r] for r in rows])
    return write_docx(DocumentContent(kind="report", title="Price history", date=dt.date(2025, 7, 1), author="A. B",
                                      organisation="Shop", file_stem="prices",
                                      sections=[Section(heading="Prices", table=table)]))


def in_word(label: str, rows: list[list[Any]], passes: bool, says: str = "") -> Case:
    options = {**BASE, "file": "current.docx", "input_file": "history.docx", "fold_case": True}
    return Case(label, None, options, passes, says, files={"current.docx": _word(rows)},
                originals={"history.docx": _word(ROWS)})


FOLD = {"fold_case": True}
LATEST = [ROWS[1], ROWS[2], ROWS[6]]
EARLIEST = [ROWS[0], ROWS[3], ROWS[5]]

CASES: dict[str, list[Case]] = {
    "table.latest_per_key": [
        kept("the latest per SKU, a retyped SKU folded, file order", LATEST, True, **FOLD),
        kept("the last SKU's older row kept", [ROWS[1], ROWS[2], ROWS[5]], False, "data row 3", **FOLD),
        kept("each SKU's last row by position, not by date", [ROWS[1], ROWS[4], ROWS[6]], False, "data row 2",
             **FOLD),
        kept("the last SKU left out", LATEST[:2], False, "is missing", **FOLD),
        kept("a row too many", [*LATEST, ROWS[5]], False, "should not be there", **FOLD),
        kept("the retyped SKU kept apart where case is folded", [ROWS[1], ROWS[2], ROWS[4], ROWS[6]], False,
             "data row 3", **FOLD),
        kept("the retyped SKU apart where case counts", [ROWS[1], ROWS[2], ROWS[4], ROWS[6]], True),
        kept("the kept row's key retyped back", [ROWS[1], ["A2", *ROWS[2][1:]], ROWS[6]], False, "SKU", **FOLD),
        kept("the kept row's price changed", [ROWS[1], ROWS[2], ["A3", "Desk", 98, "2025-06-30"]], False,
             "Unit Price", **FOLD),
        kept("the earliest per SKU, file order", EARLIEST, True, keep="earliest", **FOLD),
        kept("the earliest per SKU, by SKU", [ROWS[3], ROWS[0], ROWS[5]], True, keep="earliest", sort_by_key=True,
             **FOLD),
        kept("file order where sorting by SKU was asked", EARLIEST, False, "ordered by SKU", keep="earliest",
             sort_by_key=True, **FOLD),
        kept("the latest where the earliest was asked", LATEST, False, "earliest", keep="earliest", **FOLD),
        kept("a column dropped", [r[:3] for r in LATEST], False, "header", header=HEADER[:3], **FOLD),
        in_word("a Word table's ISO text dates read as dates: the latest per SKU", LATEST, True),
        in_word("a Word table: the last SKU's older row kept", [ROWS[1], ROWS[2], ROWS[5]], False, "data row 3"),
    ],
}
