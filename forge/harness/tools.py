"""Agent tools: each turns a tool call into an observation from the task's environment."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from forge.environment import TaskEnvironment
from forge.errors import HarnessError
from forge.models import Observation, ToolCall
from forge.registry import Registry

Channel = Literal["gui", "terminal"]


class Tool(BaseModel):
    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    name: str
    channel: Channel
    execute: Callable[[TaskEnvironment, ToolCall], Observation]


TOOLS: Registry[Tool] = Registry("tool")


class BashArguments(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    command: str
    timeout_s: float | None = None


def _bash(env: TaskEnvironment, call: ToolCall) -> Observation:
    try:
        args = BashArguments.model_validate(call.arguments)
    except ValidationError as exc:
        return Observation(text=f"invalid bash arguments: {exc}", exit_code=2)
    result = env.run(args.command, timeout_s=args.timeout_s)
    text = result.stdout
    if result.stderr:
        text += ("\n" if text and not text.endswith("\n") else "") + f"[stderr]\n{result.stderr}"
    if result.timed_out:
        text += "\n[timed out; the shell was restarted]"
    return Observation(text=text, exit_code=result.exit_code, timed_out=result.timed_out, truncated=result.truncated)


TOOLS.add("bash", Tool(name="bash", channel="terminal", execute=_bash))


def execute_tool(env: TaskEnvironment, call: ToolCall, allowed: list[str]) -> tuple[Tool, Observation]:
    if call.name not in allowed:
        raise HarnessError(f"tool {call.name!r} is not in this harness; allowed: {', '.join(allowed)}")
    tool = TOOLS.get(call.name)
    return tool, tool.execute(env, call)
