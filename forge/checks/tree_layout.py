"""Tree checks for folders whose LAYOUT changes by a stated rule: a nested tree flattened into one
level (or gathered into one folder), a flat folder split into numbered batches of N files, copies
of the same content cut down to the one a rule keeps. The folder is in place (input and output),
so each check works out the whole expected folder from the original archive and the rule and
accounts for every file (`tree_rules.compare_trees`): a missing, changed, left-behind or extra file fails.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import PurePosixPath
from typing import Literal

from pydantic import Field, model_validator

from forge.checks.spec import CheckOptions, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.tree import tree_view
from forge.checks.tree_rules import compare_trees, extension_of, place_entry
from forge.errors import CheckError
from forge.views import Entry, TreeView

# a whole date in a file name: 2024-03-12, 2024_03_12, 20240312 (with the time after it for photos)
_FULL_DATE = re.compile(r"(?<!\d)(20\d\d)[-_]?(0[1-9]|1[0-2])[-_]?(0[1-9]|[12]\d|3[01])(?:_(\d{6}))?(?!\d)")


def name_moment(name: str) -> str | None:
    """'YYYYMMDD[HHMMSS]' of the first whole date (and time) in a file name, or None."""
    found = _FULL_DATE.search(name)
    return "".join(g for g in found.groups() if g) if found else None


def _empty_dirs(view: TreeView) -> list[str]:
    holding = {str(parent) for path in view.files() for parent in PurePosixPath(path).parents}
    return sorted(e.path for e in view.entries if e.kind == "dir" and e.path not in holding)


# --- tree.flattened --------------------------------------------------------------------------------


class Flattened(CheckOptions):
    folder: OutputPath = Field(description="The folder flattened in place (declared as input and output).")
    naming: Literal["prefix", "on_clash"] = Field(description="prefix: every file from a subfolder gets its folder "
                                                              "path in front ('Pictures/Camera/a.jpg' -> "
                                                              "'Pictures_Camera_a.jpg'); on_clash: only names that "
                                                              "two or more files share do, top-level files never.")
    mode: Literal["move", "copy"] = "move"
    target: str | None = Field(default=None, description="copy: the new folder (inside `folder`) the copies go to.")
    only_ext: str | None = Field(default=None, description="Only files with this extension are gathered.")
    remove_empty: bool = Field(default=False, description="move: the folders left with no file are removed.")

    @model_validator(mode="after")
    def _copy_has_target(self) -> Flattened:
        if (self.mode == "copy") != bool(self.target):
            raise ValueError("a copy needs a target folder, and only a copy has one")
        return self


def flat_names(paths: list[str], opts: Flattened) -> dict[str, str]:
    """Path -> flat name of every file the rule gathers (top-level files included)."""
    chosen = [p for p in paths if not opts.only_ext or extension_of(p) == opts.only_ext.lower()]
    counts = defaultdict(int)
    for path in chosen:
        counts[PurePosixPath(path).name] += 1
    names = {}
    for path in chosen:
        pure = PurePosixPath(path)
        nested = len(pure.parts) > 1
        prefixed = nested and (opts.naming == "prefix" or counts[pure.name] > 1)
        names[path] = "_".join(pure.parts) if prefixed else pure.name
    return names


@register_check("tree.flattened", Flattened, source="tree", view="tree")
def flattened(state: FinalState, opts: Flattened) -> Verdict:
    """Every file the rule gathers (from any depth, of one extension if asked) is at the top of the
    folder, or in the target folder for a copy, under its flat name (its folder path joined by `_`
    in front, always or only where names clash) with its content; moved files are gone from their
    old place, copied ones still there; other files stay; the emptied folders are gone when asked
    to be removed and all still there otherwise."""
    before = tree_view(state, opts.folder, original=True).files()
    names = flat_names(sorted(before), opts)
    expected: dict[str, Entry] = {}
    for path, entry in before.items():
        if path not in names or opts.mode == "copy":
            place_entry(expected, path, entry, opts.folder)
        if path in names:
            place_entry(expected, f"{opts.target}/{names[path]}" if opts.target else names[path], entry, opts.folder)
    view = tree_view(state, opts.folder)
    verdict = compare_trees(view.files(), expected, opts.folder, f"{len(names)} gathered")
    if not verdict.passed:
        return verdict
    if opts.remove_empty and (empty := _empty_dirs(view)):
        return Verdict.of(False, f"{opts.folder}/{empty[0]}/ is left with no file in it; {len(empty)} such folder(s)")
    if not opts.remove_empty:
        folders = {e.path for e in view.entries if e.kind == "dir"}
        gone = sorted({str(p) for path in before for p in PurePosixPath(path).parents if str(p) != "."} - folders)
        if gone:
            return Verdict.of(False, f"the folder {opts.folder}/{gone[0]}/ was removed; the task keeps the folders")
    return verdict


# --- tree.split_into_batches -----------------------------------------------------------------------


class SplitIntoBatches(CheckOptions):
    folder: OutputPath = Field(description="The flat folder split in place.")
    size: int = Field(gt=0, description="Files per batch; the last batch holds the rest.")
    prefix: str = Field(description="Batch folders are <prefix>01, <prefix>02, ... (two digits).")
    order: Literal["name", "date", "largest"] = Field(description="name: A-Z ignoring case; date: the date and time "
                                                                  "in the name, oldest first; largest: by size, "
                                                                  "largest first, equal sizes by name.")
    only_ext: str | None = None
    mode: Literal["move", "copy"] = "move"


def batch_order(files: dict[str, Entry], opts: SplitIntoBatches) -> list[str]:
    """The top-level files the split takes, in batch order; CheckError where the order is not defined."""
    chosen = [p for p in files if "/" not in p and (not opts.only_ext or extension_of(p) == opts.only_ext.lower())]
    if opts.order == "name":
        return sorted(chosen, key=lambda p: (p.lower(), p))
    if opts.order == "largest":
        return sorted(chosen, key=lambda p: (-files[p].size, p.lower(), p))
    moments = {p: name_moment(p) for p in chosen}
    if undated := sorted(p for p, m in moments.items() if m is None):
        raise CheckError(f"{opts.folder}/{undated[0]} has no date in its name: a date order is not defined")
    return sorted(chosen, key=lambda p: (moments[p], p.lower(), p))


@register_check("tree.split_into_batches", SplitIntoBatches, source="tree", view="tree")
def split_into_batches(state: FinalState, opts: SplitIntoBatches) -> Verdict:
    """The chosen top-level files, in the stated order, fill <prefix>01, <prefix>02, ... with `size`
    files each (the last takes the rest), under their own names and contents; moved (gone from the
    top) or copied (still there) as asked; every other file where it was; nothing else."""
    before = tree_view(state, opts.folder, original=True).files()
    ordered = batch_order(before, opts)
    if not ordered:
        raise CheckError(f"no file of {opts.folder}/ is to be batched: the task is empty")
    expected: dict[str, Entry] = {}
    for path, entry in before.items():
        if path not in ordered or opts.mode == "copy":
            place_entry(expected, path, entry, opts.folder)
    for n, path in enumerate(ordered):
        place_entry(expected, f"{opts.prefix}{n // opts.size + 1:02d}/{path}", before[path], opts.folder)
    batches = (len(ordered) + opts.size - 1) // opts.size
    return compare_trees(tree_view(state, opts.folder).files(), expected, opts.folder,
                    f"{len(ordered)} files in {batches} batches of {opts.size}")


# --- tree.deduplicated_by_rule ----------------------------------------------------------------------


class DeduplicatedByRule(CheckOptions):
    folder: OutputPath = Field(description="The folder de-duplicated in place.")
    keep: Literal["newest", "oldest", "shallowest"] = Field(description="Of each set of identical files, the one "
                                                                        "with the latest / earliest date in its "
                                                                        "name, or the one nearest the top.")
    action: Literal["delete", "move"] = "delete"
    dup_folder: str | None = Field(default=None, description="move: the folder (inside `folder`) the other copies "
                                                             "go to, under their paths in the folder.")

    @model_validator(mode="after")
    def _move_has_folder(self) -> DeduplicatedByRule:
        if (self.action == "move") != bool(self.dup_folder):
            raise ValueError("moving the copies needs a folder for them, and only a move has one")
        return self


def kept_copy(paths: list[str], keep: str, folder: str) -> str:
    """The copy a rule keeps of identical files; CheckError when the rule cannot choose one."""
    if keep == "shallowest":
        depths = sorted((len(PurePosixPath(p).parts), p) for p in paths)
        if depths[0][0] == depths[1][0]:
            raise CheckError(f"{folder}/{depths[0][1]} and {depths[1][1]} are equally near the top: no one copy")
        return depths[0][1]
    moments = sorted((name_moment(PurePosixPath(p).name) or "", p) for p in paths)
    if not moments[0][0]:
        raise CheckError(f"{folder}/{moments[0][1]} has no date in its name: newest/oldest is not defined")
    first, second = (moments[-1], moments[-2]) if keep == "newest" else (moments[0], moments[1])
    if first[0] == second[0]:
        raise CheckError(f"{folder}/{first[1]} and {second[1]} carry the same date: no one copy")
    return first[1]


@register_check("tree.deduplicated_by_rule", DeduplicatedByRule, source="tree", view="tree")
def deduplicated_by_rule(state: FinalState, opts: DeduplicatedByRule) -> Verdict:
    """Of every set of files with identical content, only the copy the rule keeps is left where it
    was; the others are deleted, or moved into the duplicates folder under their paths; files with
    unique content stay; nothing else is added."""
    before = tree_view(state, opts.folder, original=True).files()
    groups: dict[str, list[str]] = defaultdict(list)
    for path, entry in sorted(before.items()):
        groups[entry.sha256 or ""].append(path)
    expected: dict[str, Entry] = {}
    removed = 0
    for paths in groups.values():
        keep = paths[0] if len(paths) == 1 else kept_copy(paths, opts.keep, opts.folder)
        for path in paths:
            if path == keep:
                place_entry(expected, path, before[path], opts.folder)
                continue
            removed += 1
            if opts.dup_folder:
                place_entry(expected, f"{opts.dup_folder}/{path}", before[path], opts.folder)
    if not removed:
        raise CheckError(f"{opts.folder}/ holds no identical files: the task is empty")
    return compare_trees(tree_view(state, opts.folder).files(), expected, opts.folder,
                    f"{removed} copies {'moved' if opts.dup_folder else 'deleted'}, the {opts.keep} kept")
