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

import itertools
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
        state = _state(pid)
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")


_HOLD = "forge-hold"
_holds = itertools.count()


def start_app(sandbox: Sandbox, argv: str, log: str, env: str = "", timeout_s: float = 10.0) -> int:
    """Start `argv` (a shell-quoted command line) in the background in the sandbox; returns its host pid.

    The process starts held (a shell that stops itself before it execs the app, tagged on its
    command line), so the host finds exactly it, not a same-named process the agent started,
    and then lets it go. Its CPU time is bounded as the episode's sandbox sets it: see
    `forge.harness.computer_use.desktop_limits` (per-process RLIMIT_CPU would end an app mid-task).
    """
    tag = f"{_HOLD}-{next(_holds)}"
    script = f"({env} sh -c 'kill -STOP $$; exec \"$@\"' {tag} {argv} >{log} 2>&1 &)"
    result = sandbox.run(script, timeout_s=timeout_s)
    if result.exit_code != 0:
        raise DesktopError(f"could not start {argv.split()[0]}: {result.stderr.strip() or result.stdout.strip()}")
    marker = f"\0{tag}\0".encode()
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        for pid in sandbox_pids(sandbox):
            try:
                if marker in Path(f"/proc/{pid}/cmdline").read_bytes() and _state(pid) == "T":
                    os.kill(pid, signal.SIGCONT)
                    return pid
            except OSError:
                continue
        time.sleep(0.01)
    raise DesktopError(f"{argv.split()[0]} did not start within {timeout_s}s")


def _state(pid: int) -> str:
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]


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
        sandbox.run(f"mkdir -p {DESKTOP_TMP}", timeout_s=10)
        try:
            xvfb = start_app(sandbox, f"Xvfb :0 -screen 0 {spec.width}x{spec.height}x24 -nolisten tcp -noreset",
                             f"{DESKTOP_TMP}/xvfb.log", env=f"HOME={DESKTOP_TMP}")
        except DesktopError as exc:
            raise DesktopError(f"{exc}; is Xvfb installed? (`apt-get install xvfb`, scripts/dev.sh does)") from exc
        deadline = time.monotonic() + spec.start_timeout_s
        while not Path(f"/proc/{xvfb}/root/tmp/.X11-unix/X0").exists():
            if not _alive(xvfb) or time.monotonic() > deadline:
                kill_pid(xvfb)
                log = sandbox.run(f"cat {DESKTOP_TMP}/xvfb.log", timeout_s=5).stdout.strip()
                raise DesktopError(f"Xvfb did not come up within {spec.start_timeout_s}s: {log or 'no log'}; "
                                   "install it with `apt-get install xvfb` (scripts/dev.sh does)")
            time.sleep(0.02)
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
        try:
            return start_app(self.sandbox, "openbox --sm-disable", f"{DESKTOP_TMP}/openbox.log",
                             env=f"DISPLAY=:0 HOME={DESKTOP_TMP} XDG_CACHE_HOME={DESKTOP_TMP}/cache",
                             timeout_s=max(1.0, deadline - time.monotonic()))
        except DesktopError as exc:
            raise DesktopError(f"{exc}; install openbox with `apt-get install openbox` (scripts/dev.sh does)") from exc

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
