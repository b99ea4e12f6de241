"""A virtual display inside an episode's sandbox: Xvfb and a window manager, reached from the host.

Xvfb, openbox and the apps all run INSIDE the task's bubblewrap sandbox (its cgroup, seccomp
filter, private /tmp, no network), so a GUI app is bounded exactly like a terminal command. The
X socket lives in the sandbox's private /tmp; the host reaches it through the Xvfb process's
root, `/proc/<xvfb pid>/root/tmp/.X11-unix/X0`, via a per-episode symlink
`/tmp/.X11-unix/X<n>` on the host, so host-side X clients (screenshots, xdotool) use a plain
`DISPLAY=:<n>`. Nothing but that one symlink exists on the host, and `close` removes it.

Host layout::

    /tmp/.X11-unix/X<n>  ->  /proc/<xvfb host pid>/root/tmp/.X11-unix/X0   (one per episode)
"""

from __future__ import annotations

import logging
import os
import random
import signal
import time
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from forge.errors import SandboxError
from forge.sandbox import Sandbox

logger = logging.getLogger(__name__)

HOST_SOCKET_DIR = Path("/tmp/.X11-unix")
DESKTOP_TMP = "/tmp/forge-desktop"
"""Inside the sandbox: logs and LibreOffice profiles (private /tmp, gone with the sandbox)."""
_DISPLAY_RANGE = range(200, 1000)


class DesktopError(SandboxError):
    """Raised when the display, window manager or an app cannot start or be reached (a host problem)."""


class DisplaySpec(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    width: int = Field(default=1920, ge=320, le=7680)
    height: int = Field(default=1080, ge=240, le=4320)
    window_manager: bool = True
    start_timeout_s: float = Field(default=20.0, gt=0)


def sandbox_pids(sandbox: Sandbox) -> list[int]:
    """Host pids of every process in the sandbox (its cgroup, else the descendants of its bwrap)."""
    cgroup = getattr(sandbox, "cgroup", None)
    if cgroup is not None:
        pids: set[int] = set()
        for path in cgroup.procs_paths:
            try:
                pids.update(int(p) for p in Path(path).read_text().split())
            except OSError:
                continue
        return sorted(pids)
    root = getattr(sandbox, "pid", None)
    if root is None:
        return []
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(children.get(pid, []))
    return sorted(found)


def find_process(sandbox: Sandbox, name: str) -> int | None:
    """Host pid of the sandbox's newest process whose command name is `name`."""
    matches = []
    for pid in sandbox_pids(sandbox):
        try:
            if Path(f"/proc/{pid}/comm").read_text().strip() == name:
                matches.append(pid)
        except OSError:
            continue
    return max(matches) if matches else None


def kill_pid(pid: int, grace_s: float = 2.0) -> None:
    """SIGTERM, then SIGKILL after `grace_s`; a pid already gone is fine."""
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    deadline = time.monotonic() + grace_s
    while time.monotonic() < deadline:
        if not _alive(pid):
            return
        time.sleep(0.02)
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        return


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")


def _abstract_sockets() -> str:
    try:
        return Path("/proc/net/unix").read_text()
    except OSError:
        return ""


def _claim_display(target: str) -> int:
    """A free host display number, claimed by creating its symlink (atomic: two episodes never share one)."""
    HOST_SOCKET_DIR.mkdir(mode=0o1777, exist_ok=True)
    taken = _abstract_sockets()
    numbers = list(_DISPLAY_RANGE)
    random.shuffle(numbers)
    for n in numbers:
        link = HOST_SOCKET_DIR / f"X{n}"
        if f"@/tmp/.X11-unix/X{n}\n" in taken or Path(f"/tmp/.X{n}-lock").exists():
            continue
        if link.is_symlink() and not link.exists() and os.readlink(link).startswith("/proc/"):
            link.unlink(missing_ok=True)  # a crashed episode's link to a process that is gone
        try:
            os.symlink(target, link)
        except FileExistsError:
            continue
        return n
    raise DesktopError(f"no free X display number in {_DISPLAY_RANGE.start}-{_DISPLAY_RANGE.stop - 1} "
                       f"under {HOST_SOCKET_DIR}; remove stale X<n> entries there")


class Display:
    """Xvfb (+ openbox) running in `sandbox`; `name` is the host's DISPLAY for it. Use `start`."""

    def __init__(self, sandbox: Sandbox, spec: DisplaySpec, xvfb_pid: int, wm_pid: int | None, number: int) -> None:
        self.sandbox = sandbox
        self.spec = spec
        self.xvfb_pid = xvfb_pid
        self.wm_pid = wm_pid
        self.number = number
        self.link = HOST_SOCKET_DIR / f"X{number}"
        self._closed = False

    @property
    def name(self) -> str:
        return f":{self.number}"

    @property
    def size(self) -> tuple[int, int]:
        return self.spec.width, self.spec.height

    @classmethod
    def start(cls, sandbox: Sandbox, spec: DisplaySpec | None = None) -> Display:
        spec = spec or DisplaySpec()
        script = (
            f"mkdir -p {DESKTOP_TMP} && "
            f"(HOME={DESKTOP_TMP} Xvfb :0 -screen 0 {spec.width}x{spec.height}x24 -nolisten tcp -noreset "
            f">{DESKTOP_TMP}/xvfb.log 2>&1 &)"
        )
        result = sandbox.run(script, timeout_s=10)
        if result.exit_code != 0:
            raise DesktopError(f"could not start Xvfb in the sandbox: {result.stderr.strip() or result.stdout.strip()}; "
                               "install it with `apt-get install xvfb` (scripts/dev.sh does)")
        deadline = time.monotonic() + spec.start_timeout_s
        xvfb = None
        while time.monotonic() < deadline:
            xvfb = xvfb or find_process(sandbox, "Xvfb")
            if xvfb is not None and Path(f"/proc/{xvfb}/root/tmp/.X11-unix/X0").exists():
                break
            time.sleep(0.02)
        else:
            log = sandbox.run(f"cat {DESKTOP_TMP}/xvfb.log", timeout_s=5).stdout.strip()
            raise DesktopError(f"Xvfb did not come up within {spec.start_timeout_s}s: {log or 'no log'}")
        number = _claim_display(f"/proc/{xvfb}/root/tmp/.X11-unix/X0")
        display = cls(sandbox, spec, xvfb, None, number)
        if spec.window_manager:
            try:
                display.wm_pid = display._start_window_manager(deadline)
            except BaseException:
                display.close()
                raise
        logger.debug("display %s up: Xvfb pid %s, window manager pid %s", display.name, xvfb, display.wm_pid)
        return display

    def _start_window_manager(self, deadline: float) -> int:
        result = self.sandbox.run(f"(DISPLAY=:0 HOME={DESKTOP_TMP} XDG_CACHE_HOME={DESKTOP_TMP}/cache openbox --sm-disable >{DESKTOP_TMP}/openbox.log 2>&1 &)", timeout_s=10)
        while time.monotonic() < deadline:
            pid = find_process(self.sandbox, "openbox")
            if pid is not None:
                return pid
            time.sleep(0.02)
        raise DesktopError(f"openbox did not start: {result.stderr.strip() or 'no output'}; "
                           "install it with `apt-get install openbox` (scripts/dev.sh does)")

    def alive(self) -> bool:
        return _alive(self.xvfb_pid)

    def close(self) -> None:
        """End the window manager and Xvfb by pid and remove the host symlink; safe to call twice."""
        if self._closed:
            return
        self._closed = True
        try:
            for pid in (self.wm_pid, self.xvfb_pid):
                if pid is not None:
                    kill_pid(pid)
        finally:
            self.link.unlink(missing_ok=True)
