"""Harness evolution over two variants on a fixed dev set, with a scripted local OpenAI-protocol
teacher whose behaviour depends on the prompt it is given (as a real model's does)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from prefect.settings import PREFECT_API_URL, temporary_settings

from flows.evolve import EvolveConfig, evolve, run
from forge.harness.versions import HarnessVariant, resolve_harness
from forge.models import TaskBundle
from forge.prefect_server import ServerInfo
from forge.settings import Settings
from forge.store import open_store
from skills import load_taxonomy
from tests.support.openai_server import FakeOpenAI, Response, reply, tool
from workflows import WORKFLOWS

MARKER = "Verify the saved file before you finish."


def careful_only_when_told(tasks: list[TaskBundle]):
    """Solves a task (its reference, step by step) only when the system prompt asks it to verify."""
    by_instruction = {t.instruction: t for t in tasks}

    def answer(body: dict[str, Any]) -> Response:
        messages = body["messages"]
        task = by_instruction[messages[1]["content"]]
        done = sum(m["role"] == "tool" for m in messages)
        if MARKER not in messages[0]["content"] or done >= len(task.reference.steps):
            return reply("Done.", prompt_tokens=200, completion_tokens=5)
        ref = task.reference.steps[done]
        return reply(f"<think>{ref.thought}</think>\nAction: {ref.action}", tool_calls=[tool("bash", **ref.arguments)],
                     prompt_tokens=400, completion_tokens=50)

    return answer


def test_evolution_scores_two_variants_and_records_the_winner_as_beta(tmp_path: Path) -> None:
    skill = load_taxonomy().get("spreadsheet.data.sort.ascending")
    tasks = [WORKFLOWS.get(skill.workflow).build(skill, seed=s) for s in (11, 12)]
    settings_base: dict[str, Any] = {"_env_file": None, "data_dir": tmp_path / "data", "llm_max_retries": 0, "concurrency": 2}
    store = open_store(Settings(**settings_base).resolved_db_url())
    for task in tasks:
        store.save_task(task, "seed-run")
        store.set_task_status(task.id, "accepted")
    variants = [HarnessVariant(label="verify", prompt_suffix=MARKER),
                HarnessVariant(label="short", scaffold={"max_steps": 1})]
    with FakeOpenAI(default=careful_only_when_told(tasks)) as server:
        settings = Settings(**settings_base, teacher_base_url=server.base_url, teacher_model="teacher-m")
        result = run(EvolveConfig(variants=variants, n_tasks=5), settings)
        second = run(EvolveConfig(variants=[HarnessVariant(label="plain", prompt_suffix="Be quick.")], n_tasks=5), settings)

    scores = {s.label: s for s in result.scores}
    assert sorted(result.dev_set) == sorted(t.id for t in tasks) and result.base_version == "1"
    assert scores["base"].success_rate == 0 and scores["short"].success_rate == 0
    assert scores["verify"].success_rate == 1.0 and scores["verify"].passed == 2
    assert scores["verify"].mean_steps == len(tasks[0].reference.steps)
    assert scores["verify"].channels_per_app == {app: {"terminal": 2 * len(tasks[0].reference.steps)} for app in tasks[0].apps}
    assert scores["verify"].tokens_per_task > scores["base"].tokens_per_task > 0
    assert result.chosen == "verify" and result.recorded_version == "β"

    (recorded,) = store.harness_versions("terminal")
    assert recorded.version == "β" and recorded.parent_version == "1" and recorded.scores["success_rate"] == 1.0
    chosen = resolve_harness("terminal", store)
    assert chosen.version == "β" and chosen.system_prompt.endswith(MARKER)

    # the next round starts from β; a variant that does no better is not recorded
    assert second.base_version == "β" and second.chosen is None and "no variant beat the base" in second.reason
    assert [v.version for v in store.harness_versions("terminal")] == ["β"]
    assert store.episodes() == []  # dev-set episodes never reach the episodes table (nor shards)
    assert store.model_call_totals(result.run_id)["calls"] > 0
    assert json.loads(store.get_run(result.run_id).summary_json or "{}")["recorded_version"] == "β"  # type: ignore[union-attr]


def test_the_evolve_flow_reads_its_endpoint_from_settings(prefect_server: ServerInfo, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    skill = load_taxonomy().get("spreadsheet.data.sort.ascending")
    task = WORKFLOWS.get(skill.workflow).build(skill, seed=11)
    monkeypatch.setenv("FORGE_DATA_DIR", str(tmp_path / "data"))
    store = open_store(Settings(_env_file=None).resolved_db_url())  # type: ignore[call-arg]
    store.save_task(task, "seed-run")
    store.set_task_status(task.id, "accepted")
    with FakeOpenAI(default=careful_only_when_told([task])) as server:
        monkeypatch.setenv("FORGE_TEACHER_BASE_URL", server.base_url)
        monkeypatch.setenv("FORGE_TEACHER_MODEL", "teacher-m")
        with temporary_settings(updates={PREFECT_API_URL: prefect_server.url}):
            result = evolve(variants=[{"label": "verify", "prompt_suffix": MARKER}], task_ids=[task.id])
    assert result["chosen"] == "verify" and result["recorded_version"] == "β"
    assert [s["success_rate"] for s in result["scores"]] == [0.0, 1.0]


def test_a_variant_naming_a_library_the_sandbox_lacks_is_refused_before_any_episode(tmp_path: Path) -> None:
    from flows.evolve import missing_libraries
    from forge.errors import ConfigError
    from forge.sandbox import SandboxLimits

    scratch = tmp_path / "scratch"
    assert missing_libraries(["openpyxl", "python-docx", "no-such-lib-4711"], scratch, SandboxLimits(), "bwrap") == [
        "no-such-lib-4711"]
    settings = Settings(_env_file=None, data_dir=tmp_path / "data")  # type: ignore[call-arg]
    variants = [HarnessVariant(label="fewer", python_libraries=["openpyxl"]),
                HarnessVariant(label="promise", python_libraries=["openpyxl", "no-such-lib-4711"])]
    with pytest.raises(ConfigError, match=r"\{'promise': \['no-such-lib-4711'\]\}"):
        run(EvolveConfig(variants=variants, n_tasks=1), settings)
    assert open_store(settings.resolved_db_url()).harness_versions("terminal") == []
