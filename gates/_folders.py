"""Folder outputs in the package gate: a declared output whose type is a folder type (`tree`).

The output is the folder as the task leaves it (organise a Downloads folder: files moved into
subfolders, renamed), so a path under it is declared; anything new outside every declared path
is still an undeclared file. Between probes the folder travels as its type's archive: the
oracle's folder is read whole (bounded, never through a link), and a mutant of it replaces the
folder whole in the probe dir. Junk inside the folder is the checks' to catch, and the
`tree.junk_file` probe proves that they do.
"""

from __future__ import annotations

from collections.abc import Iterable

from forge.checks import FinalState
from forge.errors import CheckError
from forge.filetypes import FILE_TYPES, FileType, MutantFiles
from forge.models import TaskBundle
from forge.tree import TreeLimitError, TreeLimits, TreeReader, walk
from gates.spec import Rejection

LIMITS = TreeLimits(max_depth=16, max_entries=5000, max_total_bytes=128 * 1024 * 1024)


def folder_outputs(bundle: TaskBundle) -> dict[str, FileType]:
    """Declared outputs of a folder type, by path, with their handlers."""
    return {f.path: FILE_TYPES.get(f.type) for f in bundle.outputs()
            if f.type in FILE_TYPES and getattr(FILE_TYPES.get(f.type), "folder", False)}


def inside(path: str, folders: Iterable[str]) -> bool:
    return any(path.startswith(f"{folder.rstrip('/')}/") for folder in folders)


def read_folder(state: FinalState, path: str, handler: FileType) -> bytes | None:
    """The folder at `path` as its type's archive; None when there is no such folder."""
    root = state.job_dir / path
    if root.is_symlink() or not root.is_dir():
        return None
    reader = TreeReader(root, LIMITS)
    try:
        files = {e.rel: reader.read(e) for e in walk(root, LIMITS) if e.kind == "file"}
    except TreeLimitError as exc:
        raise Rejection("job_dir_over_bounds", f"the output folder {path}/: {exc}", path=path) from exc
    return handler.pack(files)  # type: ignore[attr-defined]


def expand(files: MutantFiles, folders: dict[str, FileType], oracle: dict[str, bytes],
           setup_files: Iterable[str]) -> MutantFiles:
    """A mutant as file-by-file overrides of the post-setup state: a folder output's archive (or
    its archive saved under another name: the `wrong_file` probe) replaces the whole folder."""
    setup_files = list(setup_files)
    out: MutantFiles = {}
    for path, data in files.items():
        handler = folders.get(path) or next((folders[p] for p in folders if data is not None
                                             and data == oracle.get(p)), None)
        if handler is None:
            out[path] = data
            continue
        for rel in setup_files:
            if inside(rel, [path]):
                out[rel] = None  # what setup left in the folder goes, unless the mutant has it
        if data is not None:
            try:
                unpacked = handler.unpack(data, path)  # type: ignore[attr-defined]
            except CheckError as exc:
                raise Rejection("oracle_output_unreadable", f"a mutant of {path}: {exc}", path=path) from exc
            out.update({f"{path.rstrip('/')}/{rel}": body for rel, body in unpacked.items()})
    return out
