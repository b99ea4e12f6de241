"""Boundary cases of the date-taken sort (`forge.checks.tree_photos`): photos filed by their EXIF
date taken (not the date in a chat photo's name; the last photo too; the last minute of a year;
.JPG in capitals), year/month with two-digit months, year-month or year folders, moved or copied,
photos without a date taken left in place or set aside, other files untouched."""

from __future__ import annotations

import datetime as dt
import random

from preparers.filetypes.image import photo_jpeg
from preparers.filetypes.tree import pack_tree
from tests.unit.boundary_cases import Case


def _photo(seed: int, taken: dt.datetime | None) -> bytes:
    return photo_jpeg(random.Random(seed), (16, 12), taken)


WA = "WA/IMG-20240405-WA0001.jpg"
GIVEN = {"DSC1.JPG": _photo(1, dt.datetime(2024, 3, 9, 14, 2)), WA: _photo(2, dt.datetime(2024, 3, 28, 9, 0)),
         "old.jpeg": _photo(3, dt.datetime(2023, 12, 31, 23, 59)), "shot.jpg": _photo(4, None),
         "z.jpg": _photo(5, dt.datetime(2024, 11, 2, 8, 30)), "notes.txt": b"n"}
PLACES = {"DSC1.JPG": "2024/03/DSC1.JPG", WA: "2024/03/IMG-20240405-WA0001.jpg", "old.jpeg": "2023/12/old.jpeg",
          "z.jpg": "2024/11/z.jpg"}


def _sorted(places: dict[str, str], keep: bool = False, undated: str | None = None) -> dict[str, bytes]:
    left = {places.get(p, p): d for p, d in GIVEN.items()}
    if undated:
        left = {(f"{undated}/shot.jpg" if p == "shot.jpg" else p): d for p, d in left.items()}
    return {**GIVEN, **left} if keep else left


MONTHS = _sorted(PLACES)


def moved(files: dict[str, bytes], old: str, new: str) -> dict[str, bytes]:
    return {(new if p == old else p): d for p, d in files.items()}


def photos(label: str, options: dict, left: dict[str, bytes], passes: bool, says: str = "",
           given: dict[str, bytes] = GIVEN) -> Case:
    return Case(label, None, {"folder": "Dump", "layout": "year/month", **options}, passes, says,
                files={f"Dump/{p}": d for p, d in left.items()}, originals={"Dump": pack_tree(given)})


CASES = {"tree.sorted_by_taken": [
    photos("year/month, moved", {}, MONTHS, True),
    photos("the chat photo filed by its name's date", {},
           moved(MONTHS, "2024/03/IMG-20240405-WA0001.jpg", "2024/04/IMG-20240405-WA0001.jpg"), False,
           "Dump/2024/03/IMG-20240405-WA0001.jpg is missing; the content is at Dump/2024/04/IMG-20240405-WA0001.jpg"),
    photos("the last photo left", {}, moved(MONTHS, "2024/11/z.jpg", "z.jpg"), False,
           "Dump/2024/11/z.jpg is missing; the content is at Dump/z.jpg"),
    photos("the year's last minute filed in the next year", {}, moved(MONTHS, "2023/12/old.jpeg", "2024/01/old.jpeg"),
           False, "Dump/2023/12/old.jpeg is missing; the content is at Dump/2024/01/old.jpeg"),
    photos("months not zero-padded", {}, moved(MONTHS, "2024/03/DSC1.JPG", "2024/3/DSC1.JPG"), False,
           "Dump/2024/03/DSC1.JPG is missing; the content is at Dump/2024/3/DSC1.JPG"),
    photos("the .JPG in capitals skipped", {}, moved(MONTHS, "2024/03/DSC1.JPG", "DSC1.JPG"), False,
           "Dump/2024/03/DSC1.JPG is missing; the content is at Dump/DSC1.JPG"),
    photos("year-month folders", {"layout": "year-month"},
           _sorted({p: t.replace("/", "-", 1) for p, t in PLACES.items()}), True),
    photos("year-month asked, year/month made", {"layout": "year-month"}, MONTHS, False,
           "Dump/2023-12/old.jpeg is missing; the content is at Dump/2023/12/old.jpeg"),
    photos("year folders", {"layout": "year"},
           _sorted({p: t[:5] + t.rsplit("/", 1)[1] for p, t in PLACES.items()}), True),
    photos("copied, originals kept", {"mode": "copy"}, _sorted(PLACES, keep=True), True),
    photos("copy asked, moved", {"mode": "copy"}, MONTHS, False, "Dump/DSC1.JPG is missing"),
    photos("undated set aside", {"undated": "Undated"}, _sorted(PLACES, undated="Undated"), True),
    photos("undated to set aside but left", {"undated": "Undated"}, MONTHS, False,
           "Dump/Undated/shot.jpg is missing; the content is at Dump/shot.jpg"),
    photos("undated moved though not asked", {}, _sorted(PLACES, undated="Undated"), False,
           "Dump/shot.jpg is missing; the content is at Dump/Undated/shot.jpg"),
    photos("a note moved with the photos", {}, moved(MONTHS, "notes.txt", "2024/03/notes.txt"), False,
           "Dump/notes.txt is missing"),
    photos("a stray file added", {}, {**MONTHS, "2024/03/Thumbs.db": b"t"}, False,
           "Dump/2024/03/Thumbs.db should not be there"),
    photos("no photo has a date taken", {}, {"shot.jpg": GIVEN["shot.jpg"]}, False, "the task is empty",
           given={"shot.jpg": GIVEN["shot.jpg"]}),
]}


INDEX = {"b.jpg": photo_jpeg(random.Random(11), (16, 12), dt.datetime(2024, 3, 9, 14, 2)),
         "C.JPG": photo_jpeg(random.Random(12), (20, 10), dt.datetime(2024, 1, 1, 8, 0)),
         "none.jpg": photo_jpeg(random.Random(13), (12, 12), None),
         "sub/c.jpg": photo_jpeg(random.Random(14), (8, 8), dt.datetime(2023, 5, 5, 10, 0)), "notes.txt": b"n"}
ROW = {"b.jpg": ["b.jpg", "2024-03-09 14:02:00", "16", "12"], "C.JPG": ["C.JPG", "2024-01-01 08:00:00", "20", "10"],
       "none.jpg": ["none.jpg", "", "12", "12"], "sub/c.jpg": ["sub/c.jpg", "2023-05-05 10:00:00", "8", "8"]}
BY_NAME, BY_TAKEN = ["b.jpg", "C.JPG", "none.jpg"], ["C.JPG", "b.jpg", "none.jpg"]


def _index(paths: list[str], dims: bool = False, header: list[str] | None = None) -> bytes:
    head = header or ["file", "taken", *(["width", "height"] if dims else [])]
    return "".join(",".join(r) + "\n" for r in [head, *(ROW[p][:4 if dims else 2] for p in paths)]).encode()


def index(label: str, options: dict, csv: bytes, passes: bool, says: str = "",
          left: dict[str, bytes] = INDEX, given: dict[str, bytes] = INDEX) -> Case:
    return Case(label, None, {"folder": "Dump", "file": "index.csv", **options}, passes, says,
                files={"index.csv": csv, **{f"Dump/{p}": d for p, d in left.items()}},
                originals={"Dump": pack_tree(given)})


CASES["tree.photo_index"] = [
    index("by name, top only", {}, _index(BY_NAME), True),
    index("by name, case-sensitive order", {}, _index(["C.JPG", "b.jpg", "none.jpg"]), False,
          "row 2 of index.csv is ['C.JPG', '2024-01-01 08:00:00'], expected ['b.jpg', '2024-03-09 14:02:00']"),
    index("the date written with a T", {}, _index(BY_NAME).replace(b"2024-03-09 14", b"2024-03-09T14"), False,
          "row 2 of index.csv is ['b.jpg', '2024-03-09T14:02:00']"),
    index("the undated photo (last row) left out", {}, _index(BY_NAME[:2]), False,
          "index.csv has 2 rows, expected 3"),
    index("top only: a subfolder's photo listed", {}, _index([*BY_NAME, "sub/c.jpg"]), False,
          "index.csv has 4 rows, expected 3"),
    index("every subfolder", {"recursive": True}, _index([*BY_NAME, "sub/c.jpg"]), True),
    index("every subfolder: the subfolder missed", {"recursive": True}, _index(BY_NAME), False,
          "index.csv has 3 rows, expected 4"),
    index("by date taken, undated last", {"order": "taken"}, _index(BY_TAKEN), True),
    index("by date taken: undated first", {"order": "taken"}, _index(["none.jpg", *BY_TAKEN[:2]]), False,
          "row 2 of index.csv is ['none.jpg', None], expected ['C.JPG', '2024-01-01 08:00:00']"),
    index("with pixel sizes", {"dimensions": True}, _index(BY_NAME, dims=True), True),
    index("with pixel sizes: width and height swapped", {"dimensions": True},
          _index(BY_NAME, dims=True).replace(b"C.JPG,2024-01-01 08:00:00,20,10", b"C.JPG,2024-01-01 08:00:00,10,20"),
          False, "row 3 of index.csv is ['C.JPG', '2024-01-01 08:00:00', 10, 20]"),
    index("sizes given though not asked", {}, _index(BY_NAME, dims=True), False, "expected ['file', 'taken']"),
    index("a photo changed by the task", {}, _index(BY_NAME), False, "the files in Dump/ changed",
          left={k: v for k, v in INDEX.items() if k != "none.jpg"}),
    index("no photo to index", {}, _index([]), False, "the task is empty", left={"notes.txt": b"n"},
          given={"notes.txt": b"n"}),
]
