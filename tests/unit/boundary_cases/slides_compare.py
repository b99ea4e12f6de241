"""Boundary cases of `forge.checks.slides_compare` on a real deck and two periods' exports (the items
in another order in each; CSV or xlsx): both figures and the change per item, the difference or the
percentage rounded to one decimal, in the later file's order or largest change first; the LAST
row's change wrong, a percentage unrounded or rounded the wrong way, a sign or '%' printed or not
(both pass), the old figure swapped for the new, the last row missing or an extra one, rows in the
file's order where the change order was asked, a wrong header, the slide a place off, text beside
the table, an item the earlier file lacks."""

from __future__ import annotations

import datetime as dt
from typing import Any

from forge.views import Table
from preparers.filetypes.csv import write_csv
from preparers.presentation import Bullet, DeckContent, SlideContent, write_pptx
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._slide_tables import with_table
from tests.xlsx import xlsx_bytes

OLD = [["Region", "Revenue"], ["South", 800], ["North", 1200], ["East", 1500]]
NEW = [["Region", "Revenue"], ["North", 1300], ["East", 1450], ["South", 1000]]
HEAD = ["Region", "Q1", "Q2", "Change"]
# changes: North +100 (+8.3%: 8.333), East -50 (-3.3%: -3.333), South +200 (+25.0%)
DIFF = [HEAD, ["North", "1,200", "1,300", "+100"], ["East", "1,500", "1,450", "-50"], ["South", "800", "1,000", "+200"]]
PCT = [HEAD, ["North", "1200", "1300", "+8.3%"], ["East", "1500", "1450", "-3.3%"], ["South", "800", "1000", "+25.0%"]]
BY_DIFF = [DIFF[0], DIFF[3], DIFF[1], DIFF[2]]


def _deck(extra: SlideContent | None = None, at: int = 2) -> bytes:
    slides = [SlideContent(layout="title", title="Review", subtitle="Ann Lee"),
              SlideContent(layout="bullets", title="Sales", bullets=[Bullet(text="Up")]),
              SlideContent(layout="bullets", title="Risks", bullets=[Bullet(text="Supply")]),
              SlideContent(layout="title_only", title="Questions")]
    if extra is not None:
        slides.insert(at, extra)
    return write_pptx(DeckContent(title="R", author="Ann Lee", date=dt.date(2025, 3, 4), file_stem="r", slides=slides))


def table_deck(grid: list[list[str]], at: int = 2, text: str = "") -> bytes:
    """The deck with a Title Only 'Q2 vs Q1' slide holding `grid` as a real table (and a text box)."""
    slide = SlideContent(layout="title_only", title="Q2 vs Q1", boxes=[text] if text else [])
    return with_table(_deck(slide, at=at), at, grid)


def case(label: str, deck: bytes, options: dict[str, Any], passes: bool, says: str = "",
         xlsx: bool = False, old: list[list[Any]] = OLD) -> Case:
    ext = "xlsx" if xlsx else "csv"
    files = {f"q1.{ext}": xlsx_bytes(old, "Q1") if xlsx else write_csv(Table.of("q1", old)),
             f"q2.{ext}": xlsx_bytes(NEW, "Q2") if xlsx else write_csv(Table.of("q2", NEW))}
    return Case(label, None, {"file": "out.pptx", "input_file": "in.pptx", "old_file": f"q1.{ext}",
                              "new_file": f"q2.{ext}", "key_column": "Region", "value_column": "Revenue",
                              "old_label": "Q1", "new_label": "Q2", "title": "Q2 vs Q1", "after_title": "Sales",
                              "change": "difference", "order": "file", **options}, passes, says,
                files={"out.pptx": deck}, originals={"in.pptx": _deck(), **files})


PERCENT, BY_CHANGE = {"change": "percent"}, {"order": "change"}
TABLE = "the table on slide 3 of out.pptx"

COMPARE = [
    case("the differences in the later file's order", table_deck(DIFF), {}, True),
    case("from two workbooks", table_deck(DIFF), {}, True, xlsx=True),
    case("differences without a '+'", table_deck([r[:3] + [r[3].lstrip("+")] for r in DIFF]), {}, True),
    case("the last difference wrong", table_deck([*DIFF[:3], ["South", "800", "1,000", "+201"]]), {}, False,
         f"row 4 ('South') of {TABLE}: the change reads '+201', expected 200"),
    case("the last row's figures swapped", table_deck([*DIFF[:3], ["South", "1,000", "800", "+200"]]), {}, False,
         f"row 4 ('South') of {TABLE}: Q1 reads '1,000', expected '800'"),
    case("the last row missing", table_deck(DIFF[:3]), {}, False, f"{TABLE} has 2 item rows, expected 3"),
    case("an extra row", table_deck([*DIFF, ["West", "1", "2", "+1"]]), {}, False,
         f"{TABLE} has 4 item rows, expected 3"),
    case("percentages to one decimal", table_deck(PCT), PERCENT, True),
    case("percentages without the sign or '%'", table_deck([r[:3] + [r[3].strip("+%")] for r in PCT]), PERCENT, True),
    case("the last percentage unrounded", table_deck([*PCT[:3], ["South", "800", "1000", "+25.04%"]]), PERCENT,
         False, f"row 4 ('South') of {TABLE}: the change reads '+25.04%', expected 25%"),
    case("a percentage rounded up", table_deck([PCT[0], ["North", "1200", "1300", "+8.4%"], *PCT[2:]]), PERCENT,
         False, f"row 2 ('North') of {TABLE}: the change reads '+8.4%', expected 8.3%"),
    case("differences where percentages were asked", table_deck(DIFF), PERCENT, False,
         f"row 2 ('North') of {TABLE}: the change reads '+100', expected 8.3%"),
    case("largest change first", table_deck(BY_DIFF), BY_CHANGE, True),
    case("the file's order where the change order was asked", table_deck(DIFF), BY_CHANGE, False,
         f"row 2 of {TABLE} is 'North', expected 'South'"),
    case("by change, the last two swapped", table_deck([*BY_DIFF[:2], BY_DIFF[3], BY_DIFF[2]]), BY_CHANGE, False,
         f"row 3 of {TABLE} is 'East', expected 'North'"),
    case("by percent, largest first", table_deck([PCT[0], PCT[3], PCT[1], PCT[2]]), {**PERCENT, **BY_CHANGE}, True),
    case("the header 'Difference'", table_deck([HEAD[:3] + ["Difference"], *DIFF[1:]]), {}, False,
         f"{TABLE} has the header ['region', 'q1', 'q2', 'difference']"),
    case("a note beside the table", table_deck(DIFF, text="Figures unaudited"), {}, False,
         "also has the text ['Figures unaudited']"),
    case("the slide one place late", table_deck(DIFF, at=3), {}, False,
         "the new slide 'Q2 vs Q1' must come directly after 'Sales' (it is slide 4)"),
    case("no comparison slide", _deck(), {}, False, "(no slide has that title)"),
    case("an item the earlier file lacks", table_deck(DIFF), {}, False, "q1.csv has no figure for 'South'",
         old=OLD[:1] + OLD[2:]),
]

CASES = {"slides.comparison_slide": COMPARE}
