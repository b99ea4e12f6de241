"""A job dir with a disk bound: its own tmpfs of `SandboxLimits.disk_mb`, made by the host.

Files in a job dir outlive the sandbox that wrote them (the checks read them after it is
closed), so the bound belongs to the dir, not to the sandbox: the host (root) mounts a tmpfs
of the given size at a fresh dir before any sandbox opens over it, and `remove` unmounts it
(lazily, so nothing can keep it busy) once the dir is no longer needed. A write past the
bound fails with ENOSPC inside the sandbox; the number of inodes is bounded as well.
The pages are memory: a sandbox's writes are charged to its memory cgroup too. The dir's name
holds the host pid that made it, so dirs (and mounts) left by a host process that died are
removed by the next process's first `create` under the same scratch root (a zombie host counts
as dead).

Without the right to mount (not root), `create` raises DiskBoundUnavailableError unless
`SandboxLimits.require_aggregate_limits` is off; then the dir is a plain one, per-file
RLIMIT_FSIZE is the only bound, and a warning is logged once.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
import os
import re
import tempfile
import threading
from pathlib import Path

from forge.errors import SandboxError, SandboxUnavailableError
from forge.sandbox.spec import SandboxLimits
from forge.tree import TreeLimitError, remove_tree

logger = logging.getLogger(__name__)

_MS_NOSUID, _MS_NODEV = 2, 4
_MNT_DETACH = 2
_INODES_PER_MIB = 64
_MIN_INODES = 4096
_libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
_warned = False
_OWNER = re.compile(r"job-(\d+)-[a-z0-9_]{8}")  # what `create` names (mkdtemp's 8 random characters)
_swept: set[Path] = set()
_swept_lock = threading.Lock()


class DiskBoundUnavailableError(SandboxUnavailableError):
    """Raised when the host cannot mount a size-bounded file system for a job dir (not root)."""


class JobDirRemovalError(SandboxError):
    """Raised when a job dir cannot be removed (a host problem: the message names the dir and why)."""


class JobDir:
    """A job dir under `scratch_root`, size-bounded when it could be.

    Folder layout::

        <scratch_root>/job-<host pid>-<random>/    a tmpfs (size=disk_mb, nosuid, nodev) when `bounded`
    """

    def __init__(self, path: Path, bounded: bool) -> None:
        self.path = path
        self.bounded = bounded
        self._removed = False

    @classmethod
    def create(cls, scratch_root: Path, limits: SandboxLimits) -> JobDir:
        """Make the dir and mount its bound. Raises DiskBoundUnavailableError (with the fix) if
        the mount is refused and the limits require it."""
        scratch_root.mkdir(parents=True, exist_ok=True)
        _sweep(scratch_root.absolute())
        path = Path(tempfile.mkdtemp(prefix=f"job-{os.getpid()}-", dir=scratch_root)).absolute()
        inodes = max(_MIN_INODES, limits.disk_mb * _INODES_PER_MIB)
        options = f"size={limits.disk_mb}m,nr_inodes={inodes},mode=0700".encode()
        if _libc.mount(b"tmpfs", str(path).encode(), b"tmpfs", _MS_NOSUID | _MS_NODEV, options) == 0:
            return cls(path, bounded=True)
        error = os.strerror(ctypes.get_errno())
        if limits.require_aggregate_limits:
            os.rmdir(path)
            raise DiskBoundUnavailableError(
                f"cannot mount a {limits.disk_mb} MiB tmpfs as the job dir {path} ({error}); run Forge "
                "as root, or set FORGE_SANDBOX_REQUIRE_AGGREGATE_LIMITS=false to accept per-file "
                "limits only (no bound on the job dir's total size)"
            )
        global _warned
        if not _warned:
            _warned = True
            logger.warning("job dirs are not size-bounded (mount refused: %s); per-file limits only", error)
        return cls(path, bounded=False)

    def remove(self) -> None:
        """Unmount (if bounded) and remove the dir, whatever the sandbox left in it; idempotent.

        Raises JobDirRemovalError only when the dir cannot be removed at all."""
        if self._removed:
            return
        try:
            if self.bounded:
                _unmount(self.path)
            remove_tree(self.path)
        except (OSError, TreeLimitError) as exc:
            raise JobDirRemovalError(f"cannot remove the job dir {self.path}: {exc}") from exc
        self._removed = True


def _unmount(path: Path) -> None:
    """Detach the tmpfs at `path` (lazily: nothing can keep it busy); fine if it is not mounted."""
    if _libc.umount2(str(path).encode(), _MNT_DETACH) != 0:
        error = ctypes.get_errno()
        if error != 22:  # EINVAL: not a mount point (any more)
            raise OSError(error, f"cannot unmount the job dir {path}: {os.strerror(error)}")


def _sweep(scratch_root: Path) -> None:
    """Once per process and scratch root: remove job dirs whose host process is gone."""
    with _swept_lock:
        if scratch_root in _swept:
            return
        _swept.add(scratch_root)
    try:
        entries = list(os.scandir(scratch_root))
    except OSError:
        return
    for entry in entries:
        owner = _OWNER.fullmatch(entry.name)
        if owner is None or not entry.is_dir(follow_symlinks=False) or not _host_gone(owner[1]):
            continue
        try:
            _unmount(Path(entry.path))
            remove_tree(Path(entry.path))
            logger.info("removed %s, left by host process %s", entry.path, owner[1])
        except OSError as exc:
            logger.warning("cannot remove %s, left by host process %s: %s", entry.path, owner[1], exc)


def _host_gone(pid: str) -> bool:
    """True when the process is gone or has exited and only waits to be reaped: a killed run's
    workers stay zombies until their new parent reaps them, and a rerun right away must not take
    their dirs for live ones."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True
    return stat[stat.rindex(")") + 2] in "ZX"  # the state field follows the command name
