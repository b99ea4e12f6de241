"""The flow's default worker count follows the cores Forge may run on, not the machine's total."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from forge.settings import Settings

COUNT = "import os; os.sched_setaffinity(0, {0}); from forge.settings import Settings; print(Settings().concurrency)"


def test_one_worker_more_than_the_cores_this_process_may_use() -> None:
    env = {k: v for k, v in os.environ.items() if k != "FORGE_CONCURRENCY"}
    pinned = subprocess.run([sys.executable, "-c", COUNT], capture_output=True, text=True, check=True, env=env)
    assert pinned.stdout.strip() == "2"  # pinned to one core: one worker more


def test_the_setting_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FORGE_CONCURRENCY", "5")
    assert Settings(_env_file=None).concurrency == 5
