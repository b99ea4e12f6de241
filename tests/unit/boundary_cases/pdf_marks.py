"""Boundary cases of the chosen-pages stamp check: named pages, a range (both ends in), the pages
mentioning a term (whole word, any case) or not, the last page; the stamp before or after the
page's text, on one page too many or too few (the LAST page), twice, a chosen page's own text
changed, and a page lost."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._pdf import text_pdf as pdf

PAGES = ["Budget\nSalary costs rose.", "Staffing\nTwo posts filled.", "Outlook\nSALARY review due.",
         "Annex\nSalaryman tables."]


def stamped(*marks: int, word: str = "COPY", after: bool = False) -> list[str]:
    return [(f"{p}\n{word}" if after else f"{word}\n{p}") if n in marks else p for n, p in enumerate(PAGES, start=1)]


def case(label: str, out: list[str], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "out/r.pdf", "input_file": "in/r.pdf", "text": "COPY", **options}, passes, says,
                files={"out/r.pdf": pdf(out)}, originals={"in/r.pdf": pdf(PAGES)})


CASES: dict[str, list[Case]] = {
    "pdf.pages_marked": [
        case("named pages", stamped(2, 4), {"select": "listed", "pages": [2, 4]}, True),
        case("named pages, the stamp after the text", stamped(2, 4, after=True), {"select": "listed", "pages": [2, 4]},
             True),
        case("named pages, the last one missed", stamped(2), {"select": "listed", "pages": [2, 4]}, False,
             "page 4 of out/r.pdf: no 'COPY'"),
        case("named pages, one too many", stamped(1, 2, 4), {"select": "listed", "pages": [2, 4]}, False,
             "page 1 of out/r.pdf changed"),
        case("a range, both ends stamped", stamped(2, 3), {"select": "range", "from_page": 2, "to_page": 3}, True),
        case("a range, one short at the end", stamped(2), {"select": "range", "from_page": 2, "to_page": 3}, False,
             "page 3"),
        case("a range, one too far", stamped(2, 3, 4), {"select": "range", "from_page": 2, "to_page": 3}, False,
             "page 4 of out/r.pdf changed"),
        case("mentioning a term, any case, whole word", stamped(1, 3), {"select": "mentioning", "term": "salary"},
             True),
        case("mentioning a term, the part-word page stamped too", stamped(1, 3, 4),
             {"select": "mentioning", "term": "salary"}, False, "page 4"),
        case("not mentioning a term", stamped(2, 4), {"select": "not_mentioning", "term": "salary"}, True),
        case("not mentioning a term, the opposite pages", stamped(1, 3), {"select": "not_mentioning", "term": "salary"},
             False, "page 1 of out/r.pdf changed"),
        case("the last page", stamped(4, word="APPROVED"), {"select": "last", "text": "APPROVED"}, True),
        case("the last page asked, the first stamped", stamped(1, word="APPROVED"), {"select": "last",
                                                                                   "text": "APPROVED"},
             False, "page 1"),
        case("the stamp twice on a page", [*PAGES[:3], "COPY\nAnnex\nSalaryman tables.\nCOPY"],
             {"select": "last"}, False, "its own text changed"),
        case("a chosen page's text changed", [*PAGES[:3], "COPY\nAnnex\nTables."], {"select": "last"}, False,
             "page 4"),
        case("a page lost", stamped(4)[1:], {"select": "last"}, False, "has 3 pages"),
    ],
}
