"""Boundary cases of `text.dates_normalised`: status notes with a date in each form (ISO, slashed and
ambiguous, day-month-year with a short month, month-day-year with an ordinal), a quarter, a time and
a version that are no dates.

Passes with every date rewritten as asked, read in the office's order. Fails with the LAST date
left as it was, a slashed date read in the other order, a month abbreviated or a day zero-padded
in the long form, the quarter or the time touched, and a line dropped."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

NOTES = ["# Orion - status notes", "- Kick-off held on 2024-02-05.", "- Review moved to 03/04/2024 at 14:30.",
         "- Go-live after the Q3 2024 freeze, version 2.4.", "- Contract signed 7 Jun 2024.",
         "- Beta shipped August 1st, 2024."]


def case(label: str, lines: list[str], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "out.md", "input_file": "notes.md", **options}, passes, says,
                files={"out.md": ("\n".join(lines) + "\n").encode()},
                originals={"notes.md": ("\n".join(NOTES) + "\n").encode()})


def sub(*pairs: tuple[str, str]) -> list[str]:
    out = []
    for line in NOTES:
        for old, new in pairs:
            line = line.replace(old, new)
        out.append(line)
    return out


ISO_UK = {"target": "iso", "day_first": True}
ISO_DONE = sub(("03/04/2024", "2024-04-03"), ("7 Jun 2024", "2024-06-07"), ("August 1st, 2024", "2024-08-01"))
LONG_US = {"target": "long", "day_first": False}
LONG_DONE = sub(("2024-02-05", "5 February 2024"), ("03/04/2024", "4 March 2024"), ("7 Jun 2024", "7 June 2024"),
                ("August 1st, 2024", "1 August 2024"))

CASES: dict[str, list[Case]] = {
    "text.dates_normalised": [
        case("ISO, slashed dates day first", ISO_DONE, ISO_UK, True),
        case("trailing spaces and a blank line at the end free", [x + " " for x in ISO_DONE] + [""], ISO_UK, True),
        case("the last date left as it was", [*ISO_DONE[:-1], NOTES[-1]], ISO_UK, False,
             "text line 6 of out.md is '- Beta shipped August 1st, 2024.', expected '- Beta shipped 2024-08-01.'"),
        case("a slashed date read month first", [x.replace("2024-04-03", "2024-03-04") for x in ISO_DONE], ISO_UK,
             False, "text line 3 of out.md is '- Review moved to 2024-03-04 at 14:30.'"),
        case("written out, slashed dates month first", LONG_DONE, LONG_US, True),
        case("a month abbreviated", [x.replace("7 June", "7 Jun") for x in LONG_DONE], LONG_US, False,
             "text line 5 of out.md is '- Contract signed 7 Jun 2024.'"),
        case("a day zero-padded", [x.replace("4 March", "04 March") for x in LONG_DONE], LONG_US, False,
             "text line 3"),
        case("the quarter rewritten too", [x.replace("Q3 2024", "2024-07-01") for x in ISO_DONE], ISO_UK, False,
             "text line 4 of out.md is '- Go-live after the 2024-07-01 freeze"),
        case("the time dropped", [x.replace(" at 14:30", "") for x in ISO_DONE], ISO_UK, False, "text line 3"),
        case("a line dropped", ISO_DONE[:-1], ISO_UK, False, "out.md has 5 text lines, expected 6"),
    ],
}
