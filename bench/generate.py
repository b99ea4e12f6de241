"""Benchmark: generate N verified tasks through every stage, print one JSON object.

    python bench/generate.py --tasks 20 --workers 2

Stages are timed in-process (no Prefect), with the same plain functions the flow wraps.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from forge.dataset import write_manifest, write_shard
from forge.environment import TaskEnvironment
from forge.harness import HARNESSES, ReplayTeacher, run_steps
from forge.judge import ProgrammaticJudge
from forge.models import Episode
from forge.sandbox import SandboxLimits, open_sandbox
from gates import GateContext, run_gate
from skills import load_taxonomy, sample_skills
from workflows import WORKFLOWS


def _timed(timings: dict[str, list[float]], stage: str, fn, *args, **kwargs):  # noqa: ANN001, ANN202
    started = time.perf_counter()
    value = fn(*args, **kwargs)
    timings.setdefault(stage, []).append(time.perf_counter() - started)
    return value


def one_task(sample, scratch: Path, timings: dict[str, list[float]]):  # noqa: ANN001, ANN201
    harness, teacher, judge = HARNESSES.get("terminal"), ReplayTeacher(), ProgrammaticJudge()
    bundle = _timed(timings, "workflow", WORKFLOWS.get(sample.skill.workflow).build, sample.skill, sample.seed)
    ctx = GateContext(scratch_root=scratch, limits=SandboxLimits())
    for gate in ("file", "package"):
        if not _timed(timings, f"{gate}_gate", run_gate, gate, bundle, ctx).passed:
            return None
    started = time.perf_counter()
    with TaskEnvironment(bundle, scratch) as env:
        env.materialize()
        steps, _ = run_steps(env, bundle, harness, teacher)
        timings.setdefault("episode", []).append(time.perf_counter() - started)
        outcome = _timed(timings, "judge", judge.judge, bundle, env.final_state(), steps)
    episode = Episode(id=f"e-bench-{bundle.id}", task_id=bundle.id, harness=harness.name, harness_version=harness.version,
                      teacher=teacher.info, judge=judge.name, steps=steps, rubric=outcome.rubric, status="completed")
    return episode, bundle


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
    parser.add_argument("--tasks", type=int, default=20)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    samples = sample_skills(load_taxonomy(), args.tasks, args.seed)
    timings: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory(prefix="forge-bench-") as tmp:
        scratch = Path(tmp)
        start_s = sandbox_start_s(scratch)
        started = time.perf_counter()
        with ThreadPoolExecutor(max_workers=args.workers) as pool:
            results = list(pool.map(lambda s: one_task(s, scratch, timings), samples))
        kept = [r for r in results if r is not None]
        out = scratch / "shards"
        out.mkdir()
        info = _timed(timings, "write", write_shard, out, 0, kept)
        write_manifest(out, [info])
        wall = time.perf_counter() - started
    print(json.dumps({
        "benchmark": "generate",
        "parameters": {"tasks": args.tasks, "workers": args.workers, "seed": args.seed},
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform(), "python": platform.python_version()},
        "verified_tasks": len(kept),
        "wall_s": round(wall, 3),
        "verified_tasks_per_s": round(len(kept) / wall, 3),
        "sandbox_start_s": round(start_s, 4),
        "stage_mean_s": {k: round(statistics.mean(v), 4) for k, v in sorted(timings.items())},
        "stage_total_s": {k: round(sum(v), 3) for k, v in sorted(timings.items())},
    }, indent=2))


if __name__ == "__main__":
    main()
