"""Boundary cases of `text.text_replaced`: a term replaced as a whole word or anywhere, in any
case or matching it, in code blocks or not. The LAST occurrence is where a loop that stops one
short lets a wrong file through; a longer word changed by a whole-word job, a capitalised one
changed by a case-sensitive job, a code line changed when code was to stay, and the new word
case-matched (`Supplier`) when it was to be written as given all fail."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

DOC = ["# Report", "", "Vendor changes need sign-off.", "Two vendors were added; the vendor list is short.", "",
       "```bash", "run --vendor all", "```", "", "Each vendor has an owner."]


def replace(label: str, output: list[str], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "out.md", "input_file": "doc.md", "old": "vendor", "new": "supplier", **options},
                passes, says, files={"out.md": ("\n".join(output) + "\n").encode()},
                originals={"doc.md": ("\n".join(DOC) + "\n").encode()})


def edit(**lines: str) -> list[str]:
    return [lines.get(f"l{n}", line) for n, line in enumerate(DOC, start=1)]


EXACT = {"whole_word": True, "skip_code": True}
ANY = {"ignore_case": True}
ANYWHERE = {"l3": "supplier changes need sign-off.", "l4": "Two suppliers were added; the supplier list is short.",
            "l7": "run --supplier all", "l10": "Each supplier has an owner."}

CASES: dict[str, list[Case]] = {
    "text.text_replaced": [
        replace("whole words, case kept, code alone", edit(l4="Two vendors were added; the supplier list is short.",
                                                           l10="Each supplier has an owner."), EXACT, True),
        replace("the last occurrence missed", edit(l4="Two vendors were added; the supplier list is short."), EXACT,
                False, "line 10"),
        replace("a longer word changed by a whole-word job", edit(
            l4="Two suppliers were added; the supplier list is short.", l10="Each supplier has an owner."), EXACT,
            False, "line 4"),
        replace("the capitalised one changed by a case-sensitive job", edit(
            l3="supplier changes need sign-off.", l4="Two vendors were added; the supplier list is short.",
            l10="Each supplier has an owner."), EXACT, False, "line 3"),
        replace("the code line changed when code stays", edit(
            l4="Two vendors were added; the supplier list is short.", l7="run --supplier all",
            l10="Each supplier has an owner."), EXACT, False, "line 7"),
        replace("anywhere, any case, code included", edit(**ANYWHERE), ANY, True),
        replace("any case: the new word case-matched", edit(**{**ANYWHERE, "l3": "Supplier changes need sign-off."}),
                ANY, False, "line 3"),
        replace("anywhere: the code line left", edit(**{**ANYWHERE, "l7": "run --vendor all"}), ANY, False, "line 7"),
        replace("anywhere: the plural left", edit(**{**ANYWHERE, "l4": "Two vendors were added; the supplier list is "
                                                                      "short."}), ANY, False, "line 4"),
        replace("a line dropped", edit(**ANYWHERE)[:-1], ANY, False, "lines"),
    ],
}
