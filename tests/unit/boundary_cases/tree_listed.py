"""Boundary cases of the listed-files check (`forge.checks.tree_listed`): each listed file (by path,
'./' or not, or by a bare name found in a subfolder; the last entry too) deleted, moved or copied
under its path; comment lines and the list itself left alone; entries naming no file reported in
the list's order only when asked; a bare name matching two files refused as ambiguous."""

from __future__ import annotations

from preparers.filetypes.tree import pack_tree
from tests.unit.boundary_cases import Case

LIST = b"# to archive, from Dana\n\n./Policies/old.pdf\nHR/Forms/claim.docx\nPolicies/gone.pdf\nnotes.md\n"
NAMES = b"# by name\nold.pdf\nclaim.docx\nghost.xlsx\nnotes.md\n"
GIVEN = {"Policies/old.pdf": b"o", "Policies/new.pdf": b"n", "HR/Forms/claim.docx": b"c", "HR/leave.docx": b"l",
         "notes.md": b"m", "README.md": b"r", "list.txt": LIST}
PICKED = ("HR/Forms/claim.docx", "Policies/old.pdf", "notes.md")
DELETED = {k: v for k, v in GIVEN.items() if k not in PICKED}
MOVED = {**DELETED, **{f"Archive/{p}": GIVEN[p] for p in PICKED}}
COPIED = {**GIVEN, **{f"Archive/{p}": GIVEN[p] for p in PICKED}}


def handle(label: str, options: dict, left: dict[str, bytes], passes: bool, says: str = "",
           given: dict[str, bytes] = GIVEN) -> Case:
    return Case(label, None, {"folder": "Share", "listing": "list.txt", "action": "delete", **options}, passes, says,
                files={f"Share/{p}": d for p, d in left.items()}, originals={"Share": pack_tree(given)})


MOVE, COPY = {"action": "move", "target": "Archive"}, {"action": "copy", "target": "Archive"}
BY_NAME = {**GIVEN, "list.txt": NAMES}
CASES = {"tree.listed_handled": [
    handle("listed files deleted", {}, DELETED, True),
    handle("the last entry kept", {}, {**DELETED, "notes.md": b"m"}, False, "Share/notes.md should not be there"),
    handle("a './' path not followed", {}, {**DELETED, "Policies/old.pdf": b"o"}, False,
           "Share/Policies/old.pdf should not be there"),
    handle("an unlisted file deleted", {}, {k: v for k, v in DELETED.items() if k != "README.md"}, False,
           "Share/README.md is missing"),
    handle("the list deleted too", {}, {k: v for k, v in DELETED.items() if k != "list.txt"}, False,
           "Share/list.txt is missing"),
    handle("moved under their paths", MOVE, MOVED, True),
    handle("moved flat", MOVE, {**{k: v for k, v in MOVED.items() if k != "Archive/HR/Forms/claim.docx"},
                                "Archive/claim.docx": b"c"}, False,
           "Share/Archive/HR/Forms/claim.docx is missing; the content is at Share/Archive/claim.docx"),
    handle("move asked, copied", MOVE, COPIED, False, "Share/HR/Forms/claim.docx should not be there"),
    handle("copied under their paths", COPY, COPIED, True),
    handle("copy asked, moved", COPY, MOVED, False, "Share/HR/Forms/claim.docx is missing"),
    handle("by name, found in subfolders", {}, DELETED | {"list.txt": NAMES}, True, given=BY_NAME),
    handle("by name: a file in a subfolder not found", {}, {**DELETED, "list.txt": NAMES, "HR/Forms/claim.docx": b"c"},
           False, "Share/HR/Forms/claim.docx should not be there", given=BY_NAME),
    handle("unmatched entries reported", {"missing": "nf.txt"}, {**DELETED, "nf.txt": b"Policies/gone.pdf\n"}, True),
    handle("unmatched by name reported as written", {"missing": "nf.txt"},
           {**DELETED, "list.txt": NAMES, "nf.txt": b"ghost.xlsx\n"}, True, given=BY_NAME),
    handle("unmatched entries not written", {"missing": "nf.txt"}, DELETED, False, "Share/nf.txt does not exist"),
    handle("a matched entry reported as unmatched", {"missing": "nf.txt"},
           {**DELETED, "nf.txt": b"Policies/gone.pdf\nnotes.md\n"}, False,
           "Share/nf.txt lists ['Policies/gone.pdf', 'notes.md'], expected ['Policies/gone.pdf']"),
    handle("unmatched entries written though not asked", {}, {**DELETED, "nf.txt": b"Policies/gone.pdf\n"}, False,
           "Share/nf.txt should not be there"),
    handle("a bare name matching two files", {}, DELETED, False, "names 2 files of Share/: the task is ambiguous",
           given={**BY_NAME, "Old/notes.md": b"m2"}),
    handle("no entry names a file", {}, GIVEN, False, "the task is empty", given={**GIVEN, "list.txt": b"x.pdf\n"}),
]}
