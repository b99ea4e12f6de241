"""Boundary cases of the print-padding check: a blank page before each section that would start on
an even page, or blank pages at the end up to a multiple of four; empty or carrying the notice;
one blank too many or too few, a blank one place off, the notice where an empty page was asked
(and the other way), the LAST section's blank missing, and a report page lost."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._pdf import text_pdf as pdf

NOTICE = "This page intentionally left blank"
# sections start on pages 1 (title), 2 (Costs), 4 (Staff) and 5 (Outlook); page 3 continues Costs
HOST = ["Plan 2025\nSummary\nIntro.", "Costs\nFell.", "Costs (continued)\nMore.", "Staff\nHires.", "Outlook\nSteady."]
B = ""  # a blank page


def case(label: str, pages: list[str], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "out.pdf", "input_file": "r.pdf", **options}, passes, says,
                files={"out.pdf": pdf(pages)}, originals={"r.pdf": pdf(HOST)})


ODD = {"rule": "sections_odd"}
FOUR = {"rule": "multiple_of_4"}
# sections_odd: Costs moves to page 3 (blank at 2), its continuation to 4, Staff lands on 5, Outlook on 6 -> blank
PADDED = [HOST[0], B, HOST[1], HOST[2], HOST[3], B, HOST[4]]

CASES: dict[str, list[Case]] = {
    "pdf.blank_pages_added": [
        case("a blank before each section on an even page", PADDED, ODD, True),
        case("the last section's blank missing", [*PADDED[:5], HOST[4]], ODD, False,
             "out.pdf has 6 pages, expected 7"),
        case("the last blank put after the section instead", [*PADDED[:5], HOST[4], B], ODD, False,
             "page 6 of out.pdf starts 'Outlook Steady.', expected a blank page"),
        case("a blank before the continued page too", [HOST[0], B, HOST[1], B, HOST[2], HOST[3], HOST[4], B], ODD,
             False, "has 8 pages, expected 7"),
        case("a blank after every page", [p for h in HOST for p in (h, B)], ODD, False, "has 10 pages, expected 7"),
        case("the notice on the blanks though empty pages were asked", [p or NOTICE for p in PADDED], ODD, False,
             "page 2 of out.pdf starts 'This page intentionally left blank', expected a blank page"),
        case("the notice on each blank, as asked", [p or NOTICE for p in PADDED], {**ODD, "notice": True}, True),
        case("empty blanks though the notice was asked", PADDED, {**ODD, "notice": True}, False,
             "page 2 of out.pdf starts '', expected a blank page reading"),
        case("a report page lost", [p for p in PADDED if p != HOST[2]], ODD, False, "has 6 pages, expected 7"),
        case("booklet: three blanks to eight pages", [*HOST, B, B, B], FOUR, True),
        case("booklet: one blank short", [*HOST, B, B], FOUR, False, "out.pdf has 7 pages, expected 8"),
        case("booklet: four more than needed", [*HOST, B, B, B, B, B, B, B], FOUR, False, "has 12 pages, expected 8"),
        case("booklet: the blanks at the front", [B, B, B, *HOST], FOUR, False,
             "page 1 of out.pdf starts '', expected page 1 of r.pdf"),
        case("booklet: the last blank with the notice", [*HOST, NOTICE, NOTICE, NOTICE], {**FOUR, "notice": True},
             True),
        case("booklet: the last blank without the notice", [*HOST, NOTICE, NOTICE, B], {**FOUR, "notice": True},
             False, "page 8 of out.pdf starts ''"),
    ],
}
