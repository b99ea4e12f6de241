"""The generate job's stages as plain functions: Prefect tasks wrap them, tests and bench call them.

Each stage is idempotent against the store: a rerun finds finished work and skips it, so a run
can stop anywhere and resume without writing anything twice. Failures are recorded as
rejections with a reason code; no stage raises for a bad task.
"""

from __future__ import annotations

import logging
from functools import cache
from pathlib import Path

from pydantic import BaseModel

from flows.context import RunContext
from forge.dataset import output_lock, prepare_output_dir, write_manifest, write_shard
from forge.dataset.writer import ShardInfo
from forge.errors import ForgeError
from forge.harness import (
    Annotator,
    Judge,
    OracleReplay,
    Teacher,
    annotator_for,
    episode_id,
    run_episode,
    teacher_for,
)
from forge.harness.versions import resolve_harness
from forge.judge import judge_for
from forge.llm import ModelClient, client_for
from forge.llm.authoring import vary_or_keep
from forge.models import Episode, GateResult, TaskBundle
from forge.settings import Settings
from forge.store import Store, open_store
from gates import GateContext, StoredIndex, run_gate
from gates.duplicates import signature_bytes, signature_from_bytes
from gates.roundtrip import libreoffice_roundtrip
from skills import SkillSample
from workflows import WORKFLOWS

logger = logging.getLogger(__name__)


@cache
def models_for(db_url: str) -> tuple[Teacher, Judge, Annotator | None]:
    """This process's teacher, judge and annotator: models where FORGE_<ROLE>_BASE_URL is set, else the
    reference replay and the programmatic checks (records say which). Read from the environment in
    each worker process, so no key travels in a task's parameters; calls go to the store's ledger."""
    settings, store = Settings(), store_for(db_url)
    return teacher_for(settings, store), judge_for(settings, store), annotator_for(settings, store)


@cache
def author_for(db_url: str) -> ModelClient | None:
    """This process's author model where FORGE_AUTHOR_BASE_URL is set, else None (workflows' own phrasing)."""
    return client_for(Settings(), "author", store_for(db_url))


@cache
def store_for(db_url: str) -> Store:
    """One store (engine, pool) per process and URL, shared by every worker thread."""
    return open_store(db_url)


def build(ctx: RunContext, sample: SkillSample) -> TaskBundle | None:
    """Realise a skill as a bundle; unknown workflows and workflow errors become rejections."""
    store = store_for(ctx.db_url)
    subject = f"{sample.position}:{sample.skill.id}"
    try:
        bundle = WORKFLOWS.get(sample.skill.workflow).build(sample.skill, sample.seed)
    except ForgeError as exc:
        store.record_rejection(ctx.run_id, "workflow", subject, type(exc).__name__, str(exc))
        return None
    if (author := author_for(ctx.db_url)) is not None:  # the author model rephrases; a refusal keeps the template
        bundle = vary_or_keep(author, bundle, store, ctx.run_id)
    store.save_task(bundle, ctx.run_id)
    return bundle


@cache
def duplicates_for(db_url: str, threshold: float) -> StoredIndex:
    """The process's near-duplicate index: the store's accepted tasks, looked up by band key (no
    process holds them in memory), banded for this threshold once made (the flow does it again
    as each run starts: tasks accepted by hand or under another threshold meanwhile)."""
    index = StoredIndex(store_for(db_url), threshold)
    index.backfill()
    return index


def libreoffice_profiles(scratch_root: Path) -> Path:
    """Where a run's workers keep their LibreOffice profiles (one soffice each, kept warm)."""
    return scratch_root / "libreoffice"


def gate_context(ctx: RunContext) -> GateContext:
    profiles = libreoffice_profiles(ctx.scratch_root)
    roundtrip = libreoffice_roundtrip(profiles) if ctx.libreoffice_roundtrip else None
    return GateContext(scratch_root=ctx.scratch_root, limits=ctx.limits, backend=ctx.backend, roundtrip=roundtrip,
                       duplicates=duplicates_for(ctx.db_url, ctx.dedup_threshold))


def gate(ctx: RunContext, bundle: TaskBundle | None, gate_name: str) -> TaskBundle | None:
    """Run one gate unless its verdict is stored; a rejection marks the task rejected."""
    return bundle if bundle is not None and gates(ctx, bundle, [gate_name]).passed else None


class GateWork(BaseModel):
    """One bundle's way through the gates: the verdict, how many gates actually ran (not found
    stored), and the harnesses whose passed episode the package gate's oracle run was (`oracle_replay`)."""

    passed: bool
    ran: int
    episodes: list[str] = []
    signature: bytes = b""  # a passed bundle's near-duplicate signature (`signature_bytes`), to accept it by


def gates(ctx: RunContext, bundle: TaskBundle, gate_names: list[str]) -> GateWork:
    """Run the named gates in order, each unless its verdict is stored; stop at the first rejection,
    which marks the task rejected (and drops an episode an earlier call's oracle run left). Once all
    pass, the passed episodes the oracle's run stands for are stored with the verdicts, in one
    transaction; a failed one is left to the episode stage, which records why."""
    store = store_for(ctx.db_url)
    stored = {r.gate: r for r in store.gate_results(bundle.id)}
    replay = oracle_replay(ctx, bundle) if set(gate_names) - set(stored) else None  # a gate will run
    context = gate_context(ctx) if replay is None else gate_context(ctx).model_copy(update={"on_oracle_run": replay.keep})
    ran: list[GateResult] = []
    verdict: GateResult | None = None
    try:
        for gate_name in gate_names:
            verdict = stored.get(gate_name)
            if verdict is None:
                verdict = run_gate(gate_name, bundle, context)
                ran.append(verdict)
            if not verdict.passed:
                break
    except BaseException:  # what ran is kept when a later gate crashed: a rerun does not repeat it
        if ran:
            store.save_gate_results(bundle.id, ran)
        raise
    if verdict is not None and not verdict.passed:
        store.save_gate_results(bundle.id, ran, reject=True)
        return GateWork(passed=False, ran=len(ran))
    kept = {harness: episode for harness, episode in (replay.episodes.items() if replay else ()) if episode.passed}
    if ran or kept:  # one transaction: the verdicts and the episodes they stand for
        store.save_gate_results(bundle.id, ran, episodes=list(kept.values()), run_id=ctx.run_id)
    sig = duplicates_for(ctx.db_url, ctx.dedup_threshold).signature(bundle)  # the duplicate gate's, kept
    return GateWork(passed=True, ran=len(ran), episodes=list(kept), signature=signature_bytes(sig))


def oracle_replay(ctx: RunContext, bundle: TaskBundle) -> OracleReplay | None:
    """Where this run's episodes are the reference replay judged by its checks alone (no model
    configured), the package gate's oracle run is the episode of each of the run's harnesses it ran
    under: kept, not run again (forge.harness.oracle_replay)."""
    store = store_for(ctx.db_url)
    return OracleReplay.of(bundle, *models_for(ctx.db_url), run_id=ctx.run_id,
                           harnesses=lambda: {name: resolve_harness(name, store) for name in ctx.harnesses})


def accept(ctx: RunContext, bundle: TaskBundle | None) -> TaskBundle | None:
    """Accept a bundle that passed every gate, unless a look-alike was accepted meanwhile."""
    if bundle is None:
        return None
    kept = duplicates_for(ctx.db_url, ctx.dedup_threshold).signature(bundle)  # the duplicate gate's, if it ran here
    return bundle if _accept_claims(ctx, [(bundle.id, signature_bytes(kept))]) else None


def accept_all_signed(ctx: RunContext, signed: list[tuple[str, bytes]]) -> set[str]:
    """`accept` by each task's id and the signature its gates made (`GateWork.signature`), in order,
    in one store transaction (a batch's accepts cost one commit, not one each): the ids accepted.
    The flow's process accepts so without reading bundles back or hashing them again; a
    signature-less one (none carried, or made with another NUM_PERM) is hashed from its stored bundle."""
    claims: list[tuple[str, bytes]] = []
    for task_id, sig in signed:
        if signature_from_bytes(sig) is None:
            bundle = store_for(ctx.db_url).get_task(task_id)
            if bundle is None:
                raise ForgeError(f"task {task_id} passed its gates but is not in the store")
            sig = signature_bytes(duplicates_for(ctx.db_url, ctx.dedup_threshold).signature(bundle))
        claims.append((task_id, sig))
    return _accept_claims(ctx, claims)


def _accept_claims(ctx: RunContext, claims: list[tuple[str, bytes]]) -> set[str]:
    """Accept each (task id, signature bytes) in order against every accepted task (the store's
    index, one transaction), then record each look-alike's rejection. The ids accepted."""
    store = store_for(ctx.db_url)
    lookalikes = duplicates_for(ctx.db_url, ctx.dedup_threshold).claim_all(claims)
    for task_id, (other, similarity) in lookalikes.items():
        store.save_gate_results(task_id, [GateResult(  # and drops the oracle run's episodes: never written
            gate="duplicate", passed=False, reason="near_duplicate", details={"duplicate_of": other},
            message=f"{similarity:.2f} similar to {other}, accepted while this task was being gated")],
            reject=True)
    return {task_id for task_id, _ in claims} - set(lookalikes)


def episode(ctx: RunContext, bundle: TaskBundle | None, harness: str | None = None) -> Episode | None:
    """Run the teacher on an accepted task unless this (task, harness, teacher) episode exists.
    `harness`: one of the run's harnesses (default its first)."""
    if bundle is None:
        return None
    harness = harness or ctx.harnesses[0]
    existing = stored_episode(ctx, bundle, harness)
    return existing if existing is not None else run_teacher(ctx, bundle, harness)


def stored_episode(ctx: RunContext, bundle: TaskBundle, harness: str) -> Episode | None:
    """The episode this run would produce for the bundle under `harness`, if an earlier run stored it."""
    teacher = models_for(ctx.db_url)[0]
    store = store_for(ctx.db_url)
    return store.get_episode(episode_id(bundle.id, resolve_harness(harness, store), teacher.info))


def run_teacher(ctx: RunContext, bundle: TaskBundle, harness_name: str) -> Episode | None:
    """Run and judge the teacher on the bundle; store the episode and, if it failed, a rejection.
    None (and a recorded rejection) when the teacher cannot drive this harness on this task at all,
    such as a replay of a task with no GUI plan under the `gui` harness."""
    store = store_for(ctx.db_url)
    harness = resolve_harness(harness_name, store)  # the newest version `forge evolve` chose, else the built-in
    teacher, judge, annotator = models_for(ctx.db_url)
    subject = _episode_subject(ctx, bundle, harness_name)
    unsupported = teacher.cannot_drive(bundle, harness)
    if unsupported:
        store.record_rejection(ctx.run_id, "episode", subject, "harness_unsupported", unsupported)
        return None
    result = run_episode(bundle, harness, teacher, judge, scratch_root=ctx.scratch_root, limits=ctx.limits,
                         backend=ctx.backend, annotator=annotator, run_id=ctx.run_id)
    store.save_episode(result, ctx.run_id)
    if not result.passed:
        reason = "episode_error" if result.status == "error" else "episode_failed"
        message = result.error or "; ".join(c.message for c in (result.rubric.failures() if result.rubric else []))
        store.record_rejection(ctx.run_id, "episode", subject, reason, message)
    return result


def _episode_subject(ctx: RunContext, bundle: TaskBundle, harness: str) -> str:
    """A rejection's subject: the task, and the harness when the run has several (one row each)."""
    return bundle.id if len(ctx.harnesses) == 1 else f"{bundle.id}@{harness}"


def write(ctx: RunContext, final: bool = True) -> list[ShardInfo]:
    """Write passed, not-yet-written episodes into new shards, then refresh the manifest.

    `final=False` (while the run goes on) writes full shards only and leaves the rest waiting in
    the store; `final=True` (the run's end) writes the rest too. At most one shard's episodes are
    in memory at a time, and the manifest only ever lists shards that are on disk.
    """
    store = store_for(ctx.db_url)
    output_dir = prepare_output_dir(ctx.output_dir)
    key = str(output_dir)
    written: list[ShardInfo] = []
    with output_lock(output_dir):
        while batch := store.unsharded_episodes(key, passed_only=True, limit=ctx.shard_max_rows, accepted_only=True):
            if not final and len(batch) < ctx.shard_max_rows:
                break
            pairs = [(e, _task(store, e.task_id)) for e in batch]
            info = write_shard(output_dir, len(store.shards(key)), pairs, ctx.output_file_mode)
            store.record_shard(key, info.name, info.rows, info.bytes, info.sha256, [e.id for e in batch])
            written.append(info)
        if written or final:
            all_shards = [ShardInfo(name=s.name, rows=s.rows, bytes=s.bytes, sha256=s.sha256) for s in store.shards(key)]
            write_manifest(output_dir, all_shards, ctx.output_file_mode)
    return written


def _task(store: Store, task_id: str) -> TaskBundle:
    bundle = store.get_task(task_id)
    if bundle is None:  # the store's foreign key makes this unreachable short of manual deletes
        raise ForgeError(f"episode refers to task {task_id} that is not in the store")
    return bundle
