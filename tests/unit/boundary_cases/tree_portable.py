"""Boundary cases of the Windows-safe names check (`forge.checks.tree_portable`): refused characters
replaced by '_' and trailing dots dropped, reserved device stems (any case; not 'console') given a
'_', case-only clashes in one folder numbered after the first in plain character order (the same
name in another folder left alone), folder names fixed only when asked, the renames CSV complete
and sorted only when asked."""

from __future__ import annotations

from preparers.filetypes.tree import pack_tree
from tests.unit.boundary_cases import Case

GIVEN = {"Notes/Call 10:30.txt": b"c", "Notes/Thanks.": b"t", "Docs/con.txt": b"k", "Docs/console.txt": b"s",
         "Docs/Report.pdf": b"R", "Docs/report.pdf": b"r", "Music/report.pdf": b"m", "Q3: plans/aux.md": b"a",
         "ok.txt": b"o"}
CHARS = {"Notes/Call 10_30.txt": b"c", "Notes/Thanks": b"t", "Docs/con.txt": b"k", "Docs/console.txt": b"s",
         "Docs/Report.pdf": b"R", "Docs/report.pdf": b"r", "Music/report.pdf": b"m", "Q3: plans/aux.md": b"a",
         "ok.txt": b"o"}
ALL = {**{k: v for k, v in CHARS.items() if k not in ("Docs/con.txt", "Docs/report.pdf", "Q3: plans/aux.md")},
       "Docs/con_.txt": b"k", "Docs/report (2).pdf": b"r", "Q3_ plans/aux_.md": b"a"}
FILES_ONLY = {**{k: v for k, v in ALL.items() if k != "Q3_ plans/aux_.md"}, "Q3: plans/aux_.md": b"a"}
CSV = (b"old,new\nDocs/con.txt,Docs/con_.txt\nDocs/report.pdf,Docs/report (2).pdf\nNotes/Call 10:30.txt,"
       b"Notes/Call 10_30.txt\nNotes/Thanks.,Notes/Thanks\nQ3: plans/aux.md,Q3_ plans/aux_.md\n")


def safe(label: str, options: dict, left: dict[str, bytes], passes: bool, says: str = "",
         given: dict[str, bytes] = GIVEN) -> Case:
    return Case(label, None, {"folder": "USB", **options}, passes, says,
                files={f"USB/{p}": d for p, d in left.items()}, originals={"USB": pack_tree(given)})


EVERY = {"characters": True, "reserved": True, "case_clashes": True, "folders": True}
CASES = {"tree.names_portable": [
    safe("refused characters and trailing dots fixed", {"characters": True}, CHARS, True),
    safe("a trailing dot kept", {"characters": True}, {**{k: v for k, v in CHARS.items() if k != "Notes/Thanks"},
                                                       "Notes/Thanks.": b"t"}, False,
         "USB/Notes/Thanks is missing; the content is at USB/Notes/Thanks."),
    safe("a colon replaced by a dash", {"characters": True},
         {**{k: v for k, v in CHARS.items() if k != "Notes/Call 10_30.txt"}, "Notes/Call 10-30.txt": b"c"}, False,
         "USB/Notes/Call 10_30.txt is missing"),
    safe("every rule, folders too", EVERY, ALL, True),
    safe("every rule: the folder left as it was", EVERY, FILES_ONLY, False,
         "USB/Q3_ plans/aux_.md is missing; the content is at USB/Q3: plans/aux_.md"),
    safe("file names only", {**EVERY, "folders": False}, FILES_ONLY, True),
    safe("file names only: the folder renamed anyway", {**EVERY, "folders": False}, ALL, False,
         "USB/Q3: plans/aux_.md is missing"),
    safe("a look-alike (console.txt) renamed as reserved", EVERY,
         {**{k: v for k, v in ALL.items() if k != "Docs/console.txt"}, "Docs/console_.txt": b"s"}, False,
         "USB/Docs/console.txt is missing"),
    safe("the first of a clash numbered instead", EVERY,
         {**{k: v for k, v in ALL.items() if k not in ("Docs/Report.pdf", "Docs/report (2).pdf")},
          "Docs/Report (2).pdf": b"R", "Docs/report.pdf": b"r"}, False, "USB/Docs/Report.pdf is missing"),
    safe("the same name in another folder numbered", EVERY,
         {**{k: v for k, v in ALL.items() if k != "Music/report.pdf"}, "Music/report (2).pdf": b"m"}, False,
         "USB/Music/report.pdf is missing"),
    safe("renames logged", {**EVERY, "report": "renames.csv"}, {**ALL, "renames.csv": CSV}, True),
    safe("renames log: the last row missing", {**EVERY, "report": "renames.csv"},
         {**ALL, "renames.csv": CSV.rsplit(b"\n", 2)[0] + b"\n"}, False,
         "renames.csv has 4 renames, expected 5"),
    safe("renames log unsorted", {**EVERY, "report": "renames.csv"},
         {**ALL, "renames.csv": b"old,new\nDocs/report.pdf,Docs/report (2).pdf\n" + CSV.split(b"\n", 1)[1]}, False,
         "row 2 of USB/renames.csv is ['Docs/report.pdf', 'Docs/report (2).pdf'], expected ['Docs/con.txt'"),
    safe("renames log not written", {**EVERY, "report": "renames.csv"}, ALL, False, "USB/renames.csv does not exist"),
    safe("renames log written though not asked", EVERY, {**ALL, "renames.csv": CSV}, False,
         "USB/renames.csv should not be there"),
    safe("reserved only: clashes left alone", {"reserved": True, "folders": True},
         {**{k: v for k, v in GIVEN.items() if k not in ("Docs/con.txt", "Q3: plans/aux.md")}, "Docs/con_.txt": b"k",
          "Q3: plans/aux_.md": b"a"}, True),
    safe("nothing to fix", {"reserved": True}, {"ok.txt": b"o"}, False, "the task is empty", given={"ok.txt": b"o"}),
]}
