"""The generate stages against a real store, real sandboxes and real files (no Prefect here)."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from flows import batches, stages
from flows.context import GenerateConfig, RunContext
from forge.dataset import read_manifest
from forge.models import ReferenceSolution, ReferenceStep, Skill, TaskBundle
from forge.settings import Settings
from gates import GATE_ORDER
from gates.duplicates import signature, signature_bytes
from skills import load_taxonomy, sample_skills
from workflows import WORKFLOWS


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
    assert rejection.message.startswith("unknown workflow 'nope'; known: ") and "spreadsheet.sort_rows" in rejection.message


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


@pytest.mark.parametrize("batched", [False, True], ids=["one-by-one", "one-batch"])
def test_the_flow_accepts_by_the_signature_the_gates_made(ctx: RunContext, sort_bundle: TaskBundle,
                                                          batched: bool) -> None:
    twin = sort_bundle.model_copy(update={"seed": sort_bundle.seed + 1})
    other = sort_bundle.model_copy(update={"instruction": "Reorder the ledger rows by their posting date, oldest first."})
    store = stages.store_for(ctx.db_url)
    works = []
    for bundle in (sort_bundle, twin, other):
        store.save_task(bundle, ctx.run_id)
        works.append(stages.gates(ctx, bundle, ["duplicate"]))
    assert [w.signature for w in works] == [signature_bytes(signature(b)) for b in (sort_bundle, twin, other)]
    # the twin's look-alike gets in first; `other` carries no signature (or another NUM_PERM's): the stored bundle's
    signed = [(sort_bundle.id, works[0].signature), (twin.id, works[1].signature), (other.id, b"")]
    if batched:
        assert stages.accept_all_signed(ctx, signed) == {sort_bundle.id, other.id}
    else:
        assert [stages.accept_all_signed(ctx, [one]) == {one[0]} for one in signed] == [True, False, True]
    assert [store.task_status(b.id) for b in (sort_bundle, twin, other)] == ["accepted", "rejected", "accepted"]
    kept = [(k.task_id, k.signature) for k in store.accepted_signatures(after=0)]
    assert kept == [(sort_bundle.id, works[0].signature), (other.id, works[2].signature)]


def test_concurrent_writers_to_one_folder_never_collide(ctx: RunContext, tmp_path: Path) -> None:
    from concurrent.futures import ThreadPoolExecutor

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


def test_batches_count_the_work_they_do_and_a_rerun_does_none(ctx: RunContext) -> None:
    batch = batches.make_batches(sample_skills(load_taxonomy(), 3, 5), 3)[0]
    gated = batches.gate_batch(ctx, batch)
    assert len(gated.passed) == 3 and gated.gates_run == 3 * len(GATE_ORDER)
    accepted = batches.accept_batch(ctx, gated)
    done = batches.episode_batch(ctx, gated.index, accepted)
    assert (done.episodes, done.passed, done.episodes_run) == (3, 3, 3)

    again = batches.gate_batch(ctx, batch)
    assert [g.task_id for g in again.passed] == [g.task_id for g in gated.passed] and again.gates_run == 0
    redone = batches.episode_batch(ctx, again.index, batches.accept_batch(ctx, again))
    assert (redone.episodes, redone.passed, redone.episodes_run) == (3, 3, 0)


def test_while_the_run_goes_on_only_full_shards_are_written(ctx: RunContext) -> None:
    pipeline(ctx, 3)
    two_rows = ctx.model_copy(update={"shard_max_rows": 2})
    assert [s.rows for s in stages.write(two_rows, final=False)] == [2]
    manifest = read_manifest(ctx.output_dir)
    assert manifest is not None and [s.rows for s in manifest.shards] == [2]
    assert stages.write(two_rows, final=False) == []  # one row waits for the run's end
    assert [s.rows for s in stages.write(two_rows, final=True)] == [1]
    assert pq.read_table(ctx.output_dir).num_rows == 3


class ExplodingWorkflow:
    """Stands in for a buggy plugin workflow: raises something that is not a ForgeError."""

    name = "spreadsheet.sort_rows"

    def build(self, skill: Skill, seed: int) -> TaskBundle:
        raise RuntimeError(f"bug while building {skill.id}")


def test_a_crashing_stage_becomes_an_internal_error_rejection_and_the_batch_goes_on(
    ctx: RunContext, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(WORKFLOWS._items, "spreadsheet.sort_rows", ExplodingWorkflow())
    samples = sample_skills(load_taxonomy(), 2, 0,
                            skill_ids=["spreadsheet.data.sort.ascending", "spreadsheet.formula.total_row.sum"])
    gated = batches.gate_batch(ctx, batches.make_batches(samples, 2)[0])
    assert [g.sample.skill.id for g in gated.passed] == ["spreadsheet.formula.total_row.sum"]
    [rejection] = stages.store_for(ctx.db_url).rejections(ctx.run_id)
    assert (rejection.stage, rejection.reason, rejection.subject) == (
        "flow", "internal_error", "0:spreadsheet.data.sort.ascending")
    assert "RuntimeError: bug while building spreadsheet.data.sort.ascending" in rejection.message


def test_with_no_model_the_gates_oracle_run_is_the_episode_and_it_is_not_run_again(ctx: RunContext) -> None:
    """The package gate's oracle run is the reference replayed under the terminal harness in a fresh
    sandbox after setup, judged by the same checks: the episode the run wants. Kept by the gates,
    written only once the task is accepted, found (and counted as this run's) by the episode stage."""
    store = stages.store_for(ctx.db_url)
    batch = batches.make_batches(sample_skills(load_taxonomy(), 2, 5), 2)[0]
    gated = batches.gate_batch(ctx, batch)
    assert [g.episodes for g in gated.passed] == [["terminal"], ["terminal"]]
    kept = {e.task_id: e for e in store.episodes()}
    assert sorted(kept) == sorted(g.task_id for g in gated.passed)
    for item in gated.passed:
        bundle, episode = store.get_task(item.task_id), kept[item.task_id]
        assert bundle is not None and episode.passed and episode.status == "completed"
        assert (episode.teacher.kind, episode.judge, episode.harness) == ("reference-replay", "programmatic", "terminal")
        assert [s.action for s in episode.steps] == [r.action for r in bundle.reference.steps]
        assert all(s.observation.exit_code == 0 for s in episode.steps)
        assert episode.rubric is not None and episode.rubric.passed and episode.duration_s > 0
    assert stages.write(ctx) == []  # its task is not accepted yet: nothing to write

    accepted = batches.accept_batch(ctx, gated)
    counted, left = batches.kept_episodes(ctx, gated.index, accepted)  # the flow needs no episode task run
    assert (counted.episodes, counted.passed, counted.episodes_run, counted.passed_run, left) == (2, 2, 2, 2, [])
    done = batches.episode_batch(ctx, gated.index, accepted)  # were it run, it would find them as this run's
    assert (done.episodes, done.passed, done.episodes_run, done.passed_run) == (2, 2, 2, 2)
    assert {e.task_id: e for e in store.episodes()} == kept  # the same records, latencies and all: not rerun
    assert [s.rows for s in stages.write(ctx)] == [2]

    both = ctx.model_copy(update={"harnesses": ["hybrid", "terminal"]})  # hybrid's episode is still to run
    counted, left = batches.kept_episodes(both, gated.index, accepted)
    assert (counted.episodes, left) == (0, accepted)


def test_a_look_alike_rejected_at_acceptance_leaves_no_episode(ctx: RunContext, sort_bundle: TaskBundle) -> None:
    twin = sort_bundle.model_copy(update={"seed": sort_bundle.seed + 1})
    store = stages.store_for(ctx.db_url)
    for bundle in (sort_bundle, twin):
        store.save_task(bundle, ctx.run_id)
        assert stages.gates(ctx, bundle, GATE_ORDER).episodes == ["terminal"]
    assert sorted(e.task_id for e in store.episodes()) == sorted([sort_bundle.id, twin.id])
    assert stages.accept(ctx, sort_bundle) is sort_bundle and stages.accept(ctx, twin) is None
    assert [e.task_id for e in store.episodes()] == [sort_bundle.id]
    assert pq.read_table(ctx.output_dir / stages.write(ctx)[0].name).column("task_id").to_pylist() == [sort_bundle.id]


def test_an_evolved_harness_is_not_the_oracles_and_runs_its_own_episode(ctx: RunContext, sort_bundle: TaskBundle) -> None:
    from forge.harness import HARNESSES
    from forge.harness.versions import HarnessVariant, record_version

    store = stages.store_for(ctx.db_url)
    evolved = HarnessVariant(label="verify", prompt_suffix="Verify the saved file before you finish.")
    record_version(store, evolved.apply(HARNESSES.get("terminal")), {"success_rate": 1.0})  # `forge evolve` chose it
    store.save_task(sort_bundle, ctx.run_id)
    work = stages.gates(ctx, sort_bundle, ["package"])
    assert (work.passed, work.ran, work.episodes) == (True, 1, [])
    assert store.episodes() == []
    episode = stages.episode(ctx, stages.accept(ctx, sort_bundle))
    assert episode is not None and episode.passed and episode.harness_version.startswith("β#")


def test_a_rejection_after_the_package_gate_drops_the_episode_it_kept(ctx: RunContext, sort_bundle: TaskBundle) -> None:
    from forge.models import GateResult

    store = stages.store_for(ctx.db_url)
    store.save_task(sort_bundle, ctx.run_id)
    assert stages.gates(ctx, sort_bundle, ["package"]).episodes == ["terminal"]  # one gate at a time
    assert [e.task_id for e in store.episodes()] == [sort_bundle.id]
    store.save_gate_result(sort_bundle.id, GateResult(gate="later", passed=False, reason="nope", message="no"))
    assert not stages.gates(ctx, sort_bundle, ["package", "later"]).passed  # a gate after it says no
    assert store.episodes() == [] and store.task_status(sort_bundle.id) == "rejected"
