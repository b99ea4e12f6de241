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
