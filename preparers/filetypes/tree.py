"""Directory trees: the `tree` type is a folder shipped as one tar archive that setup unpacks.

- `inspect`: the bounded, safe tar reader (`_tar`): files only, no links or paths leaving the
  folder; the summary lists the paths and sizes; `text` is the file names (what a person sees);
- `read` -> `TreeView`: every file's path, size and sha256, and the folders they imply;
- `create(TreeView)`: not supported (a view holds hashes, not contents).
The folder as the run left it is read by the `tree` check source (`forge.checks.tree`).
"""

from __future__ import annotations

import hashlib
from pathlib import PurePosixPath

from forge.errors import CheckError, PreparerError
from forge.filetypes import FileReport, FileTypeBase, register_file_type
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
