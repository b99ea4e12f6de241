"""Boundary cases of the sequence rename (`forge.checks.tree_sequence`): photos numbered in the
order taken (EXIF, across two cameras) or by name ignoring case, three digits from 001 and a
lower-case .jpg (the last one too), in place or as copies in a new folder, photos in subfolders
and other files left, and the manifest (header, order, the last row) when asked."""

from __future__ import annotations

import datetime as dt
import random

from preparers.filetypes.image import photo_jpeg
from preparers.filetypes.tree import pack_tree
from tests.unit.boundary_cases import Case


def _photo(seed: int, minute: int, second: int) -> bytes:
    return photo_jpeg(random.Random(seed), (16, 12), dt.datetime(2024, 6, 1, 10, minute, second))


GIVEN = {"DSC_1001.JPG": _photo(1, 0, 5), "IMG_0200.JPG": _photo(2, 0, 1), "DSC_1002.JPG": _photo(3, 59, 0),
         "IMG_0201.jpg": _photo(4, 30, 0), "sub/old.jpg": _photo(5, 1, 0), "clip.MOV": b"m", "notes.txt": b"n"}
TAKEN = ["IMG_0200.JPG", "DSC_1001.JPG", "IMG_0201.jpg", "DSC_1002.JPG"]
NAMED = ["DSC_1001.JPG", "DSC_1002.JPG", "IMG_0200.JPG", "IMG_0201.jpg"]
OTHERS = {"sub/old.jpg": GIVEN["sub/old.jpg"], "clip.MOV": b"m", "notes.txt": b"n"}


def numbered(order: list[str], pattern: str = "P_{:03d}.jpg", into: str = "") -> dict[str, bytes]:
    return {f"{into}{pattern.format(n)}": GIVEN[p] for n, p in enumerate(order, start=1)}


IN_PLACE = {**OTHERS, **numbered(TAKEN)}
ROWS = "old_name,new_name\r\n" + "".join(f"{p},P_{n:03d}.jpg\r\n" for n, p in enumerate(TAKEN, start=1))


def seq(label: str, options: dict, left: dict[str, bytes], passes: bool, says: str = "",
        given: dict[str, bytes] = GIVEN) -> Case:
    return Case(label, None, {"folder": "Imp", "prefix": "P", "order": "taken", **options}, passes, says,
                files={f"Imp/{p}": d for p, d in left.items()}, originals={"Imp": pack_tree(given)})


CASES = {"tree.renamed_in_sequence": [
    seq("by date taken, in place", {}, IN_PLACE, True),
    seq("by date taken: numbered by name", {}, {**OTHERS, **numbered(NAMED)}, False, "Imp/P_001.jpg does not hold"),
    seq("by date taken: the last two swapped", {}, {**OTHERS, **numbered([*TAKEN[:2], TAKEN[3], TAKEN[2]])}, False,
        "Imp/P_003.jpg does not hold"),
    seq("numbers not zero-padded", {}, {**OTHERS, **numbered(TAKEN, "P_{}.jpg")}, False,
        "Imp/P_001.jpg is missing; the content is at Imp/P_1.jpg"),
    seq("extension left in capitals", {}, {**OTHERS, **numbered(TAKEN, "P_{:03d}.JPG")}, False,
        "Imp/P_001.jpg is missing; the content is at Imp/P_001.JPG"),
    seq("counted from zero", {}, {**OTHERS, **{f"P_{n:03d}.jpg": GIVEN[p] for n, p in enumerate(TAKEN)}}, False,
        "Imp/P_001.jpg does not hold"),
    seq("by name, ignoring case", {"order": "name"}, {**OTHERS, **numbered(NAMED)}, True),
    seq("copies in a new folder", {"target": "Num"}, {**GIVEN, **numbered(TAKEN, into="Num/")}, True),
    seq("copies asked, originals renamed", {"target": "Num"}, {**OTHERS, **numbered(TAKEN, into="Num/")}, False,
        "Imp/DSC_1001.JPG is missing"),
    seq("a photo in a subfolder numbered too", {}, {**{k: v for k, v in IN_PLACE.items() if k != "sub/old.jpg"},
                                                    "P_005.jpg": GIVEN["sub/old.jpg"]}, False,
        "Imp/sub/old.jpg is missing; the content is at Imp/P_005.jpg"),
    seq("the clip renamed", {}, {**{k: v for k, v in IN_PLACE.items() if k != "clip.MOV"}, "P_005.mov": b"m"}, False,
        "Imp/clip.MOV is missing; the content is at Imp/P_005.mov"),
    seq("with a manifest", {"manifest": "m.csv"}, {**IN_PLACE, "m.csv": ROWS.encode()}, True),
    seq("manifest sorted by old name", {"manifest": "m.csv"},
        {**IN_PLACE, "m.csv": ("old_name,new_name\r\n" + "".join(f"{p},P_{TAKEN.index(p) + 1:03d}.jpg\r\n"
                                                                for p in sorted(TAKEN))).encode()}, False,
        "row 2 of m.csv is ['DSC_1001.JPG', 'P_002.jpg'], expected ['IMG_0200.JPG', 'P_001.jpg']"),
    seq("manifest: the last row missing", {"manifest": "m.csv"},
        {**IN_PLACE, "m.csv": ROWS.rsplit("DSC_1002.JPG", 1)[0].encode()}, False, "m.csv has 3 rows, expected 4"),
    seq("manifest: other columns", {"manifest": "m.csv"}, {**IN_PLACE, "m.csv": ROWS.replace("old_name", "from")
                                                           .encode()}, False, "expected ['old_name', 'new_name']"),
    seq("manifest not written", {"manifest": "m.csv"}, IN_PLACE, False, "Imp/m.csv does not exist"),
    seq("a manifest not asked for", {}, {**IN_PLACE, "m.csv": ROWS.encode()}, False, "Imp/m.csv should not be there"),
    seq("no photo at the top", {}, {"sub/old.jpg": GIVEN["sub/old.jpg"]}, False, "the task is empty",
        given={"sub/old.jpg": GIVEN["sub/old.jpg"]}),
]}
