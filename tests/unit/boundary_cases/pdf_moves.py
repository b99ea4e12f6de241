"""Boundary cases of the page-move check: a run of pages moved to the end or right after a page,
a section (by its heading) moved after another, two pages swapped; the moved pages' own order
flipped, put one place short or one place too far, copied instead of moved, the LAST page
wrong, and a page lost."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._pdf import text_pdf as pdf

HOST = ["Plan\nSummary\nIntro.", "Costs\nFell.", "Staff\nHires.", "Risks\nFew.", "Outlook\nSteady."]


def case(label: str, order: list[int], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "out.pdf", "input_file": "r.pdf", **options}, passes, says,
                files={"out.pdf": pdf([HOST[n - 1] for n in order])}, originals={"r.pdf": pdf(HOST)})


TO_END = {"move": "end", "pages": [2, 3]}
AFTER = {"move": "after", "pages": [2, 3], "after_page": 4}
BY_HEADING = {"move": "after", "headings": ["Outlook"], "after_heading": "Summary"}
SWAP = {"move": "swap", "pages": [2, 5]}

CASES: dict[str, list[Case]] = {
    "pdf.pages_moved": [
        case("pages 2-3 to the end", [1, 4, 5, 2, 3], TO_END, True),
        case("to the end, the run's own order flipped", [1, 4, 5, 3, 2], TO_END, False,
             "page 4 of out.pdf starts 'Staff Hires.', expected page 2 of r.pdf"),
        case("to the end, only the first page of the run moved", [1, 3, 4, 5, 2], TO_END, False,
             "page 2 of out.pdf starts 'Staff Hires.', expected page 4 of r.pdf"),
        case("to the end, copied instead of moved", [1, 2, 3, 4, 5, 2, 3], TO_END, False, "has 7 pages, expected 5"),
        case("to the end, nothing done", [1, 2, 3, 4, 5], TO_END, False, "page 2 of out.pdf"),
        case("pages 2-3 right after page 4", [1, 4, 2, 3, 5], AFTER, True),
        case("after page 4, one place too far (after page 5)", [1, 4, 5, 2, 3], AFTER, False,
             "page 3 of out.pdf starts 'Outlook Steady.', expected page 2 of r.pdf"),
        case("after page 4, one place short (before it)", [1, 2, 3, 4, 5], AFTER, False, "page 2 of out.pdf"),
        case("after page 4, the last page lost", [1, 4, 2, 3], AFTER, False, "has 4 pages, expected 5"),
        case("the Outlook section right after the Summary page", [1, 5, 2, 3, 4], BY_HEADING, True),
        case("by heading, the Summary page moved instead", [2, 3, 4, 5, 1], BY_HEADING, False,
             "page 1 of out.pdf starts 'Costs Fell.', expected page 1 of r.pdf"),
        case("by heading, to the end", [1, 2, 3, 4, 5], {"move": "end", "headings": ["Costs"]}, False,
             "page 2 of out.pdf starts 'Costs Fell.', expected page 3 of r.pdf"),
        case("by heading, to the end, done", [1, 3, 4, 5, 2], {"move": "end", "headings": ["Costs"]}, True),
        case("pages 2 and 5 swapped", [1, 5, 3, 4, 2], SWAP, True),
        case("swap, the last page left where it was", [1, 5, 3, 4, 5], SWAP, False,
             "page 5 of out.pdf starts 'Outlook Steady.', expected page 2 of r.pdf"),
        case("swap done as a move to the end", [1, 3, 4, 5, 2], SWAP, False, "page 2 of out.pdf"),
        case("swap of the two sections by heading", [1, 5, 3, 4, 2],
             {"move": "swap", "headings": ["Costs", "Outlook"]}, True),
    ],
}
