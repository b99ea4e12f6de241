"""Boundary cases of the checks for tasks that move files (`forge.checks.tree_moves`): the folder
organised in place is compared, file by file, with the archive the task gave. The last file of the
folder not moved, moved but also left behind (a copy), lost, its content changed by one byte, put
in the wrong kind folder, renamed on the way, a stray file added, and `.tar.gz` (the longest
extension wins) against `.gz`, which is no listed kind."""

from __future__ import annotations

from preparers.filetypes.tree import pack_tree
from tests.unit.boundary_cases import Case

GIVEN = {"a.jpg": b"jpeg", "b.PDF": b"pdf", "c.tar.gz": b"tgz", "d.gz": b"gz", "z.csv": b"c,s,v\n"}
RULES = {"folder": "Downloads", "folders": ["Images", "Documents", "Archives"],
         "extensions": [[".jpg"], [".pdf", ".csv"], [".zip", ".tar.gz"]], "other": "Other"}
SORTED = {"Images/a.jpg": b"jpeg", "Documents/b.PDF": b"pdf", "Archives/c.tar.gz": b"tgz", "Other/d.gz": b"gz",
          "Documents/z.csv": b"c,s,v\n"}


def organised(label: str, left: dict[str, bytes], passes: bool, says: str = "") -> Case:
    return Case(label, None, RULES, passes, says, files={f"Downloads/{p}": d for p, d in left.items()},
                originals={"Downloads": pack_tree(GIVEN)})


def without(name: str, **extra: bytes) -> dict[str, bytes]:
    return {**{p: d for p, d in SORTED.items() if p != name}, **extra}


CASES = {
    "tree.organised_by_type": [
        organised("every file in its kind folder (any case; .tar.gz is an archive)", SORTED, True),
        organised("the last file left at the top", without("Documents/z.csv", **{"z.csv": b"c,s,v\n"}), False,
                  "Downloads/Documents/z.csv is missing (was z.csv); it is at Downloads/z.csv"),
        organised("the last file moved and also left behind", {**SORTED, "z.csv": b"c,s,v\n"}, False,
                  "Downloads/z.csv should not be there"),
        organised("the last file lost", without("Documents/z.csv"), False, "it is not in the folder"),
        organised("the last file one byte different", {**SORTED, "Documents/z.csv": b"c,s,v\n\n"}, False,
                  "Documents/z.csv has different content"),
        organised(".gz is no listed kind: not an archive", without("Other/d.gz", **{"Archives/d.gz": b"gz"}),
                  False, "Downloads/Other/d.gz is missing"),
        organised("renamed on the way", without("Images/a.jpg", **{"Images/a.jpeg": b"jpeg"}), False,
                  "it is at Downloads/Images/a.jpeg"),
        organised("a stray file in a kind folder", {**SORTED, "Other/notes.txt": b"x"}, False,
                  "Downloads/Other/notes.txt should not be there"),
    ],
}
