"""Benchmark: generate N verified tasks through every stage, print one JSON object.

    python bench/generate.py --tasks 40 --workers 2 [--libreoffice]

Stages are timed in-process (no Prefect), with the same plain functions the flow wraps: the
workflow, each gate in order (the package gate's probes too), the episode, the judge, the write.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import tempfile
import threading
import time
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from forge.dataset import write_manifest, write_shard
from forge.environment import TaskEnvironment
from forge.harness import HARNESSES, ReplayTeacher, run_steps
from forge.judge import ProgrammaticJudge
from forge.models import Episode
from forge.sandbox import SandboxLimits, open_sandbox
from gates import GATE_ORDER, GateContext, NearDuplicateIndex, run_gate
from gates.roundtrip import libreoffice_roundtrip
from skills import load_taxonomy, sample_skills
from workflows import WORKFLOWS

_lock = threading.Lock()


class Timings:
    def __init__(self) -> None:
        self.samples: dict[str, list[float]] = defaultdict(list)

    def add(self, stage: str, seconds: float) -> None:
        with _lock:
            self.samples[stage].append(seconds)

    def timed(self, stage: str, fn, *args):  # noqa: ANN001, ANN202
        started = time.perf_counter()
        try:
            return fn(*args)
        finally:
            self.add(stage, time.perf_counter() - started)


def one_task(sample, ctx: GateContext, timings: Timings):  # noqa: ANN001, ANN201
    harness, teacher, judge = HARNESSES.get("terminal"), ReplayTeacher(), ProgrammaticJudge()
    bundle = timings.timed("workflow", WORKFLOWS.get(sample.skill.workflow).build, sample.skill, sample.seed)
    for gate in GATE_ORDER:
        result = timings.timed(f"gate.{gate}", run_gate, gate, bundle, ctx)
        for probe, seconds in result.details.get("probe_seconds", {}).items():
            timings.add(f"gate.package.{probe}", seconds)
        if not result.passed:
            timings.add(f"rejected.{gate}:{result.reason}", 0.0)
            return None
    started = time.perf_counter()
    with TaskEnvironment(bundle, ctx.scratch_root) as env:
        env.materialize()
        steps, _ = run_steps(env, bundle, harness, teacher)
        timings.add("episode", time.perf_counter() - started)
        outcome = timings.timed("judge", judge.judge, bundle, env.final_state(), steps)
    episode = Episode(id=f"e-bench-{bundle.id}", task_id=bundle.id, harness=harness.name, harness_version=harness.version,
                      teacher=teacher.info, judge=judge.name, steps=steps, rubric=outcome.rubric, status="completed")
    return (episode, bundle) if episode.passed else None


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
    parser.add_argument("--tasks", type=int, default=40)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--libreoffice", action="store_true", help="Include the file gate's LibreOffice round trip.")
    args = parser.parse_args()
    samples = sample_skills(load_taxonomy(), args.tasks, args.seed)
    timings = Timings()
    with tempfile.TemporaryDirectory(prefix="forge-bench-") as tmp:
        scratch = Path(tmp)
        start_s = sandbox_start_s(scratch)
        roundtrip = libreoffice_roundtrip(scratch / "lo") if args.libreoffice else None
        ctx = GateContext(scratch_root=scratch, limits=SandboxLimits(), roundtrip=roundtrip,
                          duplicates=NearDuplicateIndex())
        started = time.perf_counter()
        with ThreadPoolExecutor(max_workers=args.workers) as pool:
            results = list(pool.map(lambda s: one_task(s, ctx, timings), samples))
        kept = [r for r in results if r is not None]
        out = scratch / "shards"
        out.mkdir()
        info = timings.timed("write", write_shard, out, 0, kept)
        write_manifest(out, [info])
        wall = time.perf_counter() - started
    stages = {k: v for k, v in timings.samples.items() if not k.startswith("rejected.")}
    print(json.dumps({
        "benchmark": "generate",
        "parameters": {"tasks": args.tasks, "workers": args.workers, "seed": args.seed,
                       "libreoffice_roundtrip": roundtrip is not None, "gates": GATE_ORDER},
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform(), "python": platform.python_version()},
        "verified_tasks": len(kept),
        "rejected": {k.removeprefix("rejected."): len(v) for k, v in timings.samples.items() if k.startswith("rejected.")},
        "wall_s": round(wall, 3),
        "verified_tasks_per_s": round(len(kept) / wall, 3),
        "sandbox_start_s": round(start_s, 4),
        "stage_mean_s": {k: round(statistics.mean(v), 4) for k, v in sorted(stages.items())},
        "gate_cost_per_task_s": {k: round(sum(v) / max(1, len(samples)), 4) for k, v in sorted(stages.items())
                                 if k.startswith("gate.")},
    }, indent=2))


if __name__ == "__main__":
    main()
