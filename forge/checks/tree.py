"""The tree check library: checks over `TreeView` (a folder's files with sizes and hashes).

The folder as the run left it is read by this library's source, `tree`: a bounded walk of the
job dir that never follows a link (`forge.tree`); the original is the folder archive the task
gave. Expected results are worked out from the original tree: the files over a size, the copies
to delete, the inventory rows.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from collections import defaultdict
from pathlib import PurePosixPath
from typing import Literal, TypeVar

from pydantic import Field

from forge.checks._compare import same_value, show
from forge.checks.source import SOURCES, output_view
from forge.checks.spec import CheckOptions, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.filetypes import read_view
from forge.tree import TreeLimitError, TreeLimits, TreeReader, walk
from forge.views import Entry, TableView, TextView, TreeView, View

V = TypeVar("V", bound=View)
_LIMITS = TreeLimits(max_depth=16, max_entries=5000, max_total_bytes=128 * 1024 * 1024)


class TreeSource:
    """A folder in the job dir (the run's result), or the folder archive the task gave (`original`)."""

    name = "tree"

    def view(self, state: FinalState, locator: str, view: type[V], *, original: bool = False) -> V:
        if view is not TreeView:
            raise CheckError(f"the tree source reads TreeView, not {view.__name__}")
        if original:
            if locator not in state.originals:
                raise CheckError(f"{locator} is not one of the task's input files")
            return read_view(state.originals[locator], locator, TreeView, file_type="tree")  # type: ignore[return-value]
        root = state.job_dir / locator
        if not root.is_dir() or root.is_symlink():
            raise CheckError(f"the folder {locator}/ does not exist")
        reader, entries = TreeReader(root, _LIMITS), []
        try:
            for entry in walk(root, _LIMITS):
                if entry.kind == "dir":
                    entries.append(Entry(path=entry.rel, kind="dir"))
                elif entry.kind == "file":
                    digest = hashlib.sha256(reader.read(entry)).hexdigest()
                    entries.append(Entry(path=entry.rel, kind="file", size=entry.size, sha256=digest))
        except TreeLimitError as exc:
            raise CheckError(f"the folder {locator}/ is out of bounds: {exc}") from exc
        return TreeView(source=locator, entries=entries)  # type: ignore[return-value]


SOURCES.add("tree", TreeSource())


def tree_view(state: FinalState, folder: str, *, original: bool = False) -> TreeView:
    return SOURCES.get("tree").view(state, folder, TreeView, original=original)


def _listed(state: FinalState, path: str) -> list[str]:
    return [line.strip() for line in output_view(state, path, TextView).lines if line.strip()]


class TreeReport(CheckOptions):
    folder: str = Field(description="The folder, as the instruction names it.")
    file: OutputPath = Field(description="The report the task writes.")


# --- tree.large_files_listed -------------------------------------------------------------------------


class LargeFilesListed(TreeReport):
    min_bytes: int = Field(gt=0, description="Files strictly larger than this are listed.")
    order: Literal["largest_first", "by_name"] = "largest_first"


@register_check("tree.large_files_listed", LargeFilesListed, source="tree", view="tree")
def large_files_listed(state: FinalState, opts: LargeFilesListed) -> Verdict:
    """The report lists, one per line (relative to the folder), exactly the files larger than the
    bound, in the order asked (largest first, ties by name; or by name); the folder is unchanged."""
    before = tree_view(state, opts.folder, original=True).files()
    if tree_view(state, opts.folder).files() != before:
        return Verdict.of(False, f"the files in {opts.folder}/ changed; the task only reads them")
    big = [e for e in before.values() if e.size > opts.min_bytes]
    key = (lambda e: (-e.size, e.path)) if opts.order == "largest_first" else (lambda e: e.path)
    expected = [e.path for e in sorted(big, key=key)]
    got = [line.removeprefix(f"{opts.folder}/") for line in _listed(state, opts.file)]
    if got != expected:
        return Verdict.of(False, f"{opts.file} lists {got[:8]}, expected {expected[:8]} ({len(expected)} files)")
    return Verdict.of(True, f"{len(expected)} files over {opts.min_bytes} bytes listed")


# --- tree.duplicates_removed -------------------------------------------------------------------------


class DuplicatesRemoved(TreeReport):
    pass


@register_check("tree.duplicates_removed", DuplicatesRemoved, source="tree", view="tree")
def duplicates_removed(state: FinalState, opts: DuplicatesRemoved) -> Verdict:
    """Of every group of files with identical content, only the one with the shortest name (ties:
    alphabetical) is left, unchanged; nothing else was touched; the report lists exactly the removed
    files (any order)."""
    before = tree_view(state, opts.folder, original=True).files()
    groups: dict[str, list[str]] = defaultdict(list)
    for entry in before.values():
        groups[entry.sha256 or ""].append(entry.path)
    keep = {min(paths, key=lambda p: (len(PurePosixPath(p).name), p)) for paths in groups.values()}
    after = tree_view(state, opts.folder).files()
    for path in sorted(keep):
        if path not in after or after[path].sha256 != before[path].sha256:
            return Verdict.of(False, f"{opts.folder}/{path} should have been kept unchanged")
    extra = sorted(set(after) - keep)
    if extra:
        return Verdict.of(False, f"{opts.folder}/{extra[0]} is still there (a duplicate, or a new file)")
    removed = sorted(set(before) - keep)
    got = sorted(line.removeprefix(f"{opts.folder}/") for line in _listed(state, opts.file))
    if got != removed:
        return Verdict.of(False, f"{opts.file} lists {got}, expected the removed files {removed}")
    return Verdict.of(True, f"{len(removed)} duplicate(s) removed and listed")


# --- tree.inventory_table ---------------------------------------------------------------------------


class InventoryTable(TreeReport):
    path_column: str
    size_column: str


@register_check("tree.inventory_table", InventoryTable, source="tree", view="tree")
def inventory_table(state: FinalState, opts: InventoryTable) -> Verdict:
    """The table has the two named columns and one row per file of the folder (path relative to it,
    size in bytes as a number), sorted by path; the folder is unchanged."""
    before = tree_view(state, opts.folder, original=True).files()
    if tree_view(state, opts.folder).files() != before:
        return Verdict.of(False, f"the files in {opts.folder}/ changed; the task only reads them")
    table = output_view(state, opts.file, TableView).get()
    if [str(h) for h in table.header] != [opts.path_column, opts.size_column]:
        return Verdict.of(False, f"{opts.file} has columns {table.header}, expected "
                          f"{[opts.path_column, opts.size_column]}")
    expected = [[p, before[p].size] for p in sorted(before)]
    if len(table.body) != len(expected):
        return Verdict.of(False, f"{opts.file} has {len(table.body)} rows, expected {len(expected)} (one per file)")
    for n, (want, have) in enumerate(zip(expected, table.body, strict=True), start=2):
        if str(have[0]) != want[0] or not same_value(have[1], want[1]):
            return Verdict.of(False, f"row {n} of {opts.file} is [{show(have[0])}, {show(have[1])}], "
                              f"expected [{want[0]!r}, {want[1]}]")
    return Verdict.of(True, f"{len(expected)} files inventoried")


# --- tree.photo_dates ----------------------------------------------------------------------------------

_TAKEN = re.compile(r"_(\d{4})(\d{2})(\d{2})_\d{6}")


class PhotoDates(TreeReport):
    name_column: str
    date_column: str
    extension: str = Field(default=".jpg", description="The photos' file extension.")


@register_check("tree.photo_dates", PhotoDates, source="tree", view="tree")
def photo_dates(state: FinalState, opts: PhotoDates) -> Verdict:
    """The table has the two named columns and one row per photo of the folder (its name, and the date
    its camera name carries as YYYY-MM-DD), sorted by name; no other rows; the folder is unchanged."""
    before = tree_view(state, opts.folder, original=True).files()
    if tree_view(state, opts.folder).files() != before:
        return Verdict.of(False, f"the files in {opts.folder}/ changed; the task only reads them")
    expected = []
    for path in sorted(p for p in before if p.lower().endswith(opts.extension)):
        taken = _TAKEN.search(PurePosixPath(path).name)
        if taken is None:
            raise CheckError(f"{opts.folder}/{path} carries no YYYYMMDD_HHMMSS date in its name")
        expected.append([path, "-".join(taken.groups())])
    table = output_view(state, opts.file, TableView).get()
    if [str(h) for h in table.header] != [opts.name_column, opts.date_column]:
        return Verdict.of(False, f"{opts.file} has columns {table.header}, expected {[opts.name_column, opts.date_column]}")
    got = [[str(name), value.isoformat() if isinstance(value, dt.date) else str(value)] for name, value in table.body]
    for n, (want, have) in enumerate(zip(expected, got, strict=False), start=2):
        if have != want:
            return Verdict.of(False, f"row {n} of {opts.file} is {have}, expected {want}")
    if len(got) != len(expected):
        return Verdict.of(False, f"{opts.file} has {len(got)} rows, expected {len(expected)} (one per photo)")
    return Verdict.of(True, f"{len(expected)} photos dated")
