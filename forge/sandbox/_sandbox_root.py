"""The host side's way into one sandbox's own files, so that nothing of ours is mounted in it.

A bind mount shows its source's host path in `/proc/self/mountinfo`, and a unix socket's bound
name is what its peers read back (`getpeername`). So the warm python's shims are copied into the
sandbox's root tmpfs by bwrap (`--file`), and its server socket is bound from the host *inside*
that tmpfs: a short-lived thread of our own takes the sandbox init's root as its root (its own
fs struct, `unshare(CLONE_FS)`, then `chroot`) and binds there under the very name the sandbox
sees. The dirs are bwrap's (root-owned), so the sandbox's uid can change nothing on that path.
"""

from __future__ import annotations

import ctypes
import os
import signal
import threading
from collections.abc import Callable, Iterable
from pathlib import Path

_CLONE_FS = 0x200
_libc = ctypes.CDLL(None, use_errno=True)


def _pid_of(pidfd: int) -> int:
    """The pid a pidfd refers to (its fdinfo); OSError once the process is gone."""
    with open(f"/proc/self/fdinfo/{pidfd}", encoding="ascii") as info:
        for line in info:
            key, _, value = line.partition(":")
            if key == "Pid" and int(value) > 0:
                return int(value)
    raise ProcessLookupError(f"the process of pidfd {pidfd} is gone")


def run_in_root(init_pidfd: int, action: Callable[[], None]) -> None:
    """Run `action` in a thread whose `/` is the root of the sandbox whose init `init_pidfd`
    names (as root only); raises what it raised, or OSError if that init is gone.

    The root is opened through /proc/PID/root and the pidfd checked alive afterwards, so a pid
    reused in between cannot hand us another process's root.
    """
    failure: list[BaseException] = []

    def run() -> None:
        try:
            root = os.open(f"/proc/{_pid_of(init_pidfd)}/root", os.O_PATH | os.O_DIRECTORY | os.O_CLOEXEC)
            try:
                signal.pidfd_send_signal(init_pidfd, 0)
                if _libc.unshare(_CLONE_FS) != 0:  # this thread's root and cwd only
                    raise OSError(ctypes.get_errno(), "unshare(CLONE_FS)")
                os.fchdir(root)
                os.chroot(".")
            finally:
                os.close(root)
            action()
        except BaseException as exc:  # noqa: BLE001 - handed to the caller's thread
            failure.append(exc)

    thread = threading.Thread(target=run, name="forge-sandbox-root")
    thread.start()
    thread.join()
    if failure:
        raise failure[0]


def open_files(paths: Iterable[Path]) -> dict[str, int]:
    """Read-only fds of `paths`, by file name, for bwrap's `--file FD DEST` (it copies them in);
    each a fresh open, so concurrent sandbox starts never share a file offset."""
    fds: dict[str, int] = {}
    try:
        for path in paths:
            fds[path.name] = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    except BaseException:
        for fd in fds.values():
            os.close(fd)
        raise
    return fds
