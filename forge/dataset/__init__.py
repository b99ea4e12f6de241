"""Trajectory datasets: the Parquet row schema, atomic shard writing and the manifest."""

from forge.dataset.schema import EPISODE_SCHEMA, SCHEMA_VERSION, episode_row
from forge.dataset.writer import (
    MANIFEST, Manifest, ShardInfo, output_lock, prepare_output_dir, read_manifest, shard_name, write_manifest, write_shard,
)

__all__ = [
    "EPISODE_SCHEMA", "MANIFEST", "Manifest", "output_lock", "SCHEMA_VERSION", "ShardInfo", "episode_row",
    "prepare_output_dir", "read_manifest", "shard_name", "write_manifest", "write_shard",
]
