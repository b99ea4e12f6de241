"""Helpers for the app check tests: a job dir holding outputs, the originals the task gave, and
running one check against them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from forge.checks import FinalState, run_check
from forge.models import Check, CheckResult


def state(tmp_path: Path, outputs: dict[str, bytes], originals: dict[str, bytes] | None = None) -> FinalState:
    job = tmp_path / "job"
    job.mkdir(exist_ok=True)
    for path, data in outputs.items():
        target = job / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    return FinalState(job, originals or {})


def check(func: str, final: FinalState, **options: Any) -> CheckResult:
    result = run_check(Check(func=func, options=options), final)
    assert not result.error, result.message  # a check that cannot run is a bug in the test, not a verdict
    return result
