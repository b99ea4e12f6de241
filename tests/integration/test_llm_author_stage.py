"""The generate job's build stage with an author model configured (a scripted local OpenAI-protocol
server): each workflow bundle's instruction is rephrased by the model; a variant that leaks a value
or drops a file name is refused, recorded, and the workflow's own text kept; every call is in the
ledger; a rerun is served from the reply cache."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from flows import stages
from flows.context import GenerateConfig, RunContext
from forge.settings import Settings
from gates import GATE_ORDER
from skills import SkillSample, load_taxonomy
from tests.support.openai_server import FakeOpenAI, Response, error, reply
from workflows import WORKFLOWS

SKILL = "spreadsheet.data.sort.ascending"


MODES: dict[str, str] = {}  # original instruction -> how the scripted author answers it


def rewrite(body: dict[str, Any]) -> Response:
    """Rephrases like a model would, or misbehaves the way MODES says for that instruction."""
    original = body["messages"][1]["content"].removeprefix("Instruction:\n")
    mode = MODES.get(original, "good")
    if mode == "leak":  # a number of its own: could be a computed answer
        variant = f"{original} It should come to 4711 rows."
    elif mode == "drop":  # loses the output path: a different task
        variant = " ".join(w for w in original.split() if not w.startswith("outputs/"))
    else:
        variant = f"A colleague asks: {original}"  # every word kept as written: a name may be a param
    return reply(json.dumps({"instruction": variant}), prompt_tokens=300, completion_tokens=60)


@pytest.fixture()
def author_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeOpenAI]:
    MODES.clear()
    with FakeOpenAI(default=rewrite) as server:
        monkeypatch.setenv("FORGE_DATA_DIR", str(tmp_path / "data"))
        monkeypatch.setenv("FORGE_AUTHOR_BASE_URL", server.base_url)
        monkeypatch.setenv("FORGE_AUTHOR_MODEL", "author-m")
        monkeypatch.setenv("FORGE_LLM_MAX_RETRIES", "0")
        stages.author_for.cache_clear()
        yield server
    stages.author_for.cache_clear()


def test_build_varies_instructions_and_keeps_the_template_when_a_variant_is_refused(
        author_env: FakeOpenAI, tmp_path: Path) -> None:
    settings = Settings()
    ctx = RunContext.create(GenerateConfig(n_tasks=3, output_dir=tmp_path / "out"), settings)
    store = stages.store_for(ctx.db_url)
    store.start_run(ctx.run_id, "generate", GenerateConfig())
    skill = load_taxonomy().get(SKILL)
    templates = {seed: WORKFLOWS.get(skill.workflow).build(skill, seed) for seed in (11, 12, 13)}
    assert len({t.instruction for t in templates.values()}) == 3  # the script's premise
    MODES.update({templates[12].instruction: "leak", templates[13].instruction: "drop"})

    varied, leaked, dropped = (stages.build(ctx, SkillSample(position=i, skill=skill, seed=seed))
                               for i, seed in enumerate((11, 12, 13)))
    assert varied is not None and varied.instruction.startswith("A colleague asks: ")
    assert varied.id != templates[11].id and varied.provenance["instruction_author"] == "author-m"
    assert varied.provenance["instruction_of"] == templates[11].id
    assert (leaked, dropped) == (templates[12], templates[13])  # refused: the workflow's own text, same task
    assert all(store.get_task(b.id) == b for b in (varied, leaked, dropped))  # type: ignore[union-attr]

    refused = {r.subject: r for r in store.rejections(ctx.run_id)}
    assert sorted(refused) == sorted([templates[12].id, templates[13].id])
    assert {(r.stage, r.reason) for r in refused.values()} == {("author", "variant_refused")}
    assert "adds the number 4711" in refused[templates[12].id].message
    output = templates[13].outputs()[0].path
    assert f"drops {output!r}" in refused[templates[13].id].message
    assert all("instruction is kept" in r.message for r in refused.values())

    (line,) = store.cost_by("stage", ctx.run_id)
    assert line.key == "author.variant" and line.total_tokens == 3 * 360
    sent = json.dumps(author_env.chat_requests())
    assert all(s.arguments["command"][:40] not in sent for s in templates[11].reference.steps)  # the barrier

    # the varied task is a task like any other: it passes every gate
    bundle = varied
    for gate in GATE_ORDER:
        bundle = stages.gate(ctx, bundle, gate)
    assert bundle is not None, [r.message for r in store.gate_results(varied.id) if not r.passed]

    # a rerun pays nothing: the same request is answered from the reply cache, the same task results
    asked = len(author_env.chat_requests())
    assert stages.build(ctx, SkillSample(position=0, skill=skill, seed=11)) == varied
    assert len(author_env.chat_requests()) == asked


def test_an_unreachable_author_keeps_the_template_and_says_why(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    with FakeOpenAI(default=error(500, "upstream down")) as server:
        monkeypatch.setenv("FORGE_DATA_DIR", str(tmp_path / "data"))
        monkeypatch.setenv("FORGE_AUTHOR_BASE_URL", server.base_url)
        monkeypatch.setenv("FORGE_AUTHOR_MODEL", "author-m")
        monkeypatch.setenv("FORGE_LLM_MAX_RETRIES", "0")
        stages.author_for.cache_clear()
        try:
            ctx = RunContext.create(GenerateConfig(n_tasks=1, output_dir=tmp_path / "out"), Settings())
            skill = load_taxonomy().get(SKILL)
            bundle = stages.build(ctx, SkillSample(position=0, skill=skill, seed=11))
        finally:
            stages.author_for.cache_clear()
    assert bundle == WORKFLOWS.get(skill.workflow).build(skill, 11)
    (rejection,) = stages.store_for(ctx.db_url).rejections(ctx.run_id)
    assert rejection.reason == "author_error" and "500" in rejection.message


def test_the_authoring_cost_bench_measures_both_modes_from_the_ledger(tmp_path: Path) -> None:
    """bench/authoring_cost.py against the scripted author: workflow-first pays one variant call per
    task and its bundles pass the gates; agent-first's unusable bundle is a counted failure whose two
    calls (the ask and its one repair) are still paid."""
    def author(body: dict[str, Any]) -> Response:
        if body["messages"][0]["content"].startswith("You write a complete"):
            return reply("I would rather not.", prompt_tokens=2000, completion_tokens=500)
        return rewrite(body)

    bench = Path(__file__).resolve().parents[2] / "bench" / "authoring_cost.py"
    with FakeOpenAI(default=author) as server:
        env = {**{k: v for k, v in os.environ.items() if not k.startswith("FORGE_")},
               "FORGE_AUTHOR_BASE_URL": server.base_url, "FORGE_AUTHOR_MODEL": "author-m",
               "FORGE_AUTHOR_PRICE_INPUT": "1.0", "FORGE_AUTHOR_PRICE_OUTPUT": "4.0", "FORGE_LLM_MAX_RETRIES": "0",
               "TMPDIR": str(tmp_path)}
        done = subprocess.run([sys.executable, str(bench), "--tasks", "2", "--seed", "3"], capture_output=True,
                              text=True, env=env, timeout=900, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    workflow, agent = out["results"]["workflow_first"], out["results"]["agent_first"]
    assert (workflow["tasks"], workflow["author_failures"], workflow["tokens"]) == (2, 0, 2 * 360)
    assert workflow["accepted"] == 2 and workflow["tokens_per_accepted_task"] == 360
    assert workflow["cost_per_accepted_task_usd"] == round((300 * 1.0 + 60 * 4.0) / 1e6, 6)
    assert (agent["accepted"], agent["author_failures"], agent["tokens"]) == (0, 2, 2 * 2 * 2500)
    assert agent["tokens_per_accepted_task"] is None
