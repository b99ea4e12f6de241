"""Tree checks for a copy of a folder brought up to date from its source: the files the copy lacks
copied over, the files that differ replaced (or left, when only new files are asked for), the
copy's own extra files kept, deleted or moved aside, temporary files copied or left out. Both
folders sit inside one folder tidied in place, so the check works out that whole folder from the
original archive and accounts for every file (`tree_rules.compare_trees`): the source and everything
else stay as they were.
"""

from __future__ import annotations

import fnmatch
from pathlib import PurePosixPath
from typing import Literal

from pydantic import Field, model_validator

from forge.checks.spec import CheckOptions, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.tree import tree_view
from forge.checks.tree_rules import TEMP_PATTERNS, compare_trees, place_entry
from forge.errors import CheckError
from forge.views import Entry


def is_temp(name: str) -> bool:
    """A temporary or system file by its name (*.tmp, *~, ~$*, .DS_Store, Thumbs.db, partial downloads)."""
    return any(fnmatch.fnmatchcase(name, pattern) for pattern in TEMP_PATTERNS)


class Mirrored(CheckOptions):
    folder: OutputPath = Field(description="The folder holding the source and its copy, changed in place.")
    source: str = Field(description="The source folder's path inside `folder`; it is only read.")
    copy_path: str = Field(description="The copy's path inside `folder`, brought up to date.")
    update: Literal["new_and_changed", "new_only"] = Field(
        default="new_and_changed", description="new_and_changed: files missing from the copy are copied and files "
                                               "whose content differs are replaced; new_only: only missing files "
                                               "are copied, differing ones keep the copy's version.")
    extras: Literal["keep", "delete", "move"] = Field(
        default="keep", description="The copy's files the source does not have: left, deleted, or moved into "
                                    "`aside` under their paths in the copy.")
    aside: str | None = Field(default=None, description="extras=move: the folder inside `folder` they go to.")
    skip_temp: bool = Field(default=False, description="Temporary and system files of the source are not copied "
                                                       "(and count as extras in the copy).")

    @model_validator(mode="after")
    def _aside_for_move(self) -> Mirrored:
        if (self.extras == "move") != (self.aside is not None):
            raise ValueError("aside is given exactly when extras is 'move'")
        return self


def _under(files: dict[str, Entry], prefix: str) -> dict[str, Entry]:
    return {p[len(prefix) + 1:]: e for p, e in files.items() if p.startswith(prefix + "/")}


def mirror_plan(before: dict[str, Entry], opts: Mirrored) -> tuple[dict[str, Entry], int]:
    """The whole folder as the update leaves it, and how many files of the copy change."""
    source = {rel: e for rel, e in _under(before, opts.source).items()
              if not (opts.skip_temp and is_temp(PurePosixPath(rel).name))}
    copy = _under(before, opts.copy_path)
    expected = {p: e for p, e in before.items() if not p.startswith(opts.copy_path + "/")}
    changes = 0
    for rel, entry in sorted(copy.items()):
        if rel in source or opts.extras == "keep":
            place_entry(expected, f"{opts.copy_path}/{rel}", entry, opts.folder)
            continue
        changes += 1
        if opts.extras == "move":
            place_entry(expected, f"{opts.aside}/{rel}", entry, opts.folder)
    for rel, entry in sorted(source.items()):
        old = copy.get(rel)
        if old is None or (old.sha256 != entry.sha256 and opts.update == "new_and_changed"):
            changes += 1
            expected[f"{opts.copy_path}/{rel}"] = entry
    return expected, changes


@register_check("tree.mirrored", Mirrored, source="tree", view="tree")
def mirrored(state: FinalState, opts: Mirrored) -> Verdict:
    """The copy holds every file of the source (without temporary files with skip_temp) under its
    path, with the source's content (new_and_changed) or its own where it already had the file
    (new_only); its files the source lacks are kept, deleted or moved aside as asked; the source and
    everything else in the folder are untouched, nothing is added."""
    before = tree_view(state, opts.folder, original=True).files()
    if not _under(before, opts.source):
        raise CheckError(f"{opts.folder}/{opts.source}/ holds no file: nothing to copy from")
    expected, changes = mirror_plan(before, opts)
    if not changes:
        raise CheckError(f"{opts.folder}/{opts.copy_path}/ is already up to date: the task is empty")
    return compare_trees(tree_view(state, opts.folder).files(), expected, opts.folder,
                    f"{opts.copy_path}/ brought up to date ({changes} changes)")
