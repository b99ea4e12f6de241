"""Boundary cases of the page-order check: by the contents page (kept first), by the printed
page numbers (9 before 10: numbers, not text) and by the heading numbers; the LAST page wrong, a
page lost, a page scanned twice kept twice or once, the contents page moved, a page's text
changed, and a scan the rule cannot order."""

from __future__ import annotations

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._pdf import text_pdf as pdf


def case(label: str, scan: list[str], out: list[str], by: str, passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "out/sorted.pdf", "input_file": "in/scan.pdf", "by": by}, passes, says,
                files={"out/sorted.pdf": pdf(out)}, originals={"in/scan.pdf": pdf(scan)})


TOC = "Harbour review\nContents\nBudget ........ 2\nStaffing ........ 3\nOutlook ........ 4"
BUDGET, STAFF, OUTLOOK = "Budget\nCosts rose.", "Staffing\nTwo posts filled.", "Outlook\nSteady growth."
SCAN = [TOC, STAFF, OUTLOOK, BUDGET]
RIGHT = [TOC, BUDGET, STAFF, OUTLOOK]

NUMBERED = [f"Section text {n}\nPage {n}" for n in (9, 10, 11, 12)]
HEADED = ["Harbour review\n1. Budget\nCosts rose.", "2. Staffing\nTwo posts.", "3. Outlook\nSteady.",
          "10. Annex\nTables."]


def shuffled(pages: list[str], order: list[int]) -> list[str]:
    return [pages[i] for i in order]


CASES: dict[str, list[Case]] = {
    "pdf.pages_reordered": [
        case("by contents", SCAN, RIGHT, "contents", True),
        case("by contents, the last page wrong", SCAN, [TOC, BUDGET, STAFF, STAFF], "contents", False,
             "page 4 of out/sorted.pdf starts 'Staffing', expected 'Outlook'"),
        case("by contents, the contents page moved last", SCAN, [BUDGET, STAFF, OUTLOOK, TOC], "contents", False,
             "page 1"),
        case("by contents, left as scanned", SCAN, SCAN, "contents", False, "page 2"),
        case("by contents, a page lost", SCAN, RIGHT[:3], "contents", False, "has 3 pages, expected 4"),
        case("a page scanned twice, kept once", [TOC, STAFF, BUDGET, OUTLOOK, STAFF], RIGHT, "contents", True),
        case("a page scanned twice, kept twice", [TOC, STAFF, BUDGET, OUTLOOK, STAFF], [*RIGHT[:3], STAFF, OUTLOOK],
             "contents", False, "has 5 pages, expected 4"),
        case("the last page's text changed", SCAN, [*RIGHT[:3], "Outlook\nSteady decline."], "contents", False,
             "page 4"),
        case("a page the contents page does not list", [TOC, STAFF, "Annex\nTables."], [TOC, STAFF, "Annex\nTables."],
             "contents", False, "page 3 of in/scan.pdf gives no place"),
        case("by printed number, 9 before 10", shuffled(NUMBERED, [2, 0, 3, 1]), NUMBERED, "printed_number", True),
        case("by printed number, as text (10, 11, 12, 9)", shuffled(NUMBERED, [2, 0, 3, 1]),
             [*NUMBERED[1:], NUMBERED[0]], "printed_number", False, "page 1"),
        case("by printed number, the last two swapped", shuffled(NUMBERED, [3, 2, 1, 0]),
             [*NUMBERED[:2], NUMBERED[3], NUMBERED[2]], "printed_number", False, "page 3"),
        case("'Page N of T' footers", [f"Text {n}\nPage {n} of 3" for n in (2, 3, 1)],
             [f"Text {n}\nPage {n} of 3" for n in (1, 2, 3)], "printed_number", True),
        case("by heading number, 3 before 10", shuffled(HEADED, [3, 1, 0, 2]), HEADED, "heading_number", True),
        case("by heading number, the last page wrong", shuffled(HEADED, [3, 1, 0, 2]), [*HEADED[:3], HEADED[2]],
             "heading_number", False, "page 4"),
        case("by heading number, sorted as text", shuffled(HEADED, [3, 1, 0, 2]),
             [HEADED[0], HEADED[3], HEADED[1], HEADED[2]], "heading_number", False, "page 2"),
    ],
}
