"""Agent tools: each turns a tool call into an observation from the task's environment.

A tool declares its arguments as a pydantic model, so the same declaration gives the model its
function schema (`openai_tools`) and refuses bad arguments as an observation the model can read.
GUI tools (`computer_use`) register here the same way, with `channel="gui"`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from forge.environment import TaskEnvironment
from forge.errors import HarnessError
from forge.models import Observation, ToolCall
from forge.registry import Registry

Channel = Literal["gui", "terminal"]


class Tool(BaseModel):
    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    name: str
    channel: Channel
    description: str
    arguments: type[BaseModel]
    execute: Callable[[TaskEnvironment, Any], Observation] = Field(description="Runs validated arguments.")

    def function_schema(self) -> dict[str, Any]:
        """The tool as an OpenAI function tool."""
        schema = self.arguments.model_json_schema()
        schema.pop("title", None)
        return {"type": "function", "function": {"name": self.name, "description": self.description, "parameters": schema}}


TOOLS: Registry[Tool] = Registry("tool")


class BashArguments(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    command: str = Field(description="A bash command line, run in the persistent shell.")
    timeout_s: float | None = Field(default=None, gt=0, description="Seconds before the command is killed.")


def _bash(env: TaskEnvironment, args: BashArguments) -> Observation:
    from forge.harness.computer_use import GUARD_MARK, guard_command  # a desktop episode keeps its display

    command, timeout_s = guard_command(env, args.command, args.timeout_s)
    result = env.run(command, timeout_s=timeout_s)
    guarded = GUARD_MARK in result.stderr
    stderr = result.stderr.replace(GUARD_MARK + "\n", "") if guarded else result.stderr
    text = result.stdout
    if stderr:
        text += ("\n" if text and not text.endswith("\n") else "") + f"[stderr]\n{stderr}"
    if guarded:
        text += "\n[timed out; the command's processes were killed, the desktop is still there]"
    elif result.timed_out:
        text += "\n[timed out; the shell was restarted]"
    return Observation(text=text, exit_code=result.exit_code, timed_out=result.timed_out or guarded,
                       truncated=result.truncated)


TOOLS.add("bash", Tool(
    name="bash", channel="terminal", arguments=BashArguments, execute=_bash,
    description="Run a command in a persistent bash shell inside the task's sandbox (working directory /job, "
                "no network). Returns stdout, stderr and the exit code, truncated to a bound.",
))


def openai_tools(names: list[str]) -> list[dict[str, Any]]:
    """The harness's tools, in its order, as OpenAI function tools."""
    return [TOOLS.get(name).function_schema() for name in names]


def check_call(call: ToolCall, allowed: list[str]) -> str | None:
    """Why this call cannot run (unknown tool, bad arguments), or None when it can."""
    if call.name not in allowed:
        return f"unknown tool {call.name!r}; this harness has: {', '.join(allowed)}"
    try:
        TOOLS.get(call.name).arguments.model_validate(call.arguments)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or '(arguments)'}: {e['msg']}" for e in exc.errors())
        return f"invalid arguments for {call.name}: {problems}"
    return None


def execute_tool(env: TaskEnvironment, call: ToolCall, allowed: list[str]) -> tuple[Tool, Observation]:
    if call.name not in allowed:
        raise HarnessError(f"tool {call.name!r} is not in this harness; allowed: {', '.join(allowed)}")
    tool = TOOLS.get(call.name)
    try:
        args = tool.arguments.model_validate(call.arguments)
    except ValidationError as exc:
        return tool, Observation(text=f"invalid {tool.name} arguments: {exc}", exit_code=2)
    return tool, tool.execute(env, args)
