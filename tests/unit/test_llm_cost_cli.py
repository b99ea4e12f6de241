"""`forge cost`: per stage, per task and per accepted trajectory, from a real store."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from forge.cli.app import app
from forge.store import ModelCallRecord, open_store
from tests.unit.test_store import make_bundle, make_episode


def test_forge_cost_reports_per_stage_task_and_accepted_trajectory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FORGE_DATA_DIR", str(tmp_path))
    store = open_store(f"sqlite:///{(tmp_path / 'forge.db').resolve()}")
    task = make_bundle()
    store.save_task(task, "r1")
    store.save_episode(make_episode(task.id, "e-good"), "r1")
    store.save_episode(make_episode(task.id, "e-bad", passed=False), "r1")
    calls = [("author", None, 1000, 0.01), ("teacher", "e-good", 5000, 0.05), ("judge", "e-good", 2000, 0.02),
             ("teacher", "e-bad", 4000, 0.04)]
    for role, episode, tokens, cost in calls:
        store.record_model_call(ModelCallRecord(role=role, model=f"{role}-m", prompt_tokens=tokens, completion_tokens=100,
                                                cost_usd=cost, run_id="r1", task_id=task.id, episode_id=episode))
    store.record_model_call(ModelCallRecord(role="teacher", model="teacher-m", prompt_tokens=5000, cost_usd=0.05,
                                            cache_hit=True, run_id="r1", task_id=task.id, episode_id="e-good"))
    store.close()

    result = CliRunner().invoke(app, ["cost", "--run", "r1", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["totals"]["calls"] == 5 and report["totals"]["cache_hits"] == 1
    assert report["totals"]["cost_usd"] == pytest.approx(0.12) and report["totals"]["total_tokens"] == 12400
    assert {line["key"]: line["cost_usd"] for line in report["by_stage"]} == pytest.approx(
        {"author": 0.01, "teacher": 0.09, "judge": 0.02})
    (kept,) = report["by_accepted_trajectory"]
    assert kept["key"] == "e-good" and kept["cost_usd"] == pytest.approx(0.07)
    assert report["per_accepted_trajectory"] == {"count": 1, "tokens": 12400.0, "cost_usd": pytest.approx(0.12)}
    assert report["per_task"]["count"] == 1 and report["published"]["workflow_first"]["cost_per_task_usd"] == 0.158

    table = CliRunner().invoke(app, ["cost", "--run", "r1"])
    assert table.exit_code == 0 and "by accepted trajectory" in table.output and "e-good" in table.output


def test_the_cli_loads_no_store_before_a_command_runs() -> None:
    """`forge generate` starts its workers' fork server first thing in the command; whatever the
    CLI module loads before that (SQLAlchemy and the store, ~0.3 s) delays the run's first batch."""
    script = "import sys, forge.cli.app; print(sorted(m for m in ('forge.store', 'sqlalchemy') if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                          cwd=Path(__file__).parents[2])
    assert done.stdout.strip() == "[]"
