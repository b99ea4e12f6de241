"""`forge task show|materialize|solve`, `forge rubric check`, `forge gates report`: stable JSON, exit codes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from flows import stages
from flows.context import GenerateConfig, RunContext
from forge.models import Check
from forge.settings import Settings
from skills import load_taxonomy, sample_skills


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A store holding three accepted tasks and one rejected one, made by the real stages."""
    data = tmp_path_factory.mktemp("data")
    ctx = RunContext.create(GenerateConfig(n_tasks=3, seed=21), Settings(data_dir=data, libreoffice_roundtrip=False))
    stages.store_for(ctx.db_url).start_run(ctx.run_id, "generate", GenerateConfig())
    sheets = [s for s in load_taxonomy().skills if s.startswith("spreadsheet.")]  # the counts below are theirs
    for sample in sample_skills(load_taxonomy(), 3, seed=21, skill_ids=sheets):
        bundle = stages.build(ctx, sample)
        for gate in ("file", "consistency", "duplicate", "package"):
            bundle = stages.gate(ctx, bundle, gate)
        stages.accept(ctx, bundle)
    good = stages.build(ctx, sample_skills(load_taxonomy(), 1, seed=99, skill_ids=sheets)[0])
    assert good is not None
    weak = good.model_copy(update={"rubric": good.rubric.model_copy(update={
        "checks": [Check(func="file.exists", options={"file": good.outputs()[0].path})]})})
    stages.store_for(ctx.db_url).save_task(weak, ctx.run_id)
    for gate in ("file", "consistency", "duplicate", "package"):
        weak = stages.gate(ctx, weak, gate)
    assert weak is None
    return data


def forge(data_dir: Path, *args: str) -> tuple[int, object]:
    env = {**{k: v for k, v in os.environ.items() if not k.startswith("FORGE_")}, "FORGE_DATA_DIR": str(data_dir),
           "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}"}
    run = subprocess.run(["forge", *args], env=env, capture_output=True, text=True, timeout=120)
    return run.returncode, json.loads(run.stdout) if run.stdout.strip().startswith("{") else run.stdout


def accepted_id(data_dir: Path) -> str:
    return stages.store_for(Settings(data_dir=data_dir).resolved_db_url()).list_tasks(status="accepted")[0]


def test_show_prints_the_task_with_its_gate_verdicts(data_dir: Path) -> None:
    task_id = accepted_id(data_dir)
    code, shown = forge(data_dir, "task", "show", task_id[:10])  # a unique prefix is enough
    assert code == 0 and isinstance(shown, dict)
    assert shown["id"] == task_id and shown["status"] == "accepted"
    assert [g["gate"] for g in shown["gates"]] == ["file", "consistency", "duplicate", "package"]
    inputs = [f for f in shown["files"] if f["role"] == "input"]
    assert inputs and all(len(f["sha256"]) == 64 and f["bytes"] > 0 for f in inputs)
    assert "content" not in json.dumps(shown["files"])


def test_materialize_check_solve_check(data_dir: Path, tmp_path: Path) -> None:
    task_id = accepted_id(data_dir)
    job = tmp_path / "job"
    code, made = forge(data_dir, "task", "materialize", task_id, str(job))
    assert code == 0 and isinstance(made, dict)
    assert all((job / path).is_file() for path in made["files"])

    code, before = forge(data_dir, "rubric", "check", task_id, str(job), "--json")
    assert code == 1 and isinstance(before, dict) and before["passed"] is False
    assert any(not c["passed"] for c in before["checks"])

    code, solved = forge(data_dir, "task", "solve", task_id, str(job))
    assert code == 0 and isinstance(solved, dict) and solved["ok"] and solved["steps"]

    code, after = forge(data_dir, "rubric", "check", task_id, str(job), "--json")
    assert code == 0 and isinstance(after, dict) and after["passed"] is True
    assert [c["func"] for c in after["checks"]] == [c["func"] for c in before["checks"]]


def test_errors_exit_2_with_a_json_message(data_dir: Path, tmp_path: Path) -> None:
    code, out = forge(data_dir, "rubric", "check", "t-nope", str(tmp_path), "--json")
    assert code == 2 and isinstance(out, dict) and "no task 't-nope'" in out["error"]
    (tmp_path / "busy").mkdir()
    (tmp_path / "busy" / "file").write_text("x")
    code, out = forge(data_dir, "task", "materialize", accepted_id(data_dir), str(tmp_path / "busy"))
    assert code == 2 and isinstance(out, dict) and "not an empty folder" in out["error"]
    code, out = forge(data_dir, "task", "solve", accepted_id(data_dir), str(tmp_path / "busy"))
    assert code == 2 and isinstance(out, dict) and "was not made by `forge task materialize`" in out["error"]
    assert (tmp_path / "busy" / "file").stat().st_uid == os.getuid()  # left alone


@pytest.mark.parametrize(("variable", "value"), [("FORGE_CONCURRENCY", "0"), ("FORGE_DEDUP_THRESHOLD", "2")])
def test_bad_settings_exit_2_naming_the_variable(data_dir: Path, variable: str, value: str) -> None:
    env = {**os.environ, "FORGE_DATA_DIR": str(data_dir), variable: value,
           "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}"}
    for args in (["generate", "--tasks", "1"], ["gates", "report"]):
        run = subprocess.run(["forge", *args], env=env, capture_output=True, text=True, timeout=60)
        assert run.returncode == 2 and variable in run.stdout + run.stderr, args


def test_generate_refuses_zero_tasks(data_dir: Path) -> None:
    code, out = forge(data_dir, "generate", "--tasks", "0")
    assert code == 2


def test_gates_report_counts_pass_rates_and_reasons(data_dir: Path) -> None:
    code, report = forge(data_dir, "gates", "report", "--json")
    assert code == 0 and isinstance(report, dict)
    workflows = report["workflows"]
    assert sum(w["tasks"] for w in workflows.values()) == 4
    assert sum(w["accepted"] for w in workflows.values()) == 3
    reasons = [r for w in workflows.values() for r, _ in w["top_reasons"]]
    assert reasons == ["package:mutation_survives"]
    for entry in workflows.values():
        assert entry["gates"]["file"]["pass_rate"] == 1.0
