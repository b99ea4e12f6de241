"""Atomic Parquet shards and their manifest.

Output folder::

    <output_dir>/
        shard-00000.parquet   one row per episode (see forge.dataset.schema)
        shard-00001.parquet
        .forge-write.lock     held while a run writes here (hidden: readers skip it)
        _manifest.json        counts, bytes, sha256 per shard, schema version (the leading
                              underscore makes dataset readers skip it when reading the folder)

Every file is written to a temporary name in the same folder, fsynced, then renamed, so a
reader never sees half a shard and a crash leaves no partial file under a final name.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
from pydantic import BaseModel, ConfigDict

from forge.dataset.schema import EPISODE_SCHEMA, SCHEMA_VERSION, episode_row
from forge.errors import ConfigError
from forge.models import Episode, TaskBundle

MANIFEST = "_manifest.json"
LOCK = ".forge-write.lock"


class ShardInfo(BaseModel):
    model_config = ConfigDict(frozen=True)

    name: str
    rows: int
    bytes: int
    sha256: str


class Manifest(BaseModel):
    schema_version: int = SCHEMA_VERSION
    format: str = "parquet"
    rows: int
    bytes: int
    shards: list[ShardInfo]


def prepare_output_dir(output_dir: Path) -> Path:
    """Create the output folder; a bad path raises ConfigError naming it and the fix."""
    try:
        output_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ConfigError(f"output dir {output_dir} cannot be created ({exc.strerror}); pass a writable --output-dir") from exc
    if not os.access(output_dir, os.W_OK):
        raise ConfigError(f"output dir {output_dir} is not writable; pass a writable --output-dir")
    return output_dir.resolve()


@contextmanager
def output_lock(output_dir: Path) -> Iterator[None]:
    """One writer per output folder at a time (runs on this machine share it): shard names are
    numbered from what the store already recorded, so two writers must not interleave."""
    with open(output_dir / LOCK, "a+b") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def shard_name(index: int) -> str:
    return f"shard-{index:05d}.parquet"


def _atomic_write(path: Path, write: Callable[[Path], object]) -> None:
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    tmp_path = Path(tmp)
    try:
        write(tmp_path)
        with open(tmp_path, "rb+") as handle:
            os.fsync(handle.fileno())
        os.replace(tmp_path, path)
    finally:
        tmp_path.unlink(missing_ok=True)


def write_shard(output_dir: Path, index: int, pairs: Sequence[tuple[Episode, TaskBundle]]) -> ShardInfo:
    """Write one shard of (episode, task) pairs atomically and describe it."""
    path = output_dir / shard_name(index)
    table = pa.Table.from_pylist([episode_row(e, t) for e, t in pairs], schema=EPISODE_SCHEMA)
    _atomic_write(path, lambda tmp: pq.write_table(table, tmp, compression="zstd"))
    data = path.read_bytes()
    return ShardInfo(name=path.name, rows=table.num_rows, bytes=len(data), sha256=hashlib.sha256(data).hexdigest())


def write_manifest(output_dir: Path, shards: Sequence[ShardInfo]) -> Manifest:
    manifest = Manifest(rows=sum(s.rows for s in shards), bytes=sum(s.bytes for s in shards), shards=list(shards))
    text = json.dumps(manifest.model_dump(mode="json"), indent=2) + "\n"
    _atomic_write(output_dir / MANIFEST, lambda tmp: tmp.write_text(text, encoding="utf-8"))
    return manifest


def read_manifest(output_dir: Path) -> Manifest | None:
    path = output_dir / MANIFEST
    return Manifest.model_validate_json(path.read_text(encoding="utf-8")) if path.is_file() else None
