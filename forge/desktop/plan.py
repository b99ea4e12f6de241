"""Turning a GUI plan's semantic steps into `computer_use` calls, and performing its waits live.

`expand` flattens a plan into `PlanMove`s: the waits to perform on the live desktop, then at most
one action (a `computer_use` call as a model would make it). Waits are the replay's own pacing
(like a model's thinking time): they take no turn and are not recorded as steps.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from forge.desktop.actions import ComputerUseArguments
from forge.desktop.desktop import Desktop
from forge.models.gui_plan import (
    ClickStep,
    GuiPlan,
    GuiStep,
    KeyStep,
    MenuStep,
    NameBoxStep,
    TypeStep,
    Wait,
    WaitFileStep,
    WaitFocusStep,
    WaitSettledStep,
    WaitWindowStep,
)

_MENU_PAUSE = WaitSettledStep(interval_s=0.25, timeout_s=5)


class PlanMove(BaseModel):
    """Waits to perform, then one `computer_use` call (None: only waits, at the plan's end)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    waits: list[Wait] = Field(default_factory=list)
    call: ComputerUseArguments | None = None
    selector: str | None = Field(default=None, description="A browser element whose centre, located at run "
                                 "time, becomes the call's coordinate.")
    thought: str = ""
    action: str = ""


def _actions(step: GuiStep) -> list[tuple[ComputerUseArguments, list[WaitSettledStep]]]:
    """A semantic action step as calls, each with the waits that must precede it (a click's
    coordinate is filled in at run time, from the selector)."""
    match step:
        case ClickStep():
            return [(ComputerUseArguments(action="left_click"), [])]
        case KeyStep():
            return [(ComputerUseArguments(action="key", keys=step.keys), [])]
        case TypeStep():
            return [(ComputerUseArguments(action="type", text=step.text), [])]
        case NameBoxStep():  # focus the Name Box, select what it shows, type the target, go
            return [(ComputerUseArguments(action="key", keys=["ctrl", "shift", "t"]), []),
                    (ComputerUseArguments(action="key", keys=["ctrl", "a"]), [_MENU_PAUSE]),
                    (ComputerUseArguments(action="type", text=step.target), []),
                    (ComputerUseArguments(action="key", keys=["enter"]), [])]
        case MenuStep():
            return [(ComputerUseArguments(action="key", keys=chord), [_MENU_PAUSE] if i else [])
                    for i, chord in enumerate(step.path)]
    raise TypeError(f"not an action step: {step!r}")


def expand(plan: GuiPlan) -> list[PlanMove]:
    moves: list[PlanMove] = []
    pending: list[Wait] = []
    for step in plan.steps:
        if isinstance(step, Wait):
            pending.append(step)
            continue
        for i, (call, waits) in enumerate(_actions(step)):
            first = i == 0
            moves.append(PlanMove(waits=[*pending, *waits] if first else waits, call=call,
                                  selector=step.selector if isinstance(step, ClickStep) else None,
                                  thought=step.thought if first else "",
                                  action=(step.action if first else "") or _describe(call)))
            pending = []
    if pending:
        moves.append(PlanMove(waits=pending))
    return moves


def _describe(call: ComputerUseArguments) -> str:
    if call.action == "key":
        return "Press " + "+".join(call.keys or [])
    if call.action == "type":
        return f"Type {call.text!r}"
    return call.action


def perform_waits(desktop: Desktop, waits: list[Wait]) -> None:
    """Block until each wait holds (DesktopError when a window or file never comes)."""
    for wait in waits:
        match wait:
            case WaitWindowStep():
                desktop.wait_window(wait.title, wait.timeout_s, active=True)  # the next keys go to it
            case WaitSettledStep():
                desktop.wait_settled(wait.interval_s, wait.timeout_s)
            case WaitFileStep():
                desktop.wait_file(wait.path, wait.timeout_s)
            case WaitFocusStep():
                desktop.wait_focus(wait.selector, wait.timeout_s)
