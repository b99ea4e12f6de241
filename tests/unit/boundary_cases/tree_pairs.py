"""Boundary cases of the culled-pairs check (`forge.checks.tree_pairs`): every RAW (or JPEG) file
whose partner of the same name is gone from its folder removed (the last one too), deleted or moved
aside under its path, a partner in ANOTHER folder not counting, names paired by case only when
asked, and the frames shot as the other kind alone left alone."""

from __future__ import annotations

from preparers.filetypes.tree import pack_tree
from tests.unit.boundary_cases import Case

GIVEN = {"d1/IMG_1001.JPG": b"j1", "d1/IMG_1001.CR2": b"r1", "d1/IMG_1002.CR2": b"r2", "d1/img_1003.cr2": b"r3",
         "d1/IMG_1003.JPG": b"j3", "d1/IMG_1004.JPG": b"j4", "d2/IMG_1002.JPG": b"j2x", "d2/IMG_1005.CR2": b"r5",
         "d2/IMG_1006.CR2": b"r6", "d2/IMG_1006.JPG": b"j6", "d2/IMG_1007.CR2": b"r7", "notes.txt": b"n"}
RAW_ORPHANS = ("d1/IMG_1002.CR2", "d2/IMG_1005.CR2", "d2/IMG_1007.CR2")
CASE_ORPHAN = "d1/img_1003.cr2"
FOLDED = {k: v for k, v in GIVEN.items() if k not in RAW_ORPHANS}
EXACT = {k: v for k, v in FOLDED.items() if k != CASE_ORPHAN}
ASIDE = {**FOLDED, **{f"_rej/{p}": GIVEN[p] for p in RAW_ORPHANS}}
JPEG_GONE = {k: v for k, v in GIVEN.items() if k not in ("d1/IMG_1004.JPG", "d2/IMG_1002.JPG")}


def cull(label: str, options: dict, left: dict[str, bytes], passes: bool, says: str = "",
         given: dict[str, bytes] = GIVEN) -> Case:
    return Case(label, None, {"folder": "Shoot", "orphans": "raw", **options}, passes, says,
                files={f"Shoot/{p}": d for p, d in left.items()}, originals={"Shoot": pack_tree(given)})


ANY, AWAY = {"ignore_case": True}, {"ignore_case": True, "aside": "_rej"}
JPEGS = {"orphans": "jpeg", "ignore_case": True}
CASES = {"tree.pairs_culled": [
    cull("unpaired RAW files deleted, names paired exactly", {}, EXACT, True),
    cull("exactly: a RAW paired only by case kept", {}, FOLDED, False, "Shoot/d1/img_1003.cr2 should not be there"),
    cull("any case: unpaired RAW files deleted", ANY, FOLDED, True),
    cull("any case: a RAW paired by case deleted", ANY, EXACT, False, "Shoot/d1/img_1003.cr2 is missing"),
    cull("the last unpaired RAW kept", ANY, {**FOLDED, "d2/IMG_1007.CR2": b"r7"}, False,
         "Shoot/d2/IMG_1007.CR2 should not be there"),
    cull("a RAW whose JPEG is in another folder kept", ANY, {**FOLDED, "d1/IMG_1002.CR2": b"r2"}, False,
         "Shoot/d1/IMG_1002.CR2 should not be there"),
    cull("a JPEG shot alone deleted too", ANY, {k: v for k, v in FOLDED.items() if k != "d1/IMG_1004.JPG"}, False,
         "Shoot/d1/IMG_1004.JPG is missing"),
    cull("a paired RAW deleted", ANY, {k: v for k, v in FOLDED.items() if k != "d2/IMG_1006.CR2"}, False,
         "Shoot/d2/IMG_1006.CR2 is missing"),
    cull("moved aside under their paths", AWAY, ASIDE, True),
    cull("moved aside without their day folder", AWAY,
         {**{k: v for k, v in ASIDE.items() if k != "_rej/d2/IMG_1007.CR2"}, "_rej/IMG_1007.CR2": b"r7"}, False,
         "Shoot/_rej/d2/IMG_1007.CR2 is missing; the content is at Shoot/_rej/IMG_1007.CR2"),
    cull("aside asked, deleted", AWAY, FOLDED, False, "Shoot/_rej/d1/IMG_1002.CR2 is missing"),
    cull("deleting asked, moved aside", ANY, ASIDE, False, "Shoot/_rej/d1/IMG_1002.CR2 should not be there"),
    cull("unpaired JPEGs deleted", JPEGS, JPEG_GONE, True),
    cull("unpaired JPEGs, exactly: the JPEG paired only by case deleted too", {"orphans": "jpeg"},
         {k: v for k, v in JPEG_GONE.items() if k != "d1/IMG_1003.JPG"}, True),
    cull("unpaired JPEGs: the RAW files deleted instead", JPEGS, EXACT, False, "Shoot/d1/IMG_1002.CR2 is missing"),
    cull("a paired file's content changed", ANY, {**FOLDED, "d1/IMG_1001.JPG": b"j1!"}, False,
         "Shoot/d1/IMG_1001.JPG does not hold the content"),
    cull("every RAW file has its JPEG", {}, {"a/X.JPG": b"j", "a/X.CR2": b"r"}, False, "the task is empty",
         given={"a/X.JPG": b"j", "a/X.CR2": b"r"}),
]}
