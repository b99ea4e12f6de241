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
