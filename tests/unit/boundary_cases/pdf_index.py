"""Boundary cases of the word-index check: pages, count or first page per word, in the order
asked or A-Z; the LAST word's answer off, a line missing or extra, a page listed twice, pages
out of order, a part-word match counted, capitals in the word, and a word on no page (first: 0)."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._pdf import text_pdf as pdf

PAGES = ["Budget\nThe harbour budget rose.", "Staffing\nHarbour staff and budget.", "Outlook\nHarbourside plans."]
TERMS = ["harbour", "budget", "outlook"]


def case(label: str, lines: list[str], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "index.txt", "input_file": "r.pdf", "terms": TERMS, "report": "pages",
                              **options}, passes, says, files={"index.txt": ("\n".join(lines) + "\n").encode()},
                originals={"r.pdf": pdf(PAGES)})


CASES: dict[str, list[Case]] = {
    "pdf.index_listed": [
        case("pages, in the order asked", ["harbour: 1, 2", "budget: 1, 2", "outlook: 3"], {}, True),
        case("pages, capitals and spacing", ["Harbour:1,2", "", "BUDGET : 1, 2", "outlook: 3"], {}, True),
        case("pages, the last word's page wrong", ["harbour: 1, 2", "budget: 1, 2", "outlook: 2"], {}, False,
             "line 3 of index.txt gives [2] for 'outlook', expected [3]"),
        case("pages, a part-word page counted", ["harbour: 1, 2, 3", "budget: 1, 2", "outlook: 3"], {}, False,
             "line 1"),
        case("pages, a page twice", ["harbour: 1, 2, 2", "budget: 1, 2", "outlook: 3"], {}, False, "line 1"),
        case("pages, not ascending", ["harbour: 2, 1", "budget: 1, 2", "outlook: 3"], {}, False, "line 1"),
        case("a word left out", ["harbour: 1, 2", "budget: 1, 2"], {}, False, "has 2 lines, expected 3"),
        case("an extra line", ["harbour: 1, 2", "budget: 1, 2", "outlook: 3", "plans: 3"], {}, False,
             "has 4 lines"),
        case("A-Z", ["budget: 1, 2", "harbour: 1, 2", "outlook: 3"], {"alphabetical": True}, True),
        case("A-Z asked, the order asked written", ["harbour: 1, 2", "budget: 1, 2", "outlook: 3"],
             {"alphabetical": True}, False, "line 1 of index.txt is about 'harbour', expected 'budget'"),
        case("counts", ["harbour: 2", "budget: 3", "outlook: 1"], {"report": "count"}, True),
        case("counts, the last one too many", ["harbour: 2", "budget: 3", "outlook: 2"], {"report": "count"}, False,
             "line 3"),
        case("first pages", ["harbour: 1", "budget: 1", "outlook: 3"], {"report": "first"}, True),
        case("first pages given as all pages", ["harbour: 1, 2", "budget: 1, 2", "outlook: 3"], {"report": "first"},
             False, "gives [1, 2] for 'harbour', expected [1]"),
        case("a word on no page: first page 0", ["harbour: 1", "budget: 1", "outlook: 3", "pier: 0"],
             {"report": "first", "terms": [*TERMS, "pier"]}, True),
    ],
}
