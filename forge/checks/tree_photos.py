"""Tree checks for photos by the date they were TAKEN (their EXIF DateTimeOriginal, read through
the image view), not by a date in their names or the file's own dates: sorted into year/month,
year-month or year folders (moved or copied, photos without a date taken left or put aside; the
folder in place, so the whole folder is worked out from the original archive and every file
accounted for, `tree_rules.compare_trees`), or indexed in a CSV of name, date taken and pixel size.
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Literal

from pydantic import Field

from forge.checks._compare import same_value, show_row, text
from forge.checks.source import output_view

from forge.checks.spec import CheckOptions, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.tree import TreeReport, tree_view
from forge.checks.tree_reports import files_unchanged
from forge.checks.tree_rules import compare_trees, place_entry
from forge.errors import CheckError
from forge.filetypes import read_view
from forge.views import Entry, ImageView, TableView

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


def _photos(state: FinalState, folder: str) -> dict[str, ImageView]:
    """Each JPEG of the original folder, read through the image view."""
    from preparers.filetypes._tar import read_tar  # the bounded tar reader (no links, no escaping paths)

    given = read_tar(state.originals[folder], folder, max_members=5000)
    return {path: read_view(data, path, ImageView, file_type="image")
            for path, data in given.items() if PurePosixPath(path).suffix.lower() in PHOTO_EXTS}


def _taken(state: FinalState, folder: str) -> dict[str, str | None]:
    """Each JPEG of the original folder -> its EXIF date taken (None: it has none)."""
    return {path: view.exif_taken for path, view in _photos(state, folder).items()}


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
            place_entry(expected, path, entry, opts.folder)
            continue
        placed += 1
        place_entry(expected, target, entry, opts.folder)
        if opts.mode == "copy":
            place_entry(expected, path, entry, opts.folder)
    return compare_trees(tree_view(state, opts.folder).files(), expected, opts.folder,
                    f"{placed} photos sorted by date taken ({opts.mode})")


# --- tree.photo_index -----------------------------------------------------------------------------


class PhotoIndex(TreeReport):
    dimensions: bool = Field(default=False, description="Columns width and height (pixels) after file and taken.")
    order: Literal["taken", "name"] = Field(default="name", description="taken: by date taken, photos without one "
                                                                        "last; name: by path, ignoring case.")
    recursive: bool = Field(default=False, description="Photos in subfolders too (paths inside the folder).")


def index_rows(photos: dict[str, ImageView], opts: PhotoIndex) -> list[list[object]]:
    """The expected rows: path, date taken as 'YYYY-MM-DD HH:MM:SS' ('' without one)[, width, height]."""
    chosen = {p: v for p, v in photos.items() if opts.recursive or "/" not in p}
    key = ((lambda p: (chosen[p].exif_taken is None, chosen[p].exif_taken or "", p.casefold(), p))
           if opts.order == "taken" else (lambda p: (p.casefold(), p)))
    return [[p, (chosen[p].exif_taken or "").replace("T", " "), *([chosen[p].width, chosen[p].height]
                                                                    if opts.dimensions else [])]
            for p in sorted(chosen, key=key)]


@register_check("tree.photo_index", PhotoIndex, source="tree", view="tree")
def photo_index(state: FinalState, opts: PhotoIndex) -> Verdict:
    """The CSV has the columns file, taken (and width, height with dimensions) and one row per JPEG
    of the folder (at the top, or at any depth with recursive): its path, its EXIF date taken as
    YYYY-MM-DD HH:MM:SS (empty without one) and its pixel size, in the order asked; the folder is
    unchanged."""
    _, changed = files_unchanged(state, opts.folder)
    if changed:
        return Verdict.of(False, changed)
    expected = index_rows(_photos(state, opts.folder), opts)
    if not expected:
        raise CheckError(f"no photo in {opts.folder}/ to index: the task is empty")
    columns = ["file", "taken", *(["width", "height"] if opts.dimensions else [])]
    table = output_view(state, opts.file, TableView).get()
    if [text(h).casefold() for h in table.header] != columns:
        return Verdict.of(False, f"{opts.file} has columns {table.header}, expected {columns}")
    body = [r for r in table.body if any(v is not None for v in r)]
    for n, (want, have) in enumerate(zip(expected, body, strict=False), start=2):
        if text(have[0]).removeprefix("./") != want[0] or text(have[1]) != want[1] or not all(
                same_value(h, w) for h, w in zip(have[2:], want[2:], strict=True)):
            return Verdict.of(False, f"row {n} of {opts.file} is {show_row(have)}, expected {want}")
    if len(body) != len(expected):
        return Verdict.of(False, f"{opts.file} has {len(body)} rows, expected {len(expected)} (one per photo)")
    return Verdict.of(True, f"{len(expected)} photos indexed")
