"""`forge.export.run`: stages, filters, the split by task, bounded shards, the manifest, reruns."""

from __future__ import annotations

import json
import os
import stat
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pyarrow as pa
import pyarrow.dataset as ds
import pyarrow.parquet as pq
import pytest

from forge.dataset import EPISODE_SCHEMA, episode_row
from forge.errors import ConfigError
from forge.export import EXAMPLE_SCHEMA, MANIFEST, ExportConfig, ExportFilters, run
from tests.unit.test_export_episodes import episode, gui_harnesses, mixed_run, terminal_step, write_episodes  # noqa: F401
from tests.unit.test_models import bundle


def _rows(folder: Path) -> list[dict]:
    return ds.dataset(folder, format="parquet").to_table().to_pylist()


def test_every_stage_gets_its_runs_and_each_task_one_split(tmp_path: Path, gui_harnesses: None) -> None:  # noqa: F811
    src = mixed_run(tmp_path / "in", n_tasks=8)
    result = run(ExportConfig(input_dir=src, output_dir=tmp_path / "out", dev_fraction=0.4))
    stages = {s.stage: s for s in result.stages}
    assert result.episodes_read == result.episodes_kept == 24
    assert stages["terminal_sft"].train_rows + stages["terminal_sft"].dev_rows == 8 * 6
    assert stages["gui_sft"].train_rows + stages["gui_sft"].dev_rows == 8 * 5
    assert stages["hybrid_sft"].train_rows + stages["hybrid_sft"].dev_rows == 8 * 2
    # grounding: clicks with a screenshot before them (steps 2, 3, 4 of each gui run), hybrid's first step has none
    assert stages["gui_midtrain"].train_rows + stages["gui_midtrain"].dev_rows == 8 * 3
    rows = _rows(tmp_path / "out" / "terminal_sft")
    split_by_task: dict[str, set[str]] = {}
    for r in rows:
        split_by_task.setdefault(r["task_id"], set()).add(r["split"])
    assert all(len(s) == 1 for s in split_by_task.values())
    assert {s for v in split_by_task.values() for s in v} == {"train", "dev"}  # 8 tasks at 40%: both sides
    for stage in ("gui_sft", "gui_midtrain", "hybrid_sft"):
        for r in _rows(tmp_path / "out" / stage):
            assert r["split"] == next(iter(split_by_task[r["task_id"]]))  # same task, same side, every stage
            assert r["messages"][-1]["role"] == "assistant" and r["messages"][-1]["tool_calls"]
            assert len(r["images"]) == sum(p["type"] == "image" for m in r["messages"] for p in m["content"])
    manifest = json.loads((tmp_path / "out" / MANIFEST).read_text())
    assert manifest["episodes_kept"] == 24 and manifest["stages"][0]["stage"] == "gui_midtrain"
    for shards in manifest["shards"].values():
        for shard in shards:
            table = pq.read_table(tmp_path / "out" / shard["path"])
            assert table.num_rows == shard["rows"] and table.schema.equals(EXAMPLE_SCHEMA, check_metadata=False)


def test_shards_are_bounded_rerun_is_identical_and_stale_shards_go(tmp_path: Path) -> None:
    pairs = []
    for t in range(6):
        task = bundle(seed=t)
        pairs.append((episode(task.id, "terminal", [terminal_step(i) for i in range(5)]), task))
    src = write_episodes(tmp_path / "in", pairs)
    config = ExportConfig(input_dir=src, output_dir=tmp_path / "out", stages=["terminal_sft"], dev_fraction=0.0,
                          shard_max_rows=7)
    run(config)
    shards = sorted((tmp_path / "out" / "terminal_sft" / "train").glob("*.parquet"))
    assert len(shards) == 5 and [pq.read_metadata(p).num_rows for p in shards] == [7, 7, 7, 7, 2]
    first = [p.read_bytes() for p in shards]
    run(config)
    assert [p.read_bytes() for p in shards] == first
    (tmp_path / "out" / "terminal_sft" / "train" / ".shard-00009.parquet.dead.forge-tmp").write_bytes(b"half")
    run(config.model_copy(update={"shard_max_rows": 50}))
    assert [p.name for p in (tmp_path / "out" / "terminal_sft" / "train").glob("*.parquet")] == ["shard-00000.parquet"]
    assert not list((tmp_path / "out").rglob("*.forge-tmp"))


def test_byte_bound_splits_shards(tmp_path: Path, gui_harnesses: None) -> None:  # noqa: F811
    src = mixed_run(tmp_path / "in", n_tasks=3)
    run(ExportConfig(input_dir=src, output_dir=tmp_path / "out", stages=["gui_sft"], dev_fraction=0.0,
                     shard_max_bytes=8192))
    shards = sorted((tmp_path / "out" / "gui_sft" / "train").glob("*.parquet"))
    assert len(shards) > 1 and sum(pq.read_metadata(p).num_rows for p in shards) == 15


def test_files_get_umask_modes_or_the_configured_mode(tmp_path: Path) -> None:
    task = bundle()
    src = write_episodes(tmp_path / "in", [(episode(task.id, "terminal", [terminal_step(0)]), task)])
    old = os.umask(0o027)
    try:
        run(ExportConfig(input_dir=src, output_dir=tmp_path / "a", stages=["terminal_sft"], dev_fraction=0))
    finally:
        os.umask(old)
    run(ExportConfig(input_dir=src, output_dir=tmp_path / "b", stages=["terminal_sft"], dev_fraction=0, file_mode=0o600))
    for root, want in ((tmp_path / "a", 0o640), (tmp_path / "b", 0o600)):
        for path in [root / MANIFEST, *root.rglob("*.parquet")]:
            assert stat.S_IMODE(path.stat().st_mode) == want, path


def test_filters_drop_and_count(tmp_path: Path, gui_harnesses: None) -> None:  # noqa: F811
    src = mixed_run(tmp_path / "in", n_tasks=4)
    out = tmp_path / "out"

    def kept(**filters) -> tuple[int, dict[str, int]]:
        result = run(ExportConfig(input_dir=src, output_dir=out, filters=ExportFilters(**filters)))
        return result.episodes_kept, result.filtered_out

    assert kept(apps=["spreadsheet"]) == (6, {"app": 6})
    assert kept(harnesses=["gui", "hybrid"]) == (8, {"harness": 4})
    assert kept(skills=["document.edit"]) == (6, {"skill": 6})
    assert kept(skills=["document.ed"]) == (0, {"skill": 12})  # a prefix is whole dotted parts
    assert kept(min_steps=3, max_steps=5) == (4, {"length": 8})
    assert kept(since=datetime.now(UTC) + timedelta(days=1)) == (0, {"date": 12})
    assert kept(until=datetime.now(UTC) + timedelta(days=1))[0] == 12


def test_judge_score_filter_reads_the_filter_score_else_the_checks(tmp_path: Path) -> None:
    rows = []
    for seed, score in ((1, 0.5), (2, 0.9), (3, None)):
        task = bundle(seed=seed)
        rows.append({**episode_row(episode(task.id, "terminal", [terminal_step(0)]), task), "filter_score": score})
    (tmp_path / "in").mkdir()
    pq.write_table(pa.Table.from_pylist(rows, schema=EPISODE_SCHEMA),
                   tmp_path / "in" / "shard-00000.parquet")
    result = run(ExportConfig(input_dir=tmp_path / "in", output_dir=tmp_path / "out",
                              filters=ExportFilters(min_score=0.8)))
    assert (result.episodes_kept, result.filtered_out) == (2, {"score": 1})  # None: all checks passed, 1.0
    with pytest.raises(ConfigError, match="max-steps"):
        ExportFilters(min_steps=5, max_steps=2)


def test_unknown_harness_version_and_damaged_shards_become_rejections(tmp_path: Path) -> None:
    task = bundle()
    ep = episode(task.id, "terminal", [terminal_step(0)]).model_copy(update={"harness_version": "zz"})
    src = write_episodes(tmp_path / "in", [(ep, task)])
    (src / "shard-00009.parquet").write_bytes(b"not parquet")
    result = run(ExportConfig(input_dir=src, output_dir=tmp_path / "out"))
    reasons = [r.reason for r in result.rejections]
    assert any("terminal@zz" in r and "terminal@1" in r for r in reasons)
    assert any("shard-00009.parquet is not readable Parquet" in r for r in reasons)
    assert json.loads((tmp_path / "out" / MANIFEST).read_text())["rejections"]


def test_an_episode_whose_harness_prompt_changed_since_is_refused_not_exported_with_the_new_prompt(
        tmp_path: Path) -> None:
    from forge.harness import HARNESSES
    from forge.harness.system_prompt import harness_identity

    current = harness_identity(HARNESSES.get("terminal"))
    tasks = [bundle(seed=1), bundle(seed=2)]
    episodes = [episode(tasks[0].id, "terminal", [terminal_step(0)]).model_copy(update={"harness_version": current}),
                episode(tasks[1].id, "terminal", [terminal_step(0)]).model_copy(update={"harness_version": "1#0123456789ab"})]
    src = write_episodes(tmp_path / "in", list(zip(episodes, tasks, strict=True)))
    result = run(ExportConfig(input_dir=src, output_dir=tmp_path / "out"))
    assert [r.episode_id for r in result.rejections] == [episodes[1].id]
    assert "has changed since the episode ran" in result.rejections[0].reason
    rows = _rows(tmp_path / "out" / "terminal_sft")
    assert rows and {r["episode_id"] for r in rows} == {episodes[0].id}
    assert {r["harness_version"] for r in rows} == {current}


def test_missing_input_is_a_config_error_naming_the_fix(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="forge generate"):
        run(ExportConfig(input_dir=tmp_path / "nope", output_dir=tmp_path / "out"))
    (tmp_path / "empty").mkdir()
    with pytest.raises(ConfigError, match="no .parquet shards"):
        run(ExportConfig(input_dir=tmp_path / "empty", output_dir=tmp_path / "out"))
