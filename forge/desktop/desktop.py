"""One episode's desktop: the display, the apps on the task's files, screenshots, actions, waits, teardown."""

from __future__ import annotations

import logging
import re
import subprocess
import time
from pathlib import Path
from types import TracebackType
from typing import Self

from pydantic import ValidationError

from forge.desktop.actions import ComputerUseArguments, XInput, perform, to_normalised
from forge.desktop.apps import LAUNCHERS, WINDOW_TITLES, LaunchContext, remove_lock_files
from forge.desktop.browser import WebApp, accessibility_tree, dom_center, wait_focus
from forge.desktop.display import (
    DESKTOP_TMP,
    DesktopError,
    Display,
    DisplaySpec,
    _alive,
    kill_pid,
    sandbox_pids,
)
from forge.desktop.screen import Screen
from forge.errors import ForgeError
from forge.models import Observation
from forge.models.gui_plan import AppLaunch
from forge.paths import resolve_inside
from forge.sandbox import Sandbox

logger = logging.getLogger(__name__)

APP_PROCESSES = ("soffice.bin", "oosplash", "soffice", "chromium", "chrome_crashpad", "mousepad", "xterm")
"""Command names of the app processes a desktop starts, ended by pid at close."""
TREE_CHARS = 6000
"""At most this much of the accessibility tree goes into an observation."""
_SITE_PROGRAM = f"{DESKTOP_TMP}/site-"
"""A site server is a python3 process: known by its program's path on its command line."""


class Desktop:
    """Display + apps in `sandbox`, whose job dir is `job_dir` on the host. Use `Desktop.open`.

    The apps see the task's files at /job, the same files the shell sees, so a hybrid episode
    can write a file in the terminal and open it in the app; what an app saves is what checks read.
    """

    def __init__(self, sandbox: Sandbox, job_dir: Path, display: Display, web_apps: dict[str, WebApp] | None = None) -> None:
        self.sandbox = sandbox
        self.web_apps = dict(web_apps or {})
        self.job_dir = job_dir
        self.display = display
        self.screen = Screen(display.name)
        try:
            self.input = XInput(display.name)
        except BaseException:
            self.screen.close()
            raise
        self.started_at = time.time()
        self.observe_tree = False
        """Add the accessibility tree to each action's observation (`EnvironmentSpec.accessibility_tree`)."""
        self.profiles: list[str] = []
        self._closed = False

    @classmethod
    def open(cls, sandbox: Sandbox, job_dir: Path, opens: list[AppLaunch] = (), *,  # type: ignore[assignment]
             spec: DisplaySpec | None = None, output_dirs: list[str] = (),  # type: ignore[assignment]
             web_apps: dict[str, WebApp] | None = None) -> Desktop:
        """Start the display, make the folders outputs go to (an app's Save As cannot), open the apps
        (a browser launch serves its site from `web_apps`, by name)."""
        display = Display.start(sandbox, spec)
        try:
            desktop = cls(sandbox, job_dir, display, web_apps)
        except BaseException:
            display.close()
            raise
        try:
            for folder in output_dirs:
                resolve_inside(job_dir, folder)  # refuses an escape before the sandbox sees it
                sandbox.run(f"mkdir -p /job/{folder}", timeout_s=10)
            for launch in opens:
                desktop.launch(launch)
        except BaseException:
            desktop.close()
            raise
        return desktop

    @property
    def size(self) -> tuple[int, int]:
        return self.display.size

    def launch(self, launch: AppLaunch) -> None:
        remove_lock_files(self.job_dir)
        context = LaunchContext(size=self.size, web_apps=self.web_apps)
        self.profiles.append(LAUNCHERS.get(launch.app)(self.sandbox, launch, len(self.profiles), context))

    def title_for(self, launch: AppLaunch) -> str:
        """The window-title regex of `launch` once its file is open."""
        return re.escape(Path(launch.file).name) + r".*" + re.escape(WINDOW_TITLES[launch.app])

    def wait_focus(self, selector: str, timeout_s: float) -> None:
        """Until the browser page element matching `selector` has the keyboard focus."""
        self._check_alive()
        wait_focus(self.sandbox, selector, self._site_url(selector), timeout_s)

    def _site_url(self, selector: str) -> str:
        if not self.web_apps:
            raise DesktopError(f"cannot find {selector!r}: this desktop has no browser on a site")
        return next(iter(self.web_apps.values())).url

    def locate(self, selector: str) -> list[int]:
        """The [0, 999] coordinate of a browser page element's centre, from the live DOM (see `dom_center`)."""
        self._check_alive()
        return to_normalised(dom_center(self.sandbox, selector, self._site_url(selector), self.size), self.size)

    # --- observation and action ---------------------------------------------------------------

    def screenshot(self) -> bytes:
        self._check_alive()
        return self.screen.png()

    def act(self, args: ComputerUseArguments) -> Observation:
        """Do one action and return the screen after it; a failing action is an error observation."""
        self._check_alive()
        try:
            report = perform(args, self.input, self.size)
        except DesktopError as exc:
            return Observation(text=f"error: {exc}", exit_code=1, screenshot_png=self.screenshot())
        screenshot = self.screenshot()
        if self.observe_tree and args.action != "terminate":
            try:
                tree = self.accessibility_tree()
                cut = "\n[tree cut]" if len(tree) > TREE_CHARS else ""
                report += f"\n[accessibility tree]\n{tree[:TREE_CHARS]}{cut}"
            except DesktopError as exc:
                report += f"\n[accessibility tree unavailable: {exc}]"
        return Observation(text=report, exit_code=0, screenshot_png=screenshot)

    def accessibility_tree(self) -> str:
        """The accessibility tree of the app in front: the browser page's ARIA snapshot. LibreOffice's X11
        interface (`gen`) exposes none; its gtk3 one needs a dbus session and AT-SPI (0.25-0.9 s a lookup)."""
        self._check_alive()
        if not self.web_apps:
            raise DesktopError("only the browser's accessibility tree can be read (LibreOffice runs with its X11 "
                               "interface, which exposes none)")
        return accessibility_tree(self.sandbox, next(iter(self.web_apps.values())).url)

    def act_raw(self, arguments: dict) -> Observation:
        """`act` on unvalidated arguments: malformed ones become an error observation."""
        try:
            args = ComputerUseArguments.model_validate(arguments)
        except ValidationError as exc:
            problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'arguments'}: {e['msg']}" for e in exc.errors())
            return Observation(text=f"error: invalid computer_use arguments: {problems}", exit_code=2)
        return self.act(args)

    # --- waits (used by plan replays) ---------------------------------------------------------

    def window_titles(self) -> list[str]:
        """Titles of the mapped, named windows on the display (a window that vanishes meanwhile is left out).

        Only mapped ones: an app names its window before mapping it, and typing at a window that is not
        on screen yet loses the keys."""
        return [t for t in map(self._window_name, self._mapped_windows()) if t]

    def active_title(self) -> str | None:
        """The title of the mapped window holding the focus (the window manager's active window), if any."""
        active = self._xdotool("getactivewindow")
        wid = active.stdout.strip() if active.returncode == 0 else ""
        return self._window_name(wid) if wid and wid in self._mapped_windows() else None

    def wait_window(self, title: str, timeout_s: float, *, active: bool = False) -> str:
        """The first mapped window title matching `title`, waiting for it up to `timeout_s`; with
        `active`, only once that window also holds the focus, so keys sent next reach it."""
        pattern = re.compile(title)
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            self._check_alive()
            titles = [self.active_title()] if active else self.window_titles()
            match = next((t for t in titles if t is not None and pattern.search(t)), None)
            if match is not None:
                return match
            time.sleep(0.1)
        focus = f"; the focus is on {self.active_title()!r}" if active else ""
        raise DesktopError(f"no {'active ' if active else ''}window titled like {title!r} within {timeout_s}s; "
                           f"open windows: {self.window_titles()}{focus}; {self._apps_logged()}")

    def _apps_logged(self) -> str:
        """The last lines each log in the desktop's tmp dir ends with (the display's, the window
        manager's, each app's): why a window never came, such as an app that exited at start, is there."""
        script = f'for log in {DESKTOP_TMP}/*.log; do tail -n 2 "$log" 2>/dev/null | sed "s|^|${{log##*/}}: |"; done'
        try:
            logged = self.sandbox.run(script, timeout_s=10).stdout
        except ForgeError as exc:  # the window's absence is the error to raise; the logs are only its why
            return f"the logs could not be read: {exc}"
        lines = " | ".join(line.strip() for line in logged.splitlines() if line.strip())
        return f"the logs end: {lines[-1000:]}" if lines else "nothing logged"

    def _mapped_windows(self) -> list[str]:
        return self._xdotool("search", "--onlyvisible", "--name", ".").stdout.split()

    def _window_name(self, wid: str) -> str | None:
        named = self._xdotool("getwindowname", wid)
        return named.stdout.strip() or None if named.returncode == 0 else None

    def _xdotool(self, *argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(["xdotool", *argv], env={"DISPLAY": self.display.name}, capture_output=True, text=True,
                              timeout=10, check=False)

    def wait_settled(self, interval_s: float, timeout_s: float) -> None:
        """Until two grabs `interval_s` apart are identical (or time is up: then carry on, logged)."""
        deadline = time.monotonic() + timeout_s
        last = self.screen.digest()
        while time.monotonic() < deadline:
            time.sleep(interval_s)
            now = self.screen.digest()
            if now == last:
                return
            last = now
        logger.info("screen still changing after %ss; going on", timeout_s)

    def wait_file(self, rel_path: str, timeout_s: float) -> None:
        """Until the file exists with an mtime after the desktop opened (a save finished)."""
        path = resolve_inside(self.job_dir, rel_path)
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            try:
                stat = path.stat()
                if stat.st_mtime >= self.started_at and stat.st_size > 0:
                    time.sleep(0.2)  # the writer may still be flushing; a stable size says it is done
                    if path.stat().st_size == stat.st_size:
                        return
            except FileNotFoundError:
                pass
            time.sleep(0.05)
        raise DesktopError(f"{rel_path} was not saved within {timeout_s}s")

    def _check_alive(self) -> None:
        if self._closed or not self.display.alive():
            raise DesktopError("the display is gone (the sandbox was restarted or the desktop closed)")

    # --- teardown -----------------------------------------------------------------------------

    def app_pids(self) -> list[int]:
        """The apps' processes and everything they started (a shell in the terminal window and its jobs)."""
        parents: dict[int, int] = {}
        apps = []
        for pid in sandbox_pids(self.sandbox):
            try:
                parents[pid] = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
                if (Path(f"/proc/{pid}/comm").read_text().strip() in APP_PROCESSES
                        or _SITE_PROGRAM.encode() in Path(f"/proc/{pid}/cmdline").read_bytes()):
                    apps.append(pid)
            except (OSError, IndexError, ValueError):
                continue
        found = set(apps)
        grew = True
        while grew:
            children = {pid for pid, parent in parents.items() if parent in found} - found
            found |= children
            grew = bool(children)
        return sorted(found)

    def close(self) -> None:
        """End every app, the window manager and Xvfb by pid; drop the X link and lock files."""
        if self._closed:
            return
        self._closed = True
        try:
            self.screen.close()
            self.input.close()
            for pid in self.app_pids():
                kill_pid(pid)
        finally:
            self.display.close()
            remove_lock_files(self.job_dir)
            left = [p for p in (self.display.xvfb_pid, self.display.wm_pid) if p is not None and _alive(p)]
            if left:
                logger.warning("desktop processes still alive after close: %s", left)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.close()
