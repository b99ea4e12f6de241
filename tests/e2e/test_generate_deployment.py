"""The main path users take: serve the deployment, trigger it with Prefect's CLI, read the shards."""

from __future__ import annotations

import json
import re
import subprocess
import time
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from forge.dataset import MANIFEST, read_manifest
from forge.settings import Settings
from forge.store import open_store
from tests.support.processes import running_below

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


def test_deployment_run_writes_shards_that_match_the_store(cli_env: dict[str, str], tmp_path: Path) -> None:
    out = tmp_path / "shards"
    serve = subprocess.run(["forge", "serve", "--detach"], env=cli_env, capture_output=True, text=True, timeout=300)
    try:
        assert serve.returncode == 0, serve.stdout + serve.stderr
        _deployment_run(cli_env, "n_tasks=4", "seed=7", f"output_dir={out}")  # at once, as the README does
        _shards_match_the_store(out, tmp_path / "data" / "forge.db")

        # once the serve's waiting process has started the next run's workers, a run uses them
        serve_pid = int(re.search(r"\(pid\s+(\d+);", serve.stdout)[1])
        deadline = time.monotonic() + 180
        while len(running_below(serve_pid, "soffice.bin")) < Settings().concurrency:
            assert time.monotonic() < deadline, "the waiting process never started the next run's workers"
            time.sleep(0.5)
        logs = _deployment_run(cli_env, "n_tasks=2", "seed=8", f"output_dir={tmp_path / 'second'}")
        assert "worker processes were started before it (pids " in logs, logs
    finally:
        stop = subprocess.run(["forge", "serve", "stop"], env=cli_env, capture_output=True, text=True, timeout=120)
        assert stop.returncode == 0, stop.stderr


def _deployment_run(cli_env: dict[str, str], *params: str) -> str:
    """Run the deployment as the README does, to its end; its log."""
    run = subprocess.run(
        ["prefect", "deployment", "run", "forge/generate", *[a for p in params for a in ("--param", p)],
         "--watch", "--watch-timeout", "400"], env=cli_env, capture_output=True, text=True, timeout=450, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Completed" in run.stdout + run.stderr
    run_id = re.search(r"UUID: ([0-9a-f-]{36})", run.stdout + run.stderr)
    assert run_id, run.stdout
    logs = subprocess.run(["prefect", "flow-run", "logs", run_id[1]], env=cli_env, capture_output=True, text=True,
                          timeout=120, check=False)
    return logs.stdout + logs.stderr


def _shards_match_the_store(out: Path, db: Path) -> None:
    manifest = read_manifest(out)
    assert manifest is not None and manifest.rows == 4
    table = pq.ParquetDataset([str(out / s.name) for s in manifest.shards]).read()
    assert table.num_rows == 4
    assert json.loads((out / MANIFEST).read_text())["schema_version"] == 2

    store = open_store(f"sqlite:///{db}")
    stored = {e.id: e for e in store.episodes(passed=True)}
    rows = table.to_pylist()
    assert {r["episode_id"] for r in rows} == set(stored)
    for row in rows:
        episode = stored[row["episode_id"]]
        task = store.get_task(row["task_id"])
        assert task is not None and store.task_status(task.id) == "accepted"
        assert row["instruction"] == task.instruction
        assert row["teacher_kind"] == "reference-replay" and row["teacher_model"] is None
        assert [s["action"] for s in row["steps"]] == [s.action for s in episode.steps]
        assert [s["observation_text"] for s in row["steps"]] == [s.observation.text for s in episode.steps]
        assert row["passed"] and all(c["passed"] for c in row["checks"])

