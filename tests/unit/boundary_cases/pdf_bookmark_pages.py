"""Boundary cases of the save-a-bookmark's-pages check: a part (its sections' pages) or a single
section, with or without the cover; the LAST page of the part left off, the next part's first
page taken too, the cover missing or added unasked, the pages out of order."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._pdf import text_pdf as pdf
from tests.unit.boundary_cases.pdf_outline_export import outlined

PAGES = ["Summary", "Method", "Costs", "Outlook"]  # parts: Background (1-2: Summary, Method), Results (3-4)


def case(label: str, numbers: list[int], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "part.pdf", "input_file": "r.pdf", **options}, passes, says,
                files={"part.pdf": pdf([PAGES[n - 1] for n in numbers])}, originals={"r.pdf": outlined()})


RESULTS = {"bookmark": "Results"}
BACKGROUND = {"bookmark": "Background"}

CASES: dict[str, list[Case]] = {
    "pdf.bookmark_pages_saved": [
        case("the Results part", [3, 4], RESULTS, True),
        case("the Results part, its last page left off", [3], RESULTS, False, "part.pdf has 1 pages, expected 2"),
        case("the Results part with the cover", [1, 3, 4], {**RESULTS, "with_cover": True}, True),
        case("the cover asked, left out", [3, 4], {**RESULTS, "with_cover": True}, False,
             "part.pdf has 2 pages, expected 3"),
        case("the cover asked, put last", [3, 4, 1], {**RESULTS, "with_cover": True}, False,
             "page 1 of part.pdf starts 'Costs', expected page 1 of r.pdf"),
        case("the cover added unasked", [1, 3, 4], RESULTS, False, "part.pdf has 3 pages, expected 2"),
        case("the Background part, the next part's first page taken too", [1, 2, 3], BACKGROUND, False,
             "part.pdf has 3 pages, expected 2"),
        case("the Background part with the cover: the cover is its first page, once", [1, 2],
             {**BACKGROUND, "with_cover": True}, True),
        case("one section", [3], {"bookmark": "Costs"}, True),
        case("one section, its whole part given", [3, 4], {"bookmark": "Costs"}, False,
             "part.pdf has 2 pages, expected 1"),
        case("the last section, case aside", [4], {"bookmark": "outlook"}, True),
        case("pages out of order", [4, 3], RESULTS, False, "page 1 of part.pdf starts 'Outlook', expected page 3"),
    ],
}
