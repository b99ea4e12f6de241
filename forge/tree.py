"""Bounded walks over, and removal of, directory trees that untrusted code wrote.

A sandbox can leave 10,000 nested directories, a million empty files, a 10 GB sparse file,
FIFOs, sockets, links to host files and directories chmod'ed 000. Everything on the host that
reads such a tree (the final-state listing, the job-state capture, ownership fixing, removal
at close) goes through here:

* iterative, never recursive (no RecursionError at any depth), one open fd per level;
* fd-relative (`openat`/`fstatat` with O_NOFOLLOW): a link is reported as a link, never
  followed, whatever is swapped in; only regular files and directories are ever opened, so
  a FIFO or socket cannot block us; another file system mounted inside is not entered;
* bounded in depth, entries, bytes read and time (`TreeLimits`); going over is a
  `TreeLimitError` naming the bound, which callers record as the run's failure.

`remove_tree` has no depth bound: subtrees deeper than it keeps fds for are moved up to the
top and removed on a later pass, so it removes any tree, still without following a link.
"""

from __future__ import annotations

import errno
import os
import secrets
import stat
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from forge.errors import ForgeError

_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
_FILE_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK
_REMOVE_FD_DEPTH = 32


class TreeLimitError(ForgeError):
    """Raised when a tree a sandbox wrote is deeper, larger or slower to walk than its bound,
    or holds something the host must not read (the message names which and where)."""


class TreeLimits(BaseModel):
    """Bounds on one walk over a tree a sandbox wrote."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    max_depth: int = 64
    """Directory levels below the root; a task's files are a few levels deep."""
    max_entries: int = 100_000
    """Names (files, dirs, links, ...) in the whole tree."""
    max_file_bytes: int = 50 * 1024 * 1024
    """Largest regular file a walk's reader reads (by its size; a sparse file counts whole)."""
    max_total_bytes: int = 256 * 1024 * 1024
    """Bytes a reader reads over the whole tree."""
    timeout_s: float = 30.0
    """Wall-clock time for the whole walk."""


@dataclass(frozen=True)
class Entry:
    """One name found in the tree. `dir_fd` and `name` are valid only until the walk moves on."""

    rel: str
    """Path relative to the root, posix style."""
    kind: str
    """`dir`, `file` (regular), `link`, or `other` (FIFO, socket, device)."""
    size: int
    """st_size (a sparse file's apparent size)."""
    dir_fd: int
    name: str


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "dir"
    if stat.S_ISREG(mode):
        return "file"
    return "link" if stat.S_ISLNK(mode) else "other"


class _Budget:
    def __init__(self, limits: TreeLimits, root: Path) -> None:
        self.limits, self.root = limits, root
        self.deadline = time.monotonic() + limits.timeout_s
        self.entries = 0

    def count(self, rel: str) -> None:
        self.entries += 1
        if self.entries > self.limits.max_entries:
            raise TreeLimitError(f"{self.root} holds more than {self.limits.max_entries} entries (at {rel!r})")
        if self.entries % 256 == 0 and time.monotonic() > self.deadline:
            raise TreeLimitError(f"walking {self.root} took more than {self.limits.timeout_s}s (at {rel!r})")


def _names(fd: int, budget: _Budget, prefix: str) -> list[str]:
    names = []
    with os.scandir(fd) as entries:
        for entry in entries:
            budget.count(prefix + entry.name)
            names.append(entry.name)
    names.sort(reverse=True)  # popped from the end: visited in sorted order
    return names


def walk(root: Path, limits: TreeLimits | None = None) -> Iterator[Entry]:
    """Every name under `root`, depth first in sorted order, directories before their contents.

    Raises TreeLimitError over a bound, or when `root` itself is a link or not a directory.
    """
    limits = limits or TreeLimits()
    budget = _Budget(limits, root)
    try:
        root_fd = os.open(root, _DIR_FLAGS)
    except OSError as exc:
        raise TreeLimitError(f"cannot open {root} as a directory without following links: {exc}") from exc
    device = os.fstat(root_fd).st_dev
    stack: list[tuple[int, str, list[str]]] = [(root_fd, "", [])]
    try:
        stack[0] = (root_fd, "", _names(root_fd, budget, ""))
        while stack:
            fd, prefix, names = stack[-1]
            if not names:
                os.close(fd)
                stack.pop()
                continue
            name = names.pop()
            rel = prefix + name
            try:
                info = os.stat(name, dir_fd=fd, follow_symlinks=False)
            except FileNotFoundError:
                continue
            kind = _kind(info.st_mode)
            yield Entry(rel, kind, info.st_size, fd, name)
            if kind != "dir" or info.st_dev != device:  # never into another file system mounted here
                continue
            if len(stack) > limits.max_depth:
                raise TreeLimitError(f"{root} is nested deeper than {limits.max_depth} directories (at {rel[:200]!r}...)")
            try:
                child = os.open(name, _DIR_FLAGS, dir_fd=fd)
            except OSError as exc:
                raise TreeLimitError(f"cannot read the directory {rel!r} under {root}: {exc}") from exc
            stack.append((child, rel + "/", []))
            stack[-1] = (child, rel + "/", _names(child, budget, rel + "/"))
    finally:
        for fd, _, _ in stack:
            os.close(fd)


class TreeReader:
    """Reads regular files met in a walk, within the walk's byte bounds (sizes from the opened fd)."""

    def __init__(self, root: Path, limits: TreeLimits | None = None) -> None:
        self.root, self.limits = root, limits or TreeLimits()
        self.total = 0

    def read(self, entry: Entry) -> bytes:
        """The bytes of `entry` (a `file`); TreeLimitError if it, or the tree so far, is over a bound."""
        try:
            fd = os.open(entry.name, _FILE_FLAGS, dir_fd=entry.dir_fd)
        except OSError as exc:
            raise TreeLimitError(f"cannot open {entry.rel!r} under {self.root} as a plain file: {exc}") from exc
        with os.fdopen(fd, "rb") as handle:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):
                raise TreeLimitError(f"{entry.rel!r} under {self.root} is not a plain file any more")
            cap = min(self.limits.max_file_bytes, self.limits.max_total_bytes - self.total)
            if info.st_size > cap:
                raise TreeLimitError(self._over(entry.rel, info.st_size))
            data = handle.read(cap + 1)
        if len(data) > cap:
            raise TreeLimitError(self._over(entry.rel, len(data)))
        self.total += len(data)
        return data

    def _over(self, rel: str, size: int) -> str:
        if size > self.limits.max_file_bytes:
            return f"{rel!r} under {self.root} is {size} bytes, over the bound of {self.limits.max_file_bytes}"
        return f"the files under {self.root} add up to more than {self.limits.max_total_bytes} bytes (at {rel!r})"


def chown_tree(root: Path, uid: int, gid: int, limits: TreeLimits | None = None) -> None:
    """Give `root` and everything in it to uid:gid; links themselves, never their targets."""
    os.chown(root, uid, gid, follow_symlinks=False)
    for entry in walk(root, limits):
        os.chown(entry.name, uid, gid, dir_fd=entry.dir_fd, follow_symlinks=False)


# --- removal --------------------------------------------------------------------------------


def remove_tree(path: Path) -> None:
    """Remove `path` and all it holds, at any depth, whatever modes the sandbox left.

    Links are unlinked, never followed; another file system mounted inside is refused
    (TreeLimitError) rather than emptied. Directories the sandbox made unreadable are made
    readable first (root needs no such help). Raises OSError when something cannot be removed.
    """
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return
    if not stat.S_ISDIR(info.st_mode):
        os.unlink(path)
        return
    _allow(path, info.st_mode)
    root_fd = os.open(path, _DIR_FLAGS)
    try:
        token = secrets.token_hex(6)
        passes = 0
        while _empty_one_pass(root_fd, info.st_dev, f".forge-rm-{token}-{passes}-"):
            passes += 1
    finally:
        os.close(root_fd)
    os.rmdir(path)


def _allow(path: Path | str, mode: int, dir_fd: int | None = None) -> None:
    """Owner rwx on a directory we are about to empty, where a non-root host needs it."""
    if os.geteuid() != 0 and mode & 0o700 != 0o700:
        os.chmod(path, 0o700, dir_fd=dir_fd)


def _plain_names(fd: int) -> list[str]:
    with os.scandir(fd) as entries:
        return [entry.name for entry in entries]


def _empty_one_pass(root_fd: int, device: int, moved_prefix: str) -> bool:
    """Empty the tree below `root_fd` down to a fixed depth; deeper directories are renamed
    into the root (same file system, no link followed). Returns True if any was moved."""
    moved = 0
    stack: list[tuple[int, str, list[str]]] = [(root_fd, "", _plain_names(root_fd))]
    try:
        while stack:
            fd, dir_name, names = stack[-1]
            if not names:
                stack.pop()
                if stack:
                    os.close(fd)
                    os.rmdir(dir_name, dir_fd=stack[-1][0])
                continue
            name = names.pop()
            try:
                info = os.stat(name, dir_fd=fd, follow_symlinks=False)
            except FileNotFoundError:
                continue
            if not stat.S_ISDIR(info.st_mode):
                os.unlink(name, dir_fd=fd)
                continue
            if info.st_dev != device:
                raise TreeLimitError(f"a file system is mounted inside the tree at {name!r}; not removing into it")
            if len(stack) >= _REMOVE_FD_DEPTH:
                os.rename(name, f"{moved_prefix}{moved}", src_dir_fd=fd, dst_dir_fd=root_fd)
                moved += 1
                continue
            _allow(name, info.st_mode, dir_fd=fd)
            try:
                child = os.open(name, _DIR_FLAGS, dir_fd=fd)
            except OSError as exc:
                if exc.errno == errno.ENOENT:
                    continue
                raise
            stack.append((child, name, _plain_names(child)))
    finally:
        for fd, _, _ in stack[1:]:
            os.close(fd)
    return moved > 0
