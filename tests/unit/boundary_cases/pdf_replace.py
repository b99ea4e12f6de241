"""Boundary cases of the page-replacement check: pages replaced by number, by the heading each
corrected page carries (sent back out of order) or the last page; the LAST page left old, the
old and the new page both kept, a corrected page put one place off, the pages swapped the
wrong way round, a page lost, and page numbers the input does not have."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._pdf import text_pdf as pdf

HOST = ["Sales report\nSummary\nSales rose.", "Costs\nCosts fell.", "Staff\nTwo hires.", "Outlook\nSteady.",
        "Approval\nSigned: ____"]
FIX = ["Staff\nRevised: three hires.", "Costs\nRevised: costs fell 4%."]
SIGNED = ["Approval\nSigned: Ada Park"]


def case(label: str, pages: list[str], options: dict[str, Any], passes: bool, says: str = "",
         fixes: list[str] = FIX) -> Case:
    return Case(label, None, {"file": "out.pdf", "input_file": "r.pdf", "replacement_file": "fix.pdf", **options},
                passes, says, files={"out.pdf": pdf(pages)}, originals={"r.pdf": pdf(HOST), "fix.pdf": pdf(fixes)})


def swapped(*at: tuple[int, str]) -> list[str]:
    pages = list(HOST)
    for n, text in at:
        pages[n - 1] = text
    return pages


BY_PAGES = {"match": "pages", "pages": [3, 2]}
BY_HEADINGS = {"match": "headings"}

CASES: dict[str, list[Case]] = {
    "pdf.pages_replaced": [
        case("pages 3 and 2 from the two fixes, in order", swapped((3, FIX[0]), (2, FIX[1])), BY_PAGES, True),
        case("pages: the fixes put the wrong way round", swapped((2, FIX[0]), (3, FIX[1])), BY_PAGES, False,
             "page 2 of out.pdf starts 'Staff Revised: three hires.', expected page 2 of fix.pdf"),
        case("pages: the second fix left out (old page 2 kept)", swapped((3, FIX[0])), BY_PAGES, False,
             "page 2 of out.pdf starts 'Costs Costs fell.', expected page 2 of fix.pdf"),
        case("pages: the fixes inserted, the old pages kept too",
             [HOST[0], FIX[1], HOST[1], FIX[0], *HOST[2:]], BY_PAGES, False, "has 7 pages, expected 5"),
        case("pages: a page lost", swapped((3, FIX[0]), (2, FIX[1]))[:-1], BY_PAGES, False,
             "has 4 pages, expected 5"),
        case("pages: the last page replaced is the one left", swapped((2, FIX[0])),
             {"match": "pages", "pages": [2, 5]}, False, "page 5 of out.pdf starts 'Approval Signed: ____', "
             "expected page 2 of fix.pdf"),
        case("headings: each fix in its heading's place", swapped((3, FIX[0]), (2, FIX[1])), BY_HEADINGS, True),
        case("headings: the fixes put in the order sent", swapped((2, FIX[0]), (3, FIX[1])), BY_HEADINGS, False,
             "page 2 of out.pdf"),
        case("headings: one fix, in its heading's place", swapped((3, FIX[0])), BY_HEADINGS, True, fixes=FIX[:1]),
        case("headings: one fix, one place off (over the next page)", swapped((4, FIX[0])), BY_HEADINGS, False,
             "page 3 of out.pdf starts 'Staff Two hires.', expected page 1 of fix.pdf", fixes=FIX[:1]),
        case("last: the signed approval page in place", swapped((5, SIGNED[0])), {"match": "last"}, True,
             fixes=SIGNED),
        case("last: the signed page added after the unsigned one", [*HOST, SIGNED[0]], {"match": "last"}, False,
             "has 6 pages, expected 5", fixes=SIGNED),
        case("last: the unsigned page kept (nothing done)", HOST, {"match": "last"}, False,
             "page 5 of out.pdf starts 'Approval Signed: ____', expected page 1 of fix.pdf", fixes=SIGNED),
        case("last: the first page replaced instead", swapped((1, SIGNED[0])), {"match": "last"}, False,
             "page 1 of out.pdf", fixes=SIGNED),
    ],
}
