"""The generate job's config and the per-run context every stage receives."""

from __future__ import annotations

import hashlib
import json
import math
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from forge.harness import HARNESSES
from forge.sandbox import SandboxLimits
from forge.settings import Settings


class GenerateConfig(BaseModel):
    """What a user asks of `forge generate` / the `forge/generate` deployment."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    n_tasks: int = Field(default=5, ge=1, le=1_000_000, description="How many skills to sample (one task each).")
    seed: int = Field(default=0, description="Run seed; the same seed samples the same skills and tasks.")
    harness: list[str] = Field(
        default=["terminal"], min_length=1,
        description="Teacher harness configs: one (`terminal`), several (`gui,hybrid`) or `all`; "
                    "each accepted task gets one episode per harness.")
    output_dir: Path | None = Field(default=None, description="Where shards go; default <data_dir>/shards.")
    skills: list[str] | None = Field(default=None, description="Only these skill ids (cycled), instead of sampling.")
    sampling: Literal["mix", "stratified"] = Field(
        default="mix", description="mix: per-skill quotas planned to the published mix; stratified: categories take turns.")
    concurrency: int | None = Field(default=None, ge=1, le=256, description="Worker processes; default FORGE_CONCURRENCY.")

    @field_validator("harness", mode="before")
    @classmethod
    def _harness_names(cls, value: object) -> object:
        """A name, a comma-separated list or a list; `all` is every registered harness. Sorted and
        unique: the same set is the same run, whatever order it was asked in."""
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list | tuple):
            return value
        names: set[str] = set()
        for item in value:
            for name in str(item).split(","):
                name = name.strip()
                if name == "all":
                    names.update(HARNESSES)
                elif name:
                    HARNESSES.get(name)  # unknown: a ConfigError listing the known ones
                    names.add(name)
        return sorted(names)

    @field_validator("skills")
    @classmethod
    def _non_empty(cls, value: list[str] | None) -> list[str] | None:
        return value or None

    def run_id(self) -> str:
        """Same config, same run: a rerun resumes the run instead of starting a new one."""
        payload = self.model_dump(mode="json", exclude={"concurrency"})
        if len(self.harness) == 1:  # one harness hashes as the name it was before lists, so runs resume
            payload["harness"] = self.harness[0]
        return "r-" + hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()[:16]


class RunContext(BaseModel):
    """Everything a stage needs, resolved once from settings and config; crosses into Prefect tasks."""

    model_config = ConfigDict(frozen=True)

    run_id: str
    db_url: str
    output_dir: Path
    scratch_root: Path
    harnesses: list[str]
    backend: str
    limits: SandboxLimits
    shard_max_rows: int
    output_file_mode: int | None = None
    dedup_threshold: float
    libreoffice_roundtrip: bool
    workers: int = 1
    batch_size: int = 1

    @classmethod
    def create(cls, config: GenerateConfig, settings: Settings) -> RunContext:
        workers = config.concurrency or settings.concurrency
        data_dir = settings.data_dir.resolve()
        return cls(
            run_id=config.run_id(),
            db_url=settings.resolved_db_url(),
            output_dir=(config.output_dir or data_dir / "shards").resolve(),
            scratch_root=data_dir / "scratch",
            harnesses=config.harness,
            backend=settings.sandbox_backend,
            limits=SandboxLimits(
                memory_mb=settings.sandbox_memory_mb,
                max_processes=settings.sandbox_max_processes,
                disk_mb=settings.sandbox_disk_mb,
                wall_time_s=settings.sandbox_wall_time_s,
                require_aggregate_limits=settings.sandbox_require_aggregate_limits,
                cgroup_parent=settings.sandbox_cgroup_parent,
                command_timeout_s=settings.command_timeout_s,
                output_limit_bytes=settings.output_limit_bytes,
            ),
            shard_max_rows=settings.shard_max_rows,
            output_file_mode=settings.file_mode(),
            dedup_threshold=settings.dedup_threshold,
            libreoffice_roundtrip=settings.libreoffice_roundtrip,
            workers=workers,
            batch_size=max(1, min(settings.batch_size, math.ceil(config.n_tasks / workers))),  # at most a worker's share
        )


class StageCounts(BaseModel):
    """What the run holds, and (the `*_run` fields) the work it did itself rather than found stored."""

    sampled: int = 0
    built: int = 0
    accepted: int = 0
    rejected: int = 0
    episodes: int = 0
    episodes_passed: int = 0
    shards_written: int = 0
    rows_written: int = 0
    gates_run: int = 0
    episodes_run: int = 0


class GenerateResult(BaseModel):
    """The run's summary, printed by the CLI and returned by the flow."""

    run_id: str
    output_dir: str
    counts: StageCounts
    rejections: dict[str, int] = Field(description="Rejection counts by stage:reason.")
    harnesses: list[str] = Field(description="The harnesses each accepted task ran under.")
    teacher: str
    judge: str
    duration_s: float
