"""The model teacher drives the real sandbox on a real spreadsheet task, against a scripted local
OpenAI-protocol server: the full loop, malformed replies, resume from the reply cache, annotation,
the ledger, and keys kept out of shards, the store and logs."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from forge.dataset import prepare_output_dir, write_shard
from forge.errors import ModelUnavailableError
from forge.harness import HARNESSES, ModelAnnotator, ModelTeacher, run_episode, teacher_for
from forge.harness.teacher import ReplayTeacher
from forge.harness.versions import HarnessVariant, record_version
from forge.judge import ProgrammaticJudge
from forge.llm import EndpointConfig, ModelClient, Prices
from forge.models import HarnessConfig, ScaffoldConfig, TaskBundle
from forge.settings import Settings
from forge.store import Store, open_store
from tests.support.openai_server import FakeOpenAI, Response, error, reply, tool

KEY = "sk-live-TEACHER-KEY-9f8e7d6c5b4a"


@pytest.fixture()
def store(tmp_path: Path) -> Store:
    return open_store(f"sqlite:///{tmp_path / 'forge.db'}")


def client(server: FakeOpenAI, store: Store | None, role: str = "teacher", **overrides: object) -> ModelClient:
    values: dict[str, object] = {"role": role, "base_url": server.base_url, "model": f"{role}-model", "api_key": KEY,
                                     "prices": Prices(input=1.0, output=4.0), "max_retries": 0}
    values.update(overrides)
    return ModelClient(EndpointConfig(**values), store)  # type: ignore[arg-type]


def solving_script(task: TaskBundle, *, reasoning: bool = True) -> list[Response]:
    """A model that knows the answer: each reference command as a tool call, then a closing turn."""
    turns = [reply(f"<think>{ref.thought}</think>\nAction: {ref.action}" if reasoning else None,
                   tool_calls=[tool("bash", **ref.arguments)], prompt_tokens=300 + 50 * i, completion_tokens=40)
             for i, ref in enumerate(task.reference.steps)]
    return [*turns, reply("The rows are sorted and saved.", prompt_tokens=900, completion_tokens=10)]


def episode(task: TaskBundle, teacher: object, tmp_path: Path, harness: HarnessConfig | None = None, **kw: object):
    return run_episode(task, harness or HARNESSES.get("terminal"), teacher, ProgrammaticJudge(),  # type: ignore[arg-type]
                       scratch_root=tmp_path / "scratch", run_id="r1", **kw)  # type: ignore[arg-type]


def test_the_model_teacher_solves_a_real_task_in_the_sandbox(sort_bundle: TaskBundle, store: Store, tmp_path: Path) -> None:
    script = solving_script(sort_bundle)
    with FakeOpenAI(script) as server:
        result = episode(sort_bundle, ModelTeacher(client(server, store)), tmp_path)
    n = len(sort_bundle.reference.steps)
    assert result.passed and result.status == "completed" and result.end_reason == "finished"
    assert result.teacher.kind == "model" and result.teacher.model == "teacher-model"
    assert result.final_turn is not None and result.final_turn.content == "The rows are sorted and saved."
    assert [s.thought for s in result.steps] == [r.thought for r in sort_bundle.reference.steps]
    assert all(s.thought_source == "teacher" and s.observation.exit_code == 0 for s in result.steps)
    assert result.filter is not None and result.filter.keep and result.filter.score == 1.0
    requests = server.chat_requests()
    assert len(requests) == n + 1
    first = requests[0]
    assert first["tools"][0]["function"]["name"] == "bash" and first["messages"][0]["role"] == "system"
    assert first["messages"][1] == {"role": "user", "content": sort_bundle.instruction}
    # the second request shows the model what the sandbox really printed for its first call
    tool_message = requests[1]["messages"][-1]
    assert tool_message["role"] == "tool" and tool_message["content"].startswith(result.steps[0].observation.text.strip()[:40])
    totals = store.model_call_totals("r1")
    assert totals["calls"] == n + 1 and totals["prompt_tokens"] == result.usage.prompt_tokens
    assert {line.key for line in store.cost_by("episode")} == {result.id}


def test_older_steps_fold_into_action_lines_after_the_system_prompt(sort_bundle: TaskBundle, tmp_path: Path) -> None:
    script = [reply(f"<think>step {i}</think>\nAction: print {i}", tool_calls=[tool("bash", command=f"echo {i}")])
              for i in range(6)] + [reply("done")]
    with FakeOpenAI(script) as server:
        episode(sort_bundle, ModelTeacher(client(server, None)), tmp_path)
    last = server.chat_requests()[-1]["messages"]
    system = last[0]["content"]
    assert "Earlier steps, summarised:\nStep 1. Action: print 0\nStep 2. Action: print 1" in system
    assert "Step 3." not in system
    calls = [m for m in last if m["role"] == "assistant"]
    assert [json.loads(m["tool_calls"][0]["function"]["arguments"])["command"] for m in calls] == [
        "echo 2", "echo 3", "echo 4", "echo 5"]


def test_malformed_calls_are_observed_and_repeated_ones_end_the_episode(sort_bundle: TaskBundle, tmp_path: Path) -> None:
    script = [
        reply("Action: oops", tool_calls=[("bash", '{"command": "ls",')]),      # bad JSON
        reply(None, tool_calls=[tool("bash", command="ls inputs")]),          # recovers
        reply(None, tool_calls=[tool("python", code="print(1)")]),            # unknown tool
        reply(None, tool_calls=[tool("bash", cmd="ls")]),                     # bad arguments
        reply(None, tool_calls=[("bash", "[1, 2]")]),                          # not an object
    ]
    with FakeOpenAI(script) as server:
        result = episode(sort_bundle, ModelTeacher(client(server, None)), tmp_path)
    assert result.status == "failed" and result.end_reason == "malformed_calls" and not result.passed
    assert "3 malformed tool calls in a row" in (result.error or "")
    errors = [s.error for s in result.steps]
    assert "not valid JSON" in errors[0] and errors[1] is None
    assert "unknown tool 'python'" in errors[2] and "invalid arguments for bash" in errors[3]
    assert "must be a JSON object" in errors[4]
    assert result.steps[1].observation.exit_code == 0  # the good call ran
    second = server.chat_requests()[1]["messages"]
    assert second[-1]["role"] == "tool" and second[-1]["content"].startswith("error: the arguments of 'bash' are not valid JSON")
    assert result.filter is not None and not result.filter.keep and "malformed_calls" in result.filter.reason


def test_the_step_budget_ends_the_episode_and_the_final_turn_is_asked_for(sort_bundle: TaskBundle, tmp_path: Path) -> None:
    tight = HarnessConfig(**{**HARNESSES.get("terminal").model_dump(), "scaffold": ScaffoldConfig(max_steps=2)})
    with FakeOpenAI(default=reply(None, tool_calls=[tool("bash", command="true")])) as server:
        result = episode(sort_bundle, ModelTeacher(client(server, None)), tmp_path, harness=tight)
    assert result.end_reason == "step_limit" and len(result.steps) == 2 and len(server.requests) == 3
    assert "at most 2 steps" in server.chat_requests()[0]["messages"][0]["content"]


def test_a_resumed_episode_is_served_from_the_reply_cache(sort_bundle: TaskBundle, store: Store, tmp_path: Path) -> None:
    script = solving_script(sort_bundle)
    n = len(script)
    with FakeOpenAI([*script[:2], error(503, "down", retry_after_ms=None)]) as server:
        with pytest.raises(ModelUnavailableError):  # the endpoint fails mid-episode: the host's problem, retried later
            episode(sort_bundle, ModelTeacher(client(server, store)), tmp_path)
        assert len(server.requests) == 3
        server.add(*script[2:])
        resumed = episode(sort_bundle, ModelTeacher(client(server, store)), tmp_path)
        assert resumed.passed and len(server.requests) == 3 + (n - 2)  # the first two turns were not asked again
        again = episode(sort_bundle, ModelTeacher(client(server, store)), tmp_path)
        assert len(server.requests) == 3 + (n - 2)  # a full rerun pays nothing
    assert again.passed and [s.tool_call for s in again.steps] == [s.tool_call for s in resumed.steps]
    totals = store.model_call_totals("r1")
    assert totals["calls"] == 3 + n + n and totals["cache_hits"] == 2 + n and totals["errors"] == 1
    assert totals["prompt_tokens"] == resumed.usage.prompt_tokens  # each reply paid for once


def test_steps_without_reasoning_are_annotated_by_the_smaller_model(sort_bundle: TaskBundle, store: Store,
                                                                    tmp_path: Path) -> None:
    n = len(sort_bundle.reference.steps)
    notes = [reply(json.dumps({"think": f"I look at the file and act {i}.", "action": f"Action: do step {i}"}),
                   prompt_tokens=80, completion_tokens=30) for i in range(n)]
    with FakeOpenAI(solving_script(sort_bundle, reasoning=False)) as teacher_server, FakeOpenAI(notes) as small:
        annotator = ModelAnnotator(client(small, store, role="annotator"))
        result = episode(sort_bundle, ModelTeacher(client(teacher_server, store)), tmp_path, annotator=annotator)
    assert result.passed and result.annotation is not None and result.annotation.steps_annotated == n
    assert [s.thought_source for s in result.steps] == ["annotator"] * n
    assert result.steps[0].action == "Action: do step 0"
    prompt = small.chat_requests()[0]["messages"][1]["content"]
    assert "start of the task" in prompt and '"name": "bash"' in prompt and "What came of it" in prompt
    assert {line.key for line in store.cost_by("stage")} == {"teacher", "annotator"}


def test_a_failed_annotation_is_recorded_and_the_episode_is_not_kept(sort_bundle: TaskBundle, tmp_path: Path) -> None:
    with FakeOpenAI(solving_script(sort_bundle, reasoning=False)) as teacher_server, \
            FakeOpenAI(default=reply('{"think": "x"}')) as small:
        annotator = ModelAnnotator(client(small, None, role="annotator"))
        result = episode(sort_bundle, ModelTeacher(client(teacher_server, None)), tmp_path, annotator=annotator)
    assert result.rubric is not None and result.rubric.passed and not result.passed
    assert result.annotation is not None and "invalid StepAnnotation twice" in (result.annotation.error or "")
    assert result.filter is not None and result.filter.reason.startswith("annotation failed")
    assert all(s.thought == "" for s in result.steps)


def test_no_key_reaches_the_sandbox_the_shards_the_store_or_the_logs(
        sort_bundle: TaskBundle, tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    caplog.set_level(logging.DEBUG)
    db = tmp_path / "forge.db"
    store = open_store(f"sqlite:///{db}")
    snoop = reply("Action: look at the environment", tool_calls=[tool("bash", command="env; cat /proc/1/environ")])
    with FakeOpenAI([snoop, *solving_script(sort_bundle)]) as server:
        monkeypatch.setenv("FORGE_TEACHER_BASE_URL", server.base_url)
        monkeypatch.setenv("FORGE_TEACHER_MODEL", "m")
        monkeypatch.setenv("FORGE_TEACHER_API_KEY", KEY)
        monkeypatch.setenv("OPENAI_API_KEY", KEY)
        teacher = teacher_for(Settings(_env_file=None, llm_max_retries=0), store)  # type: ignore[call-arg]
        assert isinstance(teacher, ModelTeacher)
        result = episode(sort_bundle, teacher, tmp_path)
        store.save_task(sort_bundle, "r1")
        store.save_episode(result, "r1")
    assert result.passed and "PATH=" in result.steps[0].observation.text  # the snoop ran, and saw no key
    assert all(KEY not in s.observation.text for s in result.steps)
    shard = write_shard(prepare_output_dir(tmp_path / "shards"), 0, [(result, sort_bundle)])
    store.close()
    assert shard.rows == 1
    for path in [*(tmp_path / "shards").iterdir(), db]:
        assert KEY.encode() not in path.read_bytes(), path
    assert KEY not in caplog.text
    monkeypatch.delenv("FORGE_TEACHER_BASE_URL")
    assert isinstance(teacher_for(Settings(_env_file=None)), ReplayTeacher)  # type: ignore[call-arg]


def test_the_generate_stages_use_the_configured_teacher_and_judge(sort_bundle: TaskBundle, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from flows import stages
    from flows.context import GenerateConfig, RunContext
    from tests.integration.test_llm_judge import verdicts

    with FakeOpenAI(solving_script(sort_bundle)) as teacher_server, FakeOpenAI(default=verdicts()) as judge_server:
        for role, server in (("TEACHER", teacher_server), ("JUDGE", judge_server)):
            monkeypatch.setenv(f"FORGE_{role}_BASE_URL", server.base_url)
            monkeypatch.setenv(f"FORGE_{role}_MODEL", f"{role.lower()}-m")
            monkeypatch.setenv(f"FORGE_{role}_PRICE_INPUT", "1.0")
        ctx = RunContext.create(GenerateConfig(n_tasks=1, output_dir=tmp_path / "out"),
                                Settings(_env_file=None, data_dir=tmp_path / "data"))  # type: ignore[call-arg]
        store = stages.store_for(ctx.db_url)
        store.start_run(ctx.run_id, "generate", GenerateConfig())
        store.save_task(sort_bundle, ctx.run_id)
        store.set_task_status(sort_bundle.id, "accepted")
        evolved = HarnessVariant(label="verify", prompt_suffix="Verify the saved file before you finish.")
        record_version(store, evolved.apply(HARNESSES.get("terminal")), {"success_rate": 1.0})  # `forge evolve` chose it
        result = stages.episode(ctx, sort_bundle)
        again = stages.episode(ctx, sort_bundle)  # stored: found, not rerun
        asked = len(teacher_server.requests), len(judge_server.requests)
    assert result is not None and result.passed and again == result
    assert result.teacher.model == "teacher-m" and result.judge == "llm-rubric:judge-m"
    assert result.harness_version.startswith("β#")  # generation runs the newest recorded harness version
    assert "Verify the saved file" in teacher_server.chat_requests()[0]["messages"][0]["content"]
    assert asked == (len(sort_bundle.reference.steps) + 1, 1)
    assert {line.key for line in store.cost_by("stage", ctx.run_id)} == {"teacher", "judge"}
    assert store.cost_total(ctx.run_id).cost_usd > 0
    assert [s.rows for s in stages.write(ctx)] == [1]
