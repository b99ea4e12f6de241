"""The repository every flow talks to: pydantic models in, pydantic models out, one transaction a call.

ORM rows never leave this module, so callers cannot hold a row across threads or sessions.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, nullcontext
from datetime import datetime, timezone
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, ValidationError
from sqlalchemy import Engine, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker

from forge.errors import StoreError
from forge.models import Episode, GateResult, TaskBundle
from forge.store import schema
from forge.store._ledger import LedgerMixin
from forge.store._reports import ReportsMixin
from forge.store._signatures import SignaturesMixin
from forge.store.tables import (
    EpisodeRow,
    GateResultRow,
    Rejection,
    Run,
    RunTask,
    Shard,
    ShardRow,
    SkillSample,
    Task,
    utcnow,
)

log = logging.getLogger(__name__)

RUN_STATUSES = ("running", "completed", "failed")
TASK_STATUSES = ("pending", "accepted", "rejected")


def _utc(value: datetime | None) -> datetime | None:
    """SQLite drops the tz; every stored time is UTC, so put it back."""
    if value is not None and value.tzinfo is None:
        return value.replace(tzinfo=timezone.utc)
    return value


def _check(value: str, allowed: tuple[str, ...], what: str) -> None:
    if value not in allowed:
        raise StoreError(f"unknown {what} {value!r}; expected one of {', '.join(allowed)}")


def _resolve_dir(output_dir: str | Path) -> str:
    return str(Path(output_dir).expanduser().resolve())


class _Record(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class RunRecord(_Record):
    id: str
    flow: str
    config_json: str
    status: Literal["running", "completed", "failed"]
    started_at: datetime
    finished_at: datetime | None = None
    summary_json: str | None = None


class RejectionRecord(_Record):
    run_id: str
    stage: str
    subject: str
    reason: str
    message: str
    created_at: datetime


class ShardRecord(_Record):
    id: int
    output_dir: str
    name: str
    rows: int
    bytes: int
    sha256: str
    created_at: datetime


def _episode(raw: str) -> Episode:
    try:
        return Episode.model_validate_json(raw)
    except ValidationError as exc:
        raise StoreError(f"a stored episode no longer validates: {exc}") from exc


def _shard_record(row: Shard) -> ShardRecord:
    return ShardRecord(
        id=row.id, output_dir=row.output_dir, name=row.name, rows=row.rows,
        bytes=row.size_bytes, sha256=row.sha256, created_at=_utc(row.created_at),
    )


def _require_task(s: Session, task_id: str) -> None:
    if s.scalar(select(Task.id).where(Task.id == task_id)) is None:
        raise StoreError(f"task {task_id!r} is not in the store (call save_task first)")


def _set_status(s: Session, task_id: str, status: str) -> None:
    if s.execute(update(Task).where(Task.id == task_id).values(status=status)).rowcount == 0:
        raise StoreError(f"task {task_id!r} is not in the store (call save_task first)")


def _put_episode(s: Session, episode: Episode, run_id: str) -> None:
    usage = episode.usage
    row = s.get(EpisodeRow, episode.id) or EpisodeRow(id=episode.id)
    row.task_id, row.run_id, row.harness = episode.task_id, run_id, episode.harness
    row.harness_version, row.judge = episode.harness_version, episode.judge
    row.status, row.passed = episode.status, episode.passed
    row.teacher_kind, row.teacher_model = episode.teacher.kind, episode.teacher.model
    row.episode_json, row.steps = episode.model_dump_json(), len(episode.steps)
    row.prompt_tokens, row.completion_tokens = usage.prompt_tokens, usage.completion_tokens
    row.duration_s = episode.duration_s
    s.add(row)


def _delete_unsharded_episodes(s: Session, task_id: str) -> int:
    written = select(ShardRow.episode_id)
    unsharded = select(EpisodeRow).where(EpisodeRow.task_id == task_id, EpisodeRow.id.not_in(written))
    rows = list(s.scalars(unsharded))
    for row in rows:
        s.delete(row)
    return len(rows)


class Store(SignaturesMixin, LedgerMixin, ReportsMixin):
    """Thread-safe: share one Store between worker threads; each call opens its own session."""

    def __init__(self, url: str) -> None:
        self._engine: Engine = schema.open_engine(url)
        sqlite = self._engine.dialect.name == "sqlite"
        self._memory = schema.is_memory_sqlite(self._engine.url)
        # One writer at a time inside this process; SQLite's BEGIN IMMEDIATE handles other processes.
        self._lock = threading.RLock() if sqlite else None
        self._reads = sessionmaker(self._engine, expire_on_commit=False)
        self._writes = sessionmaker(
            self._engine.execution_options(**{schema.WRITE_OPTION: True}), expire_on_commit=False
        )

    @property
    def engine(self) -> Engine:
        return self._engine

    def close(self) -> None:
        self._engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _tx(self, write: bool = False) -> Iterator[Session]:
        lock = self._lock if (write or self._memory) and self._lock is not None else nullcontext()
        with lock:
            try:
                with (self._writes if write else self._reads)() as session, session.begin():
                    yield session
            except IntegrityError as exc:
                raise StoreError(f"the write broke a database constraint: {exc.orig}") from exc
            except SQLAlchemyError as exc:
                raise StoreError(f"database error: {exc}") from exc

    # runs ------------------------------------------------------------------------------------

    def start_run(self, run_id: str, flow: str, config: BaseModel) -> None:
        """Record a run as running; starting the same id again resets it to running."""
        with self._tx(write=True) as s:
            row = s.get(Run, run_id) or Run(id=run_id)
            row.flow, row.config_json, row.status = flow, config.model_dump_json(), "running"
            row.started_at, row.finished_at, row.summary_json = utcnow(), None, None
            s.add(row)

    def finish_run(self, run_id: str, status: str, summary: BaseModel | None = None) -> None:
        _check(status, RUN_STATUSES, "run status")
        with self._tx(write=True) as s:
            row = s.get(Run, run_id)
            if row is None:
                raise StoreError(f"run {run_id!r} was never started (call start_run first)")
            row.status, row.finished_at = status, utcnow()
            row.summary_json = summary.model_dump_json() if summary is not None else None

    def get_run(self, run_id: str) -> RunRecord | None:
        with self._tx() as s:
            row = s.get(Run, run_id)
            if row is None:
                return None
            return RunRecord(
                id=row.id, flow=row.flow, config_json=row.config_json, status=row.status,
                started_at=_utc(row.started_at), finished_at=_utc(row.finished_at),
                summary_json=row.summary_json,
            )

    def record_skill_samples(self, run_id: str, samples: list[tuple[str, int]]) -> None:
        """Store the run's sampled (skill_id, seed) by position; recording again replaces the run's
        record. Plain inserts, 1,000 rows at a time: as ORM objects, 10,000 peaked at ~25 MB."""
        with self._tx(write=True) as s:
            if s.get(Run, run_id) is None:
                raise StoreError(f"run {run_id!r} was never started (call start_run first)")
            s.execute(delete(SkillSample).where(SkillSample.run_id == run_id))
            for start in range(0, len(samples), 1000):
                s.execute(insert(SkillSample), [
                    {"run_id": run_id, "position": position, "skill_id": skill_id, "seed": seed}
                    for position, (skill_id, seed) in enumerate(samples[start:start + 1000], start=start)])

    # tasks -----------------------------------------------------------------------------------

    def save_task(self, bundle: TaskBundle, run_id: str) -> bool:
        """Insert the bundle unless its content hash is already stored; always link it to the run."""
        with self._tx(write=True) as s:
            inserted = s.get(Task, bundle.id) is None
            if inserted:
                s.add(Task(
                    id=bundle.id, workflow=bundle.workflow, workflow_version=bundle.workflow_version,
                    skill_ids_json=json.dumps(bundle.skill_ids), bundle_json=bundle.model_dump_json(),
                    status="pending", first_run_id=run_id,
                ))
                s.flush()
            if s.get(RunTask, (run_id, bundle.id)) is None:
                s.add(RunTask(run_id=run_id, task_id=bundle.id))
            return inserted

    def get_task(self, task_id: str) -> TaskBundle | None:
        with self._tx() as s:
            raw = s.scalar(select(Task.bundle_json).where(Task.id == task_id))
        if raw is None:
            return None
        try:
            return TaskBundle.model_validate_json(raw)
        except ValidationError as exc:
            raise StoreError(f"stored task {task_id!r} no longer validates: {exc}") from exc

    def task_status(self, task_id: str) -> str | None:
        with self._tx() as s:
            return s.scalar(select(Task.status).where(Task.id == task_id))

    def set_task_status(self, task_id: str, status: str) -> None:
        _check(status, TASK_STATUSES, "task status")
        with self._tx(write=True) as s:
            _set_status(s, task_id, status)

    def list_tasks(self, status: str | None = None, run_id: str | None = None) -> list[str]:
        query = select(Task.id).order_by(Task.created_at, Task.id)
        if status is not None:
            query = query.where(Task.status == status)
        if run_id is not None:
            query = query.join(RunTask, RunTask.task_id == Task.id).where(RunTask.run_id == run_id)
        with self._tx() as s:
            return list(s.scalars(query))

    def find_task_ids(self, prefix: str, limit: int = 5) -> list[str]:
        """Task ids starting with `prefix`, so users can type a short id."""
        escaped = prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        query = select(Task.id).where(Task.id.like(f"{escaped}%", escape="\\")).order_by(Task.id).limit(limit)
        with self._tx() as s:
            return list(s.scalars(query))

    # gates and rejections --------------------------------------------------------------------

    def save_gate_result(self, task_id: str, result: GateResult) -> None:
        """One row per (task, gate): a rerun of the gate replaces its verdict."""
        self.save_gate_results(task_id, [result])

    def save_gate_results(self, task_id: str, results: Sequence[GateResult], *, reject: bool = False,
                          episodes: Sequence[Episode] = (), run_id: str | None = None) -> None:
        """The verdicts of one pass through the gates, in one transaction (a pass used to cost a
        transaction per gate); with `reject`, the task is marked rejected and its unsharded episodes
        dropped in the same one, so no reader sees a rejecting verdict beside a task still pending.
        `episodes` (made by run `run_id`): those a passing pass stands for (the package gate's
        oracle run), saved as `save_episode` does, in the same transaction."""
        if episodes and (reject or run_id is None or any(e.task_id != task_id for e in episodes)):
            raise StoreError(f"task {task_id!r}: episodes are saved with a passing pass of its gates, "
                             "the run that made them given")
        with self._tx(write=True) as s:
            _require_task(s, task_id)
            for episode in episodes:
                _put_episode(s, episode, run_id or "")
            gates = [r.gate for r in results]
            stored = {row.gate: row for row in s.scalars(select(GateResultRow).where(
                GateResultRow.task_id == task_id, GateResultRow.gate.in_(gates)))}
            for result in results:
                row = stored.get(result.gate) or GateResultRow(task_id=task_id, gate=result.gate)
                row.passed, row.reason, row.message = result.passed, result.reason, result.message
                row.details_json, row.duration_s = json.dumps(result.details), result.duration_s
                row.created_at = utcnow()
                s.add(row)
            if reject:
                _set_status(s, task_id, "rejected")
                _delete_unsharded_episodes(s, task_id)

    def gate_results(self, task_id: str) -> list[GateResult]:
        with self._tx() as s:
            query = select(GateResultRow).where(GateResultRow.task_id == task_id).order_by(GateResultRow.id)
            rows = s.scalars(query)
            return [
                GateResult(gate=r.gate, passed=r.passed, reason=r.reason, message=r.message,
                           details=json.loads(r.details_json), duration_s=r.duration_s)
                for r in rows
            ]

    def record_rejection(self, run_id: str, stage: str, subject: str, reason: str, message: str) -> None:
        """A failure with no task row to hang it on; one per (run, stage, subject)."""
        with self._tx(write=True) as s:
            row = s.scalar(select(Rejection).where(
                Rejection.run_id == run_id, Rejection.stage == stage, Rejection.subject == subject))
            row = row or Rejection(run_id=run_id, stage=stage, subject=subject)
            row.reason, row.message, row.created_at = reason, message, utcnow()
            s.add(row)

    def rejections(self, run_id: str) -> list[RejectionRecord]:
        with self._tx() as s:
            rows = s.scalars(select(Rejection).where(Rejection.run_id == run_id).order_by(Rejection.id))
            return [
                RejectionRecord(run_id=r.run_id, stage=r.stage, subject=r.subject, reason=r.reason,
                                message=r.message, created_at=_utc(r.created_at))
                for r in rows
            ]

    # episodes --------------------------------------------------------------------------------

    def save_episode(self, episode: Episode, run_id: str) -> None:
        """Upsert by the caller's deterministic id, so a rerun overwrites rather than duplicates."""
        with self._tx(write=True) as s:
            if s.get(Task, episode.task_id) is None:
                missing = episode.task_id
                raise StoreError(f"episode {episode.id!r}: task {missing!r} is not stored (save_task first)")
            _put_episode(s, episode, run_id)

    def get_episode(self, episode_id: str) -> Episode | None:
        with self._tx() as s:
            raw = s.scalar(select(EpisodeRow.episode_json).where(EpisodeRow.id == episode_id))
        return _episode(raw) if raw is not None else None

    def delete_episodes(self, task_id: str) -> int:
        """Drop a task's episodes that no shard holds (a rejected task's); how many were dropped."""
        with self._tx(write=True) as s:
            return _delete_unsharded_episodes(s, task_id)

    def has_episode(self, episode_id: str) -> bool:
        with self._tx() as s:
            return s.scalar(select(EpisodeRow.id).where(EpisodeRow.id == episode_id)) is not None

    def episodes(self, run_id: str | None = None, passed: bool | None = None) -> list[Episode]:
        query = select(EpisodeRow.episode_json).order_by(EpisodeRow.id)
        if run_id is not None:
            query = query.where(EpisodeRow.run_id == run_id)
        if passed is not None:
            query = query.where(EpisodeRow.passed == passed)
        with self._tx() as s:
            raws = list(s.scalars(query))
        return [_episode(raw) for raw in raws]

    # shards ----------------------------------------------------------------------------------

    def unsharded_episodes(
        self, output_dir: str, passed_only: bool = True, limit: int | None = None, accepted_only: bool = False
    ) -> list[Episode]:
        """Episodes of any run not yet written to a shard under `output_dir`, by id. `accepted_only`:
        of accepted tasks only (a task's replay episode is kept by its gates, before it is accepted)."""
        written = select(ShardRow.episode_id).where(ShardRow.output_dir == _resolve_dir(output_dir))
        query = select(EpisodeRow.episode_json).where(EpisodeRow.id.not_in(written)).order_by(EpisodeRow.id)
        if passed_only:
            query = query.where(EpisodeRow.passed.is_(True))
        if accepted_only:
            query = query.join(Task, Task.id == EpisodeRow.task_id).where(Task.status == "accepted")
        if limit is not None:
            query = query.limit(limit)
        with self._tx() as s:
            raws = list(s.scalars(query))
        return [_episode(raw) for raw in raws]

    def record_shard(
        self, output_dir: str, name: str, rows: int,
        bytes: int,  # noqa: A002 - the column's name, as callers pass it
        sha256: str, episode_ids: list[str],
    ) -> ShardRecord:
        """Record a written shard and its episodes at once; refuse an episode already in this dir."""
        where = _resolve_dir(output_dir)
        wanted = list(dict.fromkeys(episode_ids))
        if len(wanted) != len(episode_ids):
            raise StoreError(f"shard {name!r} lists an episode twice")
        with self._tx(write=True) as s:
            if s.scalar(select(Shard.id).where(Shard.output_dir == where, Shard.name == name)) is not None:
                raise StoreError(f"shard {name!r} is already recorded in {where}")
            known = set(s.scalars(select(EpisodeRow.id).where(EpisodeRow.id.in_(wanted))))
            if missing := [e for e in wanted if e not in known]:
                raise StoreError(f"shard {name!r} lists episodes that are not stored: {missing[:5]}")
            taken = sorted(s.scalars(select(ShardRow.episode_id).where(
                ShardRow.output_dir == where, ShardRow.episode_id.in_(wanted))))
            if taken:
                raise StoreError(
                    f"episodes already written to a shard in {where}: {taken[:5]} ({len(taken)} in all)"
                )
            shard = Shard(output_dir=where, name=name, rows=rows, size_bytes=bytes, sha256=sha256)
            s.add(shard)
            s.flush()
            s.add_all(ShardRow(shard_id=shard.id, episode_id=e, output_dir=where) for e in wanted)
            s.flush()
            return _shard_record(shard)

    def shards(self, output_dir: str) -> list[ShardRecord]:
        with self._tx() as s:
            query = select(Shard).where(Shard.output_dir == _resolve_dir(output_dir)).order_by(Shard.id)
            rows = s.scalars(query)
            return [_shard_record(r) for r in rows]

    def sharded_episode_ids(self, output_dir: str) -> set[str]:
        with self._tx() as s:
            query = select(ShardRow.episode_id).where(ShardRow.output_dir == _resolve_dir(output_dir))
            return set(s.scalars(query))

    # summary ---------------------------------------------------------------------------------

    def counts(self, run_id: str | None = None) -> dict[str, int]:
        """Tasks by status, episodes passed/failed and rejections, for the run or the whole store."""
        tasks = select(Task.status, func.count()).group_by(Task.status)
        episodes = select(EpisodeRow.passed, func.count()).group_by(EpisodeRow.passed)
        rejected = select(func.count(Rejection.id))
        if run_id is not None:
            tasks = tasks.join(RunTask, RunTask.task_id == Task.id).where(RunTask.run_id == run_id)
            episodes = episodes.where(EpisodeRow.run_id == run_id)
            rejected = rejected.where(Rejection.run_id == run_id)
        with self._tx() as s:
            by_status = {k: v for k, v in s.execute(tasks).all()}
            by_passed = {bool(k): v for k, v in s.execute(episodes).all()}
            n_rejections = s.scalar(rejected) or 0
        out = {f"tasks_{status}": int(by_status.get(status, 0)) for status in TASK_STATUSES}
        out["tasks"] = sum(out.values())
        out["episodes_passed"] = int(by_passed.get(True, 0))
        out["episodes_failed"] = int(by_passed.get(False, 0))
        out["episodes"] = out["episodes_passed"] + out["episodes_failed"]
        out["rejections"] = int(n_rejections)
        return out


def open_store(url: str) -> Store:
    """Open (creating or migrating as needed) the Forge store at a SQLAlchemy URL."""
    return Store(url)
