"""The training benches run and print one JSON object (figures are for the bench, not asserted here)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench"


def _run(*args: str) -> dict:
    done = subprocess.run([sys.executable, *args], capture_output=True, text=True, check=False, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_gpu_mfu_script_runs_with_a_tiny_shape_on_cpu() -> None:
    out = _run(str(BENCH / "gpu_mfu.py"), "--tiny", "--steps", "1", "--warmup", "0")
    assert out["bench"] == "gpu_mfu" and out["gpu_run"] is False and out["mfu"] is None
    assert out["tokens_per_s"] > 0 and out["bin_tokens"] == 1024 and out["bin_fill"] > 0.9


def test_packing_bench_reports_best_fit_against_greedy() -> None:
    out = _run(str(BENCH / "packing.py"), "--examples", "3000")
    assert out["best_fit_decreasing"]["bins"] < out["greedy"]["bins"]
    assert out["best_fit_decreasing"]["bins"] >= out["lower_bound_bins"]
