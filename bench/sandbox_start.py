"""How cheap is a sandbox? Prints one JSON object.

Measures open + first `true` + close (the per-episode fixed cost), the round trip of `true`
in a warm shell, `import openpyxl` inside, and open+true+close throughput from a few threads
(the gate opens several sandboxes per task and wants >= 10 tasks/s on 2 cores).

    python bench/sandbox_start.py [--n 20] [--commands 200] [--threads 2]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from forge.sandbox import SandboxLimits, open_sandbox


def _stats(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    p90 = ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]
    return {
        "median_ms": round(statistics.median(ordered) * 1000, 3),
        "p90_ms": round(p90 * 1000, 3),
        "min_ms": round(ordered[0] * 1000, 3),
        "max_ms": round(ordered[-1] * 1000, 3),
    }


def _cycle(root: Path, index: int, limits: SandboxLimits) -> float:
    job = root / f"job-{index}"
    job.mkdir()
    started = time.perf_counter()
    with open_sandbox(job, limits) as box:
        box.run("true")
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=20, help="open+true+close cycles")
    parser.add_argument("--commands", type=int, default=200, help="warm `true` round trips")
    parser.add_argument("--imports", type=int, default=5, help="`import openpyxl` runs")
    parser.add_argument("--threads", type=int, default=2, help="threads for the throughput run")
    args = parser.parse_args()
    limits = SandboxLimits()

    with tempfile.TemporaryDirectory(prefix="forge-bench-") as tmp:
        root = Path(tmp)
        _cycle(root, -1, limits)  # warm the page cache and imports
        starts = [_cycle(root, i, limits) for i in range(args.n)]

        job = root / "warm"
        job.mkdir()
        with open_sandbox(job, limits) as box:
            round_trips = []
            for _ in range(args.commands):
                t0 = time.perf_counter()
                box.run("true")
                round_trips.append(time.perf_counter() - t0)
            imports = []
            for _ in range(args.imports):
                t0 = time.perf_counter()
                result = box.run("python3 -c 'import openpyxl'")
                imports.append(time.perf_counter() - t0)
                if result.exit_code != 0:
                    raise SystemExit(f"import openpyxl failed inside the sandbox: {result.stderr}")

        total = args.n * args.threads
        t0 = time.perf_counter()
        with ThreadPoolExecutor(args.threads) as pool:
            list(pool.map(lambda i: _cycle(root, 1000 + i, limits), range(total)))
        parallel_s = time.perf_counter() - t0

    bwrap_version = subprocess.run(
        ["bwrap", "--version"], check=False, capture_output=True, text=True
    ).stdout.strip()
    report = {
        "sandbox_start_open_true_close": _stats(starts),
        "warm_true_round_trip": _stats(round_trips),
        "import_openpyxl_inside": {**_stats(imports), "first_ms": round(imports[0] * 1000, 3)},
        "parallel_open_true_close": {
            "threads": args.threads,
            "sandboxes": total,
            "per_second": round(total / parallel_s, 1),
        },
        "machine": {
            "cpu_count": os.cpu_count(),
            "platform": platform.platform(),
            "python": platform.python_version(),
            "bwrap": bwrap_version,
            "euid": os.geteuid(),
        },
        "parameters": {
            "n": args.n,
            "commands": args.commands,
            "imports": args.imports,
            "threads": args.threads,
            "limits": limits.model_dump(),
        },
    }
    sys.stdout.write(json.dumps(report) + "\n")


if __name__ == "__main__":
    main()
