"""Boundary cases of the letterhead check: laid on every page, the first only, or all but the
first; the LAST page without it, on a page not asked, a page's own words lost under it, pages
out of order or lost, words in another order (fine: a merged page extracts either way)."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._pdf import text_pdf as pdf

HEAD = "Acme Ltd\n1 High St, York\nCompany number 01234567"
HOST = ["Plan 2025\nSummary", "Costs\nCosts fell.", "Outlook\nSteady."]


def case(label: str, pages: list[str], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "out.pdf", "input_file": "r.pdf", "overlay_file": "head.pdf", **options},
                passes, says, files={"out.pdf": pdf(pages)}, originals={"r.pdf": pdf(HOST), "head.pdf": pdf([HEAD])})


def on(*numbers: int, head_first: bool = True) -> list[str]:
    return [(f"{HEAD}\n{p}" if head_first else f"{p}\n{HEAD}") if n in numbers else p
            for n, p in enumerate(HOST, start=1)]


ALL, FIRST, REST = {"pages": "all"}, {"pages": "first"}, {"pages": "all_but_first"}

CASES: dict[str, list[Case]] = {
    "pdf.pages_overlaid": [
        case("on every page", on(1, 2, 3), ALL, True),
        case("on every page, extracted after the page's words", on(1, 2, 3, head_first=False), ALL, True),
        case("the last page without it", on(1, 2), ALL, False,
             "page 3 of out.pdf is not the input's page 3 with the letterhead: missing '01234567 1 acme"),
        case("a page's heading lost under it", [*on(1, 2)[:2], f"{HEAD}\nSteady."], ALL, False,
             "page 3 of out.pdf is not the input's page 3 with the letterhead: missing 'outlook'"),
        case("on every page twice on the last", [*on(1, 2)[:2], f"{HEAD}\n{HEAD}\n{HOST[2]}"], ALL, False,
             "page 3 of out.pdf is not the input's page 3 with the letterhead: extra"),
        case("the first page only", on(1), FIRST, True),
        case("the first page only, put on every page", on(1, 2, 3), FIRST, False,
             "page 2 of out.pdf is not the input's page 2 without the letterhead: extra"),
        case("all but the first", on(2, 3), REST, True),
        case("all but the first, the first too", on(1, 2, 3), REST, False, "page 1 of out.pdf"),
        case("all but the first, the last missed", on(2), REST, False, "page 3 of out.pdf"),
        case("pages out of order", [on(1, 2, 3)[k] for k in (0, 2, 1)], ALL, False, "page 2 of out.pdf"),
        case("a page lost", on(1, 2, 3)[:2], ALL, False, "out.pdf has 2 pages, expected 3"),
    ],
}
