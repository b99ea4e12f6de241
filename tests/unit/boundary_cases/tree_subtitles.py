"""Boundary cases of the subtitles check (`forge.checks.tree_subtitles`): each .srt naming an episode
(S01E03, s1e3 or 1x03) renamed to its video's stem (the language code before .srt only when asked),
down to the last one, moved next to a video in a season folder; an episode number read as a number
(1x03 is episode 3, not 30); subtitles without a video left or deleted as asked; videos untouched."""

from __future__ import annotations

from preparers.filetypes.tree import pack_tree
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._trees import without

GIVEN = {"S1/Show - S01E01 - Pier.mkv": b"v1", "S1/Show - S01E03 - Tide.mp4": b"v3",
         "S2/Show.S02E01.1080p.mkv": b"w1", "Subs/show_1x03.srt": b"s3", "Subs/Show S01E01 English.srt": b"s1",
         "Subs/show.s2e1.srt": b"t1", "Subs/show_2x05.srt": b"t5", "poster.jpg": b"p"}
DONE = {"S1/Show - S01E01 - Pier.mkv": b"v1", "S1/Show - S01E03 - Tide.mp4": b"v3",
        "S2/Show.S02E01.1080p.mkv": b"w1", "S1/Show - S01E03 - Tide.srt": b"s3", "S1/Show - S01E01 - Pier.srt": b"s1",
        "S2/Show.S02E01.1080p.srt": b"t1", "Subs/show_2x05.srt": b"t5", "poster.jpg": b"p"}
TAGGED = {(k[:-4] + ".en.srt" if k.startswith(("S1/", "S2/")) and k.endswith(".srt") else k): v
          for k, v in DONE.items()}


def subs(label: str, options: dict, left: dict[str, bytes], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"folder": "Show", **options}, passes, says,
                files={f"Show/{p}": d for p, d in left.items()}, originals={"Show": pack_tree(GIVEN)})


CASES = {"tree.subtitles_matched": [
    subs("each named after its video, beside it", {}, DONE, True),
    subs("the last one left in the downloads", {}, {**without(DONE, "S2/Show.S02E01.1080p.srt"),
                                                    "Subs/show.s2e1.srt": b"t1"}, False,
         "Show/S2/Show.S02E01.1080p.srt is missing; the content is at Show/Subs/show.s2e1.srt"),
    subs("renamed but not moved", {}, {**without(DONE, "S1/Show - S01E03 - Tide.srt"),
                                       "Subs/Show - S01E03 - Tide.srt": b"s3"}, False,
         "Show/S1/Show - S01E03 - Tide.srt is missing; the content is at Show/Subs/Show - S01E03 - Tide.srt"),
    subs("two subtitles swapped", {}, {**DONE, "S1/Show - S01E03 - Tide.srt": b"s1",
                                       "S1/Show - S01E01 - Pier.srt": b"s3"}, False,
         "Show/S1/Show - S01E01 - Pier.srt does not hold the content"),
    subs("the video's extension kept before .srt", {}, {**without(DONE, "S1/Show - S01E01 - Pier.srt"),
                                                        "S1/Show - S01E01 - Pier.mkv.srt": b"s1"}, False,
         "Show/S1/Show - S01E01 - Pier.srt is missing"),
    subs("with the language code", {"language": "en"}, TAGGED, True),
    subs("language asked, left off", {"language": "en"}, DONE, False, "Show/S1/Show - S01E01 - Pier.en.srt is missing"),
    subs("no language asked, one added", {}, TAGGED, False, "Show/S1/Show - S01E01 - Pier.srt is missing"),
    subs("an orphan left", {"orphans": "leave"}, DONE, True),
    subs("an orphan deleted when it should stay", {"orphans": "leave"}, without(DONE, "Subs/show_2x05.srt"), False,
         "Show/Subs/show_2x05.srt is missing"),
    subs("orphans deleted", {"orphans": "delete"}, without(DONE, "Subs/show_2x05.srt"), True),
    subs("delete asked, an orphan kept", {"orphans": "delete"}, DONE, False,
         "Show/Subs/show_2x05.srt should not be there"),
    subs("a video renamed after the subtitle", {}, {**without(DONE, "S2/Show.S02E01.1080p.mkv"),
                                                    "S2/show.s2e1.mkv": b"w1"}, False,
         "Show/S2/Show.S02E01.1080p.mkv is missing"),
]}
