"""Teachers decide the next action. With no model configured, the reference solution is replayed.

The replay teacher walks the task's reference steps through the same harness and tools a model
would use, so the episode is real (real sandbox, real outputs), and it says so in `TeacherInfo`.
The model teacher (`forge.harness.model_teacher`) asks an OpenAI-compatible endpoint instead.
"""

from __future__ import annotations

from typing import Protocol

from pydantic import BaseModel, ConfigDict, Field

from forge.llm import CallContext
from forge.models import HarnessConfig, Step, TaskBundle, TeacherInfo, ToolCall, Usage
from forge.models.episode import ThoughtSource


class TeacherTurn(BaseModel):
    """One teacher turn: a tool call to run, a malformed call to report back, or the closing turn."""

    model_config = ConfigDict(frozen=True)

    thought: str = ""
    action: str = ""
    tool_call: ToolCall | None = Field(default=None, description="None: the teacher finished (`content` is its answer).")
    content: str = Field(default="", description="The assistant's text, kept for the closing turn.")
    malformed: str | None = Field(default=None, description="Why the call cannot run; it becomes an error observation.")
    note: str | None = Field(default=None, description="Appended to the observation (e.g. extra calls dropped).")
    thought_source: ThoughtSource | None = None
    usage: Usage = Usage()

    @property
    def final(self) -> bool:
        return self.tool_call is None


class Teacher(Protocol):
    info: TeacherInfo

    def next_turn(self, task: TaskBundle, history: list[Step], harness: HarnessConfig,
                  context: CallContext) -> TeacherTurn | None:
        """The next turn; a turn without a tool call (or None) means the teacher is done."""
        ...

    def cannot_drive(self, task: TaskBundle, harness: HarnessConfig) -> str | None:
        """Why this teacher cannot run `task` under `harness` at all (checked before any episode
        starts), or None."""
        ...


class ReplayTeacher:
    """Replays `task.reference` one step per turn; no model, no tokens."""

    info = TeacherInfo(kind="reference-replay", model=None)

    def cannot_drive(self, task: TaskBundle, harness: HarnessConfig) -> str | None:
        if "computer_use" in harness.tools and task.reference.gui_plan is None:
            return (f"workflow {task.workflow} has no GUI plan (terminal-only so far), so the reference "
                    f"replay cannot drive the {harness.name} harness; configure a teacher model "
                    "(docs/models.md) or choose the terminal harness")
        return None

    def next_turn(self, task: TaskBundle, history: list[Step], harness: HarnessConfig | None = None,
                  context: CallContext | None = None) -> TeacherTurn | None:
        if harness is not None and "computer_use" in harness.tools:  # GUI or hybrid: the task's GUI plan
            from forge.harness.gui_replay import gui_replay_turn

            return gui_replay_turn(task, history, harness)
        steps = task.reference.steps
        if len(history) >= len(steps):
            return None
        ref = steps[len(history)]
        return TeacherTurn(thought=ref.thought, action=ref.action, thought_source="reference",
                           tool_call=ToolCall(name=ref.tool, arguments=ref.arguments))
