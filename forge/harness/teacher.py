"""Teachers decide the next action. With no model configured, the reference solution is replayed.

The replay teacher walks the task's reference steps through the same harness and tools a model
would use, so the episode is real (real sandbox, real outputs), and it says so in `TeacherInfo`.
"""

from __future__ import annotations

from typing import Protocol

from pydantic import BaseModel, ConfigDict

from forge.models import Step, TaskBundle, TeacherInfo, ToolCall, Usage


class TeacherTurn(BaseModel):
    model_config = ConfigDict(frozen=True)

    thought: str
    action: str
    tool_call: ToolCall
    usage: Usage = Usage()


class Teacher(Protocol):
    info: TeacherInfo

    def next_turn(self, task: TaskBundle, history: list[Step]) -> TeacherTurn | None:
        """The next turn, or None when the teacher considers the task done."""
        ...


class ReplayTeacher:
    """Replays `task.reference` one step per turn; no model, no tokens."""

    info = TeacherInfo(kind="reference-replay", model=None)

    def next_turn(self, task: TaskBundle, history: list[Step]) -> TeacherTurn | None:
        steps = task.reference.steps
        if len(history) >= len(steps):
            return None
        ref = steps[len(history)]
        return TeacherTurn(thought=ref.thought, action=ref.action, tool_call=ToolCall(name=ref.tool, arguments=ref.arguments))
