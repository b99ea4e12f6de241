"""`forge stats`: the batch figures from records, and the command over a real SQLite store and shards."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import BaseModel
from typer.testing import CliRunner

from forge.cli.app import app
from forge.dataset.writer import write_shard
from forge.models import Episode, Observation, RubricResult, Step, TeacherInfo, ToolCall
from forge.models.results import CheckResult
from forge.stats import TaskRecord, batch_stats, file_kind, jaccard, near_twins, shingles
from forge.store import open_store
from skills import load_taxonomy
from workflows import WORKFLOWS

LONG = ("Open the workbook sales.xlsx and sort the rows of the sheet Orders by the Amount column from the largest "
        "value to the smallest, keep the header in the first row and save the result as sorted.xlsx please")


def record(task_id: str, apps: list[str], files: list[str], text: str, channels: list[list[str]],
           difficulty: int | None = 2, skill: str = "s") -> TaskRecord:
    return TaskRecord(task_id=task_id, skill_ids=[skill], apps=apps, workflow=f"w.{skill}", instruction=text,
                      file_types=files, difficulty=difficulty, episodes=channels)


def test_batch_figures_count_what_the_records_hold() -> None:
    records = [
        record("a", ["spreadsheet"], ["xlsx", "xlsx"], LONG, [["terminal", "terminal", "gui"]], 1, "x"),
        record("b", ["spreadsheet"], ["xlsx", "xlsx"], LONG.replace("please", "thanks"), [["gui"]], 1, "x"),
        record("c", ["pdf", "spreadsheet"], ["pdf", "xlsx", "json"], "Copy the PDF table into a sheet.",
               [["terminal"] * 4, ["gui"] * 4], 3, "y"),
        record("d", ["code"], [], "Explain what the failing test checks.", [], None, "z"),
    ]
    stats = batch_stats(records)
    assert (stats.tasks, stats.single_app, stats.multi_app) == (4, 0.75, 0.25)
    assert (stats.with_files, stats.references_per_task) == (0.75, 1.75)
    assert stats.file_mix == {"code": 0.0, "spreadsheet": round(5 / 7, 4), "text": 0.0, "presentation": 0.0,
                              "document": 0.0, "pdf": round(1 / 7, 4), "other": round(1 / 7, 4)}
    assert (stats.skills_used, stats.families_used) == (3, 3)
    assert stats.near_twin_rate == 0.5  # a and b: one word apart in 30
    assert {f: (t.tasks, t.with_twin, t.rate) for f, t in stats.near_twins_by_family.items()} == {
        "w.x": (2, 2, 1.0), "w.y": (1, 0, 0.0), "w.z": (1, 0, 0.0)}
    assert stats.difficulty == {"1": 2, "3": 1}
    assert stats.steps == {"1": 1, "3": 1, "4": 2} and stats.episodes == 4
    assert stats.channels == {"gui": 6, "terminal": 6}
    assert stats.channel_mix == {"gui": 0.5, "terminal": 0.5}


def test_near_twins_use_the_exact_word_trigram_jaccard() -> None:
    a, b = shingles(LONG), shingles(LONG.replace("please", "thanks"))
    assert jaccard(a, b) >= 0.9
    assert near_twins({"a": LONG, "b": LONG.replace("please", "thanks")}) == {"a", "b"}
    changed = LONG.replace("largest", "oldest").replace("smallest", "newest").replace("Amount", "Date")
    assert jaccard(a, shingles(changed)) < 0.9 and near_twins({"a": LONG, "c": changed}) == set()
    assert file_kind("md") == "text" and file_kind("tree") == "other" and file_kind("project") == "code"


class _Config(BaseModel):
    seed: int = 0


def _episode(task_id: str, channels: list[str]) -> Episode:
    steps = [Step(index=i, channel=c, thought="t", action="a", tool_call=ToolCall(name="bash", arguments={}),
                  observation=Observation(text="ok", exit_code=0)) for i, c in enumerate(channels)]
    return Episode(id=f"e-{task_id[:8]}", task_id=task_id, harness="terminal", harness_version="1",
                   teacher=TeacherInfo(kind="reference-replay"), judge="programmatic", steps=steps,
                   rubric=RubricResult(checks=[CheckResult(func="f", passed=True, message="ok")]), status="completed")


@pytest.fixture
def batch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[list, list[Episode]]:
    """A real store holding a run: three accepted tasks from real workflows (one multi-app), one rejected."""
    monkeypatch.setenv("FORGE_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("FORGE_DB_URL", raising=False)
    taxonomy = load_taxonomy()
    picks = ["spreadsheet.data.sort.ascending", "multi.pdf_to_spreadsheet.copy_table", "text.logs.count_levels",
             "code.debug.fix_failing_test"]
    bundles = [WORKFLOWS.get(taxonomy.get(s).workflow).build(taxonomy.get(s), seed=5) for s in picks]
    episodes = [_episode(bundles[0].id, ["terminal", "terminal"]), _episode(bundles[1].id, ["gui", "gui", "terminal"])]
    with open_store(f"sqlite:///{tmp_path / 'forge.db'}") as store:
        store.start_run("r1", "generate", _Config())
        for bundle in bundles:
            store.save_task(bundle, "r1")
        for bundle in bundles[:3]:
            store.set_task_status(bundle.id, "accepted")
        store.set_task_status(bundles[3].id, "rejected")
        for episode in episodes:
            store.save_episode(episode, "r1")
    return bundles, episodes


def test_forge_stats_reads_a_run_from_the_store_and_writes_json(batch: tuple, tmp_path: Path) -> None:
    out = tmp_path / "stats.json"
    done = CliRunner().invoke(app, ["stats", "--run", "r1", "--json", "--output", str(out)])
    assert done.exit_code == 0, done.output
    stats = json.loads(out.read_text())
    assert stats == json.loads(done.output)
    assert (stats["tasks"], stats["multi_app"], stats["with_files"]) == (3, round(1 / 3, 4), 1.0)
    assert stats["skills_used"] == 3 and stats["families_used"] == 3
    assert stats["channels"] == {"gui": 2, "terminal": 3} and stats["steps"] == {"2": 1, "3": 1}
    assert sum(stats["difficulty"].values()) == 3
    everything = CliRunner().invoke(app, ["stats", "--run", "r1", "--status", "all", "--json", "-o", str(out)])
    assert json.loads(everything.output)["tasks"] == 4


def test_forge_stats_reads_shards_joining_the_store_for_files(batch: tuple, tmp_path: Path) -> None:
    bundles, episodes = batch
    shards = tmp_path / "shards"
    shards.mkdir()
    write_shard(shards, 0, [(episodes[0], bundles[0]), (episodes[1], bundles[1])])
    done = CliRunner().invoke(app, ["stats", "--shards", str(shards), "--json", "-o", str(tmp_path / "s.json")])
    assert done.exit_code == 0, done.output
    stats = json.loads(done.output)
    assert (stats["tasks"], stats["multi_app"], stats["episodes"]) == (2, 0.5, 2)
    assert stats["file_mix"]["spreadsheet"] > 0 and stats["file_mix"]["pdf"] > 0
    missing = CliRunner().invoke(app, ["stats", "--shards", str(tmp_path / "nope")])
    assert missing.exit_code == 2 and "does not exist" in " ".join(missing.output.split())


def test_forge_stats_prints_a_table_and_says_where_the_json_went(batch: tuple, tmp_path: Path) -> None:
    out = tmp_path / "table.json"
    done = CliRunner().invoke(app, ["stats", "--run", "r1", "-o", str(out)])
    assert done.exit_code == 0, done.output
    text = " ".join(done.output.split())
    assert "near_twin_rate" in text and "near_twins_by_family" not in text and "written to" in text
    assert set(json.loads(out.read_text())["near_twins_by_family"]) == {b.workflow for b in batch[0][:3]}
