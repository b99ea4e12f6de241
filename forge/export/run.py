"""`run(config) -> ExportResult`: trajectory shards in, training shards per curriculum stage out.

Deterministic: rows are read in shard order, the split is a hash of the task id (so every step of a
task, and every episode of it, lands on one side), and a rerun over the same input writes the same
shards and removes what an earlier, larger export left.
"""

from __future__ import annotations

import hashlib
import logging
import time
from collections import Counter
from typing import TYPE_CHECKING

from forge.dataset import output_lock, prepare_output_dir
from forge.errors import ForgeError
from forge.export._rows import EpisodeRow, filter_reason, read_rows, shard_paths
from forge.export.config import ExportConfig, ExportResult, Rejection, StageSummary
from forge.export.grounding import GroundingDedup
from forge.export.stages import STAGES, StageInput
from forge.export.writer import (
    EXPORT_SCHEMA_VERSION,
    ShardSink,
    example_row,
    remove_unlisted,
    write_export_manifest,
)
from forge.harness.configs import HARNESSES
from forge.harness.system_prompt import content_digest, split_identity
from forge.models import HarnessConfig

if TYPE_CHECKING:
    from forge.store import Store

logger = logging.getLogger(__name__)


def split_of(task_id: str, dev_fraction: float, salt: str) -> str:
    """`dev` for a stable `dev_fraction` of tasks, else `train`; never depends on the step or the run."""
    digest = int.from_bytes(hashlib.sha256(f"{salt}:{task_id}".encode()).digest()[:8], "big")
    return "dev" if digest / 2**64 < dev_fraction else "train"


class HarnessResolver:
    """The exact harness version that produced an episode: a built-in, else one evolution recorded."""

    def __init__(self, store: Store | None) -> None:
        self.store = store
        self.cache: dict[tuple[str, str], HarnessConfig] = {}

    def get(self, name: str, recorded: str) -> HarnessConfig:
        """`recorded` is `<version>#<digest>` (or a bare version from before digests); a config whose
        prompt or tool schemas no longer match the digest is refused: its examples would show the
        student a context the teacher never saw."""
        key = (name, recorded)
        if key not in self.cache:
            version, digest = split_identity(recorded)
            harness = self._find(name, version)
            if digest is not None and content_digest(harness) != digest:
                raise ForgeError(f"harness {name}@{version} has changed since the episode ran (its prompt and tool "
                                 f"schemas digest {content_digest(harness)}, the episode's {digest}); export with "
                                 "the code that generated it, or regenerate the episode")
            self.cache[key] = harness
        return self.cache[key]

    def _find(self, name: str, version: str) -> HarnessConfig:
        if name in HARNESSES and HARNESSES.get(name).version == version:
            return HARNESSES.get(name)
        recorded = self.store.harness_versions(name) if self.store is not None else []
        for record in recorded:
            if record.version == version:
                return HarnessConfig.model_validate(record.config)
        known = [f"{name}@{HARNESSES.get(name).version}"] if name in HARNESSES else []
        known += [f"{name}@{r.version}" for r in recorded]
        raise ForgeError(f"harness {name}@{version} is neither built in nor recorded in the store "
                         f"(known: {', '.join(known) or 'none'}); export with the store that generated it")


def run(config: ExportConfig, store: Store | None = None) -> ExportResult:
    started = time.perf_counter()
    root = prepare_output_dir(config.output_dir)
    paths = shard_paths(config.input_dir)
    builders = {stage: STAGES.get(stage) for stage in config.stages}
    resolver, dedup = HarnessResolver(store), GroundingDedup(config.grounding_cell)
    sinks = {(stage, split): ShardSink(root, f"{stage}/{split}", config.shard_max_bytes, config.shard_max_rows,
                                       config.file_mode)
             for stage in config.stages for split in ("train", "dev")}
    rejections: list[Rejection] = []
    filtered: Counter[str] = Counter()
    read = kept = 0
    with output_lock(root):
        for path in paths:
            for item in read_rows(path):
                read += 1
                if not isinstance(item, EpisodeRow):
                    rejections.append(Rejection(episode_id=item[0], reason=item[1]))
                    continue
                reason = filter_reason(item, config.filters)
                if reason:
                    filtered[reason] += 1
                    continue
                kept += 1
                _export_row(item, config, builders, resolver, dedup, sinks, rejections)
        for sink in sinks.values():
            sink.flush()
        summaries = _summaries(config, sinks)
        listed = {s.path for sink in sinks.values() for s in sink.written}
        write_export_manifest(root, {
            "export_schema_version": EXPORT_SCHEMA_VERSION, "format": "parquet",
            "config": config.model_dump(mode="json"), "stages": [s.model_dump() for s in summaries],
            "shards": {f"{stage}/{split}": [s.model_dump() for s in sink.written]
                       for (stage, split), sink in sinks.items()},
            "episodes_read": read, "episodes_kept": kept, "filtered_out": dict(filtered),
            "rejections": [r.model_dump() for r in rejections]}, config.file_mode)
        removed = remove_unlisted(root, listed)
    if removed:
        logger.info("removed %d shards of an earlier export: %s", len(removed), removed[:5])
    return ExportResult(output_dir=root, episodes_read=read, episodes_kept=kept, stages=summaries,
                        rejections=rejections, filtered_out=dict(filtered), seconds=round(time.perf_counter() - started, 4),
                        input_bytes=sum(p.stat().st_size for p in paths))


def _export_row(row: EpisodeRow, config: ExportConfig, builders: dict, resolver: HarnessResolver,
                dedup: GroundingDedup, sinks: dict[tuple[str, str], ShardSink], rejections: list[Rejection]) -> None:
    try:
        harness = resolver.get(row.harness, row.harness_version)
    except ForgeError as exc:
        rejections.append(Rejection(episode_id=row.episode_id, reason=str(exc)))
        return
    split = split_of(row.task_id, config.dev_fraction, config.split_seed)
    extra = {"harness": row.harness, "harness_version": row.harness_version, "apps": row.apps,
             "skill_ids": row.skill_ids, "score": row.score, "recorded_at": row.recorded_at, "end_reason": row.end_reason}
    item = StageInput(row=row, harness=harness, dedup=dedup)
    for stage, build in builders.items():
        try:
            examples, stage_rejections = build(item)
        except ForgeError as exc:  # e.g. a tool of the harness is not registered here
            rejections.append(Rejection(episode_id=row.episode_id, stage=stage, reason=str(exc)))
            continue
        rejections.extend(stage_rejections)
        for example in examples:
            sinks[(stage, split)].add(example_row(example, stage, split, extra))


def _summaries(config: ExportConfig, sinks: dict[tuple[str, str], ShardSink]) -> list[StageSummary]:
    out = []
    for stage in config.stages:
        train, dev = sinks[(stage, "train")].written, sinks[(stage, "dev")].written
        out.append(StageSummary(stage=stage, train_rows=sum(s.rows for s in train), dev_rows=sum(s.rows for s in dev),
                                shards=len(train) + len(dev), bytes=sum(s.bytes for s in train + dev)))
    return out
