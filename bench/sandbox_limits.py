"""What the aggregate limits cost a sandbox's start. Prints one JSON object.

Measures, each `--n` times (median and p90, ms): making and removing a sandbox's cgroup
(memory + pids, v1 or v2), mounting and removing a job dir's tmpfs (`JobDir`), and a whole
open + `true` + close with the limits (the cgroup, its `sh` join before bwrap) against the
documented fallback without them (per-process rlimits only), both over a bounded job dir.

    python bench/sandbox_limits.py [--n 30]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from forge.sandbox import JobDir, SandboxCgroup, SandboxLimits, open_sandbox  # noqa: E402
from forge.sandbox._limits import discover  # noqa: E402


def _times(n: int, *variants: Callable[[], None]) -> list[dict[str, float]]:
    """Median and p90 of each variant, run in turns (A B A B ...) so load drifts hit all alike."""
    samples: list[list[float]] = [[] for _ in variants]
    for variant in variants:
        variant()  # warm imports and caches
    for _ in range(n):
        for mine, variant in zip(samples, variants, strict=True):
            started = time.perf_counter()
            variant()
            mine.append((time.perf_counter() - started) * 1000)
    return [{"median_ms": round(statistics.median(s), 3), "p90_ms": round(sorted(s)[int(0.9 * (n - 1))], 3)}
            for s in samples]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=30, help="repetitions of each measurement")
    args = parser.parse_args()
    limits = SandboxLimits()
    fallback = SandboxLimits(cgroup_parent="/forge-bench-no-such-cgroup", require_aggregate_limits=False)

    def cgroup() -> None:
        SandboxCgroup.create(limits.memory_mb, limits.max_processes).remove()

    with tempfile.TemporaryDirectory(prefix="forge-bench-limits-") as tmp:
        root = Path(tmp)

        def job_dir() -> None:
            JobDir.create(root, limits).remove()

        def sandbox(chosen: SandboxLimits) -> Callable[[], None]:
            def cycle() -> None:
                job = JobDir.create(root, chosen)
                try:
                    with open_sandbox(job.path, chosen) as box:
                        box.run("true")
                finally:
                    job.remove()
            return cycle

        with_limits, rlimits_only = _times(args.n, sandbox(limits), sandbox(fallback))
        figures = {
            "cgroup_create_remove": _times(args.n, cgroup)[0],
            "job_dir_tmpfs_mount_remove": _times(args.n, job_dir)[0],
            "open_true_close_with_limits": with_limits,
            "open_true_close_rlimits_only": rlimits_only,
        }
    print(json.dumps({
        "bench": "sandbox_limits",
        "figures": figures,
        "cgroups": [{"version": h.version, "controllers": list(h.controllers)} for h in discover()],
        "parameters": {"n": args.n, "memory_mb": limits.memory_mb, "max_processes": limits.max_processes,
                       "disk_mb": limits.disk_mb},
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform(), "python": platform.python_version(),
                    "load_1m": os.getloadavg()[0]},
    }, indent=2))


if __name__ == "__main__":
    main()
