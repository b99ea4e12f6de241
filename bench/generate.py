"""Benchmark: generate N verified tasks through every stage, print one JSON object.

    python bench/generate.py --tasks 60 --workers 2 [--libreoffice]

Two passes over the same sampled skills, in worker processes (no Prefect), with the same plain
functions the flow wraps:

- `gates`: workflow + every gate in order (file, consistency, duplicate, package with its
  do-nothing, oracle and mutation probes): `verified_tasks_per_s`;
- `end_to_end`: the same plus the teacher episode, the judge and the shard write:
  `end_to_end_per_s`.

The near-duplicate gate needs one index shared by the run, so it is applied in the parent first.
The workers are warmed before the clock starts (imports done, a sandbox opened, the warm-python
zygote started), as in a long-running flow worker; that one-off cost is reported as
`worker_warmup_s`.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import multiprocessing.synchronize
import multiprocessing.util
import os
import platform
import statistics
import tempfile
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from forge.dataset import write_manifest, write_shard
from forge.harness import HARNESSES, ReplayTeacher, run_episode
from forge.judge import ProgrammaticJudge
from forge.models import TaskBundle
from forge.sandbox import open_sandbox
from gates import GATE_ORDER, GateContext, NearDuplicateIndex, run_gate
from gates.libreoffice import stop_kept_offices
from gates.roundtrip import libreoffice_roundtrip
from skills import load_taxonomy, sample_skills
from workflows import WORKFLOWS

Timings = dict[str, list[float]]


def _timed(timings: Timings, stage: str, fn, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
    started = time.perf_counter()
    try:
        return fn(*args, **kwargs)
    finally:
        timings.setdefault(stage, []).append(time.perf_counter() - started)


def one_task(sample, ctx: GateContext, with_episode: bool):  # noqa: ANN001, ANN201
    """In a worker process: build, gate and (optionally) replay one task; returns (kept, timings)."""
    timings: Timings = {}
    bundle = _timed(timings, "workflow", WORKFLOWS.get(sample.skill.workflow).build, sample.skill, sample.seed)
    for gate in GATE_ORDER:
        result = _timed(timings, f"gate.{gate}", run_gate, gate, bundle, ctx)
        for probe, seconds in result.details.get("probe_seconds", {}).items():
            timings.setdefault(f"gate.package.{probe}", []).append(seconds)
        if not result.passed:
            return f"{gate}:{result.reason}", timings
    if not with_episode:
        return bundle, timings
    episode = _timed(timings, "episode+judge", run_episode, bundle, HARNESSES.get("terminal"), ReplayTeacher(),
                     ProgrammaticJudge(), scratch_root=ctx.scratch_root)
    return ((episode, bundle) if episode.passed else f"episode:{episode.status}"), timings


def _warm_worker(scratch: Path, ready: multiprocessing.synchronize.Barrier) -> None:
    """In each worker, before any task: what a long-running worker has done long ago."""
    multiprocessing.util.Finalize(None, stop_kept_offices, exitpriority=10)  # workers leave by os._exit
    job = Path(tempfile.mkdtemp(dir=scratch))
    with open_sandbox(job) as box:
        box.run("python3 -c pass")  # starts this worker's zygote
    ready.wait()  # every worker is warm before the first task is handed out


def _ready() -> None:
    """Nothing: the warm-up handshake."""


def warm_pool(scratch: Path, workers: int) -> ProcessPoolExecutor:
    context = multiprocessing.get_context("fork")
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_warm_worker,
                               initargs=(scratch, context.Barrier(workers)))
    for future in [pool.submit(_ready) for _ in range(workers)]:
        future.result()
    return pool


def run_pass(samples, ctx: GateContext, pool: ProcessPoolExecutor, with_episode: bool) -> dict:  # noqa: ANN001
    merged: Timings = defaultdict(list)
    rejected: dict[str, int] = defaultdict(int)
    started = time.perf_counter()
    results = list(pool.map(one_task, samples, [ctx] * len(samples), [with_episode] * len(samples)))
    kept = []
    for outcome, timings in results:
        for stage, values in timings.items():
            merged[stage].extend(values)
        if isinstance(outcome, str):
            rejected[outcome] += 1
        else:
            kept.append(outcome)
    if with_episode:
        out = ctx.scratch_root / "shards"
        out.mkdir(exist_ok=True)
        write_manifest(out, [_timed(merged, "write", write_shard, out, 0, kept)])
    wall = time.perf_counter() - started
    return {"kept": len(kept), "wall_s": round(wall, 3), "per_s": round(len(kept) / wall, 3),
            "rejected": dict(rejected), "timings": merged}


def sandbox_start_s(scratch: Path, n: int = 10) -> float:
    samples = []
    for _ in range(n):
        job = Path(tempfile.mkdtemp(dir=scratch))
        started = time.perf_counter()
        with open_sandbox(job) as box:
            box.run("true")
        samples.append(time.perf_counter() - started)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=int, default=60)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--libreoffice", action="store_true", help="Include the file gate's LibreOffice round trip.")
    args = parser.parse_args()
    index = NearDuplicateIndex()
    samples, duplicates = [], 0
    for sample in sample_skills(load_taxonomy(), args.tasks, args.seed):
        bundle: TaskBundle = WORKFLOWS.get(sample.skill.workflow).build(sample.skill, sample.seed)
        if index.claim(bundle) is None:
            samples.append(sample)
        else:
            duplicates += 1
    with tempfile.TemporaryDirectory(prefix="forge-bench-") as tmp:
        scratch = Path(tmp)
        start_s = sandbox_start_s(scratch)
        roundtrip = libreoffice_roundtrip(scratch / "lo") if args.libreoffice else None
        ctx = GateContext(scratch_root=scratch, roundtrip=roundtrip)
        started = time.perf_counter()
        with warm_pool(scratch, args.workers) as pool:
            warmup_s = time.perf_counter() - started
            gates_only = run_pass(samples, ctx, pool, with_episode=False)
            full = run_pass(samples, ctx, pool, with_episode=True)
    stages = full["timings"]
    print(json.dumps({
        "benchmark": "generate",
        "parameters": {"tasks": args.tasks, "workers": args.workers, "worker_kind": "process", "seed": args.seed,
                       "libreoffice_roundtrip": roundtrip is not None, "gates": GATE_ORDER},
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform(), "python": platform.python_version()},
        "near_duplicates_dropped": duplicates,
        "verified_tasks": gates_only["kept"],
        "verified_tasks_per_s": gates_only["per_s"],
        "gates_wall_s": gates_only["wall_s"],
        "end_to_end_tasks": full["kept"],
        "end_to_end_per_s": full["per_s"],
        "end_to_end_wall_s": full["wall_s"],
        "rejected": gates_only["rejected"],
        "sandbox_start_s": round(start_s, 4),
        "worker_warmup_s": round(warmup_s, 3),
        "stage_mean_s": {k: round(statistics.mean(v), 4) for k, v in sorted(stages.items())},
        "gate_cost_per_task_s": {k: round(sum(v) / max(1, len(samples)), 4) for k, v in sorted(stages.items())
                                 if k.startswith("gate.")},
    }, indent=2))


if __name__ == "__main__":
    main()
