"""The `forge-evolve` flow: evaluate harness variants on a fixed dev set and record the one chosen.

The teacher's weights stay fixed while the harness H = (scaffold, tools, prompt, environment) is
revised: each variant (prompt edits, tool sets, context-policy parameters, domain libraries) runs
the same dev tasks with the same teacher and judge, and is scored by rubric success rate, tokens per
task, steps, malformed calls and channel use per app. The best variant, when it beats the base,
becomes the harness's next version (α, β, γ, ...) in the store, with the scores that chose it.

Dev-set episodes are never written to the episodes table: they must not leak into training shards.
"""

from __future__ import annotations

import hashlib
import json
import logging
import shlex
import tempfile
import time
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from prefect import flow
from pydantic import BaseModel, ConfigDict, Field, model_validator

from forge.errors import ConfigError, ModelError, SandboxError
from forge.harness import run_episode, teacher_for
from forge.harness.domain_libraries import DOMAIN_LIBRARIES, listed
from forge.harness.versions import HarnessVariant, record_version, resolve_harness
from forge.judge import judge_for
from forge.models import Episode, HarnessConfig, TaskBundle
from forge.sandbox import SandboxLimits, open_sandbox
from forge.settings import Settings
from forge.store import Store, open_store

log = logging.getLogger(__name__)


class EvolveConfig(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    harness: str = Field(default="terminal", description="The harness to evolve (its newest recorded version is the base).")
    variants: list[HarnessVariant] = Field(min_length=1)
    task_ids: list[str] | None = Field(default=None, description="The dev set: these stored tasks.")
    n_tasks: int = Field(default=10, ge=1, description="Else the first N accepted tasks in the store, by id.")
    choose: bool = Field(default=True, description="Record the best variant as a new version when it beats the base.")
    concurrency: int | None = Field(default=None, ge=1, le=256, description="Episodes at once; default FORGE_CONCURRENCY.")

    @model_validator(mode="after")
    def _labels(self) -> EvolveConfig:
        labels = [v.label for v in self.variants]
        if len(set(labels)) != len(labels) or "base" in labels:
            raise ConfigError(f"variant labels must be unique and not `base` (got {labels}); rename them")
        return self

    def run_id(self, base_version: str) -> str:
        """Same config on the same base version, same run (the reply cache makes a rerun free)."""
        payload = {**self.model_dump(mode="json", exclude={"concurrency", "choose"}), "base": base_version}
        named = sorted({n for v in self.variants for n in v.domain_libraries or []} & set(DOMAIN_LIBRARIES))
        if named:  # a library's new content is a new run
            payload["domain_libraries"] = {n: DOMAIN_LIBRARIES.get(n).digest for n in named}
        return "v-" + hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()[:16]


class VariantScore(BaseModel):
    model_config = ConfigDict(frozen=True)

    label: str
    version: str
    tasks: int
    passed: int
    errors: int
    success_rate: float
    tokens_per_task: float
    mean_steps: float
    malformed_per_task: float
    channels_per_app: dict[str, dict[str, int]] = Field(description="Tool calls by channel, per app of the task.")


class EvolveResult(BaseModel):
    run_id: str
    base_version: str
    dev_set: list[str]
    scores: list[VariantScore]
    chosen: str | None = Field(description="The variant's label, when one was recorded.")
    recorded_version: str | None
    reason: str
    duration_s: float


def dev_set(store: Store, config: EvolveConfig) -> list[TaskBundle]:
    ids = config.task_ids or store.list_tasks(status="accepted")
    ids = sorted(ids)[: config.n_tasks] if not config.task_ids else list(ids)
    tasks = [store.get_task(task_id) for task_id in ids]
    missing = [task_id for task_id, task in zip(ids, tasks) if task is None]
    if missing or not tasks:
        raise ConfigError(f"the dev set is empty or names tasks not in the store ({missing[:5]}); run "
                          "`forge generate` first, or pass task ids from `forge task list`")
    return [t for t in tasks if t is not None]


def score(label: str, harness: HarnessConfig, results: list[Episode | None], tasks: list[TaskBundle]) -> VariantScore:
    channels: dict[str, Counter[str]] = defaultdict(Counter)
    done = [e for e in results if e is not None]
    for episode, task in zip(results, tasks):
        for step in episode.steps if episode else []:
            for app in task.apps:
                channels[app][step.channel] += 1
    n = len(tasks)
    passed = sum(e.passed for e in done)
    return VariantScore(
        label=label, version=harness.version, tasks=n, passed=passed,
        errors=sum(e is None or e.status == "error" for e in results), success_rate=round(passed / n, 4),
        tokens_per_task=round(sum(e.usage.total_tokens for e in done) / n, 1),
        mean_steps=round(sum(len(e.steps) for e in done) / n, 2),
        malformed_per_task=round(sum(sum(s.error is not None for s in e.steps) for e in done) / n, 3),
        channels_per_app={app: dict(sorted(c.items())) for app, c in sorted(channels.items())},
    )


def rank(score: VariantScore) -> tuple[float, float, float]:
    """Higher success rate wins; at equal rates, fewer tokens, then fewer steps."""
    return score.success_rate, -score.tokens_per_task, -score.mean_steps


def run(config: EvolveConfig, settings: Settings | None = None) -> EvolveResult:
    """The evolve job: plain Python (threads for the episodes); the flow below wraps it."""
    started = time.perf_counter()
    settings = settings or Settings()
    with open_store(settings.resolved_db_url()) as store:
        return _run(config, settings, store, started)


_INSTALLED = ("import importlib.metadata as m, sys\n"
              "def ok(name):\n"
              "    try:\n        m.distribution(name)\n        return True\n"
              "    except m.PackageNotFoundError:\n        return False\n"
              "print('\\n'.join(n for n in sys.argv[1:] if not ok(n)))\n")


def missing_libraries(libraries: list[str], scratch: Path, limits: SandboxLimits, backend: str) -> list[str]:
    """The distributions of `libraries` that the sandbox's python3 does not have. A variant's library
    list is what its prompt tells the model is installed; naming one that is not would score the
    variant on a promise the sandbox breaks."""
    if not libraries:
        return []
    scratch.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=scratch, prefix="libs-") as job, open_sandbox(job, limits, backend) as box:
        box.put_file("installed.py", _INSTALLED.encode())
        done = box.run("python3 installed.py " + " ".join(shlex.quote(n) for n in libraries))
    if done.exit_code != 0:
        raise SandboxError(f"could not list the sandbox's python libraries: {done.stderr[-500:]}")
    return done.stdout.split()


def _needed(variant: HarnessVariant, candidate: HarnessConfig) -> set[str]:
    """The distributions a variant asks of the sandbox's python3: those its prompt names, and those
    its domain libraries import (what it inherits from the base is the base's concern)."""
    domain = listed(candidate.environment) if variant.domain_libraries is not None else []
    return {*(variant.python_libraries or []), *(name for library in domain for name in library.requires)}


def _check_libraries(variants: list[tuple[HarnessVariant, HarnessConfig]], scratch: Path, limits: SandboxLimits,
                     backend: str) -> None:
    needed = {variant.label: _needed(variant, candidate) for variant, candidate in variants}
    missing = set(missing_libraries(sorted(set().union(*needed.values())), scratch, limits, backend))
    bad = {label: sorted(missing & names) for label, names in needed.items() if missing & names}
    if bad:
        raise ConfigError(f"variants need python libraries the sandbox's python3 lacks: {bad}; install them on the "
                          "host (the sandbox sees its /usr) or drop them from python_libraries (or the domain "
                          "libraries that import them from domain_libraries)")


def _run(config: EvolveConfig, settings: Settings, store: Store, started: float) -> EvolveResult:
    base = resolve_harness(config.harness, store)
    run_id = config.run_id(base.version)
    teacher, judge = teacher_for(settings, store), judge_for(settings, store)
    applied = [(v, v.apply(base)) for v in config.variants]
    candidates = [("base", base), *((v.label, candidate) for v, candidate in applied)]
    limits = SandboxLimits(memory_mb=settings.sandbox_memory_mb, max_processes=settings.sandbox_max_processes,
                           command_timeout_s=settings.command_timeout_s, output_limit_bytes=settings.output_limit_bytes)
    scratch = settings.data_dir.resolve() / "scratch"
    _check_libraries(applied, scratch, limits, settings.sandbox_backend)
    tasks = dev_set(store, config)
    store.start_run(run_id, "evolve", config)

    def evaluate(harness: HarnessConfig, task: TaskBundle) -> Episode | None:
        try:
            return run_episode(task, harness, teacher, judge, scratch_root=scratch, limits=limits,
                               backend=settings.sandbox_backend, run_id=run_id)
        except (ModelError, SandboxError) as exc:  # counted against the variant, never silently dropped
            log.warning("evolve %s: %s@%s on %s failed: %s", run_id, harness.name, harness.version, task.id, exc)
            return None

    scores = []
    try:
        with ThreadPoolExecutor(max_workers=config.concurrency or settings.concurrency) as pool:
            for label, harness in candidates:
                results = list(pool.map(lambda t, h=harness: evaluate(h, t), tasks))
                scores.append(score(label, harness, results, tasks))
    except BaseException:
        store.finish_run(run_id, "failed", None)
        raise
    base_score, best = scores[0], max(scores[1:], key=rank)
    chosen = recorded = None
    if rank(best) <= rank(base_score):
        reason = f"no variant beat the base ({base_score.success_rate:.0%} success, {base_score.tokens_per_task:.0f} tokens/task)"
    elif not config.choose:
        reason = f"{best.label} is best; not recorded (choose=False)"
    else:
        harness = dict(candidates)[best.label]
        version = record_version(store, harness, best.model_dump(mode="json")).version
        chosen, recorded = best.label, version
        reason = f"{best.label} beat the base: {best.success_rate:.0%} vs {base_score.success_rate:.0%} success"
    result = EvolveResult(run_id=run_id, base_version=base.version, dev_set=[t.id for t in tasks], scores=scores,
                          chosen=chosen, recorded_version=recorded, reason=reason,
                          duration_s=round(time.perf_counter() - started, 3))
    store.finish_run(run_id, "completed", result)
    return result


@flow(name="forge-evolve", log_prints=False, validate_parameters=True)
def evolve(variants: list[dict], harness: str = "terminal", task_ids: list[str] | None = None, n_tasks: int = 10,
           choose: bool = True, concurrency: int | None = None) -> dict:
    """Evaluate harness variants on a fixed dev set; record the winner as the next harness version."""
    config = EvolveConfig(harness=harness, variants=[HarnessVariant(**v) for v in variants], task_ids=task_ids,
                          n_tasks=n_tasks, choose=choose, concurrency=concurrency)
    return run(config).model_dump(mode="json")
