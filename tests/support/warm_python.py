"""Finding the warm python's processes from the host, for the sandbox tests (`forge.sandbox.zygote`)."""

from __future__ import annotations

import os
import time
import weakref
from collections.abc import Iterator
from pathlib import Path

from forge.sandbox import BwrapBackend, BwrapSandbox, _sandbox_root, zygote


def template_pid() -> int:
    """The host pid of this process's warm python template (one is running once a sandbox opened)."""
    spec = BwrapBackend().warm_python_spec
    assert spec is not None
    pid = zygote.warm_python(spec).pid
    assert pid is not None, "no warm python template runs"
    return pid


def _each_process(name: str) -> Iterator[tuple[int, str]]:
    """(pid, text of /proc/PID/NAME) for every process that still exists."""
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                yield int(entry), Path(f"/proc/{entry}/{name}").read_text()
            except OSError:
                continue


def children_of(pid: int) -> list[int]:
    return [child for child, stat in _each_process("stat") if int(stat.rpartition(")")[2].split()[1]) == pid]


def pids_of_uid(uid: int) -> list[int]:
    def uid_of(text: str) -> int:
        return next(int(line.split()[1]) for line in text.splitlines() if line.startswith("Uid:"))

    return [pid for pid, text in _each_process("status") if uid_of(text) == uid]


def server_of(box: BwrapSandbox, timeout_s: float = 120.0) -> int:  # a bound against a hang only
    """The host pid of the sandbox's own warm python server: the template's child in its mounts."""
    template = template_pid()
    assert box.uid is not None
    deadline = time.monotonic() + timeout_s
    while True:
        servers = children_of(template)
        mounts = {_mnt(pid) for pid in pids_of_uid(box.uid) if pid not in servers}
        mine = [pid for pid in servers if _mnt(pid) in mounts]
        if len(mine) == 1:
            return mine[0]
        assert time.monotonic() < deadline, f"no single server for the sandbox: {mine}"
        time.sleep(0.02)


def socket_of(box: BwrapSandbox) -> Path:
    """A host path of the sandbox's server socket, which is in the sandbox's own root: its dir,
    opened through the init's root while we are root, then named by our fd to it, so that the
    path also works after this process changes its euid (as long as `box` lives)."""
    assert box._shell is not None and box._shell._pidfd[0] is not None
    root = f"/proc/{_sandbox_root._pid_of(box._shell._pidfd[0])}/root"
    fd = os.open(root + zygote.CALL_DIR, os.O_PATH | os.O_DIRECTORY | os.O_CLOEXEC)
    weakref.finalize(box, os.close, fd)
    return Path(f"/proc/self/fd/{fd}/{zygote.SOCKET_NAME}")


def status(pid: int) -> dict[str, str]:
    """/proc/PID/status as a dict."""
    lines = Path(f"/proc/{pid}/status").read_text().splitlines()
    return {key: value.strip() for key, _, value in (line.partition(":") for line in lines)}


def _mnt(pid: int) -> str:
    try:
        return os.readlink(f"/proc/{pid}/ns/mnt")
    except OSError:
        return ""
