"""Boundary cases of the action-items check: three minutes listed out of date order (the second
is the oldest), two actions each; every action meeting by meeting or by due date, one owner's
(named in another case), those due before 12 March (one due that very day), the open ones; the
minutes as listed, the LAST action missed, another owner's action, the action due on the day
kept, a done one kept, one owner's open actions, the open ones overdue by a day, a date day first,
another header."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._pdf import text_pdf as pdf

HEAD = "Action    Owner    Due    Status"


def minutes(day: str, rows: list[str]) -> bytes:
    return pdf([f"Minutes: launch meeting\nDate: {day}\nAttendees: Ann Lee, Bo Chen, Cy Diaz\nActions\n{HEAD}\n"
                + "\n".join(rows)])


MINUTES = {
    "m1.pdf": minutes("2025-03-03", ["Book the venue    Ann Lee    2025-03-10    Done",
                                     "Draft the email    Bo Chen    2025-03-14    Open"]),
    "m2.pdf": minutes("2025-02-24", ["Order laptops    Ann Lee    2025-03-07    Open",
                                     "Update the register    Cy Diaz    2025-02-28    Done"]),
    "m3.pdf": minutes("2025-03-10", ["Brief sales    Bo Chen    2025-03-12    Open",
                                     "Chase invoices    Ann Lee    2025-03-20    Open"]),
}
FILES = {"first_file": "m1.pdf", "second_file": "m2.pdf", "third_file": "m3.pdf"}
HEADER = "meeting,action,owner,due"
ORDER = "2025-02-24,Order laptops,Ann Lee,2025-03-07"
UPDATE = "2025-02-24,Update the register,Cy Diaz,2025-02-28"
BOOK = "2025-03-03,Book the venue,Ann Lee,2025-03-10"
DRAFT = "2025-03-03,Draft the email,Bo Chen,2025-03-14"
BRIEF = "2025-03-10,Brief sales,Bo Chen,2025-03-12"
CHASE = "2025-03-10,Chase invoices,Ann Lee,2025-03-20"
ALL = [HEADER, ORDER, UPDATE, BOOK, DRAFT, BRIEF, CHASE]


def case(label: str, lines: list[str], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "out.csv", **FILES, **options}, passes, says,
                files={"out.csv": ("\n".join(lines) + "\n").encode()}, originals=MINUTES)


CASES: dict[str, list[Case]] = {
    "pdf.actions_collected": [
        case("every action, oldest meeting first", ALL, {}, True),
        case("every action, the minutes as listed", [HEADER, BOOK, DRAFT, ORDER, UPDATE, BRIEF, CHASE], {}, False,
             "row 2, column 1 (meeting) of out.csv is 2025-03-03, expected 2025-02-24"),
        case("every action: the last one missed", ALL[:-1], {}, False,
             "out.csv has 5 rows under its header, expected 6"),
        case("every action by due date", [HEADER, UPDATE, ORDER, BOOK, BRIEF, DRAFT, CHASE], {"by_due": True}, True),
        case("one owner's actions", [HEADER, ORDER, BOOK, CHASE], {"owner": "Ann Lee"}, True),
        case("one owner's actions, the name in lower case", [HEADER, ORDER, BOOK, CHASE], {"owner": "ann lee"}, True),
        case("one owner's actions and another's", [HEADER, ORDER, BOOK, BRIEF, CHASE], {"owner": "Ann Lee"}, False,
             "out.csv has 4 rows under its header, expected 3"),
        case("due before 12 March", [HEADER, ORDER, UPDATE, BOOK], {"due_before": "2025-03-12"}, True),
        case("due before 12 March: the action due that day kept", [HEADER, ORDER, UPDATE, BOOK, BRIEF],
             {"due_before": "2025-03-12"}, False, "out.csv has 4 rows under its header, expected 3"),
        case("the open actions", [HEADER, ORDER, DRAFT, BRIEF, CHASE], {"open_only": True}, True),
        case("the open actions and a done one", [HEADER, ORDER, BOOK, DRAFT, BRIEF, CHASE], {"open_only": True}, False,
             "out.csv has 5 rows under its header, expected 4"),
        case("one owner's open actions", [HEADER, ORDER, CHASE], {"owner": "Ann Lee", "open_only": True}, True),
        case("one owner's open actions and a done one", [HEADER, ORDER, BOOK, CHASE],
             {"owner": "Ann Lee", "open_only": True}, False, "out.csv has 3 rows under its header, expected 2"),
        case("open and overdue by 12 March", [HEADER, ORDER], {"open_only": True, "due_before": "2025-03-12"}, True),
        case("overdue by 12 March, the done ones kept", [HEADER, ORDER, UPDATE, BOOK],
             {"open_only": True, "due_before": "2025-03-12"}, False, "out.csv has 3 rows under its header, expected 1"),
        case("a due date day first", [*ALL[:-1], "2025-03-10,Chase invoices,Ann Lee,20/03/2025"], {}, False,
             "row 7, column 4 (due) of out.csv is '20/03/2025', expected 2025-03-20"),
        case("another header", ["date,action,owner,due", *ALL[1:]], {}, False,
             "row 1, column 1 (meeting) of out.csv is 'date', expected 'meeting'"),
    ],
}
