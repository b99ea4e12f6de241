"""The generate job's stages over a batch of samples: what one Prefect task run does in a worker.

A Prefect task run per sample and stage costs more orchestration than the work itself on a fast
task, so the flow hands a worker process a batch: `gate_batch` builds and gates it, the flow
accepts the survivors (one store transaction per batch, against every task accepted before),
`episode_batch` replays them. Every sample's failure is data (a stored rejection); a batch only
fails if its worker dies. Plain functions: the flow wraps them as tasks, tests and the bench call
them directly.
"""

from __future__ import annotations

import gc
import logging
import math
import multiprocessing.connection
import multiprocessing.util
import os
import resource
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ConfigDict

from flows import prefect_tls, stages
from flows.context import RunContext
from forge.errors import ForgeError, SandboxError
from forge.models import TaskBundle
from forge.sandbox import SandboxLimits, open_sandbox
from gates import GATE_ORDER
from gates.libreoffice import stop_kept_offices
from skills import SkillSample

logger = logging.getLogger(__name__)

T = TypeVar("T")

SANDBOX_ATTEMPTS = 2  # a sandbox failure is a host hiccup: retry the sample once, then record it


class Batch(BaseModel):
    """Consecutive samples of a run, handed to one task run."""

    model_config = ConfigDict(frozen=True)

    index: int
    samples: list[SkillSample]

    @property
    def label(self) -> str:
        return f"{self.index}:{self.samples[0].position}-{self.samples[-1].position}"


class Gated(BaseModel):
    """A sample whose bundle passed every gate; the bundle itself is in the store (task parameters
    stay small and flat: Prefect walks them, and a check-options model with a field named `keys`
    breaks its walk)."""

    sample: SkillSample
    task_id: str
    episodes: list[str] = []  # harnesses whose passed episode its gates kept (the package gate's oracle run)
    signature: bytes = b""  # its near-duplicate signature, made by its gates: the flow accepts by it


class GatedBatch(BaseModel):
    """The samples of a batch that passed every gate, and the gates that actually ran."""

    index: int
    passed: list[Gated]
    gates_run: int = 0
    work_s: float = 0.0  # time the worker spent on it: the flow's profile compares it to wall time
    worker_peak_rss_mb: float = 0.0  # the worker's own high-water mark (its sandboxes are bounded apart)


class EpisodeBatch(BaseModel):
    """What a batch's episodes came to; the episodes themselves are in the store, not here."""

    index: int
    episodes: int = 0
    passed: int = 0
    episodes_run: int = 0
    passed_run: int = 0
    work_s: float = 0.0
    worker_peak_rss_mb: float = 0.0

    def add_kept(self, n: int) -> None:
        """Count `n` passed episodes this run's gates kept (the oracle's runs): run by this run."""
        self.episodes, self.passed = self.episodes + n, self.passed + n
        self.episodes_run, self.passed_run = self.episodes_run + n, self.passed_run + n


def make_batches(samples: list[SkillSample], size: int, workers: int | None = None) -> list[Batch]:
    """Consecutive batches of at most `size`. With `workers`, batches shrink as the run nears its
    end (a share of what is left per worker, guided self-scheduling): the last task runs are short,
    so no worker sits idle while another finishes a long last batch. They stop shrinking at a
    quarter of `size`: a task run's own cost (~0.1-0.2 s of CPU between worker, flow and server,
    measured) would outweigh a batch of one sample's work."""
    out: list[Batch] = []
    start, floor = 0, max(1, size // 4)
    while start < len(samples):
        left = len(samples) - start
        step = size if workers is None else max(min(floor, left), min(size, math.ceil(left / (2 * workers))))
        out.append(Batch(index=len(out), samples=samples[start:start + step]))
        start += step
    return out


def _guarded(ctx: RunContext, sample: SkillSample, stage: str, work: Callable[[], T]) -> T | None:
    """Run one sample's stage; a sandbox failure is retried once, then it and any crash (a bug,
    not a bad task) become a `flow` rejection: that sample leaves the run, the batch goes on."""
    for attempt in range(1, SANDBOX_ATTEMPTS + 1):
        try:
            return work()
        except SandboxError as exc:
            if attempt < SANDBOX_ATTEMPTS:
                logger.warning("sample %d (%s): sandbox failed in %s, retrying: %s", sample.position,
                               sample.skill.id, stage, exc)
                continue
            record_flow_failure(ctx, sample, stage, exc)
        except Exception as exc:  # noqa: BLE001 (a crashing plugin must not take the batch with it)
            record_flow_failure(ctx, sample, stage, exc)
        return None
    return None


def record_flow_failure(ctx: RunContext, sample: SkillSample, stage: str, error: BaseException) -> None:
    message = f"{type(error).__name__}: {error}"
    logger.error("sample %d (%s) failed in %s: %s", sample.position, sample.skill.id, stage, message)
    reason = "sandbox_error" if isinstance(error, SandboxError) else "internal_error"
    subject = f"{sample.position}:{sample.skill.id}"
    if ":" in stage:  # `episode:<harness>`: one row per harness of the sample
        subject += "@" + stage.partition(":")[2]
    stages.store_for(ctx.db_url).record_rejection(ctx.run_id, "flow", subject, reason, f"{stage}: {message}")


def gate_batch(ctx: RunContext, batch: Batch) -> GatedBatch:
    """Build and gate every sample of the batch (stored verdicts are reused, not rerun)."""
    started = time.perf_counter()
    out = GatedBatch(index=batch.index, passed=[])
    for sample in batch.samples:
        bundle = _guarded(ctx, sample, "build-bundle", lambda s=sample: stages.build(ctx, s))
        if bundle is None:
            continue
        work = _guarded(ctx, sample, "gate", lambda b=bundle: stages.gates(ctx, b, GATE_ORDER))
        if work is not None:
            out.gates_run += work.ran
            if work.passed:
                out.passed.append(Gated(sample=sample, task_id=bundle.id, episodes=work.episodes,
                                        signature=work.signature))
    out.work_s, out.worker_peak_rss_mb = time.perf_counter() - started, _peak_rss_mb()
    return out


def accept_batch(ctx: RunContext, gated: GatedBatch) -> list[Gated]:
    """In the flow's process: accept the batch's survivors against the store's near-duplicate index,
    by the signatures their gates made (their bundles stay in the store)."""
    accepted = stages.accept_all_signed(ctx, [(g.task_id, g.signature) for g in gated.passed])
    return [g for g in gated.passed if g.task_id in accepted]


def _bundle(ctx: RunContext, gated: Gated) -> TaskBundle:
    bundle = stages.store_for(ctx.db_url).get_task(gated.task_id)
    if bundle is None:  # saved by the gate stage before it reported; unreachable short of manual deletes
        raise ForgeError(f"task {gated.task_id} passed its gates but is not in the store")
    return bundle


def kept_episodes(ctx: RunContext, index: int, accepted: list[Gated]) -> tuple[EpisodeBatch, list[Gated]]:
    """In the flow's process: what the gates' kept episodes came to, for the samples whose every
    harness of the run has one (no task run needed), and the samples left for `episode_batch`."""
    left = [item for item in accepted if not set(ctx.harnesses) <= set(item.episodes)]
    out = EpisodeBatch(index=index)
    out.add_kept(len(ctx.harnesses) * (len(accepted) - len(left)))
    return out, left


def episode_batch(ctx: RunContext, index: int, accepted: list[Gated]) -> EpisodeBatch:
    """Run the teacher on each accepted bundle under each of the run's harnesses unless that episode
    is stored (an earlier run's, or kept by this run's gates: counted as run); store each at once."""
    started, out = time.perf_counter(), EpisodeBatch(index=index)
    for item in accepted:
        bundle = _bundle(ctx, item)
        for harness in ctx.harnesses:  # one episode per harness: the same task through each channel mix
            if harness in item.episodes:  # this run's, passed: kept by its gates (the oracle's run)
                out.add_kept(1)
                continue
            episode = stages.stored_episode(ctx, bundle, harness)
            if episode is None:
                episode = _guarded(ctx, item.sample, f"episode:{harness}",
                                   lambda b=bundle, h=harness: stages.run_teacher(ctx, b, h))
                if episode is None:
                    continue
                out.episodes_run += 1
                out.passed_run += episode.passed
            out.episodes += 1
            out.passed += episode.passed
    out.work_s, out.worker_peak_rss_mb = time.perf_counter() - started, _peak_rss_mb()
    return out


def _peak_rss_mb() -> float:
    """This process's peak resident memory: workers fork from the pool's fork server, so the
    flow's process cannot read it from its own children's usage."""
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def warm_worker(scratch_root: Path, limits: SandboxLimits, backend: str, environ: dict[str, str]) -> None:
    """Process-pool initializer: do once per worker what every task needs (imports and plugins
    come loaded from the fork server; open a sandbox, which starts the worker's warm-python
    zygote; have Prefect's API clients share their TLS context, `flows.prefect_tls`). `environ`
    is the flow's at the pool's start: a worker forks from a fork server that may be older than
    this run, and must see the run's settings (models, data dir), not the server's, nor a
    variable the flow has since unset."""
    _end_with_the_pools_process()
    prefect_tls.share_verified_contexts()
    os.environ.clear()
    os.environ.update(environ)
    # Pool workers leave by os._exit, which skips atexit: stop this worker's soffices first.
    multiprocessing.util.Finalize(None, stop_kept_offices, exitpriority=10)
    multiprocessing.util.Finalize(None, _freeze_heap, exitpriority=0)
    scratch_root.mkdir(parents=True, exist_ok=True)
    try:
        with tempfile.TemporaryDirectory(dir=scratch_root, prefix="warm-") as job, \
                open_sandbox(Path(job), limits, backend) as box:
            box.run("python3 -c pass")
    except ForgeError as exc:  # each sample meets (and records) the same failure; a pool must not die of it
        logger.warning("worker warm-up could not open a sandbox: %s", exc)


def _end_with_the_pools_process() -> None:
    """A worker waits for work as long as its pool's queue is open, and the queue stays open in the
    worker itself; nor does its fork server exit while it lives. So one whose pool's process was
    killed would wait forever, holding its memory, its sandbox zygote and its soffice. It exits
    once that process is gone (the end of the pipe it keeps for its children closes), and takes
    those with it (they end with the worker: their lifelines)."""
    pools_process = multiprocessing.parent_process()
    if pools_process is None:
        return

    def watch() -> None:
        multiprocessing.connection.wait([pools_process.sentinel])
        os._exit(1)

    threading.Thread(target=watch, name="forge-worker-lifeline", daemon=True).start()


def _freeze_heap() -> None:
    """At a worker's exit, after its own clean-up and before the interpreter's: the interpreter's
    teardown runs full garbage collections over every object the worker made (seconds per worker,
    measured, and the pool's shutdown waits for them). Frozen objects are skipped; the OS frees them."""
    gc.disable()
    gc.freeze()
