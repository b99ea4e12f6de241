"""The `forge` flow: sample skills -> bundles -> gates -> episodes -> Parquet shards.

The flow only wires; every stage is a plain function in `flows.stages`. Served as the
deployment `forge/generate` by `forge serve`; run directly by `forge generate`.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from prefect import Task, flow, get_run_logger, task
from prefect.cache_policies import NO_CACHE
from prefect.task_runners import ThreadPoolTaskRunner

from flows import stages
from flows.context import GenerateConfig, GenerateResult, RunContext, StageCounts
from forge.dataset import ShardInfo, prepare_output_dir
from forge.errors import ConfigError, SandboxError, UnknownKeyError
from forge.harness import HARNESSES
from forge.models import Episode
from forge.settings import Settings
from gates import GATE_ORDER
from skills import SkillSample, load_taxonomy, sample_skills


def _retry_on_sandbox_error(task, task_run, state) -> bool:  # noqa: ANN001 (Prefect's hook signature)
    """Retry only when the sandbox itself failed (a transient host problem), not a bad task."""
    try:
        state.result()
    except SandboxError:
        return True
    except Exception:  # noqa: BLE001 (any other failure is not worth a retry)
        return False
    return False


_task_options = dict(cache_policy=NO_CACHE, persist_result=False)

build_task = task(name="build-bundle", **_task_options)(stages.build)
gate_task = task(name="gate", retries=1, retry_condition_fn=_retry_on_sandbox_error, **_task_options)(stages.gate)
accept_task = task(name="accept", **_task_options)(stages.accept)
episode_task = task(name="episode", retries=1, retry_condition_fn=_retry_on_sandbox_error, **_task_options)(stages.episode)
write_task = task(name="write-shards", retries=2, **_task_options)(stages.write)


def run(config: GenerateConfig, settings: Settings | None = None) -> GenerateResult:
    """The generate job. Must run inside a Prefect flow run (the `forge` flow calls it)."""
    started = time.perf_counter()
    settings = settings or Settings()
    ctx = RunContext.create(config, settings)
    logger = get_run_logger()
    store = stages.store_for(ctx.db_url)
    HARNESSES.get(config.harness)  # unknown harness: fail before any work, listing the known ones
    if settings.teacher_base_url or settings.judge_base_url:
        raise ConfigError("FORGE_TEACHER_BASE_URL / FORGE_JUDGE_BASE_URL are set, but this version has no "
                          "model-backed teacher or judge yet; unset them to replay reference solutions")
    prepare_output_dir(ctx.output_dir)  # a bad output dir: fail before any work, naming the fix
    store.start_run(ctx.run_id, "generate", config)
    try:
        samples = _sample(ctx, config)
        store.record_skill_samples(ctx.run_id, [(s.skill.id, s.seed) for s in samples])
        logger.info("run %s: %d skills sampled, writing to %s", ctx.run_id, len(samples), ctx.output_dir)
        with ThreadPoolTaskRunner(max_workers=config.concurrency or settings.concurrency) as runner:
            # Stage by stage over all samples: every wave keeps the workers busy (a chain per sample
            # would park worker threads on upstream futures).
            values: list[Any] = _wave(ctx, runner, build_task, samples, samples, lambda s: {"sample": s})
            for gate_name in GATE_ORDER:  # cheapest first; a rejected bundle leaves the waves as None
                values = _wave(ctx, runner, gate_task, samples, values, lambda b: {"bundle": b, "gate_name": gate_name})
            values = _wave(ctx, runner, accept_task, samples, values, lambda b: {"bundle": b})
            episodes = _wave(ctx, runner, episode_task, samples, values, lambda b: {"bundle": b})
        shards = write_task(ctx)
    except BaseException:
        store.finish_run(ctx.run_id, "failed", None)
        raise
    result = summarize(ctx, len(samples), episodes, shards, time.perf_counter() - started)
    store.finish_run(ctx.run_id, "completed", result)
    return result


def _wave(ctx: RunContext, runner: ThreadPoolTaskRunner, stage: Task[..., Any], samples: list[SkillSample],
          inputs: list[Any], parameters: Callable[[Any], dict[str, Any]]) -> list[Any]:
    """Run one stage for every sample still in play; None (rejected earlier) passes through.

    Stages turn bad tasks into rejections themselves, so a failed task run here is unexpected:
    it is stored as a rejection with its exception, that sample leaves the run, the rest go on.
    """
    futures = {i: runner.submit(stage, {"ctx": ctx, **parameters(value)})
               for i, value in enumerate(inputs) if value is not None}
    outputs: list[Any] = [None] * len(inputs)
    for i, future in futures.items():
        future.wait()
        if future.state.is_completed():
            outputs[i] = future.result()
            continue
        error = future.result(raise_on_failure=False)
        sample = samples[i]
        message = f"{type(error).__name__}: {error}"
        get_run_logger().error("sample %d (%s) failed in %s: %s", sample.position, sample.skill.id, stage.name, message)
        reason = "sandbox_error" if isinstance(error, SandboxError) else "internal_error"
        stages.store_for(ctx.db_url).record_rejection(
            ctx.run_id, "flow", f"{sample.position}:{sample.skill.id}", reason, f"{stage.name}: {message}")
    return outputs


def _sample(ctx: RunContext, config: GenerateConfig) -> list[SkillSample]:
    """Sample skills; unknown requested ids are recorded as rejections and the rest go on."""
    taxonomy = load_taxonomy()
    wanted = config.skills
    if wanted:
        unknown = [s for s in wanted if s not in taxonomy.skills]
        for skill_id in unknown:
            try:
                taxonomy.get(skill_id)
            except UnknownKeyError as exc:
                stages.store_for(ctx.db_url).record_rejection(ctx.run_id, "sample", skill_id, "unknown_skill", str(exc))
        wanted = [s for s in wanted if s in taxonomy.skills]
        if not wanted:
            raise ConfigError(f"none of the requested skills exist: {', '.join(unknown)}; see `forge skills list`")
    return sample_skills(taxonomy, config.n_tasks, config.seed, skill_ids=wanted)


def summarize(ctx: RunContext, sampled: int, episodes: list[Episode | None], shards: list[ShardInfo],
              duration: float) -> GenerateResult:
    store = stages.store_for(ctx.db_url)
    rejections = Counter(f"{r.stage}:{r.reason}" for r in store.rejections(ctx.run_id))
    rejections.update(f"{o.gate}_gate:{o.reason}" for o in store.gate_outcomes(ctx.run_id) if not o.passed)
    tasks = store.counts(ctx.run_id)
    done = [e for e in episodes if e is not None]
    counts = StageCounts(
        sampled=sampled,
        built=tasks["tasks"],
        accepted=tasks["tasks_accepted"],
        rejected=tasks["tasks_rejected"],
        episodes=len(done),
        episodes_passed=sum(e.passed for e in done),
        shards_written=len(shards),
        rows_written=sum(s.rows for s in shards),
    )
    return GenerateResult(run_id=ctx.run_id, output_dir=str(ctx.output_dir), counts=counts, rejections=dict(rejections),
                          teacher=stages.TEACHER.info.kind, judge=stages.JUDGE.name, duration_s=round(duration, 3))


@flow(name="forge", log_prints=False, validate_parameters=True)
def forge(
    n_tasks: int = 5,
    seed: int = 0,
    harness: str = "terminal",
    output_dir: str | None = None,
    skills: list[str] | None = None,
    concurrency: int | None = None,
) -> dict:
    """Generate verified tasks and teacher trajectories, and write them as Parquet shards."""
    config = GenerateConfig(n_tasks=n_tasks, seed=seed, harness=harness,
                            output_dir=Path(output_dir) if output_dir else None, skills=skills, concurrency=concurrency)
    return run(config).model_dump(mode="json")
