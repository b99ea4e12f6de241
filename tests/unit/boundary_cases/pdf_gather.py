"""Boundary cases of the site-pack check: three monthly reports listed out of order (February
2025, January 2025, December 2024: a sort by month alone would put December last), a site with
a continuation page in one month; oldest or newest first, the summary page in front or not; the
LAST (continuation) page missed, another site's page taken, the months as listed, the summary
behind the site's pages, headings matched whatever their case."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._pdf import text_pdf as pdf

P = {  # the pages' texts, by report and page
    "feb": ["Monthly operations report\nFebruary 2025", "Leeds depot\nOrders shipped 4,100",
            "Leeds depot (continued)\nOpen actions: fix racking", "York depot\nOrders shipped 3,050",
            "Group summary\nLeeds 4,100 York 3,050"],
    "jan": ["Monthly operations report\nJanuary 2025", "Leeds depot\nOrders shipped 3,900",
            "York depot\nOrders shipped 2,950", "Group summary\nLeeds 3,900 York 2,950"],
    "dec": ["Monthly operations report\nDecember 2024", "York depot\nOrders shipped 2,800",
            "York depot (continued)\nOpen actions: rota", "Leeds depot\nOrders shipped 4,400",
            "Group summary\nLeeds 4,400 York 2,800"],
}
REPORTS = {"feb.pdf": pdf(P["feb"]), "jan.pdf": pdf(P["jan"]), "dec.pdf": pdf(P["dec"])}
FILES = {"first_file": "feb.pdf", "second_file": "jan.pdf", "third_file": "dec.pdf"}
LEEDS_OLDEST = [P["dec"][3], P["jan"][1], P["feb"][1], P["feb"][2]]
LEEDS_NEWEST = [P["feb"][1], P["feb"][2], P["jan"][1], P["dec"][3]]
SUMMARY = {"also": "Group summary"}


def case(label: str, pages: list[str], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "pack.pdf", **FILES, "group": "Leeds depot", "order": "oldest", **options},
                passes, says, files={"pack.pdf": pdf(pages)}, originals=REPORTS)


CASES: dict[str, list[Case]] = {
    "pdf.pages_gathered": [
        case("oldest first, the continuation page kept", LEEDS_OLDEST, {}, True),
        case("newest first", LEEDS_NEWEST, {"order": "newest"}, True),
        case("the group named in another case", LEEDS_OLDEST, {"group": "LEEDS DEPOT"}, True),
        case("the last (continuation) page missed", LEEDS_OLDEST[:-1], {}, False, "pack.pdf has 3 pages, expected 4"),
        case("another site's page taken too", [*LEEDS_OLDEST, P["feb"][3]], {}, False,
             "pack.pdf has 5 pages, expected 4"),
        case("the months as the files are listed", [P["feb"][1], P["feb"][2], P["jan"][1], P["dec"][3]], {}, False,
             "page 1 of pack.pdf starts 'Leeds depot Orders shipped 4,100', expected page 4 of dec.pdf"),
        case("oldest given where newest was asked", LEEDS_OLDEST, {"order": "newest"}, False,
             "page 1 of pack.pdf starts 'Leeds depot Orders shipped 4,400', expected page 2 of feb.pdf"),
        case("December sorted by month alone (after February)", [P["jan"][1], P["feb"][1], P["feb"][2], P["dec"][3]],
             {}, False, "expected page 4 of dec.pdf"),
        case("a continuation page of another site swapped in at the end",
             [*LEEDS_OLDEST[:-1], P["dec"][2]], {}, False, "page 4 of pack.pdf starts 'York depot (continued)"),
        case("with each month's summary in front",
             [P["dec"][4], P["dec"][3], P["jan"][3], P["jan"][1], P["feb"][4], P["feb"][1], P["feb"][2]],
             SUMMARY, True),
        case("the summaries left out though asked", LEEDS_OLDEST, SUMMARY, False, "has 4 pages, expected 7"),
        case("a summary behind the site's pages",
             [P["dec"][3], P["dec"][4], P["jan"][3], P["jan"][1], P["feb"][4], P["feb"][1], P["feb"][2]],
             SUMMARY, False,
             "page 1 of pack.pdf starts 'Leeds depot Orders shipped 4,400', expected page 5 of dec.pdf"),
        case("the summaries added though not asked",
             [P["dec"][4], P["dec"][3], P["jan"][3], P["jan"][1], P["feb"][4], P["feb"][1], P["feb"][2]], {}, False,
             "has 7 pages, expected 4"),
    ],
}
