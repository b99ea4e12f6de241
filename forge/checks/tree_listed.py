"""Tree checks for files handled from a list someone sent (`to_archive.txt`: one entry per line, '#'
comments and blank lines aside): each entry a path inside the folder (a leading './' allowed) or a
bare file name found wherever it is; the listed files deleted, moved into a folder keeping their
paths, or copied there; the entries matching no file written to a file in the list's order when
asked. The folder is in place: the check works out the whole folder from the original archive (the
list read from it) and accounts for every file (`tree_rules.compare_trees`).
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


class ListedHandled(CheckOptions):
    folder: OutputPath = Field(description="The folder the list is about, changed in place.")
    listing: str = Field(description="The list inside `folder`: one path or file name per line.")
    action: Literal["delete", "move", "copy"]
    target: str | None = Field(default=None, description="move/copy: the folder (inside `folder`) the files go "
                                                         "into under their paths.")
    missing: str | None = Field(default=None, description="A file (inside `folder`) listing, in the list's order, "
                                                          "the entries that match no file.")


def entries(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip() and not line.strip().startswith("#")]


def resolve(entry: str, paths: list[str], folder: str) -> str | None:
    """The file an entry names: a path (with '/'), or a bare name matching exactly one file anywhere."""
    entry = entry.removeprefix("./").removeprefix(f"{folder}/")
    if "/" in entry:
        return entry if entry in paths else None
    found = [p for p in paths if PurePosixPath(p).name == entry]
    if len(found) > 1:
        raise CheckError(f"{entry!r} names {len(found)} files of {folder}/: the task is ambiguous")
    return found[0] if found else None


def _list_text(state: FinalState, opts: ListedHandled) -> str:
    from preparers.filetypes._tar import read_tar  # the bounded tar reader (no links, no escaping paths)

    given = read_tar(state.originals[opts.folder], opts.folder, max_members=5000)
    if opts.listing not in given:
        raise CheckError(f"{opts.folder}/{opts.listing} is not one of the task's files")
    return given[opts.listing].decode("utf-8", "replace")


@register_check("tree.listed_handled", ListedHandled, source="tree", view="tree")
def listed_handled(state: FinalState, opts: ListedHandled) -> Verdict:
    """Every file the list names (by path, or by a name found anywhere) is deleted, moved into
    `target` under its path, or copied there, as asked; the list and every other file stay as they
    were; with `missing`, the entries that name no file are written there in the list's order."""
    if (opts.action == "delete") != (opts.target is None):
        raise CheckError("a target folder goes with move or copy, and only with them")
    before = tree_view(state, opts.folder, original=True).files()
    wanted = entries(_list_text(state, opts))
    paths = sorted(p for p in before if p != opts.listing)
    found = {e: resolve(e, paths, opts.folder) for e in wanted}
    chosen = {p for p in found.values() if p is not None}
    if not chosen:
        raise CheckError(f"no entry of {opts.listing} names a file of {opts.folder}/: the task is empty")
    expected: dict[str, Entry] = {}
    for path, entry in sorted(before.items()):
        if path not in chosen or opts.action == "copy":
            place_entry(expected, path, entry, opts.folder)
        if path in chosen and opts.target:
            place_entry(expected, f"{opts.target}/{path}", entry, opts.folder)
    after = tree_view(state, opts.folder).files()
    if opts.missing:
        if opts.missing not in after:
            return Verdict.of(False, f"{opts.folder}/{opts.missing} does not exist")
        got = entries(folder_contents(state, opts.folder)[opts.missing].decode("utf-8", "replace"))
        unmatched = [e for e in wanted if found[e] is None]
        if got != unmatched:
            return Verdict.of(False, f"{opts.folder}/{opts.missing} lists {got}, expected {unmatched} (the entries of "
                              f"{opts.listing} that match no file, in its order)")
        after = {p: e for p, e in after.items() if p != opts.missing}
    what = "deleted" if opts.action == "delete" else f"{opts.action}d to {opts.target}/"
    return compare_trees(after, expected, opts.folder, f"{len(chosen)} listed files {what}")
