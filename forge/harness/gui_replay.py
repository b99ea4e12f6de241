"""The replay teacher's GUI route: a task's GUI plan (or, in a hybrid harness, terminal steps around
it) replayed through `computer_use`, paced by waits performed on the live desktop."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from forge.desktop import DesktopError
from forge.desktop.plan import PlanMove, expand, perform_waits
from forge.errors import HarnessError
from forge.harness.computer_use import ACTIVE_DESKTOP
from forge.harness.teacher import TeacherTurn
from forge.models import HarnessConfig, Step, TaskBundle, ToolCall


class _Turn(BaseModel):
    model_config = ConfigDict(frozen=True)

    waits: list = Field(default_factory=list)
    call: ToolCall
    selector: str | None = None  # a browser click: the coordinate comes from the live page
    thought: str = ""
    action: str = ""


class _Route(BaseModel):
    model_config = ConfigDict(frozen=True)

    turns: list[_Turn]
    final_waits: list = Field(default_factory=list)


_ROUTES: dict[tuple[str, bool], _Route] = {}


def _route(task: TaskBundle, hybrid: bool) -> _Route:
    key = (task.id, hybrid)
    if key not in _ROUTES:
        if len(_ROUTES) >= 64:
            _ROUTES.clear()
        _ROUTES[key] = _build_route(task, hybrid)
    return _ROUTES[key]


def _build_route(task: TaskBundle, hybrid: bool) -> _Route:
    plan = task.reference.gui_plan
    if plan is None:
        raise HarnessError(f"workflow {task.workflow} has no GUI plan (terminal-only so far); "
                           "use the `terminal` harness for its tasks")
    terminal = task.reference.steps
    before = terminal[:plan.hybrid_terminal_before] if hybrid else []
    after = terminal[len(terminal) - plan.hybrid_terminal_after:] if hybrid and plan.hybrid_terminal_after else []
    turns = [_Turn(call=ToolCall(name=s.tool, arguments=s.arguments), thought=s.thought, action=s.action)
             for s in before]
    pending: list = []
    for move in expand(plan):
        if move.call is None:
            pending += move.waits
            continue
        turns.append(_gui_turn(move, pending))
        pending = []
    for s in after:
        turns.append(_Turn(waits=pending, call=ToolCall(name=s.tool, arguments=s.arguments), thought=s.thought,
                           action=s.action))
        pending = []
    return _Route(turns=turns, final_waits=pending)


def _gui_turn(move: PlanMove, earlier: list) -> _Turn:
    arguments = move.call.model_dump(mode="json", exclude_none=True)  # type: ignore[union-attr]
    return _Turn(waits=[*earlier, *move.waits], call=ToolCall(name="computer_use", arguments=arguments),
                 selector=move.selector, thought=move.thought, action=move.action)


def gui_replay_turn(task: TaskBundle, history: list[Step], harness: HarnessConfig) -> TeacherTurn | None:
    """The next turn of the GUI (or hybrid) replay; None once the plan is done and its last waits hold."""
    route = _route(task, "bash" in harness.tools)
    desktop = ACTIVE_DESKTOP.get()
    if desktop is None:
        raise HarnessError(f"harness {harness.name} replays a GUI plan but the episode has no desktop")
    index = len(history)
    waits = route.turns[index].waits if index < len(route.turns) else route.final_waits
    turn = route.turns[index] if index < len(route.turns) else None
    call = turn.call if turn is not None else None
    try:
        perform_waits(desktop, waits)  # type: ignore[arg-type]
        if turn is not None and turn.selector is not None:  # resolved now, on the page as it is
            coordinate = desktop.locate(turn.selector)  # type: ignore[attr-defined]
            call = ToolCall(name=turn.call.name, arguments={**turn.call.arguments, "coordinate": coordinate})
    except DesktopError as exc:
        raise HarnessError(f"GUI plan of {task.workflow}, before step {index + 1}: {exc}") from exc
    if turn is None:
        return None
    return TeacherTurn(thought=turn.thought, action=turn.action, thought_source="reference", tool_call=call)
