"""Tree checks for a folder's files split into numbered folders of at most a size each (a mail server's
limit per message, an upload form's per batch): in name order, a new folder started whenever the
next file would not fit (the order kept), or largest first, each file into the first folder with room
(as few folders as it gets; ties by name); moved or copied; every file, or only one type. The folder
is in place: the check works out the whole folder from the original archive and the rule, and
accounts for every file (`tree_rules.compare_trees`).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from forge.checks.spec import CheckOptions, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.tree import tree_view
from forge.checks.tree_rules import compare_trees, extension_of, place_entry
from forge.errors import CheckError
from forge.views import Entry

Packing = Literal["in_order", "largest_first"]


class SplitBySize(CheckOptions):
    folder: OutputPath = Field(description="The folder whose top-level files are split (in place).")
    limit_bytes: int = Field(gt=0, description="No numbered folder holds more than this many bytes in all.")
    packing: Packing = Field(description="in_order: by name, a new folder when the next file does not fit; "
                                         "largest_first: by size (ties by name), each into the first folder "
                                         "with room.")
    prefix: str = Field(description="The numbered folders are <prefix>1, <prefix>2, ... inside `folder`.")
    mode: Literal["move", "copy"] = "move"
    only_ext: str | None = Field(default=None, description="Only files with this extension are split; others stay.")


def size_bins(files: dict[str, int], limit: int, packing: Packing) -> list[list[str]]:
    """The files (name -> size) in folders of at most `limit` bytes, by the packing rule."""
    bins: list[list[str]] = []
    room: list[int] = []
    names = sorted(files) if packing == "in_order" else sorted(files, key=lambda n: (-files[n], n))
    for name in names:
        if files[name] > limit:
            raise CheckError(f"{name} alone is over {limit} bytes: the task is impossible")
        spots = [len(bins) - 1] if packing == "in_order" and bins else range(len(bins))
        target = next((i for i in spots if room[i] >= files[name]), None)
        if target is None:
            bins.append([])
            room.append(limit)
            target = len(bins) - 1
        bins[target].append(name)
        room[target] -= files[name]
    return bins


@register_check("tree.split_by_size", SplitBySize, source="tree", view="tree")
def split_by_size(state: FinalState, opts: SplitBySize) -> Verdict:
    """The chosen top-level files are in <prefix>1, <prefix>2, ... as the packing rule fills them (no
    folder over the limit), each under its name with its content; moved (gone from the top) or copied
    (also still there); every other file stays; nothing else in the folder."""
    before = tree_view(state, opts.folder, original=True).files()
    chosen = {p: e.size for p, e in before.items()
              if "/" not in p and (opts.only_ext is None or extension_of(p) == opts.only_ext.lower())}
    if len(chosen) < 2:
        raise CheckError(f"{opts.folder}/ has fewer than two files to split: the task is empty")
    bins = size_bins(chosen, opts.limit_bytes, opts.packing)
    expected: dict[str, Entry] = {}
    for path, entry in before.items():
        if path not in chosen or opts.mode == "copy":
            place_entry(expected, path, entry, opts.folder)
    for n, names in enumerate(bins, start=1):
        for name in names:
            place_entry(expected, f"{opts.prefix}{n}/{name}", before[name], opts.folder)
    return compare_trees(tree_view(state, opts.folder).files(), expected, opts.folder,
                         f"{len(chosen)} files in {len(bins)} folders of at most {opts.limit_bytes} bytes")
