"""Boundary cases of the flattened-forms check: three filled-in forms (the second with a field
left empty), merged as listed, A-Z by a field, or with the incomplete one left out, and one form
flattened on its own; the fields still fillable, the LAST form's answer missing or a word added,
the printed labels dropped, the order as listed where A-Z was asked, the incomplete form kept,
a form missing, the answers next to their labels in any reading order."""

from __future__ import annotations

import io
from typing import Any

from reportlab.pdfgen import canvas

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._pdf import text_pdf as pdf

FIELDS = ["name", "team", "amount"]
FORMS = [{"name": "Lee Ward", "team": "Sales", "amount": "120.50"}, {"name": "Ann Cole", "team": "", "amount": "80.00"},
         {"name": "Raj Bose", "team": "Design", "amount": "15.25"}]
LABELS = "Expense claim form\nName\nTeam\nAmount"


def form(values: dict[str, str]) -> bytes:
    """A one-page form: its labels printed, a text field per name filled with the values given."""
    buf = io.BytesIO()
    sheet = canvas.Canvas(buf, invariant=1)
    for n, line in enumerate(LABELS.splitlines()):
        sheet.drawString(72, 780 - 40 * n, line)
    for n, name in enumerate(FIELDS, start=1):
        sheet.acroForm.textfield(name=name, value=values[name], x=200, y=775 - 40 * n, width=200, height=20)
    sheet.save()
    return buf.getvalue()


def flat(n: int) -> str:
    """Form n (1-based) as a flattened page prints it: the labels, then the answers."""
    return LABELS + "\n" + "\n".join(v for v in FORMS[n - 1].values() if v)


ORIGINALS = {f"f{n}.pdf": form(v) for n, v in enumerate(FORMS, start=1)}
ALL = {"first_file": "f1.pdf", "second_file": "f2.pdf", "third_file": "f3.pdf"}
A_Z = {"sort_by": "name"}


def case(label: str, pages: list[str] | bytes, options: dict[str, Any], passes: bool, says: str = "") -> Case:
    data = pages if isinstance(pages, bytes) else pdf(pages)
    return Case(label, None, {"file": "out.pdf", **ALL, **options}, passes, says, files={"out.pdf": data},
                originals=ORIGINALS)


CASES: dict[str, list[Case]] = {
    "pdf.forms_flattened": [
        case("merged as listed", [flat(1), flat(2), flat(3)], {}, True),
        case("each answer beside its label",
             [flat(1), flat(2), "Expense claim form\nName Raj Bose\nTeam Design\nAmount 15.25"], {}, True),
        case("A-Z by name", [flat(2), flat(1), flat(3)], A_Z, True),
        case("A-Z, the incomplete form left out", [flat(1), flat(3)], {**A_Z, "skip_incomplete": True}, True),
        case("one form flattened on its own", [flat(3)],
             {"first_file": "f3.pdf", "second_file": None, "third_file": None}, True),
        case("the form copied, still fillable", ORIGINALS["f3.pdf"], {"first_file": "f3.pdf", "second_file": None,
                                                                      "third_file": None}, False,
             "out.pdf still has fillable fields: amount, name, team"),
        case("the last form's answer dropped", [flat(1), flat(2), flat(3).replace("\nDesign", "")], {}, False,
             "page 3 of out.pdf lack 'Design' of f3.pdf"),
        case("a word added on the last page", [flat(1), flat(2), flat(3) + "\nAPPROVED"], {}, False,
             "page 3 of out.pdf carry 'APPROVED', not on f3.pdf"),
        case("the answers without the form's labels", [flat(1), flat(2), "\n".join(FORMS[2].values())], {}, False,
             "page 3 of out.pdf lack 'Amount', 'Expense', 'Name', 'Team', 'claim', 'form' of f3.pdf"),
        case("as listed where A-Z was asked", [flat(1), flat(2), flat(3)], A_Z, False,
             "page 1 of out.pdf lack '80.00', 'Ann', 'Cole' of f2.pdf"),
        case("the incomplete form kept though asked to leave it out", [flat(1), flat(2), flat(3)],
             {"skip_incomplete": True}, False, "out.pdf has 3 pages, expected 2"),
        case("a form missing", [flat(1), flat(2)], {}, False, "out.pdf has 2 pages, expected 3"),
    ],
}
