"""Safe joins under a root folder: model-written paths must never reach host files.

Two ways in. `resolve_inside` joins a path the host itself is about to create (symlinks are
followed and must stay inside). `open_inside` opens a file that untrusted code may have
written: it walks the path one component at a time with `openat(..., O_NOFOLLOW)`, so a
symlink anywhere on the way is refused (not resolved) and swapping a directory for a link
between a check and the open cannot redirect us; FIFOs, devices and directories are refused.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path, PurePosixPath

from forge.errors import ForgeError

_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC


class UnsafePathError(ForgeError, ValueError):
    """Raised when a relative path would leave its root (`..`, absolute, or a symlink out)."""


def resolve_inside(root: Path, rel_path: str) -> Path:
    """Join `rel_path` under `root`, refusing anything that resolves outside it.

    Symlinks are followed and must stay inside; an agent that links `out.xlsx -> /etc/passwd`
    gets a refusal, not the host file.
    """
    rel = PurePosixPath(rel_path)
    if rel.is_absolute() or ".." in rel.parts or not rel.parts:
        raise UnsafePathError(f"path {rel_path!r} must be relative to the job dir, without '..'")
    base = root.resolve()
    target = (base / rel).resolve()
    if target != base and base not in target.parents:
        raise UnsafePathError(f"path {rel_path!r} resolves outside the job dir (a symlink?)")
    return target


def safe_parts(rel_path: str) -> list[str]:
    """Split a relative path into components; refuse NUL bytes, absolute paths, `..` and empty names."""
    if "\x00" in rel_path:
        raise UnsafePathError(f"path {rel_path!r} contains a NUL byte")
    path = PurePosixPath(rel_path)
    parts = [p for p in path.parts if p != "."]
    if path.is_absolute() or ".." in parts or not parts:
        raise UnsafePathError(f"path {rel_path!r} must name a file relative to the job dir, without '..'")
    return parts


def _refusal(rel_path: str, name: str, exc: OSError) -> Exception:
    """UnsafePathError for a link or non-directory on the way; a plain OSError otherwise."""
    if exc.errno in (errno.ELOOP, errno.ENOTDIR, errno.EMLINK):
        return UnsafePathError(f"refusing {rel_path!r}: {name!r} is a symlink or not a directory")
    if exc.errno == errno.ENOENT:
        return FileNotFoundError(f"no file {rel_path!r} in the job dir")
    return OSError(f"cannot open {rel_path!r} in the job dir: {exc}")


def _not_regular(rel_path: str, mode: int) -> str:
    kind = "a FIFO, socket or device"
    if stat.S_ISLNK(mode) or stat.S_ISDIR(mode):
        kind = "a symlink" if stat.S_ISLNK(mode) else "a directory"
    return f"refusing {rel_path!r}: it is {kind}, not a regular file"


def open_inside(
    root: Path,
    rel_path: str,
    *,
    write: bool = False,
    owner: tuple[int, int] | None = None,
) -> int:
    """Open a regular file under `root` without following any symlink; return its fd.

    Raises UnsafePathError for a bad path, a symlink on the way or a file that is not regular
    (FIFO, device, socket, directory: never opened for reading, so nothing blocks), and
    OSError (FileNotFoundError when missing) otherwise. With `write`, missing parent
    directories are created and the file is truncated; `owner` (uid, gid) is applied to
    whatever is created. The fd is O_NONBLOCK, which changes nothing for a regular file.
    """
    parts = safe_parts(rel_path)
    try:
        dir_fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError as exc:
        raise OSError(f"job dir {root} cannot be opened: {exc}") from exc
    try:
        for name in parts[:-1]:
            child = _enter_dir(dir_fd, name, rel_path, create=write, owner=owner)
            os.close(dir_fd)
            dir_fd = child
        try:  # look before opening: a link, FIFO or device is refused without being opened at all
            mode = os.stat(parts[-1], dir_fd=dir_fd, follow_symlinks=False).st_mode
        except OSError as exc:
            if not (write and exc.errno == errno.ENOENT):
                raise _refusal(rel_path, parts[-1], exc) from exc
        else:
            if not stat.S_ISREG(mode):
                raise UnsafePathError(_not_regular(rel_path, mode))
        flags = os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK  # NONBLOCK: a FIFO swapped in must not hang us
        flags |= (os.O_WRONLY | os.O_CREAT) if write else os.O_RDONLY
        try:
            fd = os.open(parts[-1], flags, 0o644, dir_fd=dir_fd)
        except OSError as exc:
            raise _refusal(rel_path, parts[-1], exc) from exc
    finally:
        os.close(dir_fd)
    try:
        mode = os.fstat(fd).st_mode  # what we opened, whatever was swapped in meanwhile
        if not stat.S_ISREG(mode):
            raise UnsafePathError(_not_regular(rel_path, mode))
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
            pass  # made meanwhile by the other side; the O_NOFOLLOW open below still guards
        child = os.open(name, _DIR_FLAGS, dir_fd=dir_fd)
    except OSError as exc:
        raise _refusal(rel_path, name, exc) from exc
    if owner is not None:
        os.fchown(child, *owner)
    return child


class FileTooLargeError(ForgeError, ValueError):
    """Raised by `read_inside` when a file exceeds the caller's size limit."""


def read_inside(root: Path, rel_path: str, *, limit: int | None = None) -> bytes:
    """Read a regular file under `root` (see `open_inside`).

    With `limit`, a file larger than `limit` bytes raises `FileTooLargeError`: its size is
    taken from the opened fd (fstat), and no more than `limit + 1` bytes are ever read, so a
    file that grows meanwhile is caught too.
    """
    fd = open_inside(root, rel_path)
    with os.fdopen(fd, "rb") as handle:
        if limit is None:
            return handle.read()
        if os.fstat(fd).st_size > limit:
            raise FileTooLargeError(f"{rel_path} is larger than {limit} bytes")
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise FileTooLargeError(f"{rel_path} is larger than {limit} bytes")
    return data
