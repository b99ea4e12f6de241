"""The `computer_use` action: one typed argument model, executed for real with xdotool on the display.

The schema follows the Qwen computer-use tool: `action` plus the fields that action needs
(`keys`, `text`, `coordinate`, `pixels`, `time`, `status`). Coordinates are integers in
[0, 999], normalised to the screen, so one trajectory trains for any resolution. A call with a
missing, extra or out-of-range field fails validation, which the harness turns into an error
observation (never a crash).
"""

from __future__ import annotations

import math
import subprocess
import time
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from forge.desktop.display import DesktopError

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


def perform(args: ComputerUseArguments, display_name: str, size: tuple[int, int]) -> str:
    """Do the action on the display; returns a one-line report. A refused key name etc. raises DesktopError."""
    if args.action == "wait":
        time.sleep(args.time or 0)
        return f"waited {args.time}s"
    if args.action == "terminate":
        return f"terminated: {args.status}"
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
    where = f" at {args.coordinate} = pixel {to_pixels(args.coordinate, size)}" if args.coordinate else ""
    return f"{args.action}{where}: done"
