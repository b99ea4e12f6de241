"""Boundary cases of `forge.checks.slides_inventory` on a real deck (one slide hidden) and its slide
list as CSV or xlsx: the LAST row's notes wrong, a row missing or extra, an extra column, a header
misnamed; the hidden slide left out or kept, the shown ones renumbered; the Hidden column wrong on
one slide, its Yes in any case; a deck with no hidden slide to leave out."""

from __future__ import annotations

import csv
import datetime as dt
import io
from typing import Any

import openpyxl

from preparers.presentation import Bullet, DeckContent, SlideContent, write_pptx
from tests.unit.boundary_cases import Case
from workflows.presentation._hidden import write_with_hidden

NOTES = {"Highlights": "On highlights.", "Pipeline": "On the pipeline.", "Risks": "On risks."}
DECK = DeckContent(title="Quarterly Review", author="Ann Lee", date=dt.date(2025, 3, 4), file_stem="qr", slides=[
    SlideContent(layout="title", title="Quarterly Review", subtitle="Ann Lee"),
    *[SlideContent(layout="bullets", title=t, bullets=[Bullet(text=f"{t} in short")], notes=NOTES.get(t, ""))
      for t in ["Agenda", "Highlights", "Pipeline", "Risks"]],
    SlideContent(layout="title_only", title="Questions")])
GIVEN = write_with_hidden(DECK, [3])  # Pipeline hidden
ALL_SHOWN = write_pptx(DECK)
TITLES = [s.title for s in DECK.slides]


def _csv(rows: list[list[Any]]) -> bytes:
    out = io.StringIO()
    csv.writer(out).writerows(rows)
    return out.getvalue().encode()


def _xlsx(rows: list[list[Any]]) -> bytes:
    book = openpyxl.Workbook()
    for row in rows:
        book.active.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _rows(extra: str = "notes", skip: tuple[int, ...] = (), hidden: tuple[int, ...] = (4,)) -> list[list[Any]]:
    head = {"none": [], "notes": ["Speaker notes"], "hidden": ["Hidden"]}[extra]
    cells = {"none": lambda n, t: [], "notes": lambda n, t: [NOTES.get(t, "")],
             "hidden": lambda n, t: ["Yes" if n in hidden else "No"]}[extra]
    return [["Slide", "Title", *head], *[[n, t, *cells(n, t)] for n, t in enumerate(TITLES, start=1) if n not in skip]]


def case(label: str, rows: list[list[Any]], options: dict[str, Any], passes: bool, says: str = "",
         given: bytes = GIVEN, xlsx: bool = False) -> Case:
    out = "out.xlsx" if xlsx else "out.csv"
    opts = {"file": out, "input_file": "in.pptx", "extra": "notes", "shown_only": False, **options}
    return Case(label, None, opts, passes, says, files={out: _xlsx(rows) if xlsx else _csv(rows)},
                originals={"in.pptx": given})


SHOWN = {"shown_only": True}
HIDDEN = {"extra": "hidden"}
FULL = _rows()

INVENTORY = [
    case("every slide with its notes", FULL, {}, True),
    case("every slide with its notes, xlsx", FULL, {}, True, xlsx=True),
    case("the last row's empty notes filled in", [*FULL[:-1], [6, "Questions", "n/a"]], {}, False,
         "row 7, cell 3 of out.csv is 'n/a', expected ''"),
    case("the last slide missing", FULL[:-1], {}, False, "out.csv has 6 rows (header included), expected 7"),
    case("a row too many", [*FULL, [7, "Thank you", ""]], {}, False,
         "out.csv has 8 rows (header included), expected 7"),
    case("an extra column", [[*FULL[0], "Owner"], *[[*r, "Ann"] for r in FULL[1:]]], {}, False,
         "row 1 of out.csv has 4 cells, expected 3"),
    case("the notes header misnamed", [["Slide", "Title", "Notes"], *FULL[1:]], {}, False,
         "row 1, cell 3 of out.csv is 'Notes', expected 'Speaker notes'"),
    case("a title as the notes", [*FULL[:3], [3, "Highlights", "Highlights"], *FULL[4:]], {}, False,
         "row 4, cell 3 of out.csv is 'Highlights', expected 'On highlights.'"),
    case("the hidden slide left out", _rows(skip=(4,)), SHOWN, True),
    case("the hidden slide left out, xlsx", _rows(skip=(4,)), SHOWN, True, xlsx=True),
    case("the hidden slide kept", FULL, SHOWN, False, "row 5, cell 1 of out.csv is 4, expected 5"),
    case("the shown slides renumbered", [r if k < 4 else [k, *r[1:]] for k, r in enumerate(_rows(skip=(4,)))],
         SHOWN, False,
         "row 5, cell 1 of out.csv is 4, expected 5"),
    case("the shown slides renumbered, xlsx", [r if k < 4 else [k, *r[1:]] for k, r in enumerate(_rows(skip=(4,)))],
         SHOWN, False, "row 5, cell 1 of out.xlsx is 4", xlsx=True),
    case("nothing hidden to leave out", _rows(), SHOWN, False, "in.pptx has no hidden slide to leave out",
         given=ALL_SHOWN),
    case("the Hidden column", _rows("hidden"), HIDDEN, True),
    case("the Hidden column in lower case", [[*r[:2], r[2].lower()] if k else r for k, r in
                                              enumerate(_rows("hidden"))], HIDDEN, True),
    case("the hidden slide marked No", _rows("hidden", hidden=()), HIDDEN, False,
         "row 5, cell 3 of out.csv is 'No', expected 'Yes'"),
    case("the last slide marked Yes", _rows("hidden", hidden=(4, 6)), HIDDEN, False,
         "row 7, cell 3 of out.csv is 'Yes', expected 'No'"),
    case("numbers and titles only", _rows("none"), {"extra": "none"}, True),
    case("numbers and titles with the notes too", FULL, {"extra": "none"}, False,
         "row 1 of out.csv has 3 cells, expected 2"),
]

CASES = {"slides.slide_inventory": INVENTORY}
