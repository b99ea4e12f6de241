"""Boundary cases of the gathered-mentions check: three reports - A mentions 'budget' on pages 1,
2 and 4 and 'staffing' on 2 and 4, B only 'budgets' (not the whole word) and 'staffing' on its
last page, C (the LAST report) 'budget' on 2 and 3 and 'staffing' on 3; one word, both words or
either; each report's first page in front or not; 'budgets' counted, the last page missed, a
first page given twice, both taken for either, the reports out of order, the word in capitals."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._pdf import text_pdf as pdf

A = ["Annual review\nBudget overview for the year", "Staffing plan\nHiring budget and training",
     "Risks\nSupplier delays", "Outlook\nBudget and staffing next year"]
B = ["Quarterly report\nSales summary", "Costs\nTravel budgets rose", "Team\nStaffing levels stable"]
C = ["Project report\nScope and plan", "Finance\nThe budget was cut", "Staff\nStaffing and budget review"]
REPORTS = {"a.pdf": pdf(A), "b.pdf": pdf(B), "c.pdf": pdf(C)}
FILES = {"first_file": "a.pdf", "second_file": "b.pdf", "third_file": "c.pdf"}
BUDGET = [A[0], A[1], A[3], C[1], C[2]]
TWO = {"terms": ["budget", "staffing"]}


def case(label: str, pages: list[str], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "out.pdf", **FILES, "terms": ["budget"], **options}, passes, says,
                files={"out.pdf": pdf(pages)}, originals=REPORTS)


CASES: dict[str, list[Case]] = {
    "pdf.mentions_gathered": [
        case("one word, report by report", BUDGET, {}, True),
        case("one word given in capitals", BUDGET, {"terms": ["BUDGET"]}, True),
        case("'budgets' counted as the word", [A[0], A[1], A[3], B[1], C[1], C[2]], {}, False,
             "out.pdf has 6 pages, expected 5"),
        case("the last report's last match missed", BUDGET[:-1], {}, False, "out.pdf has 4 pages, expected 5"),
        case("the reports out of order", [C[1], C[2], A[0], A[1], A[3]], {}, False,
             "page 1 of out.pdf starts 'Finance The budget was cut', expected page 1 of a.pdf"),
        case("with each report's first page", [A[0], A[1], A[3], C[0], C[1], C[2]], {"with_first_page": True}, True),
        case("a first page that matches given twice", [A[0], A[0], A[1], A[3], C[0], C[1], C[2]],
             {"with_first_page": True}, False, "out.pdf has 7 pages, expected 6"),
        case("the first pages left out though asked", BUDGET, {"with_first_page": True}, False,
             "out.pdf has 5 pages, expected 6"),
        case("a report's first page put behind its pages", [A[0], A[1], A[3], C[1], C[2], C[0]],
             {"with_first_page": True}, False,
             "page 4 of out.pdf starts 'Finance The budget was cut', expected page 1 of c.pdf"),
        case("both words", [A[1], A[3], C[2]], TWO, True),
        case("either page taken where both were asked", [A[0], A[1], A[3], B[2], C[1], C[2]], TWO, False,
             "out.pdf has 6 pages, expected 3"),
        case("either word", [A[0], A[1], A[3], B[2], C[1], C[2]], {**TWO, "every_term": False}, True),
        case("either word: the page with only the second word missed", [A[0], A[1], A[3], C[1], C[2]],
             {**TWO, "every_term": False}, False, "out.pdf has 5 pages, expected 6"),
    ],
}
