"""Tree checks for subtitles downloaded apart from a series' episodes, renamed so a player loads them
on its own: each .srt whose name gives an episode (S02E03, s2e3 or 2x03) takes the name of the video
of that episode (its stem, then `.<language>` when asked, then `.srt`) in the video's folder; the
subtitles for episodes without a video left where they are or deleted. The folder is in place: the
check works out the whole folder from the original archive and accounts for every file
(`tree_rules.compare_trees`).
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath
from typing import Literal

from pydantic import Field

from forge.checks.spec import CheckOptions, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.tree import tree_view
from forge.checks.tree_rules import compare_trees, extension_of, place_entry
from forge.errors import CheckError
from forge.views import Entry

VIDEO_EXTS = (".mkv", ".mp4", ".avi")
_EPISODE = re.compile(r"(?<![A-Za-z0-9])(?:[Ss](\d{1,2})[Ee](\d{1,3})|(\d{1,2})x(\d{2,3}))(?!\d)")


class SubtitlesMatched(CheckOptions):
    folder: OutputPath = Field(description="The folder of videos and subtitles, changed in place.")
    language: str | None = Field(default=None, description="A language code put before .srt (name.en.srt); "
                                                           "None: name.srt.")
    orphans: Literal["leave", "delete"] = Field(default="leave", description="Subtitles whose episode has no "
                                                                             "video: left as they are, or deleted.")


def episode(name: str) -> tuple[int, int] | None:
    """(season, episode) written in a file name as S02E03, s2e3 or 2x03, or None."""
    found = _EPISODE.search(name)
    if found is None:
        return None
    season, number = (found[1], found[2]) if found[1] else (found[3], found[4])
    return int(season), int(number)


@register_check("tree.subtitles_matched", SubtitlesMatched, source="tree", view="tree")
def subtitles_matched(state: FinalState, opts: SubtitlesMatched) -> Verdict:
    """Every .srt naming an episode that has a video is `<video stem>[.<language>].srt` beside that
    video, with its content; the others are left (or gone with orphans=delete); videos and every other
    file stay; nothing else in the folder."""
    before = tree_view(state, opts.folder, original=True).files()
    videos: dict[tuple[int, int], str] = {}
    for path in sorted(p for p in before if extension_of(p) in VIDEO_EXTS):
        if (code := episode(PurePosixPath(path).name)) is not None:
            if code in videos:
                raise CheckError(f"two videos of {opts.folder}/ are episode {code}: the task is ambiguous")
            videos[code] = path
    expected: dict[str, Entry] = {}
    matched = 0
    for path, entry in sorted(before.items()):
        code = episode(PurePosixPath(path).name) if extension_of(path) == ".srt" else None
        if code is None:
            place_entry(expected, path, entry, opts.folder)
        elif code in videos:
            matched += 1
            video = PurePosixPath(videos[code])
            tag = f".{opts.language}" if opts.language else ""
            place_entry(expected, str(video.with_name(f"{video.stem}{tag}.srt")), entry, opts.folder)
        elif opts.orphans == "leave":
            place_entry(expected, path, entry, opts.folder)
    if not matched:
        raise CheckError(f"no subtitle in {opts.folder}/ matches a video: the task is empty")
    return compare_trees(tree_view(state, opts.folder).files(), expected, opts.folder,
                         f"{matched} subtitles named after their episode's video")
