"""Trajectory datasets: the Parquet row schema, atomic shard writing and the manifest.

`atomic_write` is the project's one temp-then-rename writer (umask modes); the export and the
trainer write their files through it too.
"""

from forge.dataset.schema import EPISODE_SCHEMA, SCHEMA_VERSION, episode_row
from forge.dataset.writer import (
    MANIFEST,
    TMP_SUFFIX,
    Manifest,
    ShardInfo,
    atomic_write,
    output_lock,
    prepare_output_dir,
    read_manifest,
    shard_name,
    warm_up,
    write_manifest,
    write_shard,
)

__all__ = [
    "EPISODE_SCHEMA",
    "MANIFEST",
    "SCHEMA_VERSION",
    "TMP_SUFFIX",
    "Manifest",
    "ShardInfo",
    "atomic_write",
    "episode_row",
    "output_lock",
    "prepare_output_dir",
    "read_manifest",
    "shard_name",
    "warm_up",
    "write_manifest",
    "write_shard",
]
