"""The harness loop: teacher turn -> tool -> observation, recorded step by step."""

from __future__ import annotations

import hashlib
import time

from forge.environment import TaskEnvironment
from forge.harness.teacher import Teacher
from forge.harness.tools import execute_tool
from forge.models import HarnessConfig, Step, TaskBundle, TeacherInfo


def episode_id(task_id: str, harness: HarnessConfig, teacher: TeacherInfo) -> str:
    """Stable per (task, harness version, teacher), so a rerun finds the episode it already has."""
    key = f"{task_id}|{harness.name}@{harness.version}|{teacher.kind}:{teacher.model or ''}"
    return "e-" + hashlib.sha256(key.encode()).hexdigest()[:20]


def run_steps(env: TaskEnvironment, task: TaskBundle, harness: HarnessConfig, teacher: Teacher) -> tuple[list[Step], bool]:
    """Drive the teacher until it stops or hits the step limit; returns (steps, finished)."""
    steps: list[Step] = []
    while True:
        started = time.perf_counter()
        turn = teacher.next_turn(task, steps)
        if turn is None:
            return steps, True
        if len(steps) >= harness.scaffold.max_steps:
            return steps, False
        tool, observation = execute_tool(env, turn.tool_call, list(harness.tools))
        steps.append(
            Step(
                index=len(steps),
                channel=tool.channel,
                thought=turn.thought,
                action=turn.action,
                tool_call=turn.tool_call,
                observation=observation,
                usage=turn.usage,
                latency_s=round(time.perf_counter() - started, 4),
            )
        )
