"""Boundary cases of the version-compare check: an edited page and an inserted one (the pages
after it only shifted), the LAST page edited, line breaks alone not a change, no change at all;
page numbers in any order or in a sentence, one missing, a shifted page named, a repeat, and the
count right, off or with other numbers beside it."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._pdf import text_pdf as pdf

A, B, C = "Budget\nCosts rose.", "Staffing\nTwo posts filled.", "Outlook\nSteady growth."
B2, X, C2 = "Staffing\nTwo posts filled. Updated.", "Risks\nSupply delays.", "Outlook\nSteady growth. Revised."


def case(label: str, answer: str, options: dict[str, Any], passes: bool, says: str = "",
         new: list[str] | None = None) -> Case:
    return Case(label, None, {"file": "changed.txt", "old_file": "v1.pdf", "new_file": "v2.pdf", "report": "pages",
                              **options}, passes, says, files={"changed.txt": answer.encode()},
                originals={"v1.pdf": pdf([A, B, C]), "v2.pdf": pdf(new if new is not None else [A, B2, X, C])})


CASES: dict[str, list[Case]] = {
    "pdf.changes_reported": [
        case("the edited and the inserted page", "2\n3\n", {}, True),
        case("in another order, in a sentence", "Pages 3 and 2.", {}, True),
        case("the inserted page missing", "2\n", {}, False, "gives [2], expected [2, 3]"),
        case("the shifted page named too", "2\n3\n4\n", {}, False, "expected [2, 3]"),
        case("a page named twice", "2\n3\n3\n", {}, False, "gives [2, 3, 3]"),
        case("the count", "2\n", {"report": "count"}, True),
        case("the count one too many", "3\n", {"report": "count"}, False, "expected [2]"),
        case("the count with the pages beside it", "2 (pages 2, 3)\n", {"report": "count"}, False, "gives [2, 2, 3]"),
        case("only the last page edited", "3\n", {}, True, new=[A, B, C2]),
        case("only the last page edited, missed", "\n", {}, False, "expected [3]", new=[A, B, C2]),
        case("line breaks alone are no change", "\n", {}, True, new=[A, "Staffing Two\nposts filled.", C]),
        case("line breaks alone, a page named", "2\n", {}, False, "expected []", new=[A, "Staffing Two\nposts filled.",
                                                                                     C]),
        case("no change, the count 0", "0\n", {"report": "count"}, True, new=[A, B, C]),
    ],
}
