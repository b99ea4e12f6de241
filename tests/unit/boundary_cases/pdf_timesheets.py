"""Boundary cases of the timesheet check: four weekly timesheets - Ann Lee with a leave day and
two days of exactly 8 hours, Bo Chen 45 hours, Cy Diaz exactly 40, Di Eze's LAST day a short
Saturday; hours, overtime past 40 (exactly 40 is none) or 37.5, days over 8 hours (exactly 8 is
not over); listed or most first (a tie A-Z by name), a total row; the Saturday missed, hours as
h:mm, the break not taken off, the total row missing, a day of exactly 8 counted, the tie the
other way round, another header."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._pdf import text_pdf as pdf

HEAD = "Day    Date    Start    Finish    Break (min)"
DAYS = ["Monday    2025-03-03", "Tuesday    2025-03-04", "Wednesday    2025-03-05", "Thursday    2025-03-06",
        "Friday    2025-03-07", "Saturday    2025-03-08"]


def sheet(name: str, times: list[str]) -> bytes:
    rows = "\n".join(f"{day}    {t}" for day, t in zip(DAYS, times))
    return pdf([f"Weekly timesheet\nEmployee: {name}\nTeam: Kitchen\n{HEAD}\n{rows}\nSigned: ________"])


SHEETS = {
    "ann.pdf": sheet("Ann Lee", ["08:00    16:30    30", "08:00    17:45    45", "Leave    -    -",
                                 "07:30    16:00    30", "09:00    17:15    45"]),
    "bo.pdf": sheet("Bo Chen", ["08:00    18:00    60"] * 5),
    "cy.pdf": sheet("Cy Diaz", ["08:00    17:00    60"] * 5),
    "di.pdf": sheet("Di Eze", ["07:00    16:15    45"] * 5 + ["09:00    13:15    0"]),
}
FILES = {"first_file": "ann.pdf", "second_file": "bo.pdf", "third_file": "cy.pdf", "fourth_file": "di.pdf"}


def case(label: str, lines: list[str], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "out.csv", **FILES, **options}, passes, says,
                files={"out.csv": ("\n".join(lines) + "\n").encode()}, originals=SHEETS)


HOURS = ["employee,hours", "Ann Lee,32.5", "Bo Chen,45", "Cy Diaz,40", "Di Eze,46.75"]
BY_MOST = [HOURS[0], HOURS[4], HOURS[2], HOURS[3], HOURS[1]]
H, OT40, LONG = {"measure": "hours"}, {"measure": "overtime", "limit": 40}, {"measure": "long_days", "limit": 8}

CASES: dict[str, list[Case]] = {
    "pdf.timesheets_tabulated": [
        case("hours, as listed", HOURS, H, True),
        case("hours: the last sheet's Saturday missed", [*HOURS[:4], "Di Eze,42.5"], H, False,
             "row 5, column 2 (hours) of out.csv is 42.5, expected 46.75"),
        case("hours written as h:mm", [*HOURS[:4], "Di Eze,46:45"], H, False,
             "row 5, column 2 (hours) of out.csv is '46:45'; expected the number 46.75"),
        case("hours: the breaks not taken off", ["employee,hours", "Ann Lee,35.75", *HOURS[2:]], H, False,
             "row 2, column 2 (hours) of out.csv is 35.75, expected 32.5"),
        case("hours, most first", BY_MOST, {**H, "most_first": True}, True),
        case("hours, most first, with a total row", [*BY_MOST, "Total,164.25"], {**H, "most_first": True,
                                                                                  "total_row": True}, True),
        case("hours: the total row missing", BY_MOST, {**H, "most_first": True, "total_row": True}, False,
             "out.csv has 4 rows under its header, expected 5"),
        case("overtime past 40 (exactly 40 is none)", ["employee,overtime", "Ann Lee,0", "Bo Chen,5", "Cy Diaz,0",
                                                       "Di Eze,6.75"], OT40, True),
        case("overtime past 40: hours under shown as negative", ["employee,overtime", "Ann Lee,-7.5", "Bo Chen,5",
                                                                 "Cy Diaz,0", "Di Eze,6.75"], OT40, False,
             "row 2, column 2 (overtime) of out.csv is -7.5, expected 0"),
        case("overtime past 37.5 with a total", ["employee,overtime", "Ann Lee,0", "Bo Chen,7.5", "Cy Diaz,2.5",
                                                 "Di Eze,9.25", "Total,19.25"],
             {"measure": "overtime", "limit": 37.5, "total_row": True}, True),
        case("days over 8 hours (exactly 8 is not over)", ["employee,long_days", "Ann Lee,1", "Bo Chen,5", "Cy Diaz,0",
                                                           "Di Eze,5"], LONG, True),
        case("days over 8 hours: days of exactly 8 counted", ["employee,long_days", "Ann Lee,3", "Bo Chen,5",
                                                              "Cy Diaz,0", "Di Eze,5"], LONG, False,
             "row 2, column 2 (long_days) of out.csv is 3, expected 1"),
        case("days over 8, most first, the tie A-Z", ["employee,long_days", "Bo Chen,5", "Di Eze,5", "Ann Lee,1",
                                                      "Cy Diaz,0"], {**LONG, "most_first": True}, True),
        case("days over 8, most first, the tie the other way", ["employee,long_days", "Di Eze,5", "Bo Chen,5",
                                                                "Ann Lee,1", "Cy Diaz,0"], {**LONG, "most_first": True},
             False, "row 2, column 1 (employee) of out.csv is 'Di Eze', expected 'Bo Chen'"),
        case("another header", ["name,hours", *HOURS[1:]], H, False,
             "row 1, column 1 (employee) of out.csv is 'name', expected 'employee'"),
    ],
}
