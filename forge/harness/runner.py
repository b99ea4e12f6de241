"""The harness loop: teacher turn -> tool -> observation, recorded step by step."""

from __future__ import annotations

import hashlib
import time

from pydantic import BaseModel, ConfigDict

from forge.environment import TaskEnvironment
from forge.harness.system_prompt import harness_identity
from forge.harness.teacher import Teacher, TeacherTurn
from forge.harness.tools import TOOLS, execute_tool
from forge.llm import CallContext
from forge.models import FinalTurn, HarnessConfig, Observation, Step, TaskBundle, TeacherInfo
from forge.models.episode import EndReason


def episode_id(task_id: str, harness: HarnessConfig, teacher: TeacherInfo) -> str:
    """Stable per (task, harness version and content, teacher), so a rerun finds the episode it already
    has, and a prompt or tool-schema edit without a version bump still makes new episodes."""
    key = f"{task_id}|{harness.name}@{harness_identity(harness)}|{teacher.kind}:{teacher.model or ''}"
    return "e-" + hashlib.sha256(key.encode()).hexdigest()[:20]


class LoopResult(BaseModel):
    model_config = ConfigDict(frozen=True)

    steps: list[Step]
    end_reason: EndReason
    final_turn: FinalTurn | None = None
    message: str | None = None

    @property
    def finished(self) -> bool:
        return self.end_reason == "finished"


def run_loop(env: TaskEnvironment, task: TaskBundle, harness: HarnessConfig, teacher: Teacher,
             context: CallContext | None = None) -> LoopResult:
    """Drive the teacher until it finishes, hits the step budget, or repeats malformed calls."""
    context = context or CallContext()
    steps: list[Step] = []
    malformed_in_a_row = 0
    limit = harness.scaffold.max_malformed
    while True:
        started = time.perf_counter()
        turn = teacher.next_turn(task, steps, harness, context)
        if turn is None or turn.final:
            final = None if turn is None else FinalTurn(content=turn.content, thought=turn.thought, usage=turn.usage)
            return LoopResult(steps=steps, end_reason="finished", final_turn=final)
        if len(steps) >= harness.scaffold.max_steps:
            return LoopResult(steps=steps, end_reason="step_limit",
                              message=f"step limit {harness.scaffold.max_steps} reached")
        steps.append(_step(env, turn, harness, len(steps), started))
        if _terminated(steps[-1]):  # computer_use `terminate`: the teacher says it is done
            gave_up = steps[-1].tool_call.arguments.get("status") != "success"
            return LoopResult(steps=steps, end_reason="finished",
                              message="the teacher ended with terminate(failure)" if gave_up else None)
        malformed_in_a_row = malformed_in_a_row + 1 if turn.malformed else 0
        if malformed_in_a_row >= limit:
            return LoopResult(steps=steps, end_reason="malformed_calls",
                              message=f"{limit} malformed tool calls in a row; the last: {turn.malformed}")


def _terminated(step: Step) -> bool:
    call = step.tool_call
    return (step.error is None and call is not None and call.name == "computer_use"
            and call.arguments.get("action") == "terminate" and step.observation.exit_code == 0)


def _step(env: TaskEnvironment, turn: TeacherTurn, harness: HarnessConfig, index: int, started: float) -> Step:
    assert turn.tool_call is not None
    if turn.malformed:
        known = turn.tool_call.name in harness.tools
        channel = TOOLS.get(turn.tool_call.name if known else harness.tools[0]).channel
        observation = Observation(text=f"error: {turn.malformed}")
    else:
        tool, observation = execute_tool(env, turn.tool_call, list(harness.tools))
        channel = tool.channel
    if turn.note:
        observation = observation.model_copy(update={"text": f"{observation.text}\n[{turn.note}]"})
    return Step(index=index, channel=channel, thought=turn.thought, action=turn.action, tool_call=turn.tool_call,
                observation=observation, usage=turn.usage, latency_s=round(time.perf_counter() - started, 4),
                error=turn.malformed, thought_source=turn.thought_source)


def run_steps(env: TaskEnvironment, task: TaskBundle, harness: HarnessConfig, teacher: Teacher) -> tuple[list[Step], bool]:
    """(steps, finished): the loop for callers that need only the steps (gates, `forge task solve`)."""
    result = run_loop(env, task, harness, teacher)
    return result.steps, result.finished
