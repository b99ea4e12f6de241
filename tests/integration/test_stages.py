"""The generate stages against a real store, real sandboxes and real files (no Prefect here)."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from flows import stages
from flows.context import GenerateConfig, RunContext
from forge.models import ReferenceSolution, ReferenceStep, Skill, TaskBundle
from forge.settings import Settings
from gates import GATE_ORDER
from skills import load_taxonomy, sample_skills


@pytest.fixture()
def ctx(tmp_path: Path) -> RunContext:
    settings = Settings(data_dir=tmp_path / "data")
    ctx = RunContext.create(GenerateConfig(n_tasks=3, output_dir=tmp_path / "out"), settings)
    stages.store_for(ctx.db_url).start_run(ctx.run_id, "generate", GenerateConfig())
    return ctx


def pipeline(ctx: RunContext, n: int, seed: int = 5) -> list:
    results = []
    for sample in sample_skills(load_taxonomy(), n, seed):
        bundle = stages.build(ctx, sample)
        for gate in GATE_ORDER:
            bundle = stages.gate(ctx, bundle, gate)
        results.append(stages.episode(ctx, stages.accept(ctx, bundle)))
    return results


def test_stages_write_each_passed_episode_once_per_output_dir(ctx: RunContext, tmp_path: Path) -> None:
    episodes = pipeline(ctx, 3)
    assert all(e is not None and e.passed for e in episodes)
    first = stages.write(ctx)
    assert [s.rows for s in first] == [3]

    again = pipeline(ctx, 3)  # a rerun resumes: same tasks, same episodes, nothing new to write
    assert [e.id for e in again] == [e.id for e in episodes]
    assert stages.write(ctx) == []
    store = stages.store_for(ctx.db_url)
    assert len(store.episodes()) == 3 and len(store.list_tasks()) == 3

    other = ctx.model_copy(update={"output_dir": tmp_path / "other"})
    assert [s.rows for s in stages.write(other)] == [3]
    ids = pq.read_table(tmp_path / "other" / "shard-00000.parquet").column("episode_id").to_pylist()
    assert sorted(ids) == sorted(e.id for e in episodes)


def test_shards_split_at_the_row_limit(ctx: RunContext) -> None:
    pipeline(ctx, 3)
    small = ctx.model_copy(update={"shard_max_rows": 2})
    assert [s.rows for s in stages.write(small)] == [2, 1]
    assert [s.name for s in stages.store_for(ctx.db_url).shards(str(ctx.output_dir))] == [
        "shard-00000.parquet", "shard-00001.parquet"]


def test_unknown_workflow_is_a_recorded_rejection(ctx: RunContext) -> None:
    from skills import SkillSample

    skill = Skill(id="spreadsheet.fake.skill", apps=["spreadsheet"], category="x", description="d", workflow="nope")
    assert stages.build(ctx, SkillSample(position=0, skill=skill, seed=1)) is None
    [rejection] = stages.store_for(ctx.db_url).rejections(ctx.run_id)
    assert (rejection.stage, rejection.reason) == ("workflow", "UnknownKeyError")
    assert "unknown workflow 'nope'; known: spreadsheet." in rejection.message


def test_a_failing_episode_is_recorded_and_never_written(ctx: RunContext, sort_bundle: TaskBundle) -> None:
    broken = sort_bundle.model_copy(update={"reference": ReferenceSolution(steps=[
        ReferenceStep(thought="t", action="Do nothing useful", tool="bash", arguments={"command": "ls"})])})
    store = stages.store_for(ctx.db_url)
    store.save_task(broken, ctx.run_id)
    episode = stages.episode(ctx, broken)
    assert episode is not None and episode.status == "completed" and not episode.passed
    assert [r.reason for r in store.rejections(ctx.run_id)] == ["episode_failed"]
    assert stages.write(ctx) == []


def test_look_alikes_gated_at_the_same_time_are_not_both_accepted(ctx: RunContext, sort_bundle: TaskBundle) -> None:
    twin = sort_bundle.model_copy(update={"seed": sort_bundle.seed + 1})
    store = stages.store_for(ctx.db_url)
    for bundle in (sort_bundle, twin):
        store.save_task(bundle, ctx.run_id)
        assert stages.gate(ctx, bundle, "duplicate") is bundle  # neither is accepted yet
    assert stages.accept(ctx, sort_bundle) is sort_bundle
    assert stages.accept(ctx, twin) is None
    assert store.task_status(twin.id) == "rejected"
    [verdict] = [r for r in store.gate_results(twin.id) if r.gate == "duplicate"]
    assert (verdict.passed, verdict.reason, verdict.details["duplicate_of"]) == (False, "near_duplicate", sort_bundle.id)


def test_concurrent_writers_to_one_folder_never_collide(ctx: RunContext, tmp_path: Path) -> None:
    from concurrent.futures import ThreadPoolExecutor

    from forge.dataset import read_manifest

    pipeline(ctx, 3)
    one_row = ctx.model_copy(update={"shard_max_rows": 1})
    with ThreadPoolExecutor(max_workers=3) as pool:
        written = [info for infos in pool.map(stages.write, [one_row] * 3) for info in infos]
    assert sorted(info.name for info in written) == [f"shard-0000{i}.parquet" for i in range(3)]
    manifest = read_manifest(ctx.output_dir)
    assert manifest is not None and manifest.rows == 3
    for shard in manifest.shards:
        data = (ctx.output_dir / shard.name).read_bytes()
        assert hashlib.sha256(data).hexdigest() == shard.sha256
    ids = pq.read_table(ctx.output_dir).column("episode_id").to_pylist()
    assert len(ids) == len(set(ids)) == 3
