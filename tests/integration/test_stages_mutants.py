"""The stages' bookkeeping that the pipeline tests pass through without looking: one store, model
set and near-duplicate index per process and URL, a rejection's subject, reason and message (a
workflow error, a harness the teacher cannot drive, an episode that errs or fails), nothing done
for a bundle already refused, and when the manifest is (re)written. Against a real store; the two
episodes that run do so in a real sandbox."""

from __future__ import annotations

from pathlib import Path

import pytest

from flows import stages
from flows.context import GenerateConfig, RunContext
from forge.dataset import read_manifest
from forge.models import ReferenceSolution, ReferenceStep, SetupStep, Skill, TaskBundle
from forge.settings import Settings
from skills import SkillSample


@pytest.fixture()
def ctx(tmp_path: Path) -> RunContext:
    ctx = RunContext.create(GenerateConfig(n_tasks=1, output_dir=tmp_path / "out"), Settings(data_dir=tmp_path / "data"))
    stages.store_for(ctx.db_url).start_run(ctx.run_id, "generate", GenerateConfig())
    return ctx


def without_gui_plan(bundle: TaskBundle) -> TaskBundle:
    return bundle.model_copy(update={"reference": bundle.reference.model_copy(update={"gui_plan": None})})


def test_one_store_models_author_and_index_per_process_and_url(ctx: RunContext, monkeypatch: pytest.MonkeyPatch) -> None:
    assert stages.store_for(ctx.db_url) is stages.store_for(ctx.db_url)
    assert stages.models_for(ctx.db_url) is stages.models_for(ctx.db_url)
    assert stages.duplicates_for(ctx.db_url, 0.9) is stages.duplicates_for(ctx.db_url, 0.9)
    assert stages.duplicates_for(ctx.db_url, 0.8) is not stages.duplicates_for(ctx.db_url, 0.9)
    monkeypatch.setenv("FORGE_AUTHOR_BASE_URL", "http://127.0.0.1:9/v1")  # never called: only built
    monkeypatch.setenv("FORGE_AUTHOR_MODEL", "author-x")
    author = stages.author_for(ctx.db_url)
    assert author is not None and stages.author_for(ctx.db_url) is author


def test_a_workflow_error_is_recorded_under_the_samples_position(ctx: RunContext) -> None:
    skill = Skill(id="spreadsheet.fake.skill", apps=["spreadsheet"], category="x", description="d", workflow="nope")
    assert stages.build(ctx, SkillSample(position=7, skill=skill, seed=1)) is None
    store = stages.store_for(ctx.db_url)
    [rejection] = store.rejections(ctx.run_id)
    assert (rejection.stage, rejection.subject) == ("workflow", "7:spreadsheet.fake.skill")
    assert store.list_tasks() == []


def test_a_refused_bundle_is_not_gated_accepted_or_run(ctx: RunContext) -> None:
    assert stages.gate(ctx, None, "file") is None
    assert stages.accept(ctx, None) is None
    assert stages.episode(ctx, None) is None
    assert stages.store_for(ctx.db_url).rejections(ctx.run_id) == []


def test_a_look_alike_refused_at_acceptance_says_how_similar_and_to_what(ctx: RunContext, sort_bundle: TaskBundle) -> None:
    twin = sort_bundle.model_copy(update={"seed": sort_bundle.seed + 1})
    store = stages.store_for(ctx.db_url)
    for bundle in (sort_bundle, twin):
        store.save_task(bundle, ctx.run_id)
    assert stages.accept(ctx, sort_bundle) is sort_bundle and store.task_status(sort_bundle.id) == "accepted"
    assert stages.accept(ctx, twin) is None
    [verdict] = store.gate_results(twin.id)
    assert verdict.message == f"1.00 similar to {sort_bundle.id}, accepted while this task was being gated"


def test_a_harness_the_teacher_cannot_drive_is_a_rejection_per_harness(ctx: RunContext, sort_bundle: TaskBundle) -> None:
    bundle = without_gui_plan(sort_bundle)
    store = stages.store_for(ctx.db_url)
    store.save_task(bundle, ctx.run_id)
    gui_first = ctx.model_copy(update={"harnesses": ["gui", "terminal"]})
    assert stages.episode(gui_first, bundle) is None  # no harness named: the run's first, gui
    only_gui = ctx.model_copy(update={"harnesses": ["gui"]})
    assert stages.episode(only_gui, bundle) is None
    rejections = store.rejections(ctx.run_id)
    assert [(r.stage, r.reason, r.subject) for r in rejections] == [
        ("episode", "harness_unsupported", f"{bundle.id}@gui"), ("episode", "harness_unsupported", bundle.id)]
    assert rejections[0].message.startswith(f"workflow {bundle.workflow} has no GUI plan")
    assert store.episodes() == []


def test_an_episode_that_errs_or_fails_is_recorded_with_its_own_reason_and_message(
        ctx: RunContext, sort_bundle: TaskBundle) -> None:
    erring = sort_bundle.model_copy(update={"setup": [SetupStep(type="execute", parameters={"command": "exit 3"})]})
    failing = sort_bundle.model_copy(update={"reference": ReferenceSolution(steps=[
        ReferenceStep(thought="t", action="Do nothing useful", tool="bash", arguments={"command": "true"})])})
    store = stages.store_for(ctx.db_url)
    episodes = []
    for bundle in (erring, failing):
        store.save_task(bundle, ctx.run_id)
        episodes.append(stages.episode(ctx, bundle))
    errored, failed = episodes
    assert errored is not None and errored.status == "error" and errored.error
    assert failed is not None and failed.status == "completed" and failed.rubric is not None and not failed.passed
    why_failed = "; ".join(c.message for c in failed.rubric.failures())
    assert [(r.reason, r.subject, r.message) for r in store.rejections(ctx.run_id)] == [
        ("episode_error", erring.id, errored.error), ("episode_failed", failing.id, why_failed)]
    assert why_failed


def test_the_manifest_is_written_at_the_runs_end_even_with_nothing_to_write(ctx: RunContext) -> None:
    assert stages.write(ctx, final=False) == [] and read_manifest(ctx.output_dir) is None
    assert stages.write(ctx, final=True) == []
    manifest = read_manifest(ctx.output_dir)
    assert manifest is not None and (manifest.rows, manifest.shards) == (0, [])


def test_an_episode_cut_off_at_its_step_limit_is_failed_not_an_error(ctx: RunContext, sort_bundle: TaskBundle) -> None:
    """A loop that ends without finishing (status "failed") is the teacher's failure, recorded as
    such; only a task's own error is `episode_error`."""
    from forge.harness import HARNESSES

    limit = HARNESSES.get(ctx.harnesses[0]).scaffold.max_steps
    endless = sort_bundle.model_copy(update={"reference": ReferenceSolution(steps=[
        ReferenceStep(thought="t", action=f"Wait {i}", tool="bash", arguments={"command": "true"})
        for i in range(limit + 1)])})
    store = stages.store_for(ctx.db_url)
    store.save_task(endless, ctx.run_id)
    result = stages.episode(ctx, endless)
    assert result is not None and result.status == "failed" and result.end_reason == "step_limit"
    assert [(r.reason, r.subject) for r in store.rejections(ctx.run_id)] == [("episode_failed", endless.id)]
