"""The README's Prefect deployment block, pasted as one piece exactly as written, leaves nothing running.

Only the environment differs from a user's shell: a fresh data dir and a free port
(`FORGE_SERVER_PORT`), so the block's own `forge server start` cannot collide with anything here.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from forge.dataset import read_manifest
from forge.store import open_store
from tests.conftest import free_port
from tests.unit.test_docs import ROOT

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

SUBREAPER = Path(__file__).with_name("_subreaper.py")


def sh_block(page: Path, heading: str) -> str:
    """The first ```sh block under `heading` in `page`, as written."""
    section = page.read_text().split(f"\n{heading}\n", 1)[1]
    match = re.search(r"^```sh\n(.*?)^```", section, flags=re.S | re.M)
    assert match, f"no sh block under {heading!r} in {page.name}"
    return match.group(1)


def readme_block() -> str:
    return sh_block(ROOT / "README.md", "## Running it as a Prefect deployment")


def test_the_deployment_page_shows_the_block_the_readme_runs() -> None:
    assert sh_block(ROOT / "docs" / "deployment.md", "## One piece, start to stop") == readme_block()


def test_the_deployment_block_runs_as_written_and_leaves_nothing_running(tmp_path: Path) -> None:
    block = readme_block()
    data, port = tmp_path / "data", free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("FORGE_", "PREFECT_", "VIRTUAL_ENV"))}
    env.update(FORGE_DATA_DIR=str(data), FORGE_SERVER_PORT=str(port))
    report = tmp_path / "report.json"

    run = subprocess.run([sys.executable, str(SUBREAPER), block, str(report)], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=900)
    output = run.stdout + run.stderr
    result = json.loads(report.read_text())
    assert result["left"] == [], f"the block left processes running: {result['left']}\n{output[-3000:]}"
    assert result["rc"] == 0, output[-3000:]
    assert f"http://127.0.0.1:{port}/api" in output  # the block's server took FORGE_SERVER_PORT

    params = dict(re.findall(r"--param (\w+)=(\S+)", block))
    with sqlite3.connect(data / "prefect" / "prefect.db") as db:  # the block's own Prefect server's database
        runs = db.execute("SELECT r.state_type, r.parameters FROM flow_run r JOIN deployment d ON d.id = r.deployment_id "
                          "JOIN flow f ON f.id = d.flow_id WHERE f.name = 'forge' AND d.name = 'generate'").fetchall()
    assert [(state, {k: str(v) for k, v in json.loads(p).items()}) for state, p in runs] == [("COMPLETED", params)]

    shards = data / "shards"
    manifest = read_manifest(shards)
    passed = open_store(f"sqlite:///{data / 'forge.db'}").episodes(passed=True)
    assert manifest is not None and manifest.rows == len(passed) > 0
    assert pq.read_table(shards).num_rows == manifest.rows
    assert {r["episode_id"] for r in pq.read_table(shards).to_pylist()} == {e.id for e in passed}
