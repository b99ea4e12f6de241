"""Boundary cases of the running-order check (`forge.checks.tree_running_order`): each listed file
numbered by its place in the list (two digits, the separator asked), down to the last entry; entries
matched exactly or as typed (no extension, any case, doubled spaces); an entry naming no file keeping
its number or skipped as asked; renamed in place or copied into a subfolder beside the originals;
the unlisted top-level files moved aside only when asked, a subfolder's file never."""

from __future__ import annotations

from preparers.filetypes.tree import pack_tree
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._trees import without

GIVEN = {"Canon in D.mp3": b"c", "At Last.mp3": b"a", "Perfect.mp3": b"p", "soundcheck.wav": b"s",
         "old/Perfect.mp3": b"o"}
ORDER = b"# Ceremony, in order\n\nPerfect.mp3\nCanon in D.mp3\nAt Last.mp3\n"
TYPED = b"# Ceremony\nperfect\ncanon  in d\nAT LAST\n"
PENDING = b"Perfect.mp3\nAve Maria.mp3\nCanon in D.mp3\nAt Last.mp3\n"
DONE = {"01_Perfect.mp3": b"p", "02_Canon in D.mp3": b"c", "03_At Last.mp3": b"a", "soundcheck.wav": b"s",
        "old/Perfect.mp3": b"o"}
GAP = {"01_Perfect.mp3": b"p", "03_Canon in D.mp3": b"c", "04_At Last.mp3": b"a", "soundcheck.wav": b"s",
       "old/Perfect.mp3": b"o"}


def order(label: str, options: dict, left: dict[str, bytes], passes: bool, says: str = "",
          listing: bytes = ORDER) -> Case:
    return Case(label, None, {"folder": "Music", "order_file": "order.txt", "separator": "_", **options}, passes,
                says, files={f"Music/{p}": d for p, d in left.items()},
                originals={"Music": pack_tree(GIVEN), "order.txt": listing})


CASES = {"tree.numbered_by_list": [
    order("numbered in the list's order", {}, DONE, True),
    order("numbered in name order instead", {}, {**without(DONE, "01_Perfect.mp3", "02_Canon in D.mp3",
                                                           "03_At Last.mp3"),
                                                  "01_At Last.mp3": b"a", "02_Canon in D.mp3": b"c",
                                                  "03_Perfect.mp3": b"p"}, False,
         "Music/01_Perfect.mp3 is missing; the content is at Music/03_Perfect.mp3"),
    order("the last entry left unnumbered", {}, {**without(DONE, "03_At Last.mp3"), "At Last.mp3": b"a"}, False,
          "Music/03_At Last.mp3 is missing; the content is at Music/At Last.mp3"),
    order("one digit instead of two", {}, {**without(DONE, "01_Perfect.mp3"), "1_Perfect.mp3": b"p"}, False,
          "Music/01_Perfect.mp3 is missing; the content is at Music/1_Perfect.mp3"),
    order("the other separator", {"separator": " - "}, DONE, False, "Music/01 - Perfect.mp3 is missing"),
    order("' - ' as asked", {"separator": " - "}, {k.replace("_", " - ", 1) if k[0] == "0" else k: v
                                                    for k, v in DONE.items()}, True),
    order("the subfolder's copy numbered too", {}, {**without(DONE, "old/Perfect.mp3"), "old/01_Perfect.mp3": b"o"},
          False, "Music/old/Perfect.mp3 is missing"),
    order("the unlisted file numbered on", {}, {**without(DONE, "soundcheck.wav"), "04_soundcheck.wav": b"s"}, False,
          "Music/soundcheck.wav is missing"),
    order("names as typed matched", {"loose": True}, DONE, True, listing=TYPED),
    order("copies beside the originals", {"into": "Desk"}, {**GIVEN, **{f"Desk/{k}": v for k, v in DONE.items()
                                                                       if k[0] == "0"}}, True),
    order("copies asked, originals renamed", {"into": "Desk"}, {**without(DONE, "old/Perfect.mp3"),
                                                                "old/Perfect.mp3": b"o",
                                                                **{f"Desk/{k}": v for k, v in DONE.items()
                                                                   if k[0] == "0"}}, False,
          "Music/At Last.mp3 is missing"),
    order("unlisted moved aside", {"unused": "Spare"}, {**without(DONE, "soundcheck.wav"),
                                                        "Spare/soundcheck.wav": b"s"}, True),
    order("unlisted left where they were", {"unused": "Spare"}, DONE, False,
          "Music/Spare/soundcheck.wav is missing; the content is at Music/soundcheck.wav"),
    order("a pending entry keeps its number", {"missing": "gap"}, GAP, True, listing=PENDING),
    order("a pending entry's number closed up", {"missing": "gap"}, DONE, False,
          "Music/03_Canon in D.mp3 is missing", listing=PENDING),
    order("pending entries skipped, no gaps", {"missing": "close"}, DONE, True, listing=PENDING),
    order("skip asked, gap left", {"missing": "close"}, GAP, False, "Music/02_Canon in D.mp3 is missing",
          listing=PENDING),
    order("a renamed file's content changed", {}, {**DONE, "02_Canon in D.mp3": b"x"}, False,
          "Music/02_Canon in D.mp3 does not hold the content"),
]}
