"""Boundary cases of the contents-page check: the wrong entries with their real pages, or every
entry; the LAST wrong entry missed, a right entry reported, the printed page given instead of the
real one, entries out of order, 'page 4' and bullets (fine), a heading misspelt."""

from __future__ import annotations

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._pdf import text_pdf as pdf

# real pages: Summary 2, Costs 3, Staff 4, Outlook 5; the contents gives Staff 3 and Outlook 4 (a page was added)
CONTENTS = "Plan 2025\nContents\nSummary ........ 2\nCosts ........ 3\nStaff ........ 3\nOutlook ........ 4"
PAGES = [CONTENTS, "Summary\nIntro.", "Costs\nFell.", "Staff\nHires.", "Outlook\nSteady."]


def case(label: str, lines: list[str], report: str, passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "check.txt", "input_file": "r.pdf", "report": report}, passes, says,
                files={"check.txt": ("\n".join(lines) + "\n").encode()}, originals={"r.pdf": pdf(PAGES)})


ALL = ["Summary: 2", "Costs: 3", "Staff: 4", "Outlook: 5"]

CASES: dict[str, list[Case]] = {
    "pdf.contents_checked": [
        case("the wrong entries with their real pages", ["Staff: 4", "Outlook: 5"], "wrong", True),
        case("'page' and bullets", ["- Staff: page 4", "* outlook : 5"], "wrong", True),
        case("the last wrong entry missed", ["Staff: 4"], "wrong", False,
             "check.txt has 1 lines, expected 2: Staff: 4, Outlook: 5"),
        case("a right entry reported too", ["Costs: 3", "Staff: 4", "Outlook: 5"], "wrong", False,
             "has 3 lines, expected 2"),
        case("the printed page given for the last", ["Staff: 4", "Outlook: 4"], "wrong", False,
             "line 2 of check.txt reads 'Outlook: 4', expected 'Outlook: 5'"),
        case("out of order", ["Outlook: 5", "Staff: 4"], "wrong", False,
             "line 1 of check.txt reads 'Outlook: 5', expected 'Staff: 4'"),
        case("a heading misspelt", ["Staf: 4", "Outlook: 5"], "wrong", False, "line 1 of check.txt"),
        case("every entry corrected", ALL, "all", True),
        case("every entry, the last one as printed", [*ALL[:3], "Outlook: 4"], "all", False,
             "line 4 of check.txt reads 'Outlook: 4', expected 'Outlook: 5'"),
        case("only the wrong ones though all were asked", ["Staff: 4", "Outlook: 5"], "all", False,
             "check.txt has 2 lines, expected 4"),
    ],
}
