"""Boundary cases of `forge.checks.slides_sort_values` on real decks: dates sorted as text (April
before March), amounts sorted as text (€9,500 after €12,400), the LAST two bullets swapped, the
wrong direction, a bullet lost, another slide touched, a bullet without a figure, a slide already
in order, percentages half a point apart."""

from __future__ import annotations

import datetime as dt
from typing import Any

from preparers.presentation import Bullet, DeckContent, SlideContent, write_pptx
from tests.unit.boundary_cases import Case

DATES = ["Go-live on 2 April 2025", "Design sign-off on 14 March 2025", "Pilot starts on 30 March 2025",
         "Post-launch review on 9 December 2025"]
BY_DATE = [DATES[1], DATES[2], DATES[0], DATES[3]]
MONEY = ["Sales: €12,400 budgeted", "Legal: €9,500 budgeted", "Marketing: €105,000 budgeted", "IT: €9,450 budgeted"]
BY_MONEY = [MONEY[2], MONEY[0], MONEY[1], MONEY[3]]
KPIS = ["Revenue at 12%", "Customer retention at 12.5%", "Headcount: 3%"]
BY_KPI = [KPIS[1], KPIS[0], KPIS[2]]


def _deck(lines: list[str], title: str = "Milestones", other: str = "Pilot with Acme starts in May") -> bytes:
    slides = [SlideContent(layout="title", title="Launch Plan", subtitle="Ann Lee, 4 March"),
              SlideContent(layout="bullets", title="Timeline", bullets=[Bullet(text=other)]),
              SlideContent(layout="bullets", title=title, bullets=[Bullet(text=t) for t in lines]),
              SlideContent(layout="title_only", title="Questions and discussion")]
    return write_pptx(DeckContent(title="Launch Plan", author="Ann Lee", date=dt.date(2025, 3, 4),
                                  file_stem="plan", slides=slides))


def sort_case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "",
              given: bytes | None = None) -> Case:
    base = {"slide_title": "Milestones", "key": "date", "descending": False}
    return Case(label, None, {"file": "out.pptx", "input_file": "in.pptx", **base, **options}, passes, says,
                files={"out.pptx": output}, originals={"in.pptx": given or _deck(DATES)})


MONEY_DESC = {"slide_title": "Budget by team", "key": "amount", "descending": True}
KPI_DESC = {"slide_title": "KPI snapshot", "key": "percent", "descending": True}

SORT_VALUES = [
    sort_case("dates earliest first", _deck(BY_DATE), {}, True),
    sort_case("dates sorted as text", _deck(sorted(DATES, key=lambda t: t.split(" on ")[1])), {}, False,
              "slide 3 bullet 2 is 'Go-live on 2 April 2025', expected 'Pilot starts on 30 March 2025'"),
    sort_case("the last two swapped", _deck([*BY_DATE[:2], BY_DATE[3], BY_DATE[2]]), {}, False,
              "bullet 3 is 'Post-launch review on 9 December 2025'"),
    sort_case("latest first instead", _deck(BY_DATE[::-1]), {}, False, "(earliest date first)"),
    sort_case("latest first as asked", _deck(BY_DATE[::-1]), {"descending": True}, True),
    sort_case("a bullet lost", _deck(BY_DATE[:-1]), {}, False, "slide 3 ('Milestones') of out.pptx reads"),
    sort_case("another slide touched", _deck(BY_DATE, other="Pilot with Acme starts in June"), {}, False,
              "slide 2 ('Timeline') of out.pptx reads"),
    sort_case("already in order", _deck(BY_DATE), {}, False, "already in that order", given=_deck(BY_DATE)),
    sort_case("a bullet without a date", _deck(BY_DATE), {}, False, "carries no date: 'Go-live soon'",
              given=_deck([*DATES[:3], "Go-live soon"])),
    sort_case("amounts largest first", _deck(BY_MONEY, "Budget by team"), MONEY_DESC, True,
              given=_deck(MONEY, "Budget by team")),
    sort_case("amounts sorted as text", _deck(sorted(MONEY, key=lambda t: t.split("€")[1], reverse=True),
                                              "Budget by team"), MONEY_DESC, False,
              "bullet 1 is 'Legal: €9,500 budgeted', expected 'Marketing: €105,000 budgeted'",
              given=_deck(MONEY, "Budget by team")),
    sort_case("percentages half a point apart", _deck(BY_KPI, "KPI snapshot"), KPI_DESC, True,
              given=_deck(KPIS, "KPI snapshot")),
    sort_case("no such slide", _deck(BY_DATE), {"slide_title": "Roadmap"}, False, "has 0 slides titled"),
]

CASES = {"slides.bullets_sorted_by_value": SORT_VALUES}
