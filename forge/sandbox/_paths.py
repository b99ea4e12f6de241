"""Paths for the sandbox: race-free file access in the job dir, and which host dirs to mount.

The host side runs as a more privileged user than the sandbox, so a path an agent controls
must never lead the host outside the job dir. We walk the path one component at a time
with `openat(..., O_NOFOLLOW)`: a symlink anywhere on the way is refused (not resolved), so
swapping a directory for a link between a check and the open cannot redirect us.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Sequence
from pathlib import Path, PurePosixPath

from forge.errors import SandboxError
from forge.paths import UnsafePathError

_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
SYSTEM_TOP = ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
_FROM_HOST = ("/usr", "/etc", *SYSTEM_TOP)  # bound read-only from the host anyway
_OWN_MOUNTS = ("/", "/proc", "/dev", "/tmp", "/job", "/run")  # made fresh inside


class SandboxPathError(SandboxError, UnsafePathError):
    """Raised when a job-dir path is absolute, uses `..`, or passes through a symlink."""


def job_parts(rel_path: str) -> list[str]:
    """Split a job-dir path into components; `/job/x` is accepted as the inside name of `x`."""
    if "\x00" in rel_path:
        raise SandboxPathError(f"path {rel_path!r} contains a NUL byte")
    path = PurePosixPath(rel_path)
    if path.is_absolute() and path.parts[:2] == ("/", "job"):
        path = PurePosixPath(*path.parts[2:]) if len(path.parts) > 2 else PurePosixPath(".")
    parts = [p for p in path.parts if p != "."]
    if path.is_absolute() or ".." in parts or not parts:
        raise SandboxPathError(f"path {rel_path!r} must name a file relative to the job dir, without '..'")
    return parts


def _refusal(rel_path: str, name: str, exc: OSError) -> SandboxError:
    if exc.errno in (errno.ELOOP, errno.ENOTDIR, errno.EMLINK):
        return SandboxPathError(f"refusing {rel_path!r}: {name!r} is a symlink or not a directory")
    if exc.errno == errno.ENOENT:
        return SandboxError(f"no file {rel_path!r} in the job dir")
    return SandboxError(f"cannot open {rel_path!r} in the job dir: {exc}")


def open_in_job(
    job_dir: Path,
    rel_path: str,
    *,
    write: bool,
    owner: tuple[int, int] | None = None,
) -> int:
    """Open a regular file under `job_dir` without following any symlink; return its fd.

    With `write`, missing parent directories are created and the file is truncated;
    `owner` (uid, gid) is applied to whatever is created so the sandbox user can edit it.
    """
    parts = job_parts(rel_path)
    try:
        dir_fd = os.open(job_dir, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError as exc:
        raise SandboxError(f"job dir {job_dir} cannot be opened: {exc}") from exc
    try:
        for name in parts[:-1]:
            child = _enter_dir(dir_fd, name, rel_path, create=write, owner=owner)
            os.close(dir_fd)
            dir_fd = child
        flags = os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK  # NONBLOCK: a FIFO must not hang us
        flags |= (os.O_WRONLY | os.O_CREAT) if write else os.O_RDONLY
        try:
            fd = os.open(parts[-1], flags, 0o644, dir_fd=dir_fd)
        except OSError as exc:
            raise _refusal(rel_path, parts[-1], exc) from exc
    finally:
        os.close(dir_fd)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise SandboxPathError(f"refusing {rel_path!r}: not a regular file")
        if write:
            os.ftruncate(fd, 0)
            if owner is not None:
                os.fchown(fd, *owner)
    except BaseException:
        os.close(fd)
        raise
    return fd


def _enter_dir(dir_fd: int, name: str, rel_path: str, *, create: bool, owner: tuple[int, int] | None) -> int:
    """Open the child directory `name` of `dir_fd` (never through a symlink); caller closes both."""
    try:
        try:
            return os.open(name, _DIR_FLAGS, dir_fd=dir_fd)
        except FileNotFoundError:
            if not create:
                raise
        try:
            os.mkdir(name, 0o755, dir_fd=dir_fd)
        except FileExistsError:
            pass  # the sandbox made it meanwhile; the O_NOFOLLOW open below still guards
        child = os.open(name, _DIR_FLAGS, dir_fd=dir_fd)
    except OSError as exc:
        raise _refusal(rel_path, name, exc) from exc
    if owner is not None:
        os.fchown(child, *owner)
    return child


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
    """Hand a job dir (recursively) to the sandbox user; fd-relative, so links are never followed."""
    os.chown(root, uid, gid)
    for _, dirnames, filenames, dir_fd in os.fwalk(root):
        for name in (*dirnames, *filenames):
            os.chown(name, uid, gid, dir_fd=dir_fd, follow_symlinks=False)


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
