"""The `forge` flow: sample skills -> bundles -> gates -> episodes -> Parquet shards.

The flow only wires. Samples go out in batches to warm worker processes (Prefect's process-pool
task runner, started and warmed once per flow run, while the flow samples): per batch one
`gate-batch` task run (build and every gate), an accept in the flow's process (the run's one
near-duplicate index; a plain call, since a task run costs more than the accept), one
`episode-batch` task run; `write-shards` writes a shard whenever a full one waits, and the rest at
the end. Served as the deployment `forge/generate` by `forge serve`; run directly by `forge generate`.
"""

from __future__ import annotations

import contextlib
import contextvars
import logging
import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, Self

from prefect import Task, flow, get_run_logger, task
from prefect.cache_policies import NO_CACHE
from prefect.client.orchestration import get_client
from prefect.context import SettingsContext
from prefect.futures import PrefectFuture
from prefect.settings import PREFECT_API_URL, temporary_settings
from prefect.task_runners import ProcessPoolTaskRunner

from flows import batches, stages, warm_workers
from flows.batches import Batch, EpisodeBatch, GatedBatch
from flows.context import GenerateConfig, GenerateResult, RunContext, StageCounts
from flows.fork_server import call_in_fork, worker_context
from forge.dataset import ShardInfo, prepare_output_dir, warm_up
from forge.errors import ConfigError, UnknownKeyError
from forge.settings import Settings
from skills import SkillSample, Taxonomy, load_taxonomy, sample_skills
from skills.sampler import sample_mix

log = logging.getLogger(__name__)

_task_options: dict[str, Any] = {"cache_policy": NO_CACHE, "persist_result": False}

gate_batch_task = task(name="gate-batch", task_run_name="gates {batch.label}", **_task_options)(batches.gate_batch)
episode_batch_task = task(name="episode-batch", task_run_name="episodes {index}", **_task_options)(batches.episode_batch)
write_task = task(name="write-shards", retries=2, **_task_options)(stages.write)


def run(config: GenerateConfig, settings: Settings | None = None) -> GenerateResult:
    """The generate job. Must run inside a Prefect flow run (the `forge` flow calls it)."""
    started = time.perf_counter()
    settings = settings or Settings()
    ctx = RunContext.create(config, settings)
    logger = get_run_logger()
    store = stages.store_for(ctx.db_url)
    stages.models_for(ctx.db_url)  # a bad FORGE_<ROLE>_* model setting: fail before any work, naming it
    prepare_output_dir(ctx.output_dir)  # a bad output dir: fail before any work, naming the fix
    store.start_run(ctx.run_id, "generate", config)
    clock = Clock(started)
    try:
        arguments = warm_workers.pool_arguments(ctx)
        started_before, note = warm_workers.take(ctx.workers, arguments)  # by a served deployment's standby
        if note:
            logger.info(note)
        runner = _ProcessPool(max_workers=ctx.workers, initializer=batches.warm_worker, initargs=arguments,
                              started=started_before)
        with _workers_report_here(), runner:
            runner.start_workers()  # in the background: they fork and warm up while this process samples
            threading.Thread(target=_warm_final_write, name="forge-warm-write", daemon=True).start()
            samples = _sample(ctx, config)
            todo = batches.make_batches(samples, ctx.batch_size, ctx.workers)
            logger.info("run %s: %d skills sampled, %d worker processes, %d batches of up to %d, writing to %s",
                        ctx.run_id, len(samples), ctx.workers, len(todo), ctx.batch_size, ctx.output_dir)

            def meanwhile() -> None:
                """The flow's own set-up, done while the first batches wait for a warm worker."""
                store.record_skill_samples(ctx.run_id, [(s.skill.id, s.seed) for s in samples])
                stages.duplicates_for(ctx.db_url, ctx.dedup_threshold).backfill()  # tasks accepted without band keys
                clock.mark("setup")

            tally = _drive(ctx, runner, todo, clock, meanwhile)
            clock.mark("batches")
        clock.mark("pool_shutdown")
        tally.shards += write_task(ctx, final=True)
        clock.mark("final_write")
    except BaseException:
        store.finish_run(ctx.run_id, "failed", None)
        raise
    result = summarize(ctx, len(samples), tally, time.perf_counter() - started)
    store.finish_run(ctx.run_id, "completed", result)
    clock.mark("summary")
    profile = clock.profile(tally, ctx.workers)
    log.info("run %s profile: %s", ctx.run_id, profile, extra={"forge_profile": profile})
    return result


def _warm_final_write() -> None:
    """On a spare thread, while this process waits for the workers' fork server (it idles then):
    the imports the run's first shard write would make, which is often the run's very last step,
    with the workers done and nothing to overlap it (~0.5-1 s of wall time, measured)."""
    try:
        import prefect.task_engine  # noqa: F401  (this process's first task run, `write-shards`, imports it)

        warm_up()
    except Exception as exc:  # noqa: BLE001 (the write itself meets and records any real failure)
        log.debug("warming up the shard writer failed: %s", exc)


class Clock:
    """Where a run's wall time went, phase by phase, beside the time workers spent working: the
    gap between the two is orchestration (spawn, warm-up, task runs, the flow's own tasks)."""

    def __init__(self, started: float) -> None:
        self.started = self.last = started
        self.phases: dict[str, float] = {}
        self.first_result: float | None = None

    def mark(self, phase: str) -> None:
        now = time.perf_counter()
        self.phases[phase] = self.phases.get(phase, 0.0) + now - self.last
        self.last = now

    def profile(self, tally: Tally, workers: int) -> dict[str, float]:
        wall = self.last - self.started
        busy = tally.gate_work_s + tally.episode_work_s
        out = {f"{k}_s": round(v, 3) for k, v in self.phases.items()}
        return {**out, "wall_s": round(wall, 3), "first_result_s": round(self.first_result or 0.0, 3),
                "gate_work_s": round(tally.gate_work_s, 3), "episode_work_s": round(tally.episode_work_s, 3),
                "accept_s": round(tally.accept_s, 3), "write_s": round(tally.write_s, 3),
                "task_runs": tally.task_runs, "shards_while_running": tally.shards_while_running,
                "worker_peak_rss_mb": tally.worker_peak_rss_mb,
                "worker_utilisation": round(busy / (workers * wall), 3) if wall else 0.0}



def _workers_report_here() -> contextlib.AbstractContextManager[Any]:
    """Spawned workers report to this flow's API. With no PREFECT_API_URL, this process talks to a
    temporary server of its own, and each worker would start another (~20 s each, and a time-out
    on a busy machine): hand them this one's URL through the settings the pool passes on."""
    if PREFECT_API_URL.value():
        return contextlib.nullcontext()
    with get_client(sync_client=True) as client:
        url = str(client.api_url)
    return temporary_settings(updates={PREFECT_API_URL: url})


class _ProcessPool(ProcessPoolTaskRunner):
    """Prefect's process pool with two changes:

    - Workers fork from a fork server that has imported the stages and loaded the plugins once,
      instead of each spawning a fresh interpreter that imports them again (about 8 s of CPU per
      worker, measured: on 2 cores, the first results of a short run waited for it). The fork
      server is a clean single-threaded process of its own, never this one (threads here), and
      lives as long as this process (`forge generate` starts it first thing: flows/fork_server.py).
      Or workers already started with the run's own arguments (`started`: a served deployment's
      standby starts them while it waits, `flows.warm_workers`) are used as they are.
    - The thread that forwards the workers' task-run events to the API runs in the flow's
      context: a new thread starts with empty context variables, so without this it misses
      settings made in-process (`temporary_settings`, as in tests and notebooks) and sends the
      events to a temporary server instead of the flow's.

    - A task run's context carries the flow's Prefect settings themselves where Prefect sends
      their dump, which the worker validates back into settings, reading its environment again
      (~25 ms of CPU per task run, measured; a pickle of the settings costs ~0.5 ms both ways):
      where the dump is the one the pool was entered with (`ship_settings`).

    (`_executor`, `_forward_subprocess_messages` and `_resolve_futures_and_submit` are Prefect's
    own, private: pyproject pins prefect to 3.9.x, and the flow tests would catch a change.)"""

    def __init__(self, *, started: ProcessPoolExecutor | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._ahead = started  # workers started before the run (`flows.warm_workers`), with its arguments

    def __enter__(self) -> Self:
        self._context = contextvars.copy_context()
        self._settings = SettingsContext.get()
        self._settings_dump = self._settings.serialize() if self._settings else None
        super().__enter__()
        spawning = self._executor  # Prefect's spawn pool; it starts no process before a submit
        assert spawning is not None
        self._executor = self._ahead or ProcessPoolExecutor(
            max_workers=self._max_workers, mp_context=worker_context(),
            initializer=spawning._initializer, initargs=spawning._initargs)  # type: ignore[attr-defined]
        spawning.shutdown(wait=False)
        return self

    def _forward_subprocess_messages(self) -> None:
        self._context.run(super()._forward_subprocess_messages)

    def _resolve_futures_and_submit(self, *args: Any, context: dict[str, Any], **kwargs: Any) -> Any:
        context = ship_settings(context, self._settings, self._settings_dump)
        return super()._resolve_futures_and_submit(*args, context=context, **kwargs)

    def start_workers(self) -> None:
        """Start every worker now, from a thread, instead of at the first submit, so their start-up
        overlaps the flow's own (sampling, in a child of the same fork server: `_sample`). A spawn
        asks the fork server, which answers only once it has imported the stages and loaded the
        plugins (seconds of CPU): in the flow's own thread that wait came before sampling (measured:
        12 s of a loaded run's set-up), so the two never ran at once on two cores. A submit
        meanwhile waits on the pool's own lock. A spawn that fails is the first submit's failure
        too, where the flow records it."""
        threading.Thread(target=self._spawn_workers, name="forge-start-workers", daemon=True).start()

    def _spawn_workers(self) -> None:
        try:
            for _ in range(self._max_workers):  # no-op calls, no task runs: a pool starts a process per submit
                self._executor.submit(int)  # type: ignore[union-attr]
        except Exception as exc:  # noqa: BLE001 (a thread's error would only reach stderr)
            log.warning("could not start the worker processes ahead of the first batch: %s", exc)


def ship_settings(context: dict[str, Any], entered: SettingsContext | None,
                  dump: dict[str, Any] | None) -> dict[str, Any]:
    """A task run's serialized Prefect context, with its settings context as the objects of
    `entered` if its dump equals `dump` (theirs): the same settings, without rebuilding them
    from the dump in the worker. Any other context (settings changed since) goes as it is."""
    if entered is None or context.get("settings_context") != dump:
        return context
    return {**context, "settings_context": {"profile": entered.profile, "settings": entered.settings}}


class Tally:
    """What the finished batches came to (counts only: episodes stay in the store, not in memory)."""

    def __init__(self) -> None:
        self.gates_run = self.episodes = self.episodes_passed = self.episodes_run = self.waiting_rows = 0
        self.task_runs = self.shards_while_running = 0
        self.gate_work_s = self.episode_work_s = self.accept_s = self.write_s = self.worker_peak_rss_mb = 0.0
        self.shards: list[ShardInfo] = []

    def add(self, done: EpisodeBatch) -> None:
        self.episodes += done.episodes
        self.episodes_passed += done.passed
        self.episodes_run += done.episodes_run
        self.waiting_rows += done.passed_run  # stored ones may be in a shard already; the end writes the rest
        self.episode_work_s += done.work_s


def _drive(ctx: RunContext, runner: ProcessPoolTaskRunner, todo: list[Batch], clock: Clock,
           meanwhile: Callable[[], None] | None) -> Tally:
    """Keep every worker busy with a bounded queue: a gated batch's episodes go ahead of new gate
    batches, so episodes (and shards) follow the gates closely instead of waiting for all of them.
    `meanwhile` runs once the first batches are submitted, while the workers start."""
    finished: queue.Queue[tuple[Task[..., Any], Any, PrefectFuture[Any]]] = queue.Queue()
    tally, in_flight, window, next_batch = Tally(), 0, 2 * ctx.workers, 0

    def submit(stage: Task[..., Any], parameters: dict[str, Any], about: Any) -> None:
        tally.task_runs += 1
        future = runner.submit(stage, {"ctx": ctx, **parameters})
        future.add_done_callback(lambda f: finished.put((stage, about, f)))

    while next_batch < len(todo) or in_flight:
        while in_flight < window and next_batch < len(todo):
            submit(gate_batch_task, {"batch": todo[next_batch]}, todo[next_batch])
            in_flight, next_batch = in_flight + 1, next_batch + 1
        if meanwhile is not None:
            meanwhile()
            meanwhile = None
        stage, about, future = finished.get()
        in_flight -= 1
        done = _outcome(ctx, stage, about, future)
        if clock.first_result is None:
            clock.first_result = time.perf_counter() - clock.started
        if done is not None:
            tally.worker_peak_rss_mb = max(tally.worker_peak_rss_mb, done.worker_peak_rss_mb)
        if isinstance(done, GatedBatch):
            tally.gates_run += done.gates_run
            tally.gate_work_s += done.work_s
            accept_started = time.perf_counter()
            accepted = batches.accept_batch(ctx, done)  # a call, not a task run: one store transaction
            tally.accept_s += time.perf_counter() - accept_started
            kept, left = batches.kept_episodes(ctx, done.index, accepted)  # the package gate's oracle runs
            _count(ctx, tally, kept)
            if left:
                submit(episode_batch_task, {"index": done.index, "accepted": left}, left)
                in_flight += 1
        elif isinstance(done, EpisodeBatch):
            _count(ctx, tally, done)
    return tally


def _count(ctx: RunContext, tally: Tally, done: EpisodeBatch) -> None:
    """Add a batch's episodes; write the full shards that now wait."""
    tally.add(done)
    if tally.waiting_rows >= ctx.shard_max_rows:
        write_started = time.perf_counter()
        written = write_task(ctx, final=False)
        tally.write_s += time.perf_counter() - write_started
        tally.shards_while_running += len(written)
        tally.shards += written
        # another run writing to this folder may have taken them: then nothing waits any more
        tally.waiting_rows = max(0, tally.waiting_rows - sum(s.rows for s in written)) if written else 0


def _outcome(ctx: RunContext, stage: Task[..., Any], about: Any, future: PrefectFuture[Any]) -> Any:
    """A batch's result; if its task run failed (the worker died: a bug or the OOM killer, since
    samples turn their own failures into rejections), every sample it held is recorded as failed."""
    future.wait()
    if future.state.is_completed():
        return future.result()
    error = future.result(raise_on_failure=False)
    held: list[SkillSample] = about.samples if isinstance(about, Batch) else [g.sample for g in about]
    for sample in held:
        batches.record_flow_failure(ctx, sample, stage.name, error if isinstance(error, BaseException)
                                    else RuntimeError(str(error)))
    return None


def _sample(ctx: RunContext, config: GenerateConfig) -> list[SkillSample]:
    """Sample skills (in a child of the workers' fork server: `call_in_fork`); unknown requested
    ids are recorded as rejections and the rest go on."""
    unknown, samples = call_in_fork(_draw, config.skills, config.n_tasks, config.seed, config.sampling)
    for skill_id, message in unknown:
        stages.store_for(ctx.db_url).record_rejection(ctx.run_id, "sample", skill_id, "unknown_skill", message)
    if config.skills and not samples:
        raise ConfigError(f"none of the requested skills exist: {', '.join(s for s, _ in unknown)}; "
                          "see `forge skills list`")
    return samples


def _draw(skills: list[str] | None, n_tasks: int, seed: int, sampling: str,
          ) -> tuple[list[tuple[str, str]], list[SkillSample]]:
    """(unknown requested skill ids with why, the samples), from the taxonomy with the plugins' skills."""
    taxonomy = load_taxonomy()
    if not skills:
        return [], SAMPLERS[sampling](taxonomy, n_tasks, seed)
    unknown: list[tuple[str, str]] = []
    for skill_id in dict.fromkeys(s for s in skills if s not in taxonomy.skills):
        try:
            taxonomy.get(skill_id)
        except UnknownKeyError as exc:
            unknown.append((skill_id, str(exc)))
    wanted = [s for s in skills if s in taxonomy.skills]
    return unknown, sample_skills(taxonomy, n_tasks, seed, skill_ids=wanted) if wanted else []


SAMPLERS: dict[str, Callable[[Taxonomy, int, int], list[SkillSample]]] = {
    "mix": sample_mix,  # per-skill quotas planned to the published mix (files, kinds, single vs multi-app)
    "stratified": sample_skills,  # categories take turns
}


def _teacher_name(ctx: RunContext) -> str:
    info = stages.models_for(ctx.db_url)[0].info
    return f"{info.kind}:{info.model}" if info.model else info.kind


def summarize(ctx: RunContext, sampled: int, tally: Tally, duration: float) -> GenerateResult:
    store = stages.store_for(ctx.db_url)
    rejections = store.rejection_counts(ctx.run_id)
    tasks = store.counts(ctx.run_id)
    counts = StageCounts(
        sampled=sampled,
        built=tasks["tasks"],
        accepted=tasks["tasks_accepted"],
        rejected=tasks["tasks_rejected"],
        episodes=tally.episodes,
        episodes_passed=tally.episodes_passed,
        shards_written=len(tally.shards),
        rows_written=sum(s.rows for s in tally.shards),
        gates_run=tally.gates_run,
        episodes_run=tally.episodes_run,
    )
    return GenerateResult(run_id=ctx.run_id, output_dir=str(ctx.output_dir), counts=counts, rejections=dict(rejections),
                          harnesses=ctx.harnesses,
                          teacher=_teacher_name(ctx), judge=stages.models_for(ctx.db_url)[1].name, duration_s=round(duration, 3))


@flow(name="forge", log_prints=False, validate_parameters=True)
def forge(
    n_tasks: int = 5,
    seed: int = 0,
    harness: str | list[str] = "terminal",
    output_dir: str | None = None,
    skills: list[str] | None = None,
    concurrency: int | None = None,
    sampling: str = "mix",  # checked by GenerateConfig: a Literal here breaks Prefect's deployment-run validation
) -> dict:
    """Generate verified tasks and teacher trajectories, and write them as Parquet shards.
    `sampling`: `mix` (default) draws skills to the published mix, `stratified` lets categories take turns.
    `harness`: `terminal`, `gui`, `hybrid`, several (a list or `gui,terminal`) or `all`: each accepted
    task gets one episode per harness, so one run can hold all three for the same tasks."""
    config = GenerateConfig(n_tasks=n_tasks, seed=seed, harness=harness, sampling=sampling,  # type: ignore[arg-type]
                            output_dir=Path(output_dir) if output_dir else None, skills=skills, concurrency=concurrency)
    return run(config).model_dump(mode="json")
