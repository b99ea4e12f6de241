"""How cheap is a sandbox? Prints one JSON object.

Measures open + first `true` + close (the per-episode fixed cost; with and without the warm
python, whose server is forked per sandbox shell), the round trip of `true`
in a warm shell, open+true+close throughput from a few threads (the gate opens several
sandboxes per task and wants >= 10 tasks/s on 2 cores), and python3 calls inside: a bare
`python3 -c pass`, `import openpyxl`, and a realistic check script (load a small xlsx, add a
row, save), each cold (a fresh interpreter) and warm (forked by the sandbox's own warm-python
server; see `forge.sandbox.zygote`), with the CPU the whole machine spent per call, and tasks/s for a
verification-shaped load (a sandbox per task, that script 6 times in it). Warm calls are
measured with the native shim (`_pyshim.c`, when a C compiler is there) and the Python shim;
`bare_loop_per_call_ms` times `python3 -c pass` in a shell loop, without the round trip.

    python bench/sandbox_start.py [--n 20] [--commands 200] [--threads 2] [--calls 20] [--tasks 20]
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
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from forge.sandbox import BwrapBackend, SandboxLimits, open_sandbox, zygote

_PYTHON_CALLS = {
    "bare": "python3 -c pass",
    "import_openpyxl": "python3 -c 'import openpyxl'",
    "xlsx_load_append_save": "python3 edit.py",
}
_EDIT = b"""from openpyxl import load_workbook
wb = load_workbook("book.xlsx")
ws = wb.active
ws.append([ws.max_row, "added", 1.5])
wb.save("book.xlsx")
"""


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


def _busy_jiffies() -> int:
    """CPU time the whole machine spent (user+nice+system+irq+softirq), in clock ticks."""
    fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]
    return sum(int(fields[i]) for i in (0, 1, 2, 5, 6))


def _small_xlsx() -> bytes:
    from io import BytesIO

    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.append(["id", "name", "value"])
    for i in range(50):
        ws.append([i, f"row {i}", i * 1.5])
    out = BytesIO()
    wb.save(out)
    return out.getvalue()


@contextmanager
def _shim(kind: str) -> Iterator[None]:
    """Sandboxes opened inside get the native python3 shim ("c") or the Python one ("python")."""
    saved = zygote.SHIM_COMPILER
    zygote.SHIM_COMPILER = saved if kind == "c" else None
    zygote.close_all()  # a new manager, so a new shim dir (and zygote)
    try:
        yield
    finally:
        zygote.SHIM_COMPILER = saved
        zygote.close_all()


def _python_calls(
    root: Path, limits: SandboxLimits, warm: bool, calls: int, shim: str = "c"
) -> dict[str, object]:
    """Median round trip of each python3 call in one sandbox; cold: a fresh interpreter each time."""
    job = root / f"python-{'warm' if warm else 'cold'}-{shim}"
    job.mkdir()
    report: dict[str, object] = {}
    backend = BwrapBackend(warm_python=warm)
    with _shim(shim), backend.open(job, limits) as box:
        box.put_file("book.xlsx", _small_xlsx())
        box.put_file("edit.py", _EDIT)
        served = box.run("python3 -c 'import os; print(os.getppid())'").stdout.strip() == "0"
        if served != warm:
            raise SystemExit(f"expected warm={warm}, but the zygote served={served}")
        if warm:
            assert backend.warm_python_spec is not None
            report["shim"] = zygote.warm_python(backend.warm_python_spec).shim_kind
        for name, command in _PYTHON_CALLS.items():
            box.run(command)  # page cache (and, warm, the zygote's start-up)
            samples = []
            ticks = _busy_jiffies()
            for _ in range(calls):
                t0 = time.perf_counter()
                result = box.run(command)
                samples.append(time.perf_counter() - t0)
                if result.exit_code != 0:
                    raise SystemExit(f"{command!r} failed inside the sandbox: {result.stderr}")
            cpu_ms = (_busy_jiffies() - ticks) * 1000 / os.sysconf("SC_CLK_TCK") / calls
            report[name] = {**_stats(samples), "machine_cpu_ms_per_call": round(cpu_ms, 1)}
        loop = f"for i in $(seq {calls}); do python3 -c pass || exit 1; done"
        t0 = time.perf_counter()
        if box.run(loop).exit_code != 0:
            raise SystemExit("python3 -c pass failed in a loop inside the sandbox")
        report["bare_loop_per_call_ms"] = round((time.perf_counter() - t0) * 1000 / calls, 3)
    return report


def _tasks_per_second(root: Path, limits: SandboxLimits, warm: bool, tasks: int, threads: int) -> float:
    """A verification-shaped load: per task, open a sandbox, run the xlsx script 6 times, close."""
    backend = BwrapBackend(warm_python=warm)
    book = _small_xlsx()

    def task(i: int) -> None:
        job = root / f"task-{'warm' if warm else 'cold'}-{i}"
        job.mkdir()
        with backend.open(job, limits) as box:
            box.put_file("book.xlsx", book)
            box.put_file("edit.py", _EDIT)
            for _ in range(6):
                if box.run("python3 edit.py").exit_code != 0:
                    raise SystemExit("the xlsx script failed inside the sandbox")

    t0 = time.perf_counter()
    with ThreadPoolExecutor(threads) as pool:
        list(pool.map(task, range(tasks)))
    return round(tasks / (time.perf_counter() - t0), 2)


def _zygote_start(root: Path, limits: SandboxLimits) -> float:
    """Open + first `python3 -c pass` with no zygote running yet (it starts on the first open)."""
    zygote.close_all()
    job = root / "zygote-start"
    job.mkdir()
    t0 = time.perf_counter()
    with BwrapBackend(warm_python=True).open(job, limits) as box:
        box.run("python3 -c pass")
    return time.perf_counter() - t0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=20, help="open+true+close cycles")
    parser.add_argument("--commands", type=int, default=200, help="warm `true` round trips")
    parser.add_argument("--imports", type=int, default=5, help="`import openpyxl` runs")
    parser.add_argument("--threads", type=int, default=2, help="threads for the throughput run")
    parser.add_argument("--calls", type=int, default=20, help="python3 calls per kind, warm and cold")
    parser.add_argument("--tasks", type=int, default=20, help="tasks (6 xlsx script calls each), warm")
    args = parser.parse_args()
    limits = SandboxLimits()

    with tempfile.TemporaryDirectory(prefix="forge-bench-") as tmp:
        root = Path(tmp)
        _cycle(root, -1, limits)  # warm the page cache and imports
        with open_sandbox(root / "job--1", limits) as box:
            box.run("python3 -c pass")  # and wait for the warm python zygote to finish its imports
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

        cold_starts = []
        for i in range(args.n):
            job = root / f"cold-{i}"
            job.mkdir()
            t0 = time.perf_counter()
            with BwrapBackend(warm_python=False).open(job, limits) as box:
                box.run("true")
            cold_starts.append(time.perf_counter() - t0)
        zygote_start = _zygote_start(root, limits)
        python = {
            "cold": _python_calls(root, limits, False, args.calls),
            "warm": _python_calls(root, limits, True, args.calls),
            "warm_python_shim": _python_calls(root, limits, True, args.calls, shim="python"),
        }
        cold_tasks = max(2, args.tasks // 4)  # ~8x slower: fewer of them
        tasks = {
            "threads": args.threads,
            "warm_tasks": args.tasks,
            "cold_tasks": cold_tasks,
            "cold_per_second": _tasks_per_second(root, limits, False, cold_tasks, args.threads),
            "warm_per_second": _tasks_per_second(root, limits, True, args.tasks, args.threads),
        }

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
        "sandbox_start_open_true_close_without_warm_python": _stats(cold_starts),
        "zygote_start_open_and_first_python_ms": round(zygote_start * 1000, 1),
        "python_calls_inside": python,
        "tasks_of_6_xlsx_calls": tasks,
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
            "calls": args.calls,
            "tasks": args.tasks,
            "limits": limits.model_dump(),
        },
    }
    sys.stdout.write(json.dumps(report) + "\n")


if __name__ == "__main__":
    main()
