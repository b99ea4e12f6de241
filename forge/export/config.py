"""The export job's config, filters and result: what goes in, what comes out, what was left out and why."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from forge.errors import ConfigError

StageName = Literal["gui_midtrain", "gui_sft", "terminal_sft", "hybrid_sft"]
ALL_STAGES: tuple[StageName, ...] = ("gui_midtrain", "gui_sft", "terminal_sft", "hybrid_sft")


class ExportFilters(BaseModel):
    """Which episodes feed the export; every field narrows, None means no bound."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    apps: list[str] = Field(default_factory=list, description="Keep episodes touching any of these apps.")
    harnesses: list[str] = Field(default_factory=list, description="Keep episodes of these harness names.")
    skills: list[str] = Field(default_factory=list, description="Keep episodes with a skill id equal to or under "
                              "one of these (a dotted prefix: `spreadsheet.format`).")
    min_score: float = Field(default=0.0, ge=0, le=1, description="Least judge score (share of rubric checks passed).")
    min_steps: int = Field(default=1, ge=0, description="Fewest steps an episode may have.")
    max_steps: int | None = Field(default=None, ge=1, description="Most steps an episode may have.")
    since: datetime | None = Field(default=None, description="Recorded at or after this time.")
    until: datetime | None = Field(default=None, description="Recorded before this time.")

    @model_validator(mode="after")
    def _bounds(self) -> ExportFilters:
        if self.max_steps is not None and self.max_steps < self.min_steps:
            raise ConfigError(f"--max-steps {self.max_steps} is below --min-steps {self.min_steps}; raise it")
        if self.since and self.until and self.until <= self.since:
            raise ConfigError(f"--until {self.until} is not after --since {self.since}; swap or widen them")
        return self


class ExportConfig(BaseModel):
    """One export: trajectory shards in, training shards per curriculum stage out."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    input_dir: Path = Field(description="Folder of trajectory shards written by `forge generate`.")
    output_dir: Path = Field(description="Folder the training shards and manifest go to.")
    stages: list[StageName] = Field(default_factory=lambda: list(ALL_STAGES), min_length=1)
    filters: ExportFilters = ExportFilters()
    dev_fraction: float = Field(default=0.05, ge=0, lt=1, description="Share of tasks (never steps) held out as dev.")
    split_seed: str = Field(default="forge", description="Salt of the task hash that picks the split.")
    shard_max_bytes: int = Field(default=256 * 2**20, ge=4096, description="Bound on one shard's payload.")
    shard_max_rows: int = Field(default=50_000, ge=1, description="Bound on one shard's rows.")
    grounding_cell: int = Field(default=20, ge=1, le=999, description="Grounding dedup: clicks on one screenshot "
                                "within the same cell of this many [0,999] units are one target location.")
    file_mode: int | None = Field(default=None, description="Permission bits of written files; None: 0666 - umask.")


class Rejection(BaseModel):
    """An episode or step left out, and why (failures are data, never silent drops)."""

    model_config = ConfigDict(frozen=True)

    episode_id: str
    stage: str | None = None
    step: int | None = None
    reason: str


class StageSummary(BaseModel):
    stage: StageName
    train_rows: int = 0
    dev_rows: int = 0
    shards: int = 0
    bytes: int = 0
    supervised_chars: int = 0


class ExportResult(BaseModel):
    output_dir: Path
    episodes_read: int
    episodes_kept: int
    stages: list[StageSummary]
    rejections: list[Rejection]
    filtered_out: dict[str, int] = Field(default_factory=dict, description="Episodes each filter dropped.")
    seconds: float = 0.0
    input_bytes: int = 0
