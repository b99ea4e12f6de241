"""Boundary cases of `forge.checks.slides_merge_rows` on real decks and CSVs: the LAST deck's last
placeholder left, the decks in another order, the notes left unfilled, an empty cell left blank or
written 'TBC' against the ask, the date filter ignored or selecting two rows, another syntax."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from forge.views import Table
from preparers.filetypes.csv import write_csv
from preparers.presentation import Bullet, DeckContent, SlideContent, write_pptx
from tests.unit.boundary_cases import Case

HEADER = ["Employee ID", "First name", "Team", "Manager", "Desk", "Start date"]
ROWS = [["E1040", "Ann", "Finance", "Raj Patel", "2B-04", dt.date(2025, 3, 3)],
        ["E1041", "Bo", "Sales", "Mia Chen", "3C-11", dt.date(2025, 3, 10)],
        ["E1042", "Cy", "Legal", "Tom Hart", "1A-07", dt.date(2025, 3, 3)],
        ["E1043", "Di", "People", "Eve Moss", "", dt.date(2025, 3, 3)]]
OUTS = ["pack_1.pptx", "pack_2.pptx", "pack_3.pptx"]


def _deck(p: Callable[[str], str], last: str | None = None, note: str | None = None) -> bytes:
    """The welcome deck with each field written as `p(field)` gives it; `last`, `note`: the last bullet's
    and the notes' own text."""
    slides = [SlideContent(layout="title", title=f"Welcome, {p('First name')}!",
                           subtitle=f"Day one: {p('Start date')}"),
              SlideContent(layout="bullets", title="Your team", notes=note or f"Introduce {p('Manager')}.",
                           bullets=[Bullet(text=f"You join {p('Team')}")]),
              SlideContent(layout="bullets", title="Your first week", bullets=[
                  Bullet(text=f"Your desk: {p('Desk')}"), Bullet(text=last or f"Lunch with {p('Manager')}")])]
    return write_pptx(DeckContent(title="Welcome", author="Ann Lee", date=dt.date(2025, 2, 1), file_stem="welcome",
                                  slides=slides))


def _mark(opening: str = "«", closing: str = "»") -> Callable[[str], str]:
    return lambda field: f"{opening}{field}{closing}"


def _row(row: list[Any], blank: str = "") -> Callable[[str], str]:
    values = {h: (v.isoformat() if isinstance(v, dt.date) else v) or blank for h, v in zip(HEADER, row, strict=True)}
    return lambda field: values[field]


TEMPLATE = _deck(_mark())
DATA = write_csv(Table.of("starters", [HEADER, *ROWS[:3]]))
ALL_DATA = write_csv(Table.of("starters", [HEADER, *ROWS]))


def merge_case(label: str, decks: list[bytes], options: dict[str, Any], passes: bool, says: str = "",
               data: bytes = DATA, template: bytes = TEMPLATE) -> Case:
    return Case(label, None, {"input_file": "welcome.pptx", "data_file": "starters.csv", "first_file": OUTS[0],
                              "second_file": OUTS[1], "third_file": OUTS[2], "opening": "«", "closing": "»",
                              **options}, passes, says, files=dict(zip(OUTS, decks, strict=True)),
                originals={"welcome.pptx": template, "starters.csv": data})


MERGED = [_deck(_row(r)) for r in ROWS[:3]]
BY_DATE = {"where_column": "Start date", "where_value": "2025-03-03"}
DATED = [ROWS[0], ROWS[2], ROWS[3]]
BRACES = {"opening": "{{", "closing": "}}"}

MERGE = [
    merge_case("one deck per row", MERGED, {}, True),
    merge_case("the last deck's last placeholder left", [*MERGED[:2], _deck(_row(ROWS[2]), "Lunch with «Manager»")],
               {}, False, "slide 3 ('Your first week') of pack_3.pptx reads ['Your desk: 1A-07', 'Lunch with "
               "«Manager»'], expected ['Your desk: 1A-07', 'Lunch with Tom Hart'] (the deck of row 3 merged)"),
    merge_case("the decks in another order", [MERGED[1], MERGED[0], MERGED[2]], {}, False,
               "slide 1 of pack_1.pptx is titled 'Welcome, Bo!', expected 'Welcome, Ann!'"),
    merge_case("the notes left unfilled", [*MERGED[:2], _deck(_row(ROWS[2]), note="Introduce «Manager».")], {}, False,
               "the notes of slide 2 ('Your team') of pack_3.pptx read 'Introduce «Manager».'"),
    merge_case("the date's rows, a gap written TBC", [_deck(_row(r, "TBC")) for r in DATED],
               {**BY_DATE, "blank": "TBC"}, True, data=ALL_DATA),
    merge_case("a gap left empty when TBC was asked", [_deck(_row(r)) for r in DATED], {**BY_DATE, "blank": "TBC"},
               False, "of pack_3.pptx reads ['Your desk:", data=ALL_DATA),
    merge_case("a gap written TBC unasked", [_deck(_row(r, "TBC")) for r in DATED], BY_DATE, False,
               "expected ['Your desk:', 'Lunch with Eve Moss']", data=ALL_DATA),
    merge_case("the date filter ignored", MERGED, BY_DATE, False,
               "slide 1 of pack_2.pptx is titled 'Welcome, Bo!', expected 'Welcome, Cy!'", data=ALL_DATA),
    merge_case("a filter selecting one row", MERGED, {**BY_DATE, "where_value": "2025-03-10"}, False,
               "starters.csv has 1 rows to merge, not 3", data=ALL_DATA),
    merge_case("placeholders in braces", MERGED, BRACES, True, template=_deck(_mark("{{", "}}"))),
    merge_case("braces left in a title", [_deck(lambda f: "{{First name}}" if f == "First name" else _row(ROWS[0])(f)),
                                          *MERGED[1:]], BRACES, False,
               "slide 1 of pack_1.pptx is titled 'Welcome, {{First name}}!', expected 'Welcome, Ann!'",
               template=_deck(_mark("{{", "}}"))),
]

CASES = {"slides.merged_per_row": MERGE}
