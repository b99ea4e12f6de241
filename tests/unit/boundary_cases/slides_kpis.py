"""Boundary cases of `forge.checks.slides_kpis` on real decks and CSV/xlsx files: the LAST figure left
old, a value within and just outside the tolerance, commas or none (both pass), the new metric
appended, missing or appended unasked, a bullet dropped, the slide retitled, another slide or a
note touched, a file without one of the slide's metrics, a slide already up to date."""

from __future__ import annotations

import datetime as dt
from typing import Any

from forge.views import Table
from preparers.filetypes.csv import write_csv
from preparers.presentation import Bullet, DeckContent, SlideContent, write_pptx
from tests.unit.boundary_cases import Case
from tests.xlsx import xlsx_bytes

OLD = [("Revenue", "1,240,000"), ("Headcount", "212"), ("Average deal size", "4,310.50")]
NEW = [["Metric", "Value"], ["Headcount", 219], ["Revenue", 1315000], ["Average deal size", 4402.25],
       ["Open tickets", 87]]
SHOWN = [("Revenue", "1,315,000"), ("Headcount", "219"), ("Average deal size", "4,402.25")]


def _deck(figures: list[tuple[str, str]], title: str = "Key figures", note: str = "Provisional.",
          risk: str = "Supplier delays") -> bytes:
    slides = [SlideContent(layout="title", title="Monthly Review", subtitle="Ann Lee"),
              SlideContent(layout="bullets", title=title, notes=note,
                           bullets=[Bullet(text=f"{label}: {value}") for label, value in figures]),
              SlideContent(layout="bullets", title="Risks", bullets=[Bullet(text=risk)]),
              SlideContent(layout="title_only", title="Questions")]
    return write_pptx(DeckContent(title="M", author="Ann Lee", date=dt.date(2025, 3, 4), file_stem="m", slides=slides))


def kpi_case(label: str, deck: bytes, options: dict[str, Any], passes: bool, says: str = "",
             data: list[list[Any]] = NEW, xlsx: bool = False, given: bytes | None = None) -> Case:
    path = "figures.xlsx" if xlsx else "figures.csv"
    table = xlsx_bytes(data, "Figures") if xlsx else write_csv(Table.of("figures", data))
    return Case(label, None, {"file": "out.pptx", "input_file": "in.pptx", "data_file": path,
                              "slide_title": "Key figures", "add_missing": False, **options}, passes, says,
                files={"out.pptx": deck}, originals={"in.pptx": given or _deck(OLD), path: table})


ADD = {"add_missing": True}
WHERE = "slide 2 ('Key figures') of out.pptx"

KPIS = [
    kpi_case("every figure refreshed", _deck(SHOWN), {}, True),
    kpi_case("from a workbook", _deck(SHOWN), {}, True, xlsx=True),
    kpi_case("the last figure left old", _deck([*SHOWN[:2], OLD[2]]), {}, False,
             f"{WHERE}: 'Average deal size' reads '4,310.50', expected '4402.25'"),
    kpi_case("a value within the tolerance", _deck([*SHOWN[:2], ("Average deal size", "4,402.254")]), {}, True),
    kpi_case("a value just outside it", _deck([*SHOWN[:2], ("Average deal size", "4,402.26")]), {}, False,
             "'Average deal size' reads '4,402.26'"),
    kpi_case("numbers without commas", _deck([("Revenue", "1315000"), ("Headcount", "219"),
                                              ("Average deal size", "4402.25")]), {}, True),
    kpi_case("the new metric appended", _deck([*SHOWN, ("Open tickets", "87")]), ADD, True),
    kpi_case("the new metric missing", _deck(SHOWN), ADD, False,
             f"{WHERE} lists ['Revenue', 'Headcount', 'Average deal size'], expected ['Revenue', 'Headcount', "
             "'Average deal size', 'Open tickets']"),
    kpi_case("the new metric appended unasked", _deck([*SHOWN, ("Open tickets", "87")]), {}, False,
             f"{WHERE} lists ['Revenue', 'Headcount', 'Average deal size', 'Open tickets']"),
    kpi_case("a bullet dropped", _deck(SHOWN[:2]), {}, False, f"{WHERE} lists ['Revenue', 'Headcount']"),
    kpi_case("the slide retitled", _deck(SHOWN, title="Key numbers"), {}, False,
             "slide 2 of out.pptx is titled 'Key numbers', expected 'Key figures'"),
    kpi_case("another slide touched", _deck(SHOWN, risk="Supplier delay"), {}, False,
             "slide 3 ('Risks') of out.pptx reads ['Supplier delay']"),
    kpi_case("a note touched", _deck(SHOWN, note=""), {}, False, "the notes of slide 2 ('Key figures')"),
    kpi_case("a file without one of the metrics", _deck(SHOWN), {}, False, "has no figure for 'Headcount'",
             data=[r for r in NEW if r[0] != "Headcount"]),
    kpi_case("a slide already up to date", _deck(SHOWN), {}, False, "already shows figures.csv's figures",
             given=_deck(SHOWN)),
]

CASES = {"slides.kpis_refreshed": KPIS}
