"""Reading trajectory shards back into the episode model, with what each filter needs.

Shards of schema version 1 lack the columns version 2 added (forge.dataset.schema): a missing
`recorded_at` takes the time the shard was written (the file's mtime: shards are written as
episodes finish), a missing filter score the share of checks passed, and a missing closing turn
is none.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
from pydantic import BaseModel, ConfigDict

from forge.dataset import MANIFEST
from forge.errors import ConfigError
from forge.export.config import ExportFilters
from forge.models import Observation, Step, ToolCall


class EpisodeRow(BaseModel):
    """One trajectory-shard row as the export needs it."""

    model_config = ConfigDict(frozen=True)

    episode_id: str
    task_id: str
    skill_ids: list[str]
    apps: list[str]
    instruction: str
    harness: str
    harness_version: str
    teacher: str
    passed: bool
    score: float
    keep: bool | None = None
    recorded_at: datetime
    end_reason: str | None = None
    final_message: str | None = None
    final_thought: str | None = None
    steps: list[Step]


def shard_paths(input_dir: Path) -> list[Path]:
    """The trajectory shards of a folder, in name order; a folder without any is a ConfigError."""
    if not input_dir.is_dir():
        raise ConfigError(f"input dir {input_dir} does not exist; pass the --output-dir `forge generate` wrote to")
    paths = sorted(p for p in input_dir.glob("*.parquet") if not p.name.startswith((".", "_")))
    if not paths:
        hint = "" if (input_dir / MANIFEST).is_file() else " (and no manifest: is this a `forge generate` output?)"
        raise ConfigError(f"input dir {input_dir} holds no .parquet shards{hint}; pass the folder of trajectory shards")
    return paths


def _step(raw: dict[str, Any]) -> Step:
    return Step(index=raw["index"], channel=raw["channel"], thought=raw["thought"] or "", action=raw["action"] or "",
                tool_call=ToolCall(name=raw["tool_name"], arguments=json.loads(raw["tool_arguments"] or "{}")),
                observation=Observation(text=raw["observation_text"] or "", exit_code=raw["exit_code"],
                                        timed_out=bool(raw["timed_out"]), screenshot_png=raw["screenshot_png"]),
                error=raw.get("error"), thought_source=raw.get("thought_source"))


def _score(raw: dict[str, Any]) -> float:
    if raw.get("filter_score") is not None:
        return float(raw["filter_score"])
    checks = raw.get("checks") or []
    return sum(1 for c in checks if c["passed"]) / len(checks) if checks else float(bool(raw["passed"]))


def read_rows(path: Path) -> Iterator[EpisodeRow | tuple[str, str]]:
    """Rows of one shard; a row that does not parse comes back as (episode id, reason)."""
    written = datetime.fromtimestamp(path.stat().st_mtime, tz=UTC)
    try:
        parquet = pq.ParquetFile(path)
    except (pa.ArrowException, OSError) as exc:  # not Parquet, truncated, unreadable
        yield (path.name, f"shard {path.name} is not readable Parquet ({exc}); regenerate or remove it")
        return
    for batch in parquet.iter_batches(batch_size=64):
        for raw in batch.to_pylist():
            eid = str(raw.get("episode_id") or f"{path.name}:?")
            try:
                recorded = raw.get("recorded_at") or written
                yield EpisodeRow(episode_id=eid, task_id=raw["task_id"], skill_ids=raw["skill_ids"] or [],
                                 apps=raw["apps"] or [], instruction=raw["instruction"], harness=raw["harness"],
                                 harness_version=raw["harness_version"], teacher=raw.get("teacher_kind") or "",
                                 passed=bool(raw["passed"]), score=_score(raw), keep=raw.get("filter_keep"),
                                 recorded_at=recorded if recorded.tzinfo else recorded.replace(tzinfo=UTC),
                                 end_reason=raw.get("end_reason"), final_message=raw.get("final_message"),
                                 final_thought=raw.get("final_thought"),
                                 steps=[_step(s) for s in raw["steps"] or []])
            except (KeyError, TypeError, ValueError) as exc:
                yield (eid, f"row in {path.name} does not match the trajectory schema: {exc}")


def filter_reason(row: EpisodeRow, filters: ExportFilters) -> str | None:
    """The name of the first filter that drops `row`, or None when it is kept."""
    if not row.passed:
        return "not_passed"
    if row.keep is False:  # the trajectory filter said no (its reason is in the shard)
        return "not_kept"
    if filters.apps and not set(filters.apps) & set(row.apps):
        return "app"
    if filters.harnesses and row.harness not in filters.harnesses:
        return "harness"
    if filters.skills and not any(s == p or s.startswith(p + ".") for s in row.skill_ids for p in filters.skills):
        return "skill"
    if row.score < filters.min_score:
        return "score"
    if len(row.steps) < filters.min_steps or (filters.max_steps is not None and len(row.steps) > filters.max_steps):
        return "length"
    if filters.since and row.recorded_at < _aware(filters.since):
        return "date"
    if filters.until and row.recorded_at >= _aware(filters.until):
        return "date"
    return None


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
