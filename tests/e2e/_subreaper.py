"""Run a bash script as a child subreaper and report what it left running.

    python _subreaper.py SCRIPT REPORT_JSON

Every process the script starts, however it detaches (new session, double fork), is reparented
here when its parent exits instead of to init, so after the script ends this process sees exactly
what the script left behind. It reaps what has exited, waits up to SETTLE_S for processes that are
still shutting down, writes {"rc": ..., "left": [{"pid", "cmdline"}]} to REPORT_JSON, then kills
the leftovers (and what comes up from under them) so a failing test leaks nothing.
"""

from __future__ import annotations

import ctypes
import json
import os
import signal
import sys
import time
from pathlib import Path

PR_SET_CHILD_SUBREAPER = 36
SETTLE_S = 15.0


def _live_children() -> list[int]:
    """This process's children that still run. As a subreaper, whatever the script left running is
    one of them or below one of them, so none here means nothing left."""
    me, found = str(os.getpid()), []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            state, ppid = stat.read_text().rsplit(")", 1)[1].split()[:2]
        except OSError:
            continue
        if ppid == me and state != "Z":  # a zombie has exited; it only waits to be reaped
            found.append(int(stat.parent.name))
    return found


def _reap() -> None:
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        return "?"


def main(script: str, report: Path) -> None:
    if ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_CHILD_SUBREAPER) failed")
    bash = os.posix_spawn("/bin/bash", ["bash", "-c", script], dict(os.environ))
    while True:  # reap orphans as they come, so none lingers as a zombie that keeps a group alive
        pid, status = os.waitpid(-1, 0)
        if pid == bash:
            rc = os.waitstatus_to_exitcode(status)
            break
    deadline = time.monotonic() + SETTLE_S
    while True:
        _reap()
        left = _live_children()
        if not left or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    report.write_text(json.dumps({"rc": rc, "left": [{"pid": pid, "cmdline": _cmdline(pid)} for pid in left]}))
    while left:  # a killed child's own children come up to this process in turn
        for pid in left:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        time.sleep(0.1)
        _reap()
        left = _live_children()


if __name__ == "__main__":
    main(sys.argv[1], Path(sys.argv[2]))
