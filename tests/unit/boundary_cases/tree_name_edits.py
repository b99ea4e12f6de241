"""Boundary cases of the bulk-rename check (`forge.checks.tree_name_edits`): a word replaced at every
place in a name (not only the first), as written or whatever its case; the top only or every
subfolder; folder names never renamed; a leading or trailing text removed once, and only at its
end of the name; a prefix added once, not doubled; dates rewritten in the order the task gives;
the renames CSV complete, in old-path order, down to its last row."""

from __future__ import annotations

from preparers.filetypes.tree import pack_tree
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._trees import without

WORD = {"Atlas plan.docx": b"a", "Atlas_Atlas_logo.zip": b"z", "notes on the atlas offer.txt": b"n",
        "readme.txt": b"r", "Atlas docs/Atlas brief.pdf": b"b"}
TOP = {"Orion plan.docx": b"a", "Orion_Orion_logo.zip": b"z", "notes on the atlas offer.txt": b"n",
       "readme.txt": b"r", "Atlas docs/Atlas brief.pdf": b"b"}
DEEP = {**{k: v for k, v in TOP.items() if k != "Atlas docs/Atlas brief.pdf"}, "Atlas docs/Orion brief.pdf": b"b"}
ANY = {**{k: v for k, v in DEEP.items() if k != "notes on the atlas offer.txt"}, "notes on the Orion offer.txt": b"n"}
LOG = (b"old,new\nAtlas docs/Atlas brief.pdf,Atlas docs/Orion brief.pdf\nAtlas plan.docx,Orion plan.docx\n"
       b"Atlas_Atlas_logo.zip,Orion_Orion_logo.zip\n")
REPLACE = {"edit": "replace", "find": "Atlas", "replace": "Orion"}
SUFFIX = {"hero-min.png": b"h", "logo-min-min.png": b"l", "board-minutes.docx": b"b", "menu.png": b"m"}
PREFIX = {"Copy of lease.pdf": b"l", "Copy of Copy of plan.pdf": b"p", "Signed Copy of deed.pdf": b"s"}
CODE = {"a.pdf": b"a", "ACME-b.pdf": b"b", "notes_ACME-x.txt": b"n"}
DATES = {"Invoice 14.03.2024.pdf": b"i", "03-05-2024 minutes.docx": b"m", "2024-02-11 plan.md": b"p",
         "Payslip_31_01_2025.pdf": b"s"}
DATES_ISO = {"Invoice 2024-03-14.pdf": b"i", "2024-05-03 minutes.docx": b"m", "2024-02-11 plan.md": b"p",
             "Payslip_2025-01-31.pdf": b"s"}


def edit(label: str, options: dict, left: dict[str, bytes], passes: bool, says: str = "",
         given: dict[str, bytes] = WORD) -> Case:
    return Case(label, None, {"folder": "Out", **options}, passes, says,
                files={f"Out/{p}": d for p, d in left.items()}, originals={"Out": pack_tree(given)})


CASES = {"tree.names_edited": [
    edit("word replaced as written, top only", REPLACE, TOP, True),
    edit("only the first of two replaced", REPLACE, {**without(TOP, "Orion_Orion_logo.zip"),
                                                     "Orion_Atlas_logo.zip": b"z"}, False,
         "Out/Orion_Orion_logo.zip is missing; the content is at Out/Orion_Atlas_logo.zip"),
    edit("the lower-case word replaced too", REPLACE, {**without(TOP, "notes on the atlas offer.txt"),
                                                       "notes on the Orion offer.txt": b"n"}, False,
         "Out/notes on the atlas offer.txt is missing"),
    edit("top only: a subfolder's file renamed too", REPLACE, DEEP, False,
         "Out/Atlas docs/Atlas brief.pdf is missing"),
    edit("every subfolder", {**REPLACE, "recursive": True}, DEEP, True),
    edit("every subfolder: the last file left", {**REPLACE, "recursive": True}, TOP, False,
         "Out/Atlas docs/Orion brief.pdf is missing; the content is at Out/Atlas docs/Atlas brief.pdf"),
    edit("every subfolder: the folder renamed too", {**REPLACE, "recursive": True},
         {**without(DEEP, "Atlas docs/Orion brief.pdf"), "Orion docs/Orion brief.pdf": b"b"}, False,
         "Out/Atlas docs/Orion brief.pdf is missing"),
    edit("whatever its case", {**REPLACE, "recursive": True, "ignore_case": True}, ANY, True),
    edit("whatever its case: the lower-case one left", {**REPLACE, "recursive": True, "ignore_case": True}, DEEP,
         False, "Out/notes on the Orion offer.txt is missing"),
    edit("whatever its case: the new word in the old one's case", {**REPLACE, "recursive": True,
                                                                   "ignore_case": True},
         {**without(ANY, "notes on the Orion offer.txt"), "notes on the orion offer.txt": b"n"}, False,
         "Out/notes on the Orion offer.txt is missing"),
    edit("a renamed file's content changed", REPLACE, {**TOP, "Orion plan.docx": b"A"}, False,
         "Out/Orion plan.docx does not hold the content"),
    edit("a file added", REPLACE, {**TOP, "Orion plan (1).docx": b"a"}, False,
         "Out/Orion plan (1).docx should not be there"),
    edit("the log complete and sorted", {**REPLACE, "recursive": True, "report": "log.csv"}, {**DEEP, "log.csv": LOG},
         True),
    edit("the log missing its last row", {**REPLACE, "recursive": True, "report": "log.csv"},
         {**DEEP, "log.csv": LOG.rsplit(b"\n", 2)[0] + b"\n"}, False, "Out/log.csv has 2 renames, expected 3"),
    edit("the log in reverse order", {**REPLACE, "recursive": True, "report": "log.csv"},
         {**DEEP, "log.csv": b"old,new\n" + b"\n".join(reversed(LOG.splitlines()[1:])) + b"\n"}, False,
         "row 2 of Out/log.csv is ['Atlas_Atlas_logo.zip', 'Orion_Orion_logo.zip']"),
    edit("the log not written", {**REPLACE, "recursive": True, "report": "log.csv"}, DEEP, False,
         "Out/log.csv does not exist"),
    edit("the log listing a file kept", {**REPLACE, "recursive": True, "report": "log.csv"},
         {**DEEP, "log.csv": LOG + b"readme.txt,readme.txt\n"}, False, "Out/log.csv has 4 renames, expected 3"),
    edit("a trailing text removed once", {"edit": "strip_suffix", "find": "-min"},
         {"hero.png": b"h", "logo-min.png": b"l", "board-minutes.docx": b"b", "menu.png": b"m"}, True, given=SUFFIX),
    edit("a trailing text removed twice", {"edit": "strip_suffix", "find": "-min"},
         {"hero.png": b"h", "logo.png": b"l", "board-minutes.docx": b"b", "menu.png": b"m"}, False,
         "Out/logo-min.png is missing; the content is at Out/logo.png", given=SUFFIX),
    edit("a trailing text removed from the middle", {"edit": "strip_suffix", "find": "-min"},
         {"hero.png": b"h", "logo-min.png": b"l", "boardutes.docx": b"b", "menu.png": b"m"}, False,
         "Out/board-minutes.docx is missing", given=SUFFIX),
    edit("a leading text removed once", {"edit": "strip_prefix", "find": "Copy of "},
         {"lease.pdf": b"l", "Copy of plan.pdf": b"p", "Signed Copy of deed.pdf": b"s"}, True, given=PREFIX),
    edit("a leading text removed from the middle too", {"edit": "strip_prefix", "find": "Copy of "},
         {"lease.pdf": b"l", "Copy of plan.pdf": b"p", "Signed deed.pdf": b"s"}, False,
         "Out/Signed Copy of deed.pdf is missing", given=PREFIX),
    edit("a prefix added where missing", {"edit": "add_prefix", "replace": "ACME-"},
         {"ACME-a.pdf": b"a", "ACME-b.pdf": b"b", "ACME-notes_ACME-x.txt": b"n"}, True, given=CODE),
    edit("a prefix doubled", {"edit": "add_prefix", "replace": "ACME-"},
         {"ACME-a.pdf": b"a", "ACME-ACME-b.pdf": b"b", "ACME-notes_ACME-x.txt": b"n"}, False,
         "Out/ACME-b.pdf is missing; the content is at Out/ACME-ACME-b.pdf", given=CODE),
    edit("a prefix left off the last file", {"edit": "add_prefix", "replace": "ACME-"},
         {"ACME-a.pdf": b"a", "ACME-b.pdf": b"b", "notes_ACME-x.txt": b"n"}, False,
         "Out/ACME-notes_ACME-x.txt is missing", given=CODE),
    edit("day-month-year dates rewritten", {"edit": "date_iso", "date_order": "dmy"}, DATES_ISO, True, given=DATES),
    edit("day and month swapped", {"edit": "date_iso", "date_order": "dmy"},
         {**without(DATES_ISO, "2024-05-03 minutes.docx"), "2024-03-05 minutes.docx": b"m"}, False,
         "Out/2024-05-03 minutes.docx is missing", given=DATES),
    edit("month-day-year read as written", {"edit": "date_iso", "date_order": "mdy"},
         {"2024-03-05 minutes.docx": b"m", "2024-02-11 plan.md": b"p"}, True,
         given={"03-05-2024 minutes.docx": b"m", "2024-02-11 plan.md": b"p"}),
    edit("month-day-year: the separator kept", {"edit": "date_iso", "date_order": "mdy"},
         {"2024.03.05 minutes.docx": b"m", "2024-02-11 plan.md": b"p"}, False, "Out/2024-03-05 minutes.docx is missing",
         given={"03.05.2024 minutes.docx": b"m", "2024-02-11 plan.md": b"p"}),
]}
