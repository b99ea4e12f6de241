"""Paths for the sandbox: race-free file access in the job dir, and which host dirs to mount.

The host side runs as a more privileged user than the sandbox, so a path an agent controls
must never lead the host outside the job dir. We walk the path one component at a time
with `openat(..., O_NOFOLLOW)` (`forge.paths.open_inside`): a symlink anywhere on the way is
refused (not resolved), so swapping a directory for a link between a check and the open
cannot redirect us.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path, PurePosixPath

from forge import tree
from forge.errors import SandboxError
from forge.paths import UnsafePathError, open_inside

SYSTEM_TOP = ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
_FROM_HOST = ("/usr", "/etc", *SYSTEM_TOP)  # bound read-only from the host anyway
_OWN_MOUNTS = ("/", "/proc", "/dev", "/tmp", "/job", "/run")  # made fresh inside


class SandboxPathError(SandboxError, UnsafePathError):
    """Raised when a job-dir path is absolute, uses `..`, or passes through a symlink."""


def _inside_name(rel_path: str) -> str:
    """`/job/x` is accepted as the inside name of `x`; everything else is checked by `forge.paths`."""
    path = PurePosixPath(rel_path)
    if "\x00" not in rel_path and path.is_absolute() and path.parts[:2] == ("/", "job"):
        return str(PurePosixPath(*path.parts[2:])) if len(path.parts) > 2 else "."
    return rel_path


def open_in_job(
    job_dir: Path,
    rel_path: str,
    *,
    write: bool,
    owner: tuple[int, int] | None = None,
) -> int:
    """Open a regular file under `job_dir` without following any symlink; return its fd.

    The walk is `forge.paths.open_inside` (shared with the host-side checks); here its errors
    become SandboxPathError (unsafe path, link, not a regular file) or SandboxError.
    With `write`, missing parent directories are created and the file is truncated;
    `owner` (uid, gid) is applied to whatever is created so the sandbox user can edit it.
    """
    try:
        return open_inside(job_dir, _inside_name(rel_path), write=write, owner=owner)
    except UnsafePathError as exc:
        raise SandboxPathError(str(exc)) from exc
    except OSError as exc:
        raise SandboxError(str(exc)) from exc


def read_in_job(job_dir: Path, rel_path: str) -> bytes:
    """Read a regular file from the job dir, refusing symlinks and escapes."""
    fd = open_in_job(job_dir, rel_path, write=False)
    with os.fdopen(fd, "rb") as handle:
        return handle.read()


def write_in_job(job_dir: Path, rel_path: str, data: bytes, owner: tuple[int, int] | None) -> None:
    """Write a regular file into the job dir, creating parents, refusing symlinks and escapes."""
    fd = open_in_job(job_dir, rel_path, write=True, owner=owner)
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)


def chown_tree(root: Path, uid: int, gid: int) -> None:
    """Hand a job dir (everything in it) to the sandbox user; links are never followed, and the
    walk is iterative and bounded (`forge.tree`): a tree too deep or too large for it raises
    TreeLimitError rather than RecursionError."""
    tree.chown_tree(root, uid, gid)


# --- where the host's Python lives, seen from inside the sandbox ---------------------------


def _from_host(path: str) -> bool:
    return any(path == root or path.startswith(root + "/") for root in _FROM_HOST)


def own_prefixes(prefixes: Sequence[str]) -> list[str]:
    """Prefixes that need their own bind: not under /usr or /etc, not nested in another one."""
    unique = sorted({p for p in prefixes if p != "/" and not _from_host(p) and os.path.isdir(p)}, key=len)
    kept: list[str] = []
    for prefix in unique:
        if not any(prefix.startswith(k + "/") for k in kept):
            kept.append(prefix)
    return kept


def parents_to_open(prefixes: Sequence[str]) -> list[str]:
    """Directories bwrap creates on the way to a prefix: it makes them 0700, unusable by the shell."""
    parents = {str(p) for prefix in prefixes for p in Path(prefix).parents}
    return sorted((p for p in parents if p not in _OWN_MOUNTS and not _from_host(p)), key=len)
