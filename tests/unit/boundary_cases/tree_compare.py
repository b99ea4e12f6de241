"""Boundary cases of the folder comparison report (`forge.checks.tree_compare`): headed sections
(blank lines free; the last path too; sorted; paths inside their folder; no extra line) or a
path,status CSV (header, statuses in any case, the last row), by content or by name only,
temporary files counted or ignored, the folders left as they were."""

from __future__ import annotations

from preparers.filetypes.tree import pack_tree
from tests.unit.boundary_cases import Case

GIVEN = {"L/a.txt": b"a", "L/sub/b.txt": b"b", "L/c.txt": b"c1", "L/~$x.docx": b"t", "L/z.txt": b"z",
         "R/a.txt": b"a", "R/c.txt": b"c2", "R/sub/old.txt": b"o", "R/.DS_Store": b"d"}
SECTIONS = ["Only in L:", "sub/b.txt", "z.txt", "~$x.docx", "Only in R:", ".DS_Store", "sub/old.txt", "Different:",
            "c.txt"]
NAMES = SECTIONS[:7]
CLEAN = ["Only in L:", "sub/b.txt", "z.txt", "Only in R:", "sub/old.txt", "Different:", "c.txt"]
ROWS = [["path", "status"], [".DS_Store", "only in R"], ["c.txt", "different"], ["sub/b.txt", "only in L"],
        ["sub/old.txt", "only in R"], ["z.txt", "only in L"], ["~$x.docx", "only in L"]]


def _csv(rows: list[list[str]]) -> bytes:
    return "".join(",".join(r) + "\r\n" for r in rows).encode()


def report(label: str, options: dict, lines: list[str] | None, passes: bool, says: str = "",
           rows: list[list[str]] | None = None, left: dict[str, bytes] = GIVEN,
           given: dict[str, bytes] = GIVEN) -> Case:
    name = "report.csv" if rows is not None else "report.txt"
    body = _csv(rows) if rows is not None else "\n".join(lines or []).encode() + b"\n"
    return Case(label, None, {"folder": "Home", "left": "L", "right": "R", "file": name,
                              "format": "csv" if rows is not None else "sections", **options}, passes, says,
                files={name: body, **{f"Home/{p}": d for p, d in left.items()}}, originals={"Home": pack_tree(given)})


CASES = {"tree.folders_compared": [
    report("sections by content", {}, SECTIONS, True),
    report("sections with blank lines between", {}, [*SECTIONS[:4], "", *SECTIONS[4:7], "", *SECTIONS[7:]], True),
    report("the last difference missing", {}, SECTIONS[:-1], False, "'c.txt' is missing"),
    report("a section out of order", {}, [*SECTIONS[:1], "z.txt", "sub/b.txt", *SECTIONS[3:]], False,
           "line 2 of report.txt (blank lines aside) is 'z.txt', expected 'sub/b.txt'"),
    report("paths with their folder", {}, [*SECTIONS[:1], "L/sub/b.txt", *SECTIONS[2:]], False,
           "is 'L/sub/b.txt', expected 'sub/b.txt'"),
    report("a line too many", {}, [*SECTIONS, "a.txt"], False, "'a.txt' is one too many"),
    report("by name only", {"by_content": False}, NAMES, True),
    report("by name only: a Different section anyway", {"by_content": False}, SECTIONS, False,
           "'Different:' is one too many"),
    report("temp files ignored", {"skip_temp": True}, CLEAN, True),
    report("temp files ignored: the lock file listed", {"skip_temp": True},
           [*CLEAN[:3], "~$x.docx", *CLEAN[3:]], False, "is '~$x.docx', expected 'Only in R:'"),
    report("temp files counted: left out", {}, CLEAN, False,
           "line 4 of report.txt (blank lines aside) is 'Only in R:'"),
    report("a folder changed by the task", {}, SECTIONS, False, "the files in Home/ changed",
           left={k: v for k, v in GIVEN.items() if k != "R/.DS_Store"}),
    report("csv by content", {}, None, True, rows=ROWS),
    report("csv statuses in other case", {}, None, True, rows=[ROWS[0], *([p, s.capitalize()] for p, s in ROWS[1:])]),
    report("csv: the last row missing", {}, None, False, "report.csv has 5 rows, expected 6", rows=ROWS[:-1]),
    report("csv: a wrong status", {}, None, False, "row 3 of report.csv is ['c.txt', 'only in l'], expected",
           rows=[*ROWS[:2], ["c.txt", "only in L"], *ROWS[3:]]),
    report("csv: other columns", {}, None, False, "expected ['path', 'status']",
           rows=[["file", "where"], *ROWS[1:]]),
    report("the folders are the same", {}, [], False, "the task is empty", left={"L/a.txt": b"a", "R/a.txt": b"a"},
           given={"L/a.txt": b"a", "R/a.txt": b"a"}),
]}
