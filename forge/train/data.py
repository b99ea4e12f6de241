"""Exported shards to packed bins: read rows, tokenise, pack with best-fit-decreasing."""

from __future__ import annotations

import logging
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from forge.errors import ConfigError
from forge.train.packing import pack_best_fit_decreasing
from forge.train.tokenize import Processor, TokenizedExample

logger = logging.getLogger(__name__)


class PackedData(BaseModel):
    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    bins: list[list[TokenizedExample]]
    examples: int
    tokens: int
    supervised_tokens: int
    fill: float
    refused: dict[str, str]


def read_rows(export_dir: Path, stages: list[str], split: str) -> list[dict]:
    import pyarrow.dataset as ds

    folders = [export_dir / stage / split for stage in stages]
    present = [f for f in folders if f.is_dir() and any(f.glob("*.parquet"))]
    if split == "train" and not present:
        raise ConfigError(f"no exported shards under {', '.join(map(str, folders))}; run `forge export` first")
    return [row for f in present for row in ds.dataset(f, format="parquet").to_table().to_pylist()]


def pack_rows(rows: list[dict], processor: Processor, bin_tokens: int) -> PackedData:
    """Tokenise and pack; an example that cannot be encoded or fits no bin is refused, with its reason."""
    encoded: list[TokenizedExample] = []
    refused: dict[str, str] = {}
    for row in rows:
        try:
            encoded.append(processor.encode(row))
        except ConfigError as exc:
            refused[row["example_id"]] = str(exc)
    packing = pack_best_fit_decreasing([e.length for e in encoded], bin_tokens)
    for i in packing.too_long:
        refused[encoded[i].example_id] = f"{encoded[i].length} tokens do not fit a {bin_tokens}-token bin"
    if refused:
        logger.warning("%d examples refused, e.g. %s", len(refused), next(iter(refused.items())))
    bins = [[encoded[i] for i in sorted(b)] for b in packing.bins]
    kept = [e for b in bins for e in b]
    return PackedData(bins=bins, examples=len(kept), tokens=packing.tokens, fill=packing.fill, refused=refused,
                      supervised_tokens=sum(e.supervised_tokens for e in kept))
