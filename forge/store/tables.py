"""The Forge database schema as SQLAlchemy 2 declarative tables.

Rows hold the full pydantic JSON (bundle, episode) plus the few columns we filter and count on,
so the JSON stays the source of truth and the columns stay cheap to query.
"""

from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import (
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


class Base(DeclarativeBase):
    """Declarative base for every Forge table (its metadata is what `schema` creates)."""


class SchemaMeta(Base):
    __tablename__ = "schema_meta"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class Run(Base):
    __tablename__ = "runs"

    id: Mapped[str] = mapped_column(String(200), primary_key=True)
    flow: Mapped[str] = mapped_column(String(64))
    config_json: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(16), index=True)
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    summary_json: Mapped[str | None] = mapped_column(Text)


class SkillSample(Base):
    __tablename__ = "skill_samples"
    __table_args__ = (UniqueConstraint("run_id", "position"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    run_id: Mapped[str] = mapped_column(ForeignKey("runs.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    skill_id: Mapped[str] = mapped_column(String(200))
    seed: Mapped[int] = mapped_column(Integer)


class Task(Base):
    __tablename__ = "tasks"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    workflow: Mapped[str] = mapped_column(String(200), index=True)
    workflow_version: Mapped[str] = mapped_column(String(64))
    skill_ids_json: Mapped[str] = mapped_column(Text)
    bundle_json: Mapped[str] = mapped_column(Text, deferred=True)  # read by column, never with the row
    status: Mapped[str] = mapped_column(String(16), index=True, default="pending")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    first_run_id: Mapped[str] = mapped_column(String(200))


class TaskSignature(Base):
    """An accepted task's near-duplicate signature, in the order tasks were accepted: worker
    processes index what a run accepted meanwhile by reading the new ones, not every bundle."""

    __tablename__ = "task_signatures"

    seq: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    task_id: Mapped[str] = mapped_column(ForeignKey("tasks.id", ondelete="CASCADE"), unique=True)
    signature: Mapped[bytes] = mapped_column(LargeBinary)


class TaskBand(Base):
    """One LSH band key of an accepted task's signature under a banding (how signatures are cut
    into bands, which follows the near-duplicate threshold): a look-up reads the few accepted tasks
    sharing a key with the one asked about, so no process holds every signature in memory."""

    __tablename__ = "task_bands"
    __table_args__ = (Index("ix_task_bands_task", "task_id", "banding"),)

    banding: Mapped[str] = mapped_column(String(32), primary_key=True)
    key: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    task_id: Mapped[str] = mapped_column(ForeignKey("tasks.id", ondelete="CASCADE"), primary_key=True)


class RunTask(Base):
    __tablename__ = "run_tasks"

    run_id: Mapped[str] = mapped_column(String(200), primary_key=True)
    task_id: Mapped[str] = mapped_column(
        ForeignKey("tasks.id", ondelete="CASCADE"), primary_key=True, index=True
    )


class GateResultRow(Base):
    __tablename__ = "gate_results"
    __table_args__ = (UniqueConstraint("task_id", "gate"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    task_id: Mapped[str] = mapped_column(ForeignKey("tasks.id", ondelete="CASCADE"), index=True)
    gate: Mapped[str] = mapped_column(String(64))
    passed: Mapped[bool] = mapped_column(Boolean)
    reason: Mapped[str | None] = mapped_column(String(200))
    message: Mapped[str] = mapped_column(Text, default="")
    details_json: Mapped[str] = mapped_column(Text, default="{}")
    duration_s: Mapped[float] = mapped_column(Float, default=0.0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Rejection(Base):
    __tablename__ = "rejections"
    __table_args__ = (UniqueConstraint("run_id", "stage", "subject"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    run_id: Mapped[str] = mapped_column(String(200), index=True)
    stage: Mapped[str] = mapped_column(String(64))
    subject: Mapped[str] = mapped_column(String(200))
    reason: Mapped[str] = mapped_column(String(200))
    message: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class EpisodeRow(Base):
    __tablename__ = "episodes"

    id: Mapped[str] = mapped_column(String(200), primary_key=True)
    task_id: Mapped[str] = mapped_column(ForeignKey("tasks.id", ondelete="CASCADE"), index=True)
    run_id: Mapped[str] = mapped_column(String(200), index=True)
    harness: Mapped[str] = mapped_column(String(200))
    harness_version: Mapped[str] = mapped_column(String(64))
    teacher_kind: Mapped[str] = mapped_column(String(32))
    teacher_model: Mapped[str | None] = mapped_column(String(200))
    judge: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(16))
    passed: Mapped[bool] = mapped_column(Boolean, index=True)
    episode_json: Mapped[str] = mapped_column(Text, deferred=True)
    steps: Mapped[int] = mapped_column(Integer)
    prompt_tokens: Mapped[int] = mapped_column(Integer, default=0)
    completion_tokens: Mapped[int] = mapped_column(Integer, default=0)
    duration_s: Mapped[float] = mapped_column(Float, default=0.0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ModelCall(Base):
    """The cost ledger: one row per model request (or per reply served from the response cache)."""

    __tablename__ = "model_calls"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    run_id: Mapped[str | None] = mapped_column(String(200), index=True)
    episode_id: Mapped[str | None] = mapped_column(String(200), index=True)
    role: Mapped[str] = mapped_column(String(16))
    model: Mapped[str] = mapped_column(String(200))
    base_url: Mapped[str | None] = mapped_column(String(500))
    prompt_tokens: Mapped[int] = mapped_column(Integer, default=0)
    completion_tokens: Mapped[int] = mapped_column(Integer, default=0)
    cost_usd: Mapped[float] = mapped_column(Float, default=0.0)
    latency_s: Mapped[float] = mapped_column(Float, default=0.0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    # schema v2
    cached_tokens: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    task_id: Mapped[str | None] = mapped_column(String(64), index=True)
    stage: Mapped[str | None] = mapped_column(String(64))
    cache_hit: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    request_key: Mapped[str | None] = mapped_column(String(64))
    error: Mapped[str | None] = mapped_column(Text)


class ModelResponse(Base):
    """Content-addressed reply cache: `key` hashes model + messages + tools + parameters."""

    __tablename__ = "model_responses"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    model: Mapped[str] = mapped_column(String(200))
    response_json: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class HarnessVersionRow(Base):
    """A harness version chosen by evolution: its config (data, not code) and its dev-set scores."""

    __tablename__ = "harness_versions"
    __table_args__ = (UniqueConstraint("name", "version"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(200), index=True)
    version: Mapped[str] = mapped_column(String(64))
    parent_version: Mapped[str | None] = mapped_column(String(64))
    config_json: Mapped[str] = mapped_column(Text)
    scores_json: Mapped[str] = mapped_column(Text, default="{}")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Shard(Base):
    __tablename__ = "shards"
    __table_args__ = (UniqueConstraint("output_dir", "name"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    output_dir: Mapped[str] = mapped_column(String(1000), index=True)
    name: Mapped[str] = mapped_column(String(200))
    rows: Mapped[int] = mapped_column(Integer)
    size_bytes: Mapped[int] = mapped_column("bytes", Integer)
    sha256: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ShardRow(Base):
    """An episode written to a shard; unique per output dir, so a rerun never writes it twice."""

    __tablename__ = "shard_rows"
    __table_args__ = (UniqueConstraint("output_dir", "episode_id"),)

    shard_id: Mapped[int] = mapped_column(ForeignKey("shards.id", ondelete="CASCADE"), primary_key=True)
    episode_id: Mapped[str] = mapped_column(ForeignKey("episodes.id", ondelete="CASCADE"), primary_key=True)
    output_dir: Mapped[str] = mapped_column(String(1000))
