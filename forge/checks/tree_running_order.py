"""Tree checks for files numbered in a running order someone sent (a session's talks, a ceremony's
music, a book's chapters): each file the list names gets its position in the list in front of its
name (`01_` or `01 - `), renamed in place or copied so into a subfolder, and the files the list
leaves out stay or are moved aside. The list names the files exactly, or as people type them (no
extension, any case, stray spaces). The folder is in place: the check works out the whole folder
from the original archive and the list (read through the text view) and accounts for every file.
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Literal

from pydantic import Field

from forge.checks.source import input_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.tree import tree_view
from forge.checks.tree_rules import compare_trees, place_entry
from forge.errors import CheckError
from forge.views import Entry, TextView


class NumberedByList(CheckOptions):
    folder: OutputPath = Field(description="The folder whose top-level files are numbered (in place).")
    order_file: InputPath = Field(description="The running order: one file per line, first to last; blank "
                                              "lines and lines starting with # are not entries.")
    separator: Literal["_", " - "] = Field(description="Between the two-digit position and the name: 01_name, "
                                                       "01 - name.")
    loose: bool = Field(default=False, description="The list gives names as typed: without the extension, in "
                                                   "any case, with stray spaces.")
    into: str | None = Field(default=None, description="Numbered COPIES go into this subfolder and the originals "
                                                       "stay; None: the files are renamed where they are.")
    unused: str | None = Field(default=None, description="Top-level files the list leaves out are moved into "
                                                         "this subfolder; None: they stay.")
    missing: Literal["none", "gap", "close"] = Field(default="none", description=(
        "An entry naming no file: none - every entry names a file; gap - it keeps its number (the numbers jump); "
        "close - it is skipped and the files found are numbered on without a gap."))


def _key(name: str, loose: bool) -> str:
    return " ".join(PurePosixPath(name).stem.split()).casefold() if loose else name


def running_order(state: FinalState, opts: NumberedByList, top: list[str]) -> dict[str, int]:
    """The folder's listed top-level files -> their number (each entry names one file at most; one
    naming none is allowed only with `missing`, and counted by `gap`)."""
    by_key: dict[str, list[str]] = {}
    for name in top:
        by_key.setdefault(_key(name, opts.loose), []).append(name)
    numbers: dict[str, int] = {}
    position = 0
    for line in input_view(state, opts.order_file, TextView).lines:
        entry = line.strip()
        if not entry or entry.startswith("#"):
            continue
        found = by_key.get(" ".join(entry.split()).casefold() if opts.loose else entry, [])
        if len(found) > 1 or (found and found[0] in numbers) or (not found and opts.missing == "none"):
            raise CheckError(f"{opts.order_file} entry {entry!r} names {len(found)} files of {opts.folder}/ "
                             "(or one already listed): the task is ambiguous")
        if found or opts.missing == "gap":
            position += 1
        if found:
            numbers[found[0]] = position
    if position > 99:
        raise CheckError(f"{opts.order_file} lists {position} files: two digits do not number them")
    return numbers


@register_check("tree.numbered_by_list", NumberedByList, source="tree", view="tree")
def numbered_by_list(state: FinalState, opts: NumberedByList) -> Verdict:
    """Each listed file is named `NN<separator><its name>` (NN its position in the list, from 01; an
    entry naming no file counted with `missing=gap`, skipped with `close`) with its content, in place
    or as a copy in `into` beside the untouched original; with `unused`, the top-level files the list
    leaves out are moved into that subfolder under their names; everything else stays; nothing else
    in the folder."""
    before = tree_view(state, opts.folder, original=True).files()
    numbers = running_order(state, opts, sorted(p for p in before if "/" not in p))
    if not numbers:
        raise CheckError(f"{opts.order_file} lists no file: the task is empty")
    numbered = {name: f"{n:02d}{opts.separator}{name}" for name, n in numbers.items()}
    expected: dict[str, Entry] = {}
    for path, entry in sorted(before.items()):
        if path in numbered:
            place_entry(expected, f"{opts.into}/{numbered[path]}" if opts.into else numbered[path], entry,
                        opts.folder)
        if opts.unused and "/" not in path and path not in numbered:
            place_entry(expected, f"{opts.unused}/{path}", entry, opts.folder)
        elif opts.into or path not in numbered:
            place_entry(expected, path, entry, opts.folder)
    how = f"copied numbered into {opts.into}/" if opts.into else "numbered in place"
    return compare_trees(tree_view(state, opts.folder).files(), expected, opts.folder,
                         f"{len(numbered)} files {how} in the list's order")
