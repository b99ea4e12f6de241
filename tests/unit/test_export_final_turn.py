"""The export's version-2 columns: each episode's examples end with the teacher's closing turn, every
example carries the episode's judge score, record time and loop end, and the filters read them;
shards of schema version 1 (no such columns) still export."""

from __future__ import annotations

import itertools
import os
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pyarrow as pa
import pyarrow.dataset as ds
import pyarrow.parquet as pq

from forge.dataset import EPISODE_SCHEMA, episode_row
from forge.export import ExportConfig, ExportFilters, final_turn, run, supervised
from forge.models import Episode, FilterDecision, FinalTurn
from tests.unit.test_export_episodes import episode, terminal_step, write_episodes
from tests.unit.test_models import bundle

WHEN = datetime(2026, 11, 2, 9, 30, tzinfo=UTC)


def finished(task_id: str, n_steps: int = 3, score: float = 1.0, keep: bool = True) -> Episode:
    steps = [terminal_step(i).model_copy(update={"thought_source": "teacher"}) for i in range(n_steps)]
    return episode(task_id, "terminal", steps).model_copy(update={
        "end_reason": "finished", "final_turn": FinalTurn(content="Done: out.xlsx is sorted.", thought="All rows moved."),
        "filter": FilterDecision(keep=keep, score=score, reason="kept" if keep else "a criterion failed")})


def _examples(folder: Path) -> list[dict]:
    rows = ds.dataset(folder, format="parquet").to_table().to_pylist()
    return sorted(rows, key=lambda r: (r["episode_id"], r["step_index"]))


def test_the_closing_turn_is_each_episodes_last_example_with_its_columns(tmp_path: Path) -> None:
    tasks = [bundle(seed=s) for s in (1, 2)]
    src = write_episodes(tmp_path / "in", [(finished(t.id), t) for t in tasks])
    result = run(ExportConfig(input_dir=src, output_dir=tmp_path / "out", stages=["terminal_sft"], dev_fraction=0))
    rows = _examples(tmp_path / "out" / "terminal_sft")
    assert result.stages[0].train_rows == len(rows) == 2 * 4
    for _, group in itertools.groupby(rows, key=lambda r: r["episode_id"]):
        examples = list(group)
        *steps, last = examples
        assert [r["final"] for r in examples] == [False, False, False, True]
        assert all(r["messages"][-1]["role"] == "assistant" for r in examples)
        assert all(r["messages"][-1]["tool_calls"] for r in steps) and last["messages"][-1]["tool_calls"] is None
        assert last["target"] == "<think>\nAll rows moved.\n</think>\nDone: out.xlsx is sorted."
        assert last["messages"][-1]["content"] == [{"type": "text", "text": last["target"]}]
        assert last["step_index"] == 3 and last["messages"][-2]["role"] == "tool"  # after the last observation
        assert [r["thought_source"] for r in examples] == ["teacher"] * 3 + [None]
        assert {(r["score"], r["end_reason"]) for r in examples} == {(1.0, "finished")}
        assert len({r["recorded_at"] for r in examples}) == 1


def test_the_closing_turn_masks_its_reasoning_and_supervises_the_answer() -> None:
    text, spans = final_turn("Check first.", "Saved.")
    by_label = {s.label: text[s.start:s.end] for s in spans}
    assert by_label == {"think_open": "<think>\n", "think_body": "Check first.", "think_close": "\n</think>",
                        "final": "\nSaved."}
    assert "".join(text[s.start:s.end] for s in supervised(spans)) == "<think>\n\n</think>\nSaved."
    assert final_turn("", "Saved.") == ("Saved.", [spans[-1].model_copy(update={"start": 0, "end": 6})])


def _write(folder: Path, rows: list[dict], schema: pa.Schema) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    pq.write_table(pa.Table.from_pylist(rows, schema=schema), folder / "shard-00000.parquet")
    return folder


def test_filters_read_the_record_time_the_judge_score_and_the_keep_decision(tmp_path: Path) -> None:
    rows = []
    for seed, score, keep, days in ((1, 0.5, True, 0), (2, 0.9, True, 10), (3, 1.0, False, 10), (4, 1.0, True, 20)):
        task = bundle(seed=seed)
        rows.append(episode_row(finished(task.id, score=score, keep=keep), task, WHEN + timedelta(days=days)))
    src = _write(tmp_path / "in", rows, EPISODE_SCHEMA)

    def kept(**filters: object) -> tuple[int, dict[str, int]]:
        result = run(ExportConfig(input_dir=src, output_dir=tmp_path / "out", filters=ExportFilters(**filters)))
        return result.episodes_kept, result.filtered_out

    assert kept() == (3, {"not_kept": 1})
    assert kept(min_score=0.8) == (2, {"not_kept": 1, "score": 1})
    assert kept(since=WHEN + timedelta(days=5)) == (2, {"not_kept": 1, "date": 1})
    assert kept(since=WHEN + timedelta(days=5), until=WHEN + timedelta(days=15)) == (1, {"not_kept": 1, "date": 2})


def test_a_version_1_shard_still_exports(tmp_path: Path) -> None:
    """No new columns: the shard's write time is the record time, the checks give the score, no closing turn."""
    new = {"end_reason", "final_message", "final_thought", "filter_keep", "filter_score", "filter_reason",
           "cached_tokens", "recorded_at"}
    step_type = EPISODE_SCHEMA.field("steps").type.value_type
    old_step = pa.struct([f for f in step_type if f.name not in {"error", "thought_source", "cached_tokens"}])
    old_schema = pa.schema([pa.field("steps", pa.list_(old_step)) if f.name == "steps" else f
                            for f in EPISODE_SCHEMA if f.name not in new])
    task = bundle(seed=7)
    row = episode_row(finished(task.id), task)
    row = {k: v for k, v in row.items() if k not in new}
    row["steps"] = [{k: v for k, v in s.items() if k in old_step.names} for s in row["steps"]]
    src = _write(tmp_path / "in", [row], old_schema)
    os.utime(src / "shard-00000.parquet", (WHEN.timestamp(), WHEN.timestamp()))
    result = run(ExportConfig(input_dir=src, output_dir=tmp_path / "out", stages=["terminal_sft"], dev_fraction=0,
                              filters=ExportFilters(until=WHEN + timedelta(hours=1))))
    assert result.episodes_kept == 1 and result.rejections == []
    rows = _examples(tmp_path / "out" / "terminal_sft")
    assert [r["final"] for r in rows] == [False] * 3
    assert {(r["score"], r["end_reason"], r["recorded_at"]) for r in rows} == {(1.0, None, WHEN)}
