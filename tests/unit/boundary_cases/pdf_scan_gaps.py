"""Boundary cases of the scan-gaps check: four scans whose footers print 'Page n of N' - A
complete, B lacking page 2 and its LAST page (5 of 5), C with page 3 twice, D (the LAST file)
lacking page 4 with page 2 twice; missing, twice or both, every file or only those with a
problem; the last page's loss unnoticed, a fine file listed, the last file left out, numbers
largest first, commas between numbers, the file by its base name or without its extension."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._pdf import text_pdf as pdf


def scan(numbers: list[int], total: int) -> bytes:
    return pdf([f"Quarterly report, section {n}\nPage {n} of {total}" for n in numbers])


SCANS = {"scans/a.pdf": scan([1, 2, 3, 4], 4), "scans/b.pdf": scan([1, 3, 4], 5),
         "scans/c.pdf": scan([1, 2, 3, 3, 4], 4), "scans/d.pdf": scan([1, 2, 2, 3, 5], 5)}
FILES = {"first_file": "scans/a.pdf", "second_file": "scans/b.pdf", "third_file": "scans/c.pdf",
         "fourth_file": "scans/d.pdf"}


def case(label: str, lines: list[str], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "out.csv", **FILES, **options}, passes, says,
                files={"out.csv": ("\n".join(lines) + "\n").encode()}, originals=SCANS)


MISSING = ["file,missing", "scans/a.pdf,", "scans/b.pdf,2 5", "scans/c.pdf,", "scans/d.pdf,4"]
M, T, B = {"look_for": "missing"}, {"look_for": "twice"}, {"look_for": "both"}
ONLY = {"problems_only": True}

CASES: dict[str, list[Case]] = {
    "pdf.scan_gaps_reported": [
        case("missing, every file", MISSING, M, True),
        case("missing: a lost last page unnoticed", [*MISSING[:2], "scans/b.pdf,2", *MISSING[3:]], M, False,
             "row 2 of out.csv (scans/b.pdf) gives missing '2', expected 2 5"),
        case("missing, only the files with a problem", [MISSING[0], MISSING[2], MISSING[4]], {**M, **ONLY}, True),
        case("missing, problems only: a complete file listed", MISSING, {**M, **ONLY}, False,
             "out.csv has 4 rows, expected 2"),
        case("missing, problems only: the last file left out", [MISSING[0], MISSING[2]], {**M, **ONLY}, False,
             "out.csv has 1 rows, expected 2"),
        case("twice, only the files with a problem", ["file,twice", "scans/c.pdf,3", "scans/d.pdf,2"], {**T, **ONLY},
             True),
        case("twice, every file, by base name", ["file,twice", "a.pdf,", "b.pdf,", "c.pdf,3", "d.pdf,2"], T, True),
        case("twice: a file named without its extension", ["file,twice", "a,", "b,", "c,3", "d,2"], T, False,
             "row 1 of out.csv names 'a', expected scans/a.pdf"),
        case("both, every file", ["file,missing,twice", "scans/a.pdf,,", "scans/b.pdf,2 5,", "scans/c.pdf,,3",
                                  "scans/d.pdf,4,2"], B, True),
        case("both, commas between the numbers", ["file,missing,twice", "scans/a.pdf,,", 'scans/b.pdf,"2, 5",',
                                                  "scans/c.pdf,,3", "scans/d.pdf,4,2"], B, True),
        case("both: the numbers largest first", ["file,missing,twice", "scans/a.pdf,,", "scans/b.pdf,5 2,",
                                                 "scans/c.pdf,,3", "scans/d.pdf,4,2"], B, False,
             "row 2 of out.csv (scans/b.pdf) gives missing '5 2', expected 2 5"),
        case("both: the last file's repeat missed", ["file,missing,twice", "scans/a.pdf,,", "scans/b.pdf,2 5,",
                                                     "scans/c.pdf,,3", "scans/d.pdf,4,"], B, False,
             "row 4 of out.csv (scans/d.pdf) gives twice '', expected 2"),
        case("both asked, one column given", MISSING, B, False, "expected file,missing,twice"),
        case("both: a word after the last file's numbers", ["file,missing,twice", "scans/a.pdf,,", "scans/b.pdf,2 5,",
                                                           "scans/c.pdf,,3", "scans/d.pdf,4,2 pages"], B, False,
             "row 4 of out.csv (scans/d.pdf) gives twice '2 pages', expected 2"),
    ],
}
