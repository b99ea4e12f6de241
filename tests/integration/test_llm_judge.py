"""The LLM rubric judge on real episodes of a real spreadsheet task, against a scripted local
OpenAI-protocol server: its JSON handling, the combination rule, and its refusals of bad runs."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from forge.harness import HARNESSES, ReplayTeacher, run_episode
from forge.judge import LLMRubricJudge, ProgrammaticJudge, judge_for
from forge.judge.llm import criteria_of
from forge.llm import EndpointConfig, ModelClient
from forge.models import Episode, ReferenceSolution, ReferenceStep, TaskBundle
from forge.settings import Settings
from forge.store import Store, open_store
from tests.support.openai_server import FakeOpenAI, Response, reply


@pytest.fixture()
def store(tmp_path: Path) -> Store:
    return open_store(f"sqlite:///{tmp_path / 'forge.db'}")


def judge(server: FakeOpenAI, store: Store | None = None, **kw: Any) -> LLMRubricJudge:
    endpoint = EndpointConfig(role="judge", base_url=server.base_url, model="judge-model", max_retries=0)
    return LLMRubricJudge(ModelClient(endpoint, store), **kw)


def verdicts(fail: set[int] = frozenset(), drop: int | None = None, fence: bool = False):  # type: ignore[assignment]
    """A judge that reads the criteria it was sent and rules on each (failing those in `fail`)."""

    def answer(body: dict[str, Any]) -> Response:
        prompt = body["messages"][1]["content"]
        listed = prompt.split("CRITERIA:\n")[1].split("\n\nAUTOMATIC CHECKS")[0].splitlines()
        items = [{"index": i, "passed": i not in fail, "reason": f"criterion {i} {'not ' if i in fail else ''}met"}
                 for i in range(1, len(listed) + 1) if i != drop]
        text = json.dumps({"criteria": items, "summary": "graded"})
        return reply(f"```json\n{text}\n```" if fence else text, prompt_tokens=1500, completion_tokens=120)

    return answer


def run(task: TaskBundle, the_judge: Any, tmp_path: Path) -> Episode:
    return run_episode(task, HARNESSES.get("terminal"), ReplayTeacher(), the_judge, scratch_root=tmp_path / "s",
                       run_id="r1")


def with_extra_step(task: TaskBundle, command: str, action: str) -> TaskBundle:
    steps = [*task.reference.steps, ReferenceStep(thought="and one more thing", action=action, tool="bash",
                                                  arguments={"command": command})]
    return task.model_copy(update={"reference": ReferenceSolution(steps=steps)})


def only(task: TaskBundle, command: str, action: str) -> TaskBundle:
    step = ReferenceStep(thought="thinking", action=action, tool="bash", arguments={"command": command})
    return task.model_copy(update={"reference": ReferenceSolution(steps=[step])})


def hard_coded(task: TaskBundle) -> TaskBundle:
    """A shortcut: the sorted rows typed in as literals, not computed; the file is right, the run is not."""
    source = next(f for f in task.inputs() if f.path.endswith(".xlsx"))
    sheet = openpyxl.load_workbook(io.BytesIO(source.content or b""))["Sales"]
    rows = [list(r) for r in sheet.iter_rows(values_only=True)]
    units = rows[0].index("Units")
    literal = [rows[0], *sorted(rows[1:], key=lambda r: r[units])]
    output = task.outputs()[0].path
    script = (f"import datetime\nimport openpyxl\nwb = openpyxl.Workbook()\nws = wb.active\nws.title = 'Sales'\n"
              f"for row in {literal!r}:\n    ws.append(row)\nwb.save({output!r})\n")
    return only(task, f"mkdir -p outputs && python3 - <<'PY'\n{script}PY", "Action: write the sorted table as literals")


def test_a_good_run_passes_checks_and_every_criterion(sort_bundle: TaskBundle, store: Store, tmp_path: Path) -> None:
    with FakeOpenAI(default=verdicts(fence=True)) as server:
        episode = run(sort_bundle, judge(server, store), tmp_path)
    n = len(criteria_of(sort_bundle))
    assert episode.passed and episode.judge_verdict["criteria_passed"] == n
    assert episode.judge == "llm-rubric:judge-model" and episode.judge_verdict["disagreement"] is None
    assert [c.func for c in episode.rubric.checks][-n:] == [f"llm_judge.criterion_{i}" for i in range(1, n + 1)]
    assert episode.filter is not None and episode.filter.keep and f"{n} judged criteria" in episode.filter.reason
    evidence = server.chat_requests()[0]["messages"][1]["content"]
    assert "PASS" in evidence and "sheet 'Sales'" in evidence and "Units" in evidence  # the output's extract
    assert "[step 2]" in evidence and "[final message] (none)" in evidence
    assert store.model_call_totals("r1")["calls"] == 1 and [c.key for c in store.cost_by("stage")] == ["judge"]


def test_do_nothing_is_refused_even_when_the_judge_would_pass_it(sort_bundle: TaskBundle, tmp_path: Path) -> None:
    lazy = only(sort_bundle, "ls", "Action: look around and stop")
    with FakeOpenAI(default=verdicts()) as server:
        skipped = run(lazy, judge(server), tmp_path)
        assert server.requests == []  # checks failed: the judge is not paid to confirm it
        asked = run(lazy, judge(server, always=True), tmp_path)
    for episode in (skipped, asked):
        assert not episode.passed and episode.filter is not None and not episode.filter.keep
    assert asked.judge_verdict["disagreement"] == "checks_fail_judge_passes"
    assert "not asked" in str(skipped.judge_verdict["reason"])


def test_a_wrong_value_is_refused(sort_bundle: TaskBundle, tmp_path: Path) -> None:
    output = sort_bundle.outputs()[0].path
    command = (f"python3 -c \"import openpyxl; wb = openpyxl.load_workbook('{output}'); ws = wb['Sales']; "
               f"ws.cell(row=3, column=2).value = 'WRONG'; wb.save('{output}')\"")
    wrong = with_extra_step(sort_bundle, command, "Action: change one cell")
    with FakeOpenAI(default=verdicts()) as server:
        episode = run(wrong, judge(server, always=True), tmp_path)
    assert episode.steps[-1].observation.exit_code == 0
    assert not episode.passed and episode.judge_verdict["disagreement"] == "checks_fail_judge_passes"
    assert episode.filter is not None and "failed" in episode.filter.reason


def test_a_shortcut_the_checks_miss_is_refused_by_the_judge(sort_bundle: TaskBundle, tmp_path: Path) -> None:
    with FakeOpenAI(default=verdicts(fail={2})) as server:
        episode = run(hard_coded(sort_bundle), judge(server), tmp_path)
    assert all(c.passed for c in episode.rubric.checks if not c.func.startswith("llm_judge"))  # the file is right
    assert not episode.passed and episode.judge_verdict["disagreement"] == "checks_pass_judge_fails"
    assert episode.filter is not None and episode.filter.reason.startswith("llm_judge.criterion_2 failed")
    evidence = server.chat_requests()[0]["messages"][1]["content"]
    assert "write the sorted table as literals" in evidence and "ws.append(row)" in evidence  # the judge can see it


def test_a_reply_missing_a_criterion_is_repaired_once(sort_bundle: TaskBundle, tmp_path: Path) -> None:
    with FakeOpenAI([verdicts(drop=1), verdicts()]) as server:
        episode = run(sort_bundle, judge(server), tmp_path)
    assert episode.passed and len(server.requests) == 2
    assert "exactly one verdict for each criterion" in server.chat_requests()[1]["messages"][-1]["content"]


def test_an_unusable_judge_reply_is_a_recorded_failure(sort_bundle: TaskBundle, store: Store, tmp_path: Path) -> None:
    with FakeOpenAI(default=reply("I think it is fine.")) as server:
        episode = run(sort_bundle, judge(server, store), tmp_path)
    assert not episode.passed and len(server.requests) == 2
    failed = [c for c in episode.rubric.checks if c.func == "llm_judge"]
    assert failed and failed[0].error and "invalid JudgeReply" in failed[0].message
    assert episode.filter is not None and episode.filter.reason.startswith("llm_judge failed")
    assert store.model_call_totals("r1")["calls"] == 2


def test_judge_for_falls_back_to_the_programmatic_checks() -> None:
    assert isinstance(judge_for(Settings(_env_file=None)), ProgrammaticJudge)  # type: ignore[call-arg]
    settings = Settings(_env_file=None, judge_base_url="http://127.0.0.1:9/v1", judge_model="j")  # type: ignore[call-arg]
    assert isinstance(judge_for(settings), LLMRubricJudge)
