"""The `forge` command as users run it, against the session's real Prefect server."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pyarrow.parquet as pq
import pytest

pytestmark = pytest.mark.slow


def forge(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["forge", *args], env=env, capture_output=True, text=True, timeout=300)


def test_generate_prints_a_json_summary_and_writes_shards(cli_env: dict[str, str], tmp_path: Path) -> None:
    out = tmp_path / "shards"
    run = forge("generate", "--tasks", "3", "--seed", "2", "--output-dir", str(out), "--json", env=cli_env)
    assert run.returncode == 0, run.stderr
    summary = json.loads(run.stdout)
    assert summary["counts"]["accepted"] == 3 and summary["counts"]["rows_written"] == 3
    assert summary["teacher"] == "reference-replay" and summary["judge"] == "programmatic"
    assert pq.read_table(out).num_rows == 3

    again = json.loads(forge("generate", "--tasks", "3", "--seed", "2", "--output-dir", str(out), "--json",
                             env=cli_env).stdout)
    assert again["run_id"] == summary["run_id"] and again["counts"]["rows_written"] == 0
    assert pq.read_table(out).num_rows == 3


def test_unknown_skills_are_recorded_and_the_rest_run(cli_env: dict[str, str], tmp_path: Path) -> None:
    run = forge("generate", "--tasks", "1", "--skill", "spreadsheet.no.such", "--skill", "spreadsheet.data.sort.ascending",
                "--output-dir", str(tmp_path / "o"), "--json", env=cli_env)
    assert run.returncode == 0, run.stderr
    summary = json.loads(run.stdout)
    assert summary["rejections"] == {"sample:unknown_skill": 1} and summary["counts"]["rows_written"] == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--harness", "gui"], "unknown harness 'gui'; known: terminal"),
        (["--output-dir", "/proc/forge-shards"], "pass a writable --output-dir"),
        (["--skill", "spreadsheet.no.such"], "none of the requested skills exist"),
    ],
)
def test_bad_input_gets_a_clear_message_and_exit_2(args: list[str], message: str, cli_env: dict[str, str]) -> None:
    run = forge("generate", "--tasks", "1", *args, env=cli_env)
    assert run.returncode == 2
    assert message in " ".join(run.stderr.split())


def test_a_configured_model_endpoint_is_refused_not_silently_replayed(cli_env: dict[str, str]) -> None:
    run = forge("generate", "--tasks", "1", env={**cli_env, "FORGE_TEACHER_BASE_URL": "http://127.0.0.1:9/v1"})
    assert run.returncode == 2
    assert "no model-backed teacher" in " ".join(run.stderr.split())


def test_skills_list_shows_the_taxonomy(cli_env: dict[str, str]) -> None:
    run = forge("skills", "list", "--json", env=cli_env)
    skills = json.loads(run.stdout)
    assert {"spreadsheet.data.sort.ascending", "spreadsheet.formula.total_row.sum"} <= {s["id"] for s in skills}
