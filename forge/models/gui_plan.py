"""A GUI reference plan: semantic steps a replay resolves on the live screen, never pixel guesses.

A workflow writes one beside its terminal solution (`ReferenceSolution.gui_plan`). Each step is
either an action the agent would take (a key chord, typed text, a Name Box jump, a menu by its
accelerators) or a wait the replay performs before the next action (a window title, a settled
screen, a saved file's new mtime). Actions become `computer_use` calls when replayed; waits are
what made keyboard plans pass 10/10 instead of 0/5 (a Calc sort without them used the wrong column).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

AppName = Literal["calc", "writer", "impress", "browser", "editor", "terminal"]


class _Step(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    thought: str = Field(default="", description="Why this step; becomes the step's `<think>` body.")
    action: str = Field(default="", description="The one-line `Action:` summary.")


class KeyStep(_Step):
    """Press one chord, e.g. `["ctrl", "shift", "s"]`."""

    kind: Literal["key"] = "key"
    keys: list[str] = Field(min_length=1)


class TypeStep(_Step):
    """Type text as keystrokes; a trailing newline presses Enter."""

    kind: Literal["type"] = "type"
    text: str = Field(min_length=1)


class NameBoxStep(_Step):
    """Calc: jump to (select) a cell or range through the Name Box (Ctrl+Shift+T, Ctrl+A, type, Enter)."""

    kind: Literal["name_box"] = "name_box"
    target: str = Field(min_length=1, pattern=r"^[A-Za-z0-9:$.]+$")


class MenuStep(_Step):
    """A menu command by its accelerators, e.g. `[["alt", "d"], ["s"]]` for Data > Sort."""

    kind: Literal["menu"] = "menu"
    path: list[list[str]] = Field(min_length=1)


class ClickStep(_Step):
    """Browser: left-click the first visible element matching a CSS `selector`, located on the live page's
    DOM at run time (its box and the window's place on the screen); recorded as a `left_click` at [0, 999]."""

    kind: Literal["click"] = "click"
    selector: str = Field(min_length=1)


class WaitWindowStep(_Step):
    """Wait until a window whose title matches `title` (a regular expression) is on screen and holds
    the focus: the keys and clicks that follow are meant for it."""

    kind: Literal["wait_window"] = "wait_window"
    title: str = Field(min_length=1)
    timeout_s: float = Field(default=60.0, gt=0)


class WaitFocusStep(_Step):
    """Browser: wait until the element matching `selector` has the keyboard focus (a click's focus
    reaches the page asynchronously; a Ctrl+A sent before it selects the whole page)."""

    kind: Literal["wait_focus"] = "wait_focus"
    selector: str = Field(min_length=1)
    timeout_s: float = Field(default=10.0, gt=0)


class WaitSettledStep(_Step):
    """Wait until two screenshots `interval_s` apart are identical (the app finished drawing)."""

    kind: Literal["wait_settled"] = "wait_settled"
    interval_s: float = Field(default=0.3, gt=0)
    timeout_s: float = Field(default=20.0, gt=0)


class WaitFileStep(_Step):
    """Wait until `path` (relative to the job dir) exists with an mtime newer than the episode's start."""

    kind: Literal["wait_file"] = "wait_file"
    path: str = Field(min_length=1)
    timeout_s: float = Field(default=30.0, gt=0)


GuiStep = Annotated[
    KeyStep | TypeStep | NameBoxStep | MenuStep | ClickStep | WaitWindowStep | WaitSettledStep | WaitFileStep
    | WaitFocusStep,
    Field(discriminator="kind"),
]
WAIT_KINDS = frozenset({"wait_window", "wait_settled", "wait_file", "wait_focus"})
Wait = WaitWindowStep | WaitSettledStep | WaitFileStep | WaitFocusStep


class AppLaunch(BaseModel):
    """An app the desktop opens before the first step, on a file of the task (relative path). The
    browser opens the local `site` (a name in `sites.SITES`) serving `file`, its state."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    app: AppName
    file: str = Field(min_length=1)
    site: str | None = Field(default=None, description="browser only: the local site serving `file`.")

    @model_validator(mode="after")
    def _site_only_for_the_browser(self) -> AppLaunch:
        if (self.app == "browser") != (self.site is not None):
            raise ValueError("a browser launch names its `site` (a name in sites.SITES); other apps take none")
        return self


class GuiPlan(BaseModel):
    """The GUI reference: what the desktop opens, then the steps. `before`/`after` name how many of
    the terminal reference's first and last steps a hybrid replay runs around the GUI steps."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    opens: list[AppLaunch] = Field(min_length=1)
    steps: list[GuiStep] = Field(min_length=1)
    hybrid_terminal_before: int = Field(default=1, ge=0)
    hybrid_terminal_after: int = Field(default=1, ge=0)
