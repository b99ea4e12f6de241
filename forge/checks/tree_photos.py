"""Tree checks for photos sorted by the date they were TAKEN (their EXIF DateTimeOriginal, read
through the image view), not by a date in their names or the file's own dates: into year/month,
year-month or year folders, moved or copied, photos without a date taken left or put aside. The
folder is in place: the check works out the whole folder from the original archive and accounts
for every file (`tree_rules._compare`).
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Literal

from pydantic import Field

from forge.checks.spec import CheckOptions, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.tree import tree_view
from forge.checks.tree_rules import _compare, _place
from forge.errors import CheckError
from forge.filetypes import read_view
from forge.views import Entry, ImageView

Layout = Literal["year/month", "year-month", "year"]
PHOTO_EXTS = (".jpg", ".jpeg")


class SortedByTaken(CheckOptions):
    folder: OutputPath = Field(description="The photo folder sorted in place (subfolders included).")
    layout: Layout = Field(description="year/month: 2024/03/; year-month: 2024-03/; year: 2024/ (inside `folder`).")
    mode: Literal["move", "copy"] = "move"
    undated: str | None = Field(default=None, description="The folder (inside `folder`) photos without a date "
                                                          "taken go to; None: they stay where they are.")


def taken_folder(taken: str, layout: Layout) -> str:
    """The folder for an ISO date taken ('2024-03-09T14:02:11')."""
    year, month = taken[:4], taken[5:7]
    return {"year/month": f"{year}/{month}", "year-month": f"{year}-{month}", "year": year}[layout]


def _taken(state: FinalState, folder: str) -> dict[str, str | None]:
    """Each JPEG of the original folder -> its EXIF date taken (None: it has none)."""
    from preparers.filetypes._tar import read_tar  # the bounded tar reader (no links, no escaping paths)

    given = read_tar(state.originals[folder], folder, max_members=5000)
    return {path: read_view(data, path, ImageView, file_type="image").exif_taken
            for path, data in given.items() if PurePosixPath(path).suffix.lower() in PHOTO_EXTS}


@register_check("tree.sorted_by_taken", SortedByTaken, source="tree", view="tree")
def sorted_by_taken(state: FinalState, opts: SortedByTaken) -> Verdict:
    """Every JPEG with a date taken is in the folder for that date (per the layout) under its own
    name; one without is in the undated folder, or stays where it was; moved photos are gone from
    their old place, copied ones stay; other files are unchanged; nothing else is added."""
    before = tree_view(state, opts.folder, original=True).files()
    taken = _taken(state, opts.folder)
    if not any(taken.values()):
        raise CheckError(f"no photo in {opts.folder}/ has a date taken: the task is empty")
    expected: dict[str, Entry] = {}
    placed = 0
    for path, entry in sorted(before.items()):
        name = PurePosixPath(path).name
        when = taken.get(path)
        target = (f"{taken_folder(when, opts.layout)}/{name}" if when
                  else f"{opts.undated}/{name}" if path in taken and opts.undated else None)
        if target is None or target == path:
            _place(expected, path, entry, opts.folder)
            continue
        placed += 1
        _place(expected, target, entry, opts.folder)
        if opts.mode == "copy":
            _place(expected, path, entry, opts.folder)
    return _compare(tree_view(state, opts.folder).files(), expected, opts.folder,
                    f"{placed} photos sorted by date taken ({opts.mode})")
