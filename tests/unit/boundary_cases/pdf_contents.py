"""Boundary cases of the contents-page check: at the front or after the cover, plain or
numbered; the LAST entry's page one off, the pages counted without the new page, an entry
missing or out of order, the title missing or 'Table of contents', the page put elsewhere, no
page or two pages added, and another page's text changed."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._pdf import text_pdf as pdf

REPORT = ["Harbour review\nA year of works.\nBudget\nCosts rose.", "Staffing\nTwo posts filled.", "Outlook\nSteady."]
COVER = "Harbour review\nPrepared by Dana Reyes"
HEADINGS = ["Budget", "Staffing", "Outlook"]


def toc(*lines: str, title: str = "Contents") -> str:
    return "\n".join([title, *lines])


FRONT = toc("Budget .......... 2", "Staffing .......... 3", "Outlook .......... 4")


def case(label: str, out: list[str], options: dict[str, Any], passes: bool, says: str = "",
         report: list[str] = REPORT) -> Case:
    return Case(label, None, {"file": "out/review.pdf", "input_file": "in/review.pdf", "headings": HEADINGS,
                              **options}, passes, says, files={"out/review.pdf": pdf(out)},
                originals={"in/review.pdf": pdf(report)})


CASES: dict[str, list[Case]] = {
    "pdf.contents_page_added": [
        case("at the front", [FRONT, *REPORT], {}, True),
        case("at the front, bare numbers, 'Table of contents'",
             [toc("Budget 2", "Staffing 3", "Outlook 4", title="Table of contents"), *REPORT], {}, True),
        case("the last entry's page one off", [toc("Budget .. 2", "Staffing .. 3", "Outlook .. 3"), *REPORT], {},
             False, "'Outlook' gives page 3, expected 4"),
        case("the pages counted without the contents page", [toc("Budget 1", "Staffing 2", "Outlook 3"), *REPORT], {},
             False, "'Budget' gives page 1, expected 2"),
        case("an entry with no page", [toc("Budget 2", "Staffing 3", "Outlook"), *REPORT], {}, False,
             "gives page none"),
        case("an entry missing", [toc("Budget 2", "Outlook 4"), *REPORT], {}, False, "lists no 'Staffing'"),
        case("entries out of order", [toc("Staffing 3", "Budget 2", "Outlook 4"), *REPORT], {}, False,
             "lists no 'Staffing' after"),
        case("no Contents title", ["Budget 2\nStaffing 3\nOutlook 4", *REPORT], {}, False, "no line 'Contents'"),
        case("the contents page put last", [*REPORT, FRONT], {}, False, "apart from page 1"),
        case("no page added", REPORT, {}, False, "has 3 pages, expected 4"),
        case("two contents pages", [FRONT, FRONT, *REPORT], {}, False, "has 5 pages, expected 4"),
        case("the last page's text changed", [FRONT, *REPORT[:2], "Outlook\nSteady decline."], {}, False,
             "page 3 of out/review.pdf"),
        case("after the cover", [COVER, toc("Budget 3", "Staffing 4", "Outlook 5"), *REPORT], {"at_page": 2}, True,
             report=[COVER, *REPORT]),
        case("after the cover asked, put in front", [toc("Budget 3", "Staffing 4", "Outlook 5"), COVER, *REPORT],
             {"at_page": 2}, False, "apart from page 2", report=[COVER, *REPORT]),
        case("numbered", [toc("1. Budget .. 2", "2. Staffing .. 3", "3. Outlook .. 4"), *REPORT], {"numbered": True},
             True),
        case("numbered, the last number missing", [toc("1. Budget 2", "2. Staffing 3", "Outlook 4"), *REPORT],
             {"numbered": True}, False, "'Outlook' does not start with its number '3.'"),
        case("numbered, numbers off by one", [toc("0. Budget 2", "1. Staffing 3", "2. Outlook 4"), *REPORT],
             {"numbered": True}, False, "'Budget' does not start"),
    ],
}
