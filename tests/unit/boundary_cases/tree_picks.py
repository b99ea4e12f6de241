"""Boundary cases of the client-picks check (`forge.checks.tree_picks`): each listed photo (any
case, with or without .JPG; the last one too) gathered into one folder by file name, its RAW file
along only when asked, moved or copied, and the names matching no photo listed in the list's order
(the last one too) only when asked."""

from __future__ import annotations

from preparers.filetypes.tree import pack_tree
from tests.unit.boundary_cases import Case

LIST = b"DSC_1001\ndsc_1002.jpg\n\nDSC_1099\nDSC_1003.JPG \nDSC_1009\nDSC_1098.jpg\n"
GIVEN = {"A/DSC_1001.JPG": b"j1", "A/DSC_1001.NEF": b"r1", "B/DSC_1002.JPG": b"j2", "A/DSC_1003.JPG": b"j3",
         "A/DSC_1003.NEF": b"r3", "B/DSC_1004.JPG": b"j4", "B/DSC_1004.NEF": b"r4", "B/DSC_1009.JPG": b"j9",
         "picks.txt": LIST}
PICKED = ("A/DSC_1001.JPG", "B/DSC_1002.JPG", "A/DSC_1003.JPG", "B/DSC_1009.JPG")
RAWS = ("A/DSC_1001.NEF", "A/DSC_1003.NEF")
COPIED = {**GIVEN, **{f"Sel/{p[2:]}": GIVEN[p] for p in PICKED}}
WITH_RAW = {**COPIED, **{f"Sel/{p[2:]}": GIVEN[p] for p in RAWS}}
MOVED = {k: v for k, v in WITH_RAW.items() if k not in PICKED + RAWS}
NOT_FOUND = {**COPIED, "nf.txt": b"DSC_1099\nDSC_1098.jpg\n"}


def _without(files: dict[str, bytes], *paths: str) -> dict[str, bytes]:
    return {k: v for k, v in files.items() if k not in paths}


def pick(label: str, options: dict, left: dict[str, bytes], passes: bool, says: str = "",
         given: dict[str, bytes] = GIVEN) -> Case:
    return Case(label, None, {"folder": "Shoot", "listing": "picks.txt", "target": "Sel", **options}, passes, says,
                files={f"Shoot/{p}": d for p, d in left.items()}, originals={"Shoot": pack_tree(given)})


RAW, MOVE, NF = {"with_raw": True}, {"with_raw": True, "mode": "move"}, {"missing": "nf.txt"}
CASES = {"tree.picks_collected": [
    pick("JPEGs copied", {}, COPIED, True),
    pick("the last pick not copied", {}, _without(COPIED, "Sel/DSC_1009.JPG"), False,
         "Shoot/Sel/DSC_1009.JPG is missing"),
    pick("a name in lower case not matched", {}, _without(COPIED, "Sel/DSC_1002.JPG"), False,
         "Shoot/Sel/DSC_1002.JPG is missing"),
    pick("RAW files copied though not asked", {}, WITH_RAW, False, "Shoot/Sel/DSC_1001.NEF should not be there"),
    pick("an unpicked photo copied", {}, {**COPIED, "Sel/DSC_1004.JPG": b"j4"}, False,
         "Shoot/Sel/DSC_1004.JPG should not be there"),
    pick("with RAW files", RAW, WITH_RAW, True),
    pick("with RAW files: one missing", RAW, _without(WITH_RAW, "Sel/DSC_1003.NEF"), False,
         "Shoot/Sel/DSC_1003.NEF is missing"),
    pick("moved with RAW files", MOVE, MOVED, True),
    pick("moved: a RAW file left behind", MOVE, {**MOVED, "A/DSC_1003.NEF": b"r3"}, False,
         "Shoot/A/DSC_1003.NEF should not be there"),
    pick("copy asked, moved", RAW, MOVED, False, "Shoot/A/DSC_1001.JPG is missing"),
    pick("card subfolders kept in the picks folder", {},
         {**_without(COPIED, "Sel/DSC_1001.JPG"), "Sel/A/DSC_1001.JPG": b"j1"}, False,
         "Shoot/Sel/DSC_1001.JPG is missing; the content is at Shoot/Sel/A/DSC_1001.JPG"),
    pick("unmatched names listed", NF, NOT_FOUND, True),
    pick("unmatched names out of order", NF, {**COPIED, "nf.txt": b"DSC_1098.jpg\nDSC_1099\n"}, False,
         "lists ['DSC_1098.jpg', 'DSC_1099'], expected ['DSC_1099', 'DSC_1098.jpg']"),
    pick("unmatched names: the last one left out", NF, {**COPIED, "nf.txt": b"DSC_1099\n"}, False,
         "Shoot/nf.txt lists ['DSC_1099'], expected"),
    pick("unmatched names not written", NF, COPIED, False, "Shoot/nf.txt does not exist"),
    pick("unmatched names written though not asked", {}, NOT_FOUND, False, "Shoot/nf.txt should not be there"),
    pick("no listed name is in the shoot", {}, GIVEN, False, "the task is empty",
         given={**GIVEN, "picks.txt": b"DSC_1099\n"}),
]}
