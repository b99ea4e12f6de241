"""`forge evolve`: variants from a file, a dev set of stored tasks, per-variant scores printed, the chosen
variant recorded as the next harness version; the teacher is a scripted local OpenAI-protocol server."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from prefect.settings import PREFECT_API_URL, temporary_settings
from typer.testing import CliRunner

from forge.cli.app import app
from forge.harness.versions import resolve_harness
from forge.prefect_server import ServerInfo
from forge.settings import Settings
from forge.store import open_store
from skills import load_taxonomy
from tests.integration.test_llm_evolve import MARKER, careful_only_when_told
from tests.support.openai_server import FakeOpenAI
from workflows import WORKFLOWS


def test_forge_evolve_scores_variants_from_a_file_and_records_the_winner(
        prefect_server: ServerInfo, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    skill = load_taxonomy().get("spreadsheet.data.sort.ascending")
    tasks = [WORKFLOWS.get(skill.workflow).build(skill, seed=s) for s in (11, 12)]
    monkeypatch.setenv("FORGE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("FORGE_LLM_MAX_RETRIES", "0")
    store = open_store(Settings(_env_file=None).resolved_db_url())  # type: ignore[call-arg]
    for task in tasks:
        store.save_task(task, "seed-run")
        store.set_task_status(task.id, "accepted")
    variants = tmp_path / "variants.json"
    variants.write_text(json.dumps([{"label": "verify", "prompt_suffix": MARKER},
                                    {"label": "short", "scaffold": {"max_steps": 1}}]))
    again = tmp_path / "again.toml"
    again.write_text('[[variants]]\nlabel = "quick"\nprompt_suffix = "Be quick."\n')
    with FakeOpenAI(default=careful_only_when_told(tasks)) as server, \
            temporary_settings(updates={PREFECT_API_URL: prefect_server.url}):
        monkeypatch.setenv("FORGE_TEACHER_BASE_URL", server.base_url)
        monkeypatch.setenv("FORGE_TEACHER_MODEL", "teacher-m")
        first = CliRunner().invoke(app, ["evolve", "--variants", str(variants), "--task", tasks[0].id,
                                         "--task", tasks[1].id, "--json"])
        second = CliRunner().invoke(app, ["evolve", "-v", str(again), "--tasks", "5"], env={"COLUMNS": "200"})

    assert first.exit_code == 0, first.output
    result = json.loads(first.output)
    scores = {s["label"]: s for s in result["scores"]}
    assert sorted(result["dev_set"]) == sorted(t.id for t in tasks)
    assert (scores["base"]["success_rate"], scores["verify"]["success_rate"], scores["short"]["success_rate"]) == (0, 1, 0)
    assert result["chosen"] == "verify" and result["recorded_version"] == "β"
    assert resolve_harness("terminal", store).system_prompt.endswith(MARKER)

    assert second.exit_code == 0, second.output
    assert "quick" in second.output and "base" in second.output and "100%" in second.output  # β is the base now
    assert "chosen: none" in second.output and "no variant beat the base" in second.output
    assert [v.version for v in store.harness_versions("terminal")] == ["β"]


@pytest.mark.parametrize(("content", "suffix", "message"), [
    ("[]", ".json", "holds no variants"),
    ('[{"label": "a b"}]', ".json", "variant 1: label"),
    ('[{"label": "x", "tools": ["telepathy"]}]', ".json", "variant 1: tools.0"),
    ('[{"label": "x"}, {"label": "x"}]', ".json", "labels must be unique"),
    ("[[variants]\nlabel=", ".toml", "is not valid TOML"),
])
def test_a_bad_variants_file_exits_2_naming_the_file_and_the_fix(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                 content: str, suffix: str, message: str) -> None:
    monkeypatch.setenv("FORGE_DATA_DIR", str(tmp_path / "data"))
    path = tmp_path / f"variants{suffix}"
    path.write_text(content)
    result = CliRunner().invoke(app, ["evolve", "--variants", str(path)], env={"COLUMNS": "300"})
    assert result.exit_code == 2
    assert message in result.output and str(path) in result.output.replace("\n", "")
    missing = CliRunner().invoke(app, ["evolve", "--variants", str(tmp_path / "none.json")], env={"COLUMNS": "300"})
    assert missing.exit_code == 2 and "cannot be read" in missing.output
