"""Limits that hold for a sandbox as a whole: a memory + pids cgroup, and a wall-clock deadline.

Rlimits bound one process each (six processes of 1 GiB are 6 GiB). A cgroup bounds the
sandbox's whole process tree: memory (RSS, page cache and the tmpfs pages it writes in /tmp
and /dev/shm, all charged to the writer's cgroup) and the number of tasks (pids, threads
included). Both cgroup versions work, detected from /proc/self/mountinfo per controller:

* v1 (separate `memory` and `pids` hierarchies, as on this project's dev machine): one
  directory per hierarchy;
* v2 (one unified hierarchy): one directory with `memory` and `pids` enabled in its
  parent's `cgroup.subtree_control`.

A sandbox's cgroup is `<parent>/forge-<host pid>-<random>`, where the parent is this
process's own cgroup (so any limit the host runs under still holds above it) or
`Settings.sandbox_cgroup_parent`. The shell joins it before bwrap starts (see `wrap`), so
nothing the sandbox forks is ever outside it. At close every task left in it is killed and
the directory removed; dirs of dead host processes are swept when the next one starts.

Where the system's cgroup mount is read-only (a container), root with CAP_SYS_ADMIN mounts the
hierarchy again, writable, and makes the sandbox cgroups there (see `_cgroupfs`).

Writing a cgroup needs root (or a delegated subtree). Without one, `SandboxCgroup.create`
raises `CgroupUnavailableError` naming the fix; `SandboxLimits.require_aggregate_limits=False` opts
into per-process rlimits instead (logged once, never silent).
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import queue
import re
import secrets
import select
import signal
import threading
import time
from pathlib import Path

from forge.errors import SandboxError
from forge.sandbox._cgroupfs import (
    CGROUP_HINT,
    CgroupUnavailableError,
    Hierarchy,
    discover,
    paths_of,
    under,
    writable_hierarchies,
)
from forge.sandbox._deadline import WATCHDOG

__all__ = ["WATCHDOG", "CgroupUnavailableError", "SandboxCgroup", "discover", "join_cgroups_of", "wait_for_removals"]

logger = logging.getLogger(__name__)

_PREFIX = "forge-"
_NAME = re.compile(r"forge-(\d+)-[0-9a-f]+")
_MIB = 1024 * 1024
_KILL_ROUNDS = 200
_RMDIR_WAIT_S = 2.0


def _read(path: Path) -> str:
    with open(path, encoding="ascii") as handle:
        return handle.read()


def _write(path: Path, value: str) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CLOEXEC)
    try:
        os.write(fd, value.encode())
    finally:
        os.close(fd)


def join_cgroups_of(pid: int) -> list[Path]:
    """Move the calling process into the memory and pids cgroups of process `pid` (v1 or v2).

    For a helper that serves a sandbox from outside bwrap (the warm-python server): call it
    with the sandbox's init pid, as root, before doing any work for the sandbox; from then on
    the helper and all it forks are bounded with the sandbox, and killed at its close. Raises
    OSError when a move fails: the helper must then not serve (it would escape the bounds).
    Returns the `cgroup.procs` files written.
    """
    theirs, own = paths_of(f"/proc/{pid}/cgroup"), paths_of("/proc/self/cgroup")
    written: list[Path] = []
    for hierarchy in writable_hierarchies():
        key = "" if hierarchy.version == 2 else hierarchy.controllers[0]
        if key in theirs and theirs[key] != own.get(key):
            procs = under(hierarchy.mount, theirs[key]) / "cgroup.procs"
            _write(procs, "0")
            written.append(procs)
    return written


_swept: set[Path] = set()
_swept_lock = threading.Lock()


def _sweep(parent: Path) -> None:
    """Remove the empty cgroups of host processes that died without closing their sandboxes."""
    with _swept_lock:
        if parent in _swept:
            return
        _swept.add(parent)
    with contextlib.suppress(OSError):
        for entry in os.scandir(parent):
            match = _NAME.fullmatch(entry.name)
            if match and entry.is_dir(follow_symlinks=False) and not Path(f"/proc/{match[1]}").exists():
                with contextlib.suppress(OSError):
                    os.rmdir(entry.path)


class SandboxCgroup:
    """One sandbox's cgroup: made at open, its tasks killed and its dirs removed at close.

    Folder layout (v1: one such dir per hierarchy, `memory/` and `pids/`; v2: one)::

        <parent>/forge-<host pid>-<random>/
            cgroup.procs        write a pid here to move that process in (see `procs_paths`)
            tasks               v1: a one-thread process writes `0` here to move in (`self_join_paths`)
            memory.limit_in_bytes | memory.max      `SandboxLimits.memory_mb`
            pids.max                                `SandboxLimits.max_processes`
    """

    def __init__(self, dirs: tuple[tuple[Hierarchy, Path], ...], memory_mb: int) -> None:
        self._dirs = dirs
        self.memory_mb = memory_mb
        self._removed = False

    @classmethod
    def create(cls, memory_mb: int, max_processes: int, parent: str | None = None) -> SandboxCgroup:
        """Make the cgroup and set its bounds. Raises CgroupUnavailableError (with the fix)
        when cgroups cannot be written here, SandboxError for anything else."""
        try:
            hierarchies = writable_hierarchies(parent)
            for hierarchy in hierarchies:
                if hierarchy.version == 2:
                    _enable_v2(hierarchy)
        except OSError as exc:
            raise CgroupUnavailableError(f"cannot read this process's cgroups ({exc}); {CGROUP_HINT}") from exc
        name = f"{_PREFIX}{os.getpid()}-{secrets.token_hex(6)}"
        made: list[tuple[Hierarchy, Path]] = []
        cgroup = cls((), memory_mb)
        try:
            for hierarchy in hierarchies:
                _sweep(hierarchy.parent)
                path = hierarchy.parent / name
                try:
                    path.mkdir()
                except OSError as exc:  # not root, read-only cgroupfs, a parent that does not exist
                    raise CgroupUnavailableError(f"cannot create the cgroup {path} ({exc}); {CGROUP_HINT}") from exc
                made.append((hierarchy, path))
                cgroup._dirs = tuple(made)
                _set_bounds(hierarchy, path, memory_mb, max_processes)
        except BaseException:
            cgroup.remove()
            raise
        return cgroup

    @property
    def procs_paths(self) -> tuple[Path, ...]:
        """The `cgroup.procs` files of this sandbox's cgroup (one per hierarchy): the processes
        in it, and where `join` writes a pid to move that whole process in."""
        return tuple(path / "cgroup.procs" for _, path in self._dirs)

    @property
    def self_join_paths(self) -> tuple[Path, ...]:
        """The files a single-threaded process writes `0` into, one per hierarchy, to move itself
        into this cgroup before it does any work (the shell `wrap` starts, the warm-python server):
        it is then bounded with the sandbox, and so is all it forks, and SIGKILLed at its close.

        v1: `tasks`, which moves the writing thread only: for a process of one thread, the whole
        process. `cgroup.procs` would move it too, but a v1 write there takes the kernel's global
        threadgroup lock, whose write side waits for an RCU grace period (4-14 ms measured here)
        while holding the cgroup mutex, so every sandbox start, and every cgroup made or removed
        meanwhile, queued behind it. v2 has no such file: `cgroup.procs`.
        """
        return tuple(path / ("cgroup.procs" if hierarchy.version == 2 else "tasks")
                     for hierarchy, path in self._dirs)

    def join(self, pid: int = 0) -> None:
        """Move process `pid` (0: the caller) into this sandbox's cgroup; SandboxError if it cannot."""
        for procs in self.procs_paths:
            try:
                _write(procs, str(pid))
            except OSError as exc:
                raise SandboxError(f"cannot move pid {pid} into the sandbox cgroup {procs.parent}: {exc}") from exc

    def wrap(self, argv: list[str]) -> list[str]:
        """`argv` run by a tiny sh that first moves itself into this cgroup, then execs it:
        the process tree is inside from its first instruction, with no race."""
        script = 'while [ "$1" != -- ]; do echo 0 >"$1" || exit 125; shift; done; shift; exec "$@"'
        return ["/bin/sh", "-c", script, "forge-cgroup", *map(str, self.self_join_paths), "--", *argv]

    def oom_kills(self) -> int:
        """How many processes the kernel killed in this cgroup for going over its memory bound."""
        for hierarchy, path in self._dirs:
            if "memory" in hierarchy.controllers:
                name = "memory.events" if hierarchy.version == 2 else "memory.oom_control"
                with contextlib.suppress(OSError):
                    for line in _read(path / name).splitlines():
                        key, _, value = line.partition(" ")
                        if key == "oom_kill":
                            return int(value)
        return 0

    def pids(self) -> list[int]:
        """Every process in the cgroup now."""
        found: set[int] = set()
        for procs in self.procs_paths:
            with contextlib.suppress(OSError):
                found.update(int(p) for p in _read(procs).split())
        return sorted(found)

    def kill_all(self) -> None:
        """SIGKILL every task in the cgroup and wait until they exited; a task forked meanwhile is
        caught in the next round. Through pidfds, so a pid reused meanwhile is never hit."""
        for hierarchy, path in self._dirs:
            if hierarchy.version == 2 and (path / "cgroup.kill").exists():
                with contextlib.suppress(OSError):
                    _write(path / "cgroup.kill", "1")
        for _ in range(_KILL_ROUNDS):
            pids = self.pids()
            if not pids:
                return
            _kill_and_wait(pids)
        logger.warning("sandbox cgroup %s still has tasks after %d kill rounds", self.paths, _KILL_ROUNDS)

    def close(self) -> None:
        """SIGKILL every task now; waiting for them to exit and removing the dirs happen on a
        background thread (a killed Python takes milliseconds to tear down), off the caller's path."""
        if self._removed:
            return
        pids = self.pids()
        _kill_and_wait(pids, wait_s=0)
        _REMOVALS.put(self)

    def remove(self) -> None:
        """Kill what is left and remove the cgroup's dirs; safe to call twice, never raises."""
        if self._removed:
            return
        self._removed = True
        self.kill_all()
        for _, path in reversed(self._dirs):
            deadline = time.monotonic() + _RMDIR_WAIT_S
            while True:
                try:
                    os.rmdir(path)
                    break
                except FileNotFoundError:
                    break
                except OSError as exc:  # EBUSY while the last killed tasks finish exiting
                    if exc.errno != errno.EBUSY or time.monotonic() > deadline:
                        logger.warning("cannot remove the sandbox cgroup %s: %s", path, exc)
                        break
                    self.kill_all()
                    time.sleep(0.001)

    @property
    def paths(self) -> tuple[Path, ...]:
        """The cgroup's dirs, one per hierarchy (for tests and diagnostics)."""
        return tuple(path for _, path in self._dirs)


_EXIT_WAIT_S = 1.0


def _kill_and_wait(pids: list[int], wait_s: float = _EXIT_WAIT_S) -> None:
    """SIGKILL `pids` and wait up to `wait_s` until each has exited."""
    poller = select.poll()
    fds = []
    try:
        for pid in pids:
            try:
                fd = os.pidfd_open(pid)
            except ProcessLookupError:
                continue
            fds.append(fd)
            with contextlib.suppress(ProcessLookupError):
                signal.pidfd_send_signal(fd, signal.SIGKILL)
            poller.register(fd, select.POLLIN)
        deadline = time.monotonic() + wait_s
        waiting = len(fds)
        while waiting and time.monotonic() < deadline:
            for fd, _ in poller.poll(max(1, int((deadline - time.monotonic()) * 1000))):
                poller.unregister(fd)
                waiting -= 1
    finally:
        for fd in fds:
            os.close(fd)


class _Removals:
    """One daemon thread that removes closed sandboxes' cgroups (see `SandboxCgroup.close`)."""

    def __init__(self) -> None:
        self._queue: queue.Queue[SandboxCgroup] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def put(self, cgroup: SandboxCgroup) -> None:
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._loop, name="forge-cgroup-removal", daemon=True)
                self._thread.start()
        self._queue.put(cgroup)

    def _loop(self) -> None:
        while True:
            cgroup = self._queue.get()
            try:
                cgroup.remove()
            finally:
                self._queue.task_done()

    def wait(self) -> None:
        """Block until every cgroup handed over so far is removed."""
        self._queue.join()

    def _after_fork(self) -> None:
        self.__init__()  # type: ignore[misc]  # the parent's thread and queue are not ours


_REMOVALS = _Removals()
os.register_at_fork(after_in_child=_REMOVALS._after_fork)


def wait_for_removals() -> None:
    """Wait until the cgroups of every sandbox closed so far are removed (tests, shutdown)."""
    _REMOVALS.wait()


def _enable_v2(hierarchy: Hierarchy) -> None:
    """v2 hands a controller to children only when the parent's subtree_control lists it."""
    control = hierarchy.parent / "cgroup.subtree_control"
    enabled = _read(control).split()
    wanted = [c for c in hierarchy.controllers if c not in enabled]
    if not wanted:
        return
    try:
        _write(control, " ".join(f"+{c}" for c in wanted))
    except OSError as exc:
        why = str(exc)
        if exc.errno == errno.EBUSY:
            parent = hierarchy.parent
            cgroup = os.path.normpath(os.path.join(hierarchy.mount.root, os.path.relpath(parent, hierarchy.mount.point)))
            why = (f"{parent} holds processes (in a container: all of them), and cgroup v2 gives controllers to "
                   "children only of a cgroup without any: before Forge starts, move them into a child as "
                   f"Docker-in-Docker's entrypoint does (mkdir {parent}/init; for p in $(cat {parent}/cgroup.procs); "
                   f"do echo $p > {parent}/init/cgroup.procs; done) and set FORGE_SANDBOX_CGROUP_PARENT={cgroup}")
        raise CgroupUnavailableError(
            f"cannot enable {', '.join(wanted)} for children of {hierarchy.parent}: {why}; {CGROUP_HINT}"
        ) from exc


def _set_bounds(hierarchy: Hierarchy, path: Path, memory_mb: int, max_processes: int) -> None:
    memory = str(memory_mb * _MIB)
    try:
        if "pids" in hierarchy.controllers:
            _write(path / "pids.max", str(max_processes))
        if "memory" in hierarchy.controllers and hierarchy.version == 1:
            _write(path / "memory.limit_in_bytes", memory)
            if (path / "memory.memsw.limit_in_bytes").exists():  # no swap beyond the bound either
                _write(path / "memory.memsw.limit_in_bytes", memory)
        elif "memory" in hierarchy.controllers:
            _write(path / "memory.max", memory)
            if (path / "memory.swap.max").exists():
                _write(path / "memory.swap.max", "0")
    except OSError as exc:
        raise SandboxError(f"cannot set the sandbox's bounds in {path}: {exc}") from exc
