"""Boundary cases of the forms-to-csv check: every field in the form's order or the fields named,
as listed or A-Z by a field, a form with an empty field kept (empty cell) or left out; the LAST
form's last cell wrong, a form missing or extra, a column missing or out of order, a number with
a trailing zero, a filled cell where the form is empty, and the incomplete form not left out."""

from __future__ import annotations

import io
import json
from typing import Any

from reportlab.pdfgen import canvas

from tests.unit.boundary_cases import Case

FIELDS = ["name", "team", "amount"]
FORMS = [{"name": "Lee Ward", "team": "Sales", "amount": "120.50"}, {"name": "Ann Cole", "team": "", "amount": "80.00"},
         {"name": "Raj Bose", "team": "Design", "amount": "15.25"}]


def form(values: dict[str, str]) -> bytes:
    """A one-page form with a text field per name, filled with the values given (reportlab)."""
    buf = io.BytesIO()
    sheet = canvas.Canvas(buf, invariant=1)
    sheet.drawString(72, 780, "Expense claim form")
    for n, name in enumerate(FIELDS):
        sheet.drawString(72, 720 - 40 * n, name)
        sheet.acroForm.textfield(name=name, value=values[name], x=200, y=715 - 40 * n, width=200, height=20)
    sheet.save()
    return buf.getvalue()


def case(label: str, rows: list[str] | Any, options: dict[str, Any], passes: bool, says: str = "") -> Case:
    """rows: csv lines, or (JSON output) the records to write."""
    name, text = ("out.json", json.dumps(rows)) if options.get("format") == "json" else ("out.csv", "\n".join(rows))
    return Case(label, None, {"file": name, "first_file": "f1.pdf", "second_file": "f2.pdf",
                              "third_file": "f3.pdf", **options}, passes, says,
                files={name: (text + "\n").encode()},
                originals={f"f{n}.pdf": form(v) for n, v in enumerate(FORMS, start=1)})


ALL = ["name,team,amount", "Lee Ward,Sales,120.50", "Ann Cole,,80.00", "Raj Bose,Design,15.25"]
JSON = {"format": "json"}
RECORDS = [dict(f) for f in FORMS]

CASES: dict[str, list[Case]] = {
    "pdf.forms_tabulated": [
        case("every field, as listed, the empty team an empty cell", ALL, {}, True),
        case("numbers without the trailing zero, header in capitals",
             ["NAME,Team,amount", "Lee Ward,Sales,120.5", "Ann Cole,,80", "Raj Bose,Design,15.25"], {}, True),
        case("the last form's last cell off by a cent", [*ALL[:3], "Raj Bose,Design,15.24"], {}, False,
             "row 4, column 3 (amount) of out.csv is 15.24, expected 15.25"),
        case("the empty field filled with a dash", [ALL[0], ALL[1], "Ann Cole,-,80.00", ALL[3]], {}, False,
             "row 3, column 2 (team) of out.csv"),
        case("the last form missing", ALL[:3], {}, False, "out.csv has 2 rows under its header, expected 3"),
        case("a form twice", [*ALL, ALL[3]], {}, False, "has 4 rows under its header, expected 3"),
        case("a column missing", ["name,amount", "Lee Ward,120.50", "Ann Cole,80.00", "Raj Bose,15.25"], {}, False,
             "row 1 of out.csv has 2 cells, expected 3"),
        case("named columns in the order asked", ["amount,name", "120.50,Lee Ward", "80.00,Ann Cole", "15.25,Raj Bose"],
             {"columns": ["amount", "name"]}, True),
        case("named columns the other way round", ["name,amount", "Lee Ward,120.50", "Ann Cole,80.00",
                                                   "Raj Bose,15.25"], {"columns": ["amount", "name"]}, False,
             "row 1, column 1 (amount) of out.csv is 'name', expected 'amount'"),
        case("A-Z by name", ["name,team,amount", "Ann Cole,,80.00", "Lee Ward,Sales,120.50", "Raj Bose,Design,15.25"],
             {"sort_by": "name"}, True),
        case("A-Z asked, as listed written", ALL, {"sort_by": "name"}, False,
             "row 2, column 1 (name) of out.csv is 'Lee Ward', expected 'Ann Cole'"),
        case("the incomplete form left out", [ALL[0], ALL[1], ALL[3]], {"skip_incomplete": True}, True),
        case("the incomplete form kept though asked to leave it out", ALL, {"skip_incomplete": True}, False,
             "out.csv has 3 rows under its header, expected 2"),
        case("left out, but a complete one dropped instead", [ALL[0], ALL[1], ALL[2]], {"skip_incomplete": True},
             False, "row 3, column 1 (name) of out.csv is 'Ann Cole', expected 'Raj Bose'"),
        case("json: one object per form, as filled in", RECORDS, JSON, True),
        case("json: numbers as numbers, the empty field null", [{**r, "amount": float(r["amount"]), "team": r["team"]
                                                                 or None} for r in RECORDS], JSON, True),
        case("json: the last object's amount off", [*RECORDS[:2], {**RECORDS[2], "amount": "15.20"}], JSON, False,
             "row 4, column 3 (amount) of out.json is 15.2, expected 15.25 (object n is row n + 1)"),
        case("json: a key missing", [*RECORDS[:2], {"name": "Raj Bose", "team": "Design"}], JSON, False,
             "object 3 of out.json has the keys ['name', 'team'], expected ['amount', 'name', 'team']"),
        case("json: not a list", {"forms": RECORDS}, JSON, False, "out.json is not a JSON list of objects"),
        case("json: the named keys, the incomplete form left out",
             [{"amount": r["amount"], "name": r["name"]} for r in (RECORDS[0], RECORDS[2])],
             {**JSON, "columns": ["amount", "name"], "skip_incomplete": True}, True),
        case("json: the incomplete form kept", [{"amount": r["amount"], "name": r["name"]} for r in RECORDS],
             {**JSON, "columns": ["amount", "name"], "skip_incomplete": True}, False,
             "out.json has 3 rows under its header, expected 2"),
    ],
}
