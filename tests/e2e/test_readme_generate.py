"""The README's first command, as written, on embedded defaults (pointed at a temp data dir)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from tests.unit.test_docs import ROOT

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


def test_dev_generate_prints_a_summary_and_writes_shards(cli_env: dict[str, str]) -> None:
    run = subprocess.run(["bash", "scripts/dev.sh", "generate", "--tasks", "2", "--json"], cwd=ROOT, env=cli_env,
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    summary = json.loads(run.stdout)
    shards = Path(cli_env["FORGE_DATA_DIR"]) / "shards"
    assert summary["output_dir"] == str(shards.resolve())
    assert pq.read_table(shards).num_rows == summary["counts"]["rows_written"] == 2


def test_without_a_server_the_worker_processes_report_to_the_flows_temporary_one(
    cli_env: dict[str, str], tmp_path: Path
) -> None:
    """The README's first command runs with no PREFECT_API_URL: Prefect starts one temporary server
    for the flow, and the spawned workers must use it rather than each start their own."""
    env = {k: v for k, v in cli_env.items() if k != "PREFECT_API_URL"} | {"PREFECT_HOME": str(tmp_path / "prefect")}
    run = subprocess.run(["bash", "scripts/dev.sh", "generate", "--tasks", "2", "--json"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    assert json.loads(run.stdout)["counts"]["episodes_passed"] == 2
    started = [line for line in run.stderr.splitlines() if "Starting temporary server" in line]
    assert len(started) == 1, started
