"""Atomic Parquet shards and their manifest.

Output folder::

    <output_dir>/
        shard-00000.parquet   one row per episode (see forge.dataset.schema)
        shard-00001.parquet
        .forge-write.lock     held while a run writes here (hidden: readers skip it)
        _manifest.json        counts, bytes, sha256 per shard, schema version (the leading
                              underscore makes dataset readers skip it when reading the folder)

Every file is written to a temporary name in the same folder, fsynced, then renamed, so a
reader never sees half a shard and a crash leaves no partial file under a final name. Files get
0666 minus the process umask (like any file a tool writes, so a training job running as another
user can read them), or the explicit `mode` a caller passes (`FORGE_OUTPUT_FILE_MODE`).
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import secrets
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
from pydantic import BaseModel, ConfigDict

from forge.dataset.schema import EPISODE_SCHEMA, SCHEMA_VERSION, episode_row
from forge.errors import ConfigError
from forge.models import Episode, TaskBundle

MANIFEST = "_manifest.json"
LOCK = ".forge-write.lock"
TMP_SUFFIX = ".forge-tmp"


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
    numbered from what the store already recorded, so two writers must not interleave. Holding the
    lock, any temporary file in the folder is a killed writer's leftover, and is removed."""
    with open(output_dir / LOCK, "a+b") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        try:
            for leftover in output_dir.glob(f".*{TMP_SUFFIX}"):
                leftover.unlink(missing_ok=True)
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def shard_name(index: int) -> str:
    return f"shard-{index:05d}.parquet"


def atomic_write(path: Path, write: Callable[[Path], object], mode: int | None = None) -> None:
    """Write through a hidden temporary file, then rename. The temporary file is created with 0666
    (the kernel applies the umask, as for any new file; `mkstemp` would force 0600), or chmod-ed
    to `mode`; writers open the existing file, which keeps those bits."""
    tmp_path = path.parent / f".{path.name}.{secrets.token_hex(6)}{TMP_SUFFIX}"
    os.close(os.open(tmp_path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
    try:
        if mode is not None:
            os.chmod(tmp_path, mode)
        write(tmp_path)
        with open(tmp_path, "rb+") as handle:
            os.fsync(handle.fileno())
        os.replace(tmp_path, path)
    finally:
        tmp_path.unlink(missing_ok=True)


def write_shard(output_dir: Path, index: int, pairs: Sequence[tuple[Episode, TaskBundle]],
                mode: int | None = None) -> ShardInfo:
    """Write one shard of (episode, task) pairs atomically and describe it."""
    path = output_dir / shard_name(index)
    now = datetime.now(UTC)  # one record time per shard: its episodes were sharded together
    table = pa.Table.from_pylist([episode_row(e, t, now) for e, t in pairs], schema=EPISODE_SCHEMA)
    atomic_write(path, lambda tmp: pq.write_table(table, tmp, compression="zstd"), mode)
    data = path.read_bytes()
    return ShardInfo(name=path.name, rows=table.num_rows, bytes=len(data), sha256=hashlib.sha256(data).hexdigest())


def warm_up() -> None:
    """Make the one-off first-write costs now: pyarrow's first conversion imports pandas when it is
    installed (0.3-0.9 s measured), and a run's first shard is often its last step, when nothing is
    left to overlap it. The flow calls this on a spare thread while it waits for its workers."""
    table = pa.Table.from_pylist([], schema=EPISODE_SCHEMA)
    pq.write_table(table, pa.BufferOutputStream(), compression="zstd")


def write_manifest(output_dir: Path, shards: Sequence[ShardInfo], mode: int | None = None) -> Manifest:
    manifest = Manifest(rows=sum(s.rows for s in shards), bytes=sum(s.bytes for s in shards), shards=list(shards))
    text = json.dumps(manifest.model_dump(mode="json"), indent=2) + "\n"
    atomic_write(output_dir / MANIFEST, lambda tmp: tmp.write_text(text, encoding="utf-8"), mode)
    return manifest


def read_manifest(output_dir: Path) -> Manifest | None:
    path = output_dir / MANIFEST
    return Manifest.model_validate_json(path.read_text(encoding="utf-8")) if path.is_file() else None
