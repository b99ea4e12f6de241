"""Boundary cases of table.fits_template (#10 breadth): a three-contact export fitted to an import
template. The LAST contact is where a loop that stops one short passes; the template's column order,
no export column beyond it, a row without the required email dropped only when asked, a stated value
on every row, a full name joined with one space."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

EXPORT = [["Contact ID", "First Name", "Last Name", "E-mail Address", "Company"],
          ["C1", "Ann", "Lee", "ann@x.org", "Acme"], ["C2", "Bob", "Ray", None, "Bolt"],
          ["C3", "Cy", "Tan", "cy@y.org", "Core"]]
BY_NAME = ["e_mail_address", "company", "first_name", "source"]
MAPPED = ["email", "organisation", "given_name", "source"]
MAPPING = {"email": "E-mail Address", "organisation": "Company", "given_name": "First Name"}


def _csv(rows: list[list[Any]]) -> bytes:
    return "".join(",".join("" if v is None else str(v) for v in r) + "\n" for r in rows).encode()


def fitted(label: str, template: list[str], rows: list[list[Any]], passes: bool, says: str = "", *,
           header: list[str] | None = None, **options: Any) -> Case:
    return Case(label, None, {"file": "import.csv", "input_file": "export.csv", "template_file": "template.csv",
                              **options}, passes, says, files={"import.csv": _csv([header or template, *rows])},
                originals={"export.csv": _csv(EXPORT), "template.csv": _csv([template])})


ROWS = [["ann@x.org", "Acme", "Ann", None], [None, "Bolt", "Bob", None], ["cy@y.org", "Core", "Cy", None]]
NAME = {"by_name": True}

CASES: dict[str, list[Case]] = {
    "table.fits_template": [
        fitted("columns matched by name, in the template's order", BY_NAME, ROWS, True, **NAME),
        fitted("the last contact's company wrong", BY_NAME, [*ROWS[:2], ["cy@y.org", "Acme", "Cy", None]], False,
               "data row 3", **NAME),
        fitted("the last contact left out", BY_NAME, ROWS[:2], False, "is missing", **NAME),
        fitted("the export's column order kept", BY_NAME, [[r[2], r[0], r[1], r[3]] for r in ROWS], False,
               "header cell A1", header=["first_name", "e_mail_address", "company", "source"], **NAME),
        fitted("an export column the template lacks kept", BY_NAME, [[*r, "x"] for r in ROWS], False,
               "extra columns", header=[*BY_NAME, "Last Name"], **NAME),
        fitted("the contact without an email dropped, as asked", BY_NAME, [ROWS[0], ROWS[2]], True,
               required="e_mail_address", **NAME),
        fitted("the contact without an email kept where it must go", BY_NAME, ROWS, False, "data row 2",
               required="e_mail_address", **NAME),
        fitted("the contact without an email dropped unasked", BY_NAME, [ROWS[0], ROWS[2]], False, "data row 2",
               **NAME),
        fitted("a stated source on every row", BY_NAME, [[*r[:3], "Webinar"] for r in ROWS], True,
               constants={"source": "Webinar"}, **NAME),
        fitted("the stated source missing on the last row", BY_NAME,
               [*[[*r[:3], "Webinar"] for r in ROWS[:2]], ROWS[2]], False, "data row 3",
               constants={"source": "Webinar"}, **NAME),
        fitted("a source filled in where it stays empty", BY_NAME, [[*r[:3], "Webinar"] for r in ROWS], False,
               "source", **NAME),
        fitted("columns renamed by a stated mapping", MAPPED, ROWS, True, mapping=MAPPING),
        fitted("the mapping's last column from the wrong export column", MAPPED, [[*r[:2], "Lee", None] for r in ROWS],
               False, "given_name", mapping=MAPPING),
        fitted("a full name joined with a space", ["email", "full_name"], [["ann@x.org", "Ann Lee"], [None, "Bob Ray"],
                                                                           ["cy@y.org", "Cy Tan"]], True,
               mapping={"email": "E-mail Address"}, joined={"full_name": ["First Name", "Last Name"]}),
        fitted("the last full name reversed", ["email", "full_name"], [["ann@x.org", "Ann Lee"], [None, "Bob Ray"],
                                                                       ["cy@y.org", "Tan Cy"]], False, "data row 3",
               mapping={"email": "E-mail Address"}, joined={"full_name": ["First Name", "Last Name"]}),
    ],
}
