"""The `computer_use` action: one typed argument model, executed for real on the display (XTest, or xdotool).

The schema follows the Qwen computer-use tool: `action` plus the fields that action needs
(`keys`, `text`, `coordinate`, `pixels`, `time`, `status`). Coordinates are integers in
[0, 999], normalised to the screen, so one trajectory trains for any resolution. A call with a
missing, extra or out-of-range field fails validation, which the harness turns into an error
observation (never a crash).
"""

from __future__ import annotations

import logging
import math
import subprocess
import time
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from forge.desktop.display import DesktopError

logger = logging.getLogger(__name__)

ActionName = Literal["key", "type", "mouse_move", "left_click", "left_click_drag", "right_click", "middle_click",
                     "double_click", "scroll", "wait", "terminate"]
ACTIONS: tuple[str, ...] = ActionName.__args__  # type: ignore[attr-defined]
COORDINATE_MAX = 999
SCROLL_PIXELS_PER_CLICK = 100
_XDOTOOL_TIMEOUT_S = 20.0

_NEEDS: dict[str, set[str]] = {
    "key": {"keys"}, "type": {"text"}, "mouse_move": {"coordinate"}, "left_click_drag": {"coordinate"},
    "scroll": {"pixels"}, "wait": {"time"}, "terminate": {"status"},
}
_ALLOWS: dict[str, set[str]] = {
    **{a: {"coordinate"} for a in ("left_click", "right_click", "middle_click", "double_click")},
    "scroll": {"pixels", "coordinate"},
}
_FIELDS = ("keys", "text", "coordinate", "pixels", "time", "status")

# Names a model is likely to write, mapped to X keysyms; anything else is passed as a keysym.
KEY_NAMES = {
    "ctrl": "ctrl", "control": "ctrl", "alt": "alt", "shift": "shift", "super": "super", "meta": "super",
    "cmd": "super", "win": "super", "enter": "Return", "return": "Return", "esc": "Escape", "escape": "Escape",
    "tab": "Tab", "space": "space", "backspace": "BackSpace", "delete": "Delete", "del": "Delete",
    "home": "Home", "end": "End", "pageup": "Prior", "page_up": "Prior", "pagedown": "Next", "page_down": "Next",
    "up": "Up", "down": "Down", "left": "Left", "right": "Right", "insert": "Insert",
    **{f"f{i}": f"F{i}" for i in range(1, 13)},
}


class ComputerUseArguments(BaseModel):
    """Arguments of one `computer_use` call."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    action: ActionName = Field(description=(
        "key: press a chord (`keys`); type: type `text`; mouse_move: move to `coordinate`; left_click, "
        "right_click, middle_click, double_click: click at `coordinate` (or where the pointer is); "
        "left_click_drag: press the left button where the pointer is and release at `coordinate`; "
        "scroll: wheel by `pixels` (positive up, negative down) at `coordinate` or the pointer; "
        "wait: wait `time` seconds; terminate: end the task with `status`."))
    keys: list[str] | None = Field(default=None, min_length=1, description="Keys pressed together, e.g. [\"ctrl\", \"s\"].")
    text: str | None = Field(default=None, min_length=1, description="Text to type.")
    coordinate: list[int] | None = Field(default=None, min_length=2, max_length=2, description=(
        "[x, y], each in [0, 999]: 0 is the left/top edge of the screen, 999 the right/bottom edge."))
    pixels: int | None = Field(default=None, description="Scroll amount; positive scrolls up, negative down.")
    time: float | None = Field(default=None, gt=0, le=60, description="Seconds to wait.")
    status: Literal["success", "failure"] | None = Field(default=None, description="How the task ended.")

    @model_validator(mode="after")
    def _fields_fit_action(self) -> ComputerUseArguments:
        given = {f for f in _FIELDS if getattr(self, f) is not None}
        missing = _NEEDS.get(self.action, set()) - given
        if missing:
            raise ValueError(f"action {self.action!r} needs {', '.join(sorted(missing))}")
        extra = given - _NEEDS.get(self.action, set()) - _ALLOWS.get(self.action, set())
        if extra:
            raise ValueError(f"action {self.action!r} takes no {', '.join(sorted(extra))}")
        if self.coordinate is not None and not all(0 <= v <= COORDINATE_MAX for v in self.coordinate):
            raise ValueError(f"coordinate {self.coordinate} is outside [0, {COORDINATE_MAX}]")
        if self.pixels == 0:
            raise ValueError("pixels must not be 0")
        return self


def to_pixels(coordinate: list[int], size: tuple[int, int]) -> tuple[int, int]:
    """A [0, 999] coordinate as a pixel on a `size` screen (0 and 999 are the edge pixels)."""
    return tuple(round(v * (extent - 1) / COORDINATE_MAX) for v, extent in zip(coordinate, size))  # type: ignore[return-value]


def to_normalised(pixel: tuple[int, int], size: tuple[int, int]) -> list[int]:
    """The inverse of `to_pixels` (rounded), for recording where a resolved target was."""
    return [round(p * COORDINATE_MAX / (extent - 1)) for p, extent in zip(pixel, size)]


def keysym_chord(keys: list[str]) -> str:
    return "+".join(KEY_NAMES.get(k.lower(), k) for k in keys)


def xdotool_argv(args: ComputerUseArguments, size: tuple[int, int]) -> list[str]:
    """The xdotool command for an action ([] for wait and terminate, which touch no input device)."""
    move = []
    if args.coordinate is not None:
        x, y = to_pixels(args.coordinate, size)
        move = ["mousemove", str(x), str(y)]
    match args.action:
        case "key":
            return ["key", "--clearmodifiers", keysym_chord(args.keys or [])]
        case "type":
            return ["type", "--delay", "8", "--", args.text or ""]
        case "mouse_move":
            return move
        case "left_click" | "right_click" | "middle_click":
            button = {"left_click": "1", "middle_click": "2", "right_click": "3"}[args.action]
            return [*move, "click", button]
        case "double_click":
            return [*move, "click", "--repeat", "2", "--delay", "60", "1"]
        case "left_click_drag":
            return ["mousedown", "1", *move, "mouseup", "1"]
        case "scroll":
            clicks = max(1, math.ceil(abs(args.pixels or 0) / SCROLL_PIXELS_PER_CLICK))
            return [*move, "click", "--repeat", str(clicks), "4" if (args.pixels or 0) > 0 else "5"]
    return []


# X keysym names of the modifiers xdotool calls ctrl, alt, shift, super
_MODIFIER_KEYSYMS = {"ctrl": "Control_L", "alt": "Alt_L", "shift": "Shift_L", "super": "Super_L"}
_BUTTONS = {"left_click": 1, "middle_click": 2, "right_click": 3}
_DOUBLE_CLICK_GAP_S = 0.06


class XInput:
    """Input events sent in-process through the XTest extension on one kept connection (python-xlib):
    ~0.1 ms an action where spawning xdotool costs ~5 ms. `type`, and a chord whose key needs a
    shift level or has no key code in the current map, still go through xdotool, which remaps
    keys and types any Unicode text."""

    def __init__(self, display_name: str) -> None:
        self.display_name = display_name
        try:
            from Xlib import XK, X, display
            from Xlib.ext import xtest
        except ImportError as exc:
            raise DesktopError("computer_use actions need python-xlib: install `mage-cua-forge[gui]`") from exc
        self._X, self._XK, self._xtest = X, XK, xtest
        try:
            self._display = display.Display(display_name)
        except Exception as exc:  # Xlib's DisplayError, ConnectionClosedError
            raise DesktopError(f"cannot connect to display {display_name} for input: {exc}") from exc

    def close(self) -> None:
        try:
            self._display.close()
        except Exception as exc:  # noqa: BLE001 - the server may already be gone; nothing to undo
            logger.debug("closing the input connection to %s: %s", self.display_name, exc)

    def _send(self, event: int, detail: int = 0, **where: int) -> None:
        self._xtest.fake_input(self._display, event, detail, **where)

    def move(self, x: int, y: int) -> None:
        self._send(self._X.MotionNotify, x=x, y=y)

    def click(self, button: int, times: int = 1, gap_s: float = 0.0) -> None:
        for i in range(times):
            if i and gap_s:
                self._display.sync()
                time.sleep(gap_s)
            self._send(self._X.ButtonPress, button)
            self._send(self._X.ButtonRelease, button)

    def button(self, button: int, down: bool) -> None:
        self._send(self._X.ButtonPress if down else self._X.ButtonRelease, button)

    def chord_keycodes(self, keys: list[str]) -> list[int] | None:
        """Key codes for the chord, or None when one needs xdotool (a shifted or unmapped keysym).
        An unknown key name raises DesktopError."""
        codes = []
        for key in keys:
            name = _MODIFIER_KEYSYMS.get(KEY_NAMES.get(key.lower(), key), KEY_NAMES.get(key.lower(), key))
            keysym = self._XK.string_to_keysym(name)
            if keysym == 0:
                raise DesktopError(f"key failed: (symbol) No such key name '{key}'")
            code = self._display.keysym_to_keycode(keysym)
            if code == 0 or self._display.keycode_to_keysym(code, 0) != keysym:
                return None
            codes.append(code)
        return codes

    def chord(self, codes: list[int]) -> None:
        for code in codes:
            self._send(self._X.KeyPress, code)
        for code in reversed(codes):
            self._send(self._X.KeyRelease, code)

    def sync(self) -> None:
        self._display.sync()


def perform(args: ComputerUseArguments, xinput: XInput, size: tuple[int, int]) -> str:
    """Do the action on the display; returns a one-line report. A refused key name etc. raises DesktopError."""
    if args.action == "wait":
        time.sleep(args.time or 0)
        return f"waited {args.time}s"
    if args.action == "terminate":
        return f"terminated: {args.status}"
    try:
        done = _perform_xtest(args, xinput, size)
    except DesktopError:
        raise
    except Exception as exc:  # the X connection broke (the server went away)
        raise DesktopError(f"{args.action} failed: {exc}") from exc
    if not done:
        _run_xdotool(args, xinput.display_name, size)
    where = f" at {args.coordinate} = pixel {to_pixels(args.coordinate, size)}" if args.coordinate else ""
    return f"{args.action}{where}: done"


def _perform_xtest(args: ComputerUseArguments, xinput: XInput, size: tuple[int, int]) -> bool:
    """The action through XTest; False when it must go through xdotool instead."""
    if args.action == "type":
        return False
    if args.action == "key":
        codes = xinput.chord_keycodes(args.keys or [])
        if codes is None:
            return False
        xinput.chord(codes)
        xinput.sync()
        return True
    if args.action == "left_click_drag":
        xinput.button(1, down=True)
    if args.coordinate is not None:
        xinput.move(*to_pixels(args.coordinate, size))
    match args.action:
        case "left_click" | "right_click" | "middle_click":
            xinput.click(_BUTTONS[args.action])
        case "double_click":
            xinput.click(1, times=2, gap_s=_DOUBLE_CLICK_GAP_S)
        case "left_click_drag":
            xinput.button(1, down=False)
        case "scroll":
            clicks = max(1, math.ceil(abs(args.pixels or 0) / SCROLL_PIXELS_PER_CLICK))
            xinput.click(4 if (args.pixels or 0) > 0 else 5, times=clicks)
    xinput.sync()
    return True


def _run_xdotool(args: ComputerUseArguments, display_name: str, size: tuple[int, int]) -> None:
    argv = xdotool_argv(args, size)
    try:
        done = subprocess.run(["xdotool", *argv], env={"DISPLAY": display_name}, capture_output=True, text=True, check=False,
                              timeout=_XDOTOOL_TIMEOUT_S)
    except FileNotFoundError as exc:
        raise DesktopError("xdotool is missing; install it with `apt-get install xdotool` (scripts/dev.sh does)") from exc
    except subprocess.TimeoutExpired as exc:
        raise DesktopError(f"xdotool {args.action} did not finish in {_XDOTOOL_TIMEOUT_S}s") from exc
    problem = done.stderr.strip()
    if done.returncode != 0 or "No such key name" in problem or "Invalid" in problem:
        raise DesktopError(f"{args.action} failed: {problem or f'xdotool exit {done.returncode}'}")
