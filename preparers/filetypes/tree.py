"""Directory trees: the `tree` type is a folder shipped as one tar archive that setup unpacks.

- `inspect`: the bounded, safe tar reader (`_tar`): files only, no links or paths leaving the
  folder; the summary lists the paths and sizes; `text` is the file names (what a person sees);
- `read` -> `TreeView`: every file's path, size and sha256, and the folders they imply;
- `create(TreeView)`: not supported (a view holds hashes, not contents);
- a folder type (`pack`/`unpack`): declared as an OUTPUT (in place: organise a folder), the
  output is the folder as the task leaves it, so moved and renamed files are declared;
- mutators for a tree output, against the tree the task gave: a junk file added, a moved file
  left where it was, copied instead of moved, lost, or its content changed.
The folder as the run left it is read by the `tree` check source (`forge.checks.tree`).
"""

from __future__ import annotations

import hashlib
from pathlib import PurePosixPath

from forge.errors import CheckError, PreparerError
from forge.filetypes import (
    FileReport,
    FileTypeBase,
    MutantFiles,
    MutationInput,
    register_file_type,
    register_mutator,
)
from forge.views import Entry, TreeView, View
from preparers.filetypes._tar import pack_tar, read_tar

MAX_TREE_FILES = 2000


def tree_view(files: dict[str, bytes], source: str) -> TreeView:
    """Files (path -> bytes) as a TreeView: folders first by path, then files, each sorted."""
    folders = sorted({p.as_posix() for path in files for p in PurePosixPath(path).parents if p.as_posix() != "."})
    entries = [Entry(path=f, kind="dir") for f in folders]
    entries += [Entry(path=p, kind="file", size=len(d), sha256=hashlib.sha256(d).hexdigest())
                for p, d in sorted(files.items())]
    return TreeView(source=source, entries=entries)


def pack_tree(files: dict[str, bytes]) -> bytes:
    return pack_tar(files)


@register_file_type("tree")
class TreeFile(FileTypeBase):
    """A folder of files (photos, documents, downloads) as one tar archive."""

    extensions = (".tree.tar",)
    views = ("tree",)

    def inspect(self, data: bytes) -> FileReport:
        try:
            files = read_tar(data, "tree", max_members=MAX_TREE_FILES)
        except CheckError as exc:
            raise PreparerError(str(exc)) from exc
        if not files:
            raise PreparerError("the folder archive holds no files")
        return FileReport(type="tree", summary={"files": len(files), "bytes": sum(map(len, files.values())),
                                                "paths": sorted(files)[:50]},
                          text="\n".join(sorted(files)))

    def check_bounds(self, data: bytes, path: str) -> None:
        read_tar(data, path, max_members=MAX_TREE_FILES)

    def read(self, data: bytes, path: str, view: str) -> View:
        return tree_view(read_tar(data, path, max_members=MAX_TREE_FILES), path)

    folder = True

    def pack(self, files: dict[str, bytes]) -> bytes:
        return pack_tar(files)

    def unpack(self, data: bytes, path: str) -> dict[str, bytes]:
        return read_tar(data, path, max_members=MAX_TREE_FILES)


# --- mutators (a tree output: the folder as the task leaves it) ------------------------------------

TREE = {"tree"}
JUNK_NAME = "untitled.txt"


def _trees(probe: MutationInput) -> tuple[str, dict[str, bytes], dict[str, bytes]] | None:
    """(output path, the oracle's files, the given files) of the first tree output, read once per probe."""
    path = next(iter(probe.outputs_of_type(TREE)), None)
    if path is None or probe.oracle_outputs.get(path) is None:
        return None
    if "tree.files" not in probe.cache:
        given = probe.inputs.get(path) or probe.inputs.get(probe.input_of_type("tree") or "", b"")
        probe.cache["tree.files"] = (read_tar(probe.oracle_outputs[path], path, max_members=MAX_TREE_FILES),
                                     read_tar(given, path, max_members=MAX_TREE_FILES) if given else {})
    after, before = probe.cache["tree.files"]
    return path, dict(after), dict(before)


def _moved(after: dict[str, bytes], before: dict[str, bytes]) -> list[tuple[str, str]]:
    """(new path, original path) of files the task moved or renamed, matched by content, sorted."""
    by_content: dict[bytes, list[str]] = {}
    for old, data in sorted(before.items()):
        by_content.setdefault(data, []).append(old)
    return sorted((new, next(o for o in by_content[data] if o not in after))
                  for new, data in after.items()
                  if new not in before and any(o not in after for o in by_content.get(data, [])))


@register_mutator("tree.junk_file", file_types=TREE)
def junk_file(probe: MutationInput) -> MutantFiles | None:
    """A stray file left in the folder (a scratch note the task never asked for)."""
    found = _trees(probe)
    if found is None:
        return None
    path, after, _ = found
    name = JUNK_NAME if JUNK_NAME not in after else f"_{JUNK_NAME}"
    return {**probe.oracle_outputs, path: pack_tar({**after, name: b"scratch\n"})}


def _back_at_old_place(probe: MutationInput, which: int, *, keep_new: bool) -> MutantFiles | None:
    """The `which`-th moved file back at its old place; also still at its new one with `keep_new`."""
    found = _trees(probe)
    moved = _moved(found[1], found[2]) if found else []
    if not found or not moved:
        return None
    path, after, before = found
    new, old = moved[which]
    if not keep_new:
        del after[new]
    return {**probe.oracle_outputs, path: pack_tar({**after, old: before[old]})}


@register_mutator("tree.left_behind", file_types=TREE)
def left_behind(probe: MutationInput) -> MutantFiles | None:
    """The last file the task moved is still where it was (the move never happened)."""
    return _back_at_old_place(probe, -1, keep_new=False)


@register_mutator("tree.copied_not_moved", file_types=TREE)
def copied_not_moved(probe: MutationInput) -> MutantFiles | None:
    """A moved file is also still at its old place (copied, not moved)."""
    return _back_at_old_place(probe, 0, keep_new=True)


@register_mutator("tree.file_lost", file_types=TREE)
def file_lost(probe: MutationInput) -> MutantFiles | None:
    """One file of the folder is gone (deleted instead of moved)."""
    found = _trees(probe)
    if found is None or not found[1]:
        return None
    path, after, _ = found
    del after[max(after)]
    return {**probe.oracle_outputs, path: pack_tar(after)}


@register_mutator("tree.content_changed", file_types=TREE)
def content_changed(probe: MutationInput) -> MutantFiles | None:
    """One file has different content (a move that rewrote, or replaced, it)."""
    found = _trees(probe)
    if found is None or not found[1]:
        return None
    path, after, _ = found
    name = min(after)
    after[name] = after[name] + b"\n"
    return {**probe.oracle_outputs, path: pack_tar(after)}
