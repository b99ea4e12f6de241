"""The desktop for real: Xvfb + openbox inside a sandbox, each computer_use action seen by a real X
client (xev) or the pointer, malformed calls as error observations, and a clean teardown over 50
episodes (no process, display link or lock file left)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from forge.desktop import ACTIONS, ComputerUseArguments, Desktop, png_size, to_pixels
from forge.desktop.display import DesktopError, sandbox_pids
from forge.sandbox import SandboxLimits, open_sandbox
from tests.conftest import require

pytestmark = [pytest.mark.gui, require(all(shutil.which(t) for t in ("Xvfb", "openbox", "xdotool", "xev")),
                                       "the desktop needs Xvfb, openbox, xdotool and xev (x11-utils)")]


@pytest.fixture()
def desktop(tmp_path: Path) -> Iterator[Desktop]:
    with open_sandbox(tmp_path, SandboxLimits()) as box, Desktop.open(box, tmp_path) as d:
        yield d


def _proc(pid: int | str, name: str) -> str:
    """/proc/PID/NAME, or "" once the process is gone (it may end between listing and reading)."""
    try:
        return Path(f"/proc/{pid}/{name}").read_bytes().decode("utf-8", "replace")
    except (FileNotFoundError, ProcessLookupError):
        return ""


def _pointer(d: Desktop) -> tuple[int, int]:
    out = subprocess.run(["xdotool", "getmouselocation", "--shell"], env={"DISPLAY": d.display.name},
                         capture_output=True, text=True, check=True).stdout
    values = dict(line.split("=") for line in out.split())
    return int(values["X"]), int(values["Y"])


def _xev(d: Desktop) -> None:
    """A full-screen xev window logging every event it gets to /tmp/xev.log in the sandbox; started
    again (by its pid) if it does not report pointer motion within a few seconds (a slow first map)."""
    for attempt in range(4):
        d.sandbox.run("(DISPLAY=:0 stdbuf -oL xev -geometry 1920x1080+0+0 >>/tmp/xev.log 2>&1 & echo $! >/tmp/xev.pid)")
        for i in range(30):
            d.act(ComputerUseArguments(action="mouse_move", coordinate=[300 + i, 300 + attempt]))
            if "MotionNotify" in d.sandbox.run("cat /tmp/xev.log").stdout:
                return
            time.sleep(0.1)
        d.sandbox.run("kill $(cat /tmp/xev.pid); : > /tmp/xev.log")
    raise AssertionError("xev never saw the pointer move")


def _events(d: Desktop) -> list[tuple[str, str]]:
    """(event kind, detail) from xev's log: 'button N' for buttons, the keysym name for keys."""
    time.sleep(0.3)
    log = d.sandbox.run("cat /tmp/xev.log").stdout
    found = []
    for block in log.split("\n\n"):
        kind = block.split(" event", 1)[0].strip()
        if kind in ("ButtonPress", "ButtonRelease"):
            found.append((kind, re.search(r"button (\d+)", block).group(0)))
        elif kind in ("KeyPress", "KeyRelease"):
            found.append((kind, re.search(r"keysym 0x\w+, (\w+)", block).group(1)))
    return found


def test_the_schema_has_exactly_the_eleven_actions() -> None:
    assert set(ACTIONS) == {"key", "type", "mouse_move", "left_click", "left_click_drag", "right_click",
                            "middle_click", "double_click", "scroll", "wait", "terminate"}
    assert to_pixels([0, 0], (1920, 1080)) == (0, 0)
    assert to_pixels([999, 999], (1920, 1080)) == (1919, 1079)


def test_mouse_move_and_clicks_move_the_real_pointer(desktop: Desktop) -> None:
    obs = desktop.act(ComputerUseArguments(action="mouse_move", coordinate=[500, 250]))
    assert obs.exit_code == 0 and _pointer(desktop) == to_pixels([500, 250], desktop.size)
    assert png_size(obs.screenshot_png) == desktop.size == (1920, 1080)
    desktop.act(ComputerUseArguments(action="left_click", coordinate=[10, 990]))
    assert _pointer(desktop) == to_pixels([10, 990], desktop.size)
    again = desktop.act(ComputerUseArguments(action="left_click", coordinate=[10, 990]))  # where it already is
    assert again.exit_code == 0, again.text


def test_each_input_action_reaches_an_x_client(desktop: Desktop) -> None:
    _xev(desktop)
    calls = {
        "left_click": ({"coordinate": [400, 400]}, [("ButtonPress", "button 1"), ("ButtonRelease", "button 1")]),
        "right_click": ({"coordinate": [410, 400]}, [("ButtonPress", "button 3"), ("ButtonRelease", "button 3")]),
        "middle_click": ({}, [("ButtonPress", "button 2"), ("ButtonRelease", "button 2")]),
        "double_click": ({"coordinate": [420, 400]}, [("ButtonPress", "button 1"), ("ButtonRelease", "button 1")] * 2),
        "scroll": ({"pixels": -200}, [("ButtonPress", "button 5"), ("ButtonRelease", "button 5")] * 2),
        "left_click_drag": ({"coordinate": [600, 600]}, [("ButtonPress", "button 1"), ("ButtonRelease", "button 1")]),
        "type": ({"text": "hi"}, [("KeyPress", "h"), ("KeyRelease", "h"), ("KeyPress", "i"), ("KeyRelease", "i")]),
        "key": ({"keys": ["ctrl", "s"]}, [("KeyPress", "Control_L"), ("KeyPress", "s"), ("KeyRelease", "s"),
                                          ("KeyRelease", "Control_L")]),  # XTest: released in reverse order
        "key_shifted": ({"keys": ["ctrl", "S"]}, None),  # a shifted keysym: through xdotool, which adds Shift
    }
    for action, (fields, expected) in calls.items():
        desktop.sandbox.run(": > /tmp/xev.log")
        obs = desktop.act(ComputerUseArguments(action=action.split("_shifted")[0], **fields))
        assert obs.exit_code == 0, obs.text
        if expected is None:
            events = _events(desktop)
            assert ("KeyPress", "S") in events and ("KeyPress", "Control_L") in events, events
            continue
        assert _events(desktop) == expected, action
    assert _pointer(desktop) == to_pixels([600, 600], desktop.size)  # the drag ended where it was told


def test_wait_and_terminate_touch_no_device(desktop: Desktop) -> None:
    before = _pointer(desktop)
    started = time.monotonic()
    assert desktop.act(ComputerUseArguments(action="wait", time=0.3)).text == "waited 0.3s"
    assert time.monotonic() - started >= 0.3
    assert desktop.act(ComputerUseArguments(action="terminate", status="success")).text == "terminated: success"
    assert _pointer(desktop) == before


@pytest.mark.parametrize("arguments", [
    {"action": "left_click", "coordinate": [1000, 5]},
    {"action": "left_click", "coordinate": [-1, 5]},
    {"action": "left_click", "coordinate": [5]},
    {"action": "type"},
    {"action": "key", "keys": []},
    {"action": "wait", "time": -1},
    {"action": "fly"},
    {"action": "type", "text": "x", "coordinate": [1, 1]},
    {"action": "scroll", "pixels": 0},
    {"action": "terminate", "status": "maybe"},
    {"coordinate": [1, 1]},
])
def test_malformed_arguments_are_error_observations(desktop: Desktop, arguments: dict) -> None:
    before = _pointer(desktop)
    obs = desktop.act_raw(arguments)
    assert obs.exit_code == 2 and obs.text.startswith("error: invalid computer_use arguments")
    assert _pointer(desktop) == before


def test_an_unknown_key_name_is_an_error_observation(desktop: Desktop) -> None:
    obs = desktop.act(ComputerUseArguments(action="key", keys=["NoSuchKeyAnywhere"]))
    assert obs.exit_code == 1 and "error" in obs.text and obs.screenshot_png is not None


def test_fifty_episodes_leave_nothing_behind(tmp_path: Path) -> None:
    made: list[tuple[Path, str]] = []  # (link, its target): other episodes on this host may use the dir meanwhile
    for i in range(50):
        job = tmp_path / f"job{i}"
        job.mkdir()
        with open_sandbox(job, SandboxLimits()) as box:
            d = Desktop.open(box, job)
            pids = [d.display.xvfb_pid, d.display.wm_pid]
            made.append((d.display.link, os.readlink(d.display.link)))
            assert d.act(ComputerUseArguments(action="left_click", coordinate=[i * 19, i * 19])).exit_code == 0
            d.close()
            assert not d.display.link.exists() and not d.display.link.is_symlink()
            assert not [p for p in pids if _proc(p, "stat").split()[2:3] not in ([], ["Z"])]  # gone, or a zombie
            # a killed app stays listed as a zombie until its parent reaps it (later on a loaded
            # machine): only a live one is left behind
            left = [_proc(p, "comm").strip() for p in sandbox_pids(box)
                    if _proc(p, "stat").split()[2:3] not in ([], ["Z"])]
            assert not {"Xvfb", "openbox"} & set(left), left
        assert list(job.iterdir()) == []  # no cache, socket, profile or lock file in the task's files
    assert not [link for link, target in made if link.is_symlink() and os.readlink(link) == target]


def test_the_png_encoder_keeps_every_pixel_of_a_bgra_frame() -> None:
    import io
    import random

    from PIL import Image

    from forge.desktop.screen import encode_png

    rng = random.Random(7)
    width, height = 37, 23
    bgra = bytes(rng.randrange(256) for _ in range(width * height * 4))
    image = Image.open(io.BytesIO(encode_png(bgra, (width, height))))
    image.load()
    assert image.mode == "RGB" and image.size == (width, height)
    pixels = image.load()
    for y in range(height):
        for x in range(width):
            b, g, r, _ = bgra[(y * width + x) * 4:(y * width + x) * 4 + 4]
            assert pixels[x, y] == (r, g, b), (x, y)


def test_closing_a_desktop_with_every_kind_of_app_leaves_only_the_task_files(tmp_path: Path) -> None:
    import json

    from forge.harness.computer_use import web_app
    from forge.models.gui_plan import AppLaunch

    for tool in ("chromium", "mousepad", "xterm"):
        assert shutil.which(tool), f"{tool} is missing: bash scripts/dev.sh installs it"
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "team.json").write_text(json.dumps({"team": "T", "members": []}))
    (tmp_path / "notes.txt").write_text("a\n")
    before = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    opens = [AppLaunch(app="editor", file="notes.txt"), AppLaunch(app="terminal", file="notes.txt"),
             AppLaunch(app="browser", file="site/team.json", site="team_directory")]
    with open_sandbox(tmp_path, SandboxLimits()) as box:
        d = Desktop.open(box, tmp_path, opens, web_apps={"team_directory": web_app("team_directory")})
        for title in ("notes.txt.*Mousepad", "^Terminal$", "Team directory"):
            d.wait_window(title, 60)
        apps = d.app_pids()
        names = {Path(f"/proc/{p}/comm").read_text().strip() for p in apps}
        assert {"mousepad", "xterm", "chromium"} <= names and len(apps) > 3
        d.close()
        left = [_proc(p, "cmdline").encode() for p in sandbox_pids(box)]
        assert not [c for c in left if any(n in c for n in (b"mousepad", b"xterm", b"--norc\0-i", b"chromium", b"site-", b"Xvfb"))], left
    assert sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*")) == before


def test_a_window_that_never_comes_is_reported_with_what_the_apps_logged(tmp_path: Path) -> None:
    from forge.desktop.display import DESKTOP_TMP, start_app

    with open_sandbox(tmp_path, SandboxLimits()) as box, Desktop.open(box, tmp_path) as d:
        start_app(box, "sh -c 'echo cannot open display :0 >&2; exit 1'", f"{DESKTOP_TMP}/shop-1.log")
        with pytest.raises(DesktopError, match="open windows: \\[\\]; the logs end: .*shop-1.log: cannot open display :0"):
            d.wait_window("^Catalogue - ", 2)


def test_a_plan_waits_for_its_window_on_screen_and_focused(tmp_path: Path) -> None:
    """Apps name their window before mapping it: a window found by name but not yet mapped (or not
    focused) would take the plan's first keys and lose them, so the wait holds only once it is both."""
    from forge.desktop.plan import perform_waits
    from forge.models.gui_plan import AppLaunch, WaitWindowStep

    (tmp_path / "notes.txt").write_text("a\n")
    with open_sandbox(tmp_path, SandboxLimits()) as box, \
            Desktop.open(box, tmp_path, [AppLaunch(app="terminal", file="notes.txt")]) as d:
        assert d.wait_window("^Terminal$", 60, active=True) == "Terminal"
        env = {"DISPLAY": d.display.name}
        wid = subprocess.run(["xdotool", "search", "--name", "^Terminal$"], env=env, capture_output=True, text=True,
                             check=True).stdout.split()[0]
        subprocess.run(["xdotool", "windowunmap", "--sync", wid], env=env, check=True)
        with pytest.raises(DesktopError, match="no window titled like '\\^Terminal\\$'"):
            d.wait_window("^Terminal$", 1)
        with pytest.raises(DesktopError, match="no active window titled like .* open windows: \\[\\]"):
            d.wait_window("^Terminal$", 1, active=True)
        with pytest.raises(DesktopError, match="no active window"):  # a plan's wait is the focused kind
            perform_waits(d, [WaitWindowStep(title="^Terminal$", timeout_s=1)])
        subprocess.run(["xdotool", "windowmap", "--sync", wid], env=env, check=True)
        subprocess.run(["xdotool", "windowactivate", "--sync", wid], env=env, check=True)
        assert d.wait_window("^Terminal$", 30, active=True) == "Terminal"
