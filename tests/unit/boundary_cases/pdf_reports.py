"""Boundary cases of the folder report over PDFs: the LAST row's page count one off, a row missing,
ties in page count in name order, the paper size of a Letter file, a page count stored as text,
the total row missing or one off, and the folder left in the file names."""

from __future__ import annotations

import io
from typing import Any

from reportlab.pdfgen import canvas

from tests.unit.boundary_cases import Case

A4 = (595.28, 841.89)
LETTER = (612.0, 792.0)


def pdf(pages: int, size: tuple[float, float], title: str) -> bytes:
    buf = io.BytesIO()
    sheet = canvas.Canvas(buf, pagesize=size, invariant=1)
    sheet.setTitle(title)
    for n in range(pages):
        sheet.drawString(72, 700, f"{title} page {n + 1}")
        sheet.showPage()
    sheet.save()
    return buf.getvalue()


INPUTS = {"in/beta.pdf": pdf(1, LETTER, "Beta notes"), "in/alpha.pdf": pdf(3, A4, "Alpha report"),
          "in/gamma.pdf": pdf(2, A4, "Gamma plan"), "in/delta.pdf": pdf(2, A4, "Delta memo")}
FILES = dict(zip(["first_file", "second_file", "third_file", "fourth_file"], INPUTS, strict=True))


def csv(rows: list[list[Any]]) -> bytes:
    return "".join(",".join(str(c) for c in row) + "\n" for row in rows).encode()


def report(label: str, rows: list[list[Any]], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "report.csv", **FILES, "column": "none", "order": "name", **options}, passes,
                says, files={"report.csv": csv(rows)}, originals=INPUTS)


BY_NAME = [["file", "pages"], ["alpha.pdf", 3], ["beta.pdf", 1], ["delta.pdf", 2], ["gamma.pdf", 2]]
BY_PAGES = [["file", "pages"], ["alpha.pdf", 3], ["delta.pdf", 2], ["gamma.pdf", 2], ["beta.pdf", 1]]
PAPER = [["file", "pages", "paper"], ["alpha.pdf", 3, "A4"], ["beta.pdf", 1, "Letter"], ["delta.pdf", 2, "A4"],
         ["gamma.pdf", 2, "A4"]]
TITLE = [["file", "pages", "title"], ["alpha.pdf", 3, "Alpha report"], ["beta.pdf", 1, "Beta notes"],
         ["delta.pdf", 2, "Delta memo"], ["gamma.pdf", 2, "Gamma plan"]]

CASES: dict[str, list[Case]] = {
    "pdf.folder_reported": [
        report("by name", BY_NAME, {}, True),
        report("by name, the last count one off", [*BY_NAME[:4], ["gamma.pdf", 3]], {}, False,
               "row 5, column 2"),
        report("a file left out", BY_NAME[:4], {}, False, "3 rows"),
        report("the folder kept in the names", [BY_NAME[0], *([f"in/{r[0]}", r[1]] for r in BY_NAME[1:])], {}, False,
               "row 2, column 1"),
        report("header in capitals", [["File", "PAGES"], *BY_NAME[1:]], {}, True),
        report("most pages first, ties by name", BY_PAGES, {"order": "pages"}, True),
        report("most pages first, a tie out of name order", [BY_PAGES[0], BY_PAGES[1], BY_PAGES[3], BY_PAGES[2],
                                                             BY_PAGES[4]], {"order": "pages"}, False, "row 3"),
        report("fewest pages first", [BY_PAGES[0], *BY_PAGES[:0:-1]], {"order": "pages"}, False, "row 2"),
        report("paper sizes", PAPER, {"column": "paper"}, True),
        report("the Letter file called A4", [*PAPER[:2], ["beta.pdf", 1, "A4"], *PAPER[3:]], {"column": "paper"},
               False, "row 3, column 3"),
        report("paper asked, no paper column", BY_NAME, {"column": "paper"}, False, "cells"),
        report("titles", TITLE, {"column": "title"}, True),
        report("the last title wrong", [*TITLE[:4], ["gamma.pdf", 2, "gamma"]], {"column": "title"}, False, "row 5"),
        report("a total row", [*BY_NAME, ["Total", 8]], {"total": True}, True),
        report("the total one off", [*BY_NAME, ["Total", 7]], {"total": True}, False, "row 6, column 2"),
        report("the total missing", BY_NAME, {"total": True}, False, "4 rows"),
        report("a total nobody asked for", [*BY_NAME, ["Total", 8]], {}, False, "5 rows"),
        report("a total with the paper cell empty", [*PAPER, ["Total", 8, ""]], {"column": "paper", "total": True},
               True),
    ],
}
