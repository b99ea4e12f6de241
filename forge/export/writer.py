"""Training shards: one folder per stage and split, Parquet shards of bounded size, one manifest.

    <output_dir>/
        gui_midtrain/train/shard-00000.parquet
        gui_midtrain/dev/shard-00000.parquet
        terminal_sft/train/...
        _manifest.json        stages, splits, shards (rows, bytes, sha256), the config, the rejections

Shards and the manifest are written atomically (forge.dataset's temp-then-rename, umask modes).
The manifest is written last; shards of an earlier export that it no longer lists are removed after.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
from pydantic import BaseModel

from forge.dataset import TMP_SUFFIX, atomic_write
from forge.export.examples import ChatExample

EXPORT_SCHEMA_VERSION = 2
MANIFEST = "_manifest.json"
_PART = pa.struct([("type", pa.string()), ("text", pa.string())])
_CALL = pa.struct([("id", pa.string()), ("type", pa.string()),
                   ("function", pa.struct([("name", pa.string()), ("arguments", pa.string())]))])
MESSAGE = pa.struct([("role", pa.string()), ("content", pa.list_(_PART)), ("tool_calls", pa.list_(_CALL)),
                     ("tool_call_id", pa.string())])
SPAN = pa.struct([("start", pa.int32()), ("end", pa.int32()), ("label", pa.string())])
IMAGE = pa.struct([("bytes", pa.binary()), ("path", pa.string())])  # Hugging Face `Image` layout
_HF_FEATURES = {"images": {"feature": {"_type": "Image"}, "_type": "List"}}

EXAMPLE_SCHEMA = pa.schema(
    [("example_id", pa.string()), ("stage", pa.string()), ("split", pa.string()), ("episode_id", pa.string()),
     ("task_id", pa.string()), ("step_index", pa.int32()), ("harness", pa.string()), ("harness_version", pa.string()),
     ("apps", pa.list_(pa.string())), ("skill_ids", pa.list_(pa.string())), ("messages", pa.list_(MESSAGE)),
     ("tools", pa.string()), ("images", pa.list_(IMAGE)), ("target", pa.string()), ("spans", pa.list_(SPAN)),
     ("supervised_chars", pa.int32()),
     # version 2: the episode's judge score, record time and loop end; the turn's author; the closing turn
     ("score", pa.float64()), ("recorded_at", pa.timestamp("us", tz="UTC")), ("end_reason", pa.string()),
     ("thought_source", pa.string()), ("final", pa.bool_())],
    metadata={"forge.export_schema_version": str(EXPORT_SCHEMA_VERSION),
              "huggingface": json.dumps({"info": {"features": _HF_FEATURES}})},
)


class ShardRecord(BaseModel):
    path: str
    rows: int
    bytes: int
    sha256: str


def example_row(example: ChatExample, stage: str, split: str, extra: dict[str, Any]) -> dict[str, Any]:
    return {"example_id": example.example_id, "stage": stage, "split": split, "episode_id": example.episode_id,
            "task_id": example.task_id, "step_index": example.step_index, **extra, "messages": example.messages,
            "tools": example.tools, "images": [{"bytes": b, "path": None} for b in example.images],
            "target": example.target, "spans": [s.model_dump() for s in example.spans],
            "supervised_chars": sum(s.end - s.start for s in example.spans if s.label != "think_body"),
            "thought_source": example.thought_source, "final": example.final}


def row_bytes(row: dict[str, Any]) -> int:
    """A cheap size estimate: image bytes plus the text (what dominates a shard)."""
    return sum(len(i["bytes"]) for i in row["images"]) + len(row["target"]) + sum(
        len(p["text"] or "") for m in row["messages"] for p in m["content"]) + len(row["tools"])


class ShardSink:
    """Collects rows for one stage/split and writes a shard whenever the bounds are reached."""

    def __init__(self, root: Path, relative: str, max_bytes: int, max_rows: int, mode: int | None) -> None:
        self.root, self.relative, self.max_bytes, self.max_rows, self.mode = root, relative, max_bytes, max_rows, mode
        self.rows: list[dict[str, Any]] = []
        self.pending_bytes = 0
        self.written: list[ShardRecord] = []

    def add(self, row: dict[str, Any]) -> None:
        size = row_bytes(row)
        if self.rows and (self.pending_bytes + size > self.max_bytes or len(self.rows) >= self.max_rows):
            self.flush()
        self.rows.append(row)
        self.pending_bytes += size

    def flush(self) -> None:
        if not self.rows:
            return
        folder = self.root / self.relative
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"shard-{len(self.written):05d}.parquet"
        table = pa.Table.from_pylist(self.rows, schema=EXAMPLE_SCHEMA)
        atomic_write(path, lambda tmp: pq.write_table(table, tmp, compression="zstd"), self.mode)
        data = path.read_bytes()
        self.written.append(ShardRecord(path=f"{self.relative}/{path.name}", rows=len(self.rows), bytes=len(data),
                                        sha256=hashlib.sha256(data).hexdigest()))
        self.rows, self.pending_bytes = [], 0


def write_export_manifest(root: Path, payload: dict[str, Any], mode: int | None) -> None:
    text = json.dumps(payload, indent=2, sort_keys=True, default=str) + "\n"
    atomic_write(root / MANIFEST, lambda tmp: tmp.write_text(text, encoding="utf-8"), mode)


def remove_unlisted(root: Path, listed: set[str]) -> list[str]:
    """Shards of an earlier export that the new manifest does not list (a rerun with fewer rows)."""
    removed = []
    for leftover in root.glob(f"*/*/.*{TMP_SUFFIX}"):  # a killed export's temporary files (we hold the lock)
        leftover.unlink(missing_ok=True)
    for path in sorted(root.glob("*/*/shard-*.parquet")):
        relative = path.relative_to(root).as_posix()
        if relative not in listed:
            path.unlink()
            removed.append(relative)
    return removed
