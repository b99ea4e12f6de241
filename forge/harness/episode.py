"""One episode end to end: fresh environment, setup, teacher loop, judge, an Episode record."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Protocol

from forge.checks import FinalState
from forge.environment import TaskEnvironment
from forge.errors import ForgeError, SandboxError
from forge.harness.runner import episode_id, run_steps
from forge.harness.teacher import Teacher
from forge.models import Episode, HarnessConfig, JudgeOutcome, Step, TaskBundle
from forge.sandbox import SandboxLimits


class Judge(Protocol):
    name: str

    def judge(self, task: TaskBundle, state: FinalState, steps: list[Step]) -> JudgeOutcome: ...


def run_episode(
    task: TaskBundle,
    harness: HarnessConfig,
    teacher: Teacher,
    judge: Judge,
    *,
    scratch_root: Path,
    limits: SandboxLimits | None = None,
    backend: str = "bwrap",
) -> Episode:
    """Run and judge one episode. A task's failure becomes an Episode with status `error`; only a
    failure of the sandbox itself raises (SandboxError), so the caller can retry it."""
    started = time.perf_counter()
    record = dict(
        id=episode_id(task.id, harness, teacher.info),
        task_id=task.id,
        harness=harness.name,
        harness_version=harness.version,
        teacher=teacher.info,
        judge=judge.name,
    )
    steps: list[Step] = []
    try:
        with TaskEnvironment(task, scratch_root, limits=limits, backend=backend) as env:
            env.materialize()
            steps, finished = run_steps(env, task, harness, teacher)
            outcome = judge.judge(task, env.final_state(), steps)
    except SandboxError:
        raise  # the host's sandbox failed: retry the episode rather than record the task as failing
    except ForgeError as exc:
        return Episode(**record, steps=steps, status="error", error=f"{type(exc).__name__}: {exc}",
                       duration_s=round(time.perf_counter() - started, 4))
    status = "completed" if finished else "failed"
    error = None if finished else f"step limit {harness.scaffold.max_steps} reached"
    return Episode(**record, steps=steps, rubric=outcome.rubric, judge_verdict=outcome.verdict, status=status,
                   error=error, duration_s=round(time.perf_counter() - started, 4))
