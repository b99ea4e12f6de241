"""Tree checks for the photos a client picked from a list: every photo named in the list (by its
name with or without the extension, in any case) copied or moved into one folder, with its RAW
file of the same name when asked, and the list's names that match no photo written to a file in
the list's order. The folder is in place: the check works out the whole folder from the original
archive (the list read from it) and accounts for every file (`tree_rules.compare_trees`).
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Literal

from pydantic import Field

from forge.checks.spec import CheckOptions, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.tree import tree_view
from forge.checks.tree_reports import folder_contents
from forge.checks.tree_rules import compare_trees, place_entry
from forge.errors import CheckError
from forge.views import Entry

JPEG_EXTS = (".jpg", ".jpeg")
RAW_EXTS = (".cr2", ".nef", ".arw", ".dng")


class PicksCollected(CheckOptions):
    folder: OutputPath = Field(description="The shoot's folder, changed in place.")
    listing: str = Field(description="The client's list inside `folder`: one photo name per line.")
    target: str = Field(description="The folder (inside `folder`) the picks go into, by file name.")
    mode: Literal["move", "copy"] = "copy"
    with_raw: bool = Field(default=False, description="A pick's RAW file of the same name goes along too.")
    missing: str | None = Field(default=None, description="The file (inside `folder`) listing, one per line in the "
                                                          "list's order, the names that match no photo.")


def _stem(name: str) -> str:
    pure = PurePosixPath(name.strip())
    return (pure.stem if pure.suffix.lower() in JPEG_EXTS + RAW_EXTS else pure.name).casefold()


def picks(files: dict[str, Entry], wanted: list[str], opts: PicksCollected) -> tuple[list[str], list[str]]:
    """(the paths that go into the target, the listed names that match no photo)."""
    exts = JPEG_EXTS + (RAW_EXTS if opts.with_raw else ())
    by_stem: dict[str, list[str]] = {}
    for path in sorted(files):
        if PurePosixPath(path).suffix.lower() in exts and not path.startswith(opts.target + "/"):
            by_stem.setdefault(_stem(PurePosixPath(path).name), []).append(path)
    chosen, missing = [], []
    for name in wanted:
        found = [p for p in by_stem.get(_stem(name), []) if PurePosixPath(p).suffix.lower() in JPEG_EXTS]
        if found:
            chosen += by_stem[_stem(name)]
        else:
            missing.append(name)
    return sorted(set(chosen)), missing


@register_check("tree.picks_collected", PicksCollected, source="tree", view="tree")
def picks_collected(state: FinalState, opts: PicksCollected) -> Verdict:
    """Every JPEG whose name (without extension, any case) is on the list, and with with_raw its RAW
    file of that name, is in the target folder under its file name; moved ones are gone from their
    place, copied ones stay; the names matching no JPEG are listed in the missing file, in the
    list's order; nothing else changes."""
    before = tree_view(state, opts.folder, original=True).files()
    original = _original_list(state, opts)
    wanted = [line.strip() for line in original.splitlines() if line.strip()]
    chosen, missing = picks(before, wanted, opts)
    if not chosen:
        raise CheckError(f"no photo of {opts.folder}/ is on {opts.listing}: the task is empty")
    expected: dict[str, Entry] = {}
    for path, entry in sorted(before.items()):
        if path not in chosen or opts.mode == "copy":
            place_entry(expected, path, entry, opts.folder)
        if path in chosen:
            place_entry(expected, f"{opts.target}/{PurePosixPath(path).name}", entry, opts.folder)
    after = tree_view(state, opts.folder).files()
    if opts.missing:
        if opts.missing not in after:
            return Verdict.of(False, f"{opts.folder}/{opts.missing} does not exist")
        got = [line.strip() for line in folder_contents(state, opts.folder)[opts.missing].decode("utf-8", "replace")
               .splitlines() if line.strip()]
        if got != missing:
            return Verdict.of(False, f"{opts.folder}/{opts.missing} lists {got}, expected {missing} (the names "
                              f"on {opts.listing} that match no photo, in its order)")
        after = {p: e for p, e in after.items() if p != opts.missing}
    return compare_trees(after, expected, opts.folder, f"{len(chosen)} picked files {opts.mode}d to {opts.target}/")


def _original_list(state: FinalState, opts: PicksCollected) -> str:
    from preparers.filetypes._tar import read_tar  # the bounded tar reader (no links, no escaping paths)

    given = read_tar(state.originals[opts.folder], opts.folder, max_members=5000)
    if opts.listing not in given:
        raise CheckError(f"{opts.folder}/{opts.listing} is not one of the task's files")
    return given[opts.listing].decode("utf-8", "replace")
