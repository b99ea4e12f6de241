"""One episode end to end: fresh environment, setup, teacher loop, judge, annotation, an Episode record."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Protocol

from forge.checks import FinalState
from forge.environment import TaskEnvironment
from forge.errors import ForgeError, ModelError, SandboxError
from forge.harness.computer_use import desktop_limits, episode_desktop
from forge.harness.domain_libraries import sandbox_packages
from forge.harness.runner import LoopResult, episode_id, run_loop
from forge.harness.system_prompt import harness_identity
from forge.harness.teacher import Teacher
from forge.judge.filter import decide
from forge.llm import CallContext
from forge.models import Annotation, Episode, HarnessConfig, JudgeOutcome, Step, TaskBundle
from forge.models.episode import ScreenSize
from forge.sandbox import SandboxLimits


class Judge(Protocol):
    name: str

    def judge(self, task: TaskBundle, state: FinalState, steps: list[Step], *, context: CallContext | None = None,
              final_message: str | None = None) -> JudgeOutcome: ...


class Annotator(Protocol):
    """Writes the `<think>` body and `Action:` line of steps whose teacher returned no reasoning."""

    model: str

    def annotate(self, task: TaskBundle, steps: list[Step], context: CallContext) -> tuple[list[Step], Annotation]: ...


def run_episode(
    task: TaskBundle,
    harness: HarnessConfig,
    teacher: Teacher,
    judge: Judge,
    *,
    scratch_root: Path,
    limits: SandboxLimits | None = None,
    backend: str = "bwrap",
    annotator: Annotator | None = None,
    run_id: str | None = None,
) -> Episode:
    """Run and judge one episode. A task's failure becomes an Episode with status `error`. Failures of
    the host raise so the caller can retry: the sandbox (SandboxError) and a model endpoint (ModelError:
    unreachable, refusing, rate limited), whose replies so far the cache then serves for free."""
    started = time.perf_counter()
    record, context = _record(task, harness, teacher, judge, run_id)
    loop: LoopResult | None = None
    packages = sandbox_packages(harness.environment)  # exactly the harness's domain libraries, read-only
    try:
        if harness.environment.desktop:  # the apps live all episode: no per-process CPU cap (see desktop_limits)
            limits = desktop_limits(limits)
        with TaskEnvironment(task, scratch_root, limits=limits, backend=backend, packages=packages) as env:
            env.materialize()
            with episode_desktop(env, task, harness) as desktop:  # no-op without a desktop; closed before judging
                if desktop is not None:
                    record["screen"] = ScreenSize(width=desktop.size[0], height=desktop.size[1])
                loop = run_loop(env, task, harness, teacher, context)
            final = loop.final_turn.content if loop.final_turn else None
            outcome = judge.judge(task, env.final_state(), loop.steps, context=context, final_message=final)
    except (SandboxError, ModelError):
        raise
    except ForgeError as exc:
        return _errored(record, loop, exc, started)
    return _episode(task, record, loop, outcome, started, annotator, context)


def record_episode(task: TaskBundle, harness: HarnessConfig, teacher: Teacher, judge: Judge, loop: LoopResult,
                   outcome: JudgeOutcome, *, started: float, run_id: str | None = None) -> Episode:
    """The Episode of a teacher loop another part already ran and `judge` already judged
    (`forge.harness.oracle_replay`: the package gate's oracle run is the replay teacher's episode),
    recorded as `run_episode` would; `started` is when its environment was opened."""
    record, context = _record(task, harness, teacher, judge, run_id)
    return _episode(task, record, loop, outcome, started, None, context)


def _record(task: TaskBundle, harness: HarnessConfig, teacher: Teacher, judge: Judge,
            run_id: str | None) -> tuple[dict[str, Any], CallContext]:
    eid = episode_id(task.id, harness, teacher.info)
    record = dict(id=eid, task_id=task.id, harness=harness.name, harness_version=harness_identity(harness),
                  teacher=teacher.info, judge=judge.name)
    return record, CallContext(run_id=run_id, task_id=task.id, episode_id=eid)


def _errored(record: dict[str, Any], loop: LoopResult | None, exc: ForgeError, started: float) -> Episode:
    failed = Episode(**record, steps=loop.steps if loop else [], status="error", end_reason="task_error",
                     error=f"{type(exc).__name__}: {exc}", duration_s=round(time.perf_counter() - started, 4))
    return failed.model_copy(update={"filter": decide(failed)})


def _episode(task: TaskBundle, record: dict[str, Any], loop: LoopResult, outcome: JudgeOutcome, started: float,
             annotator: Annotator | None, context: CallContext) -> Episode:
    status = "completed" if loop.finished else "failed"
    steps, annotation = loop.steps, None
    if annotator is not None and status == "completed" and outcome.rubric.passed and needs_annotation(steps):
        steps, annotation = annotator.annotate(task, steps, context)
    episode = Episode(**record, steps=steps, rubric=outcome.rubric, judge_verdict=outcome.verdict, status=status,
                      error=loop.message, end_reason=loop.end_reason, final_turn=loop.final_turn,
                      annotation=annotation, duration_s=round(time.perf_counter() - started, 4))
    return episode.model_copy(update={"filter": decide(episode)})


def needs_annotation(steps: list[Step]) -> bool:
    return any(not s.thought.strip() for s in steps)
