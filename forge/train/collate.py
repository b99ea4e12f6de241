"""A bin of tokenised examples as one packed row: positions restart per example, attention stays inside.

No attention mask is passed: transformers derives a block-diagonal causal mask from position ids
that restart at 0 (sdpa/eager build it; flash-attention turns them into varlen `cu_seqlens`).
Qwen-VL models take 4-row position ids: row 0 the text positions that delimit the examples, rows
1-3 the multimodal rotary positions, computed per example by the model's own `get_rope_index`.
The first token of each example is a prompt token (label -100), so no loss crosses a boundary.
"""

from __future__ import annotations

from typing import Any

from forge.train._deps import require
from forge.train.tokenize import TokenizedExample


class PackedCollator:
    """Callable for a DataLoader whose items are bins (lists of TokenizedExample); one bin per row."""

    def __init__(self, model: Any) -> None:
        self.torch = require("torch")
        inner = getattr(model, "model", model)
        self.rope_index = getattr(inner, "get_rope_index", None)
        self.image_token_id = getattr(model.config, "image_token_id", None)

    def __call__(self, bins: list[list[TokenizedExample]]) -> dict[str, Any]:
        if len(bins) != 1:
            raise ValueError("packed training takes one bin per device step; set per_device_train_batch_size=1")
        return self.pack(bins[0])

    def pack(self, examples: list[TokenizedExample]) -> dict[str, Any]:
        torch = self.torch
        ids = [torch.tensor(e.input_ids, dtype=torch.long) for e in examples]
        text_positions = torch.cat([torch.arange(len(i)) for i in ids])
        batch: dict[str, Any] = {
            "input_ids": torch.cat(ids)[None], "labels": torch.tensor([t for e in examples for t in e.labels])[None],
            "use_cache": False,
        }
        if self.rope_index is None:
            batch["position_ids"] = text_positions[None]
            return batch
        rope = [self._rope(e, i) for e, i in zip(examples, ids, strict=True)]
        batch["position_ids"] = torch.cat([text_positions[None], torch.cat(rope, dim=1)], dim=0)[:, None, :]
        images = [e for e in examples if e.image_grid_thw is not None]
        if images:
            batch["pixel_values"] = torch.cat([e.pixel_values for e in images])
            batch["image_grid_thw"] = torch.cat([e.image_grid_thw for e in images])
        return batch

    def _rope(self, example: TokenizedExample, ids: Any) -> Any:
        if example.image_grid_thw is None:
            return torch_arange3(self.torch, len(ids))
        token_types = (ids == self.image_token_id).int()[None]
        positions, _ = self.rope_index(input_ids=ids[None], mm_token_type_ids=token_types,
                                       image_grid_thw=example.image_grid_thw)
        return positions[:, 0, :]


def torch_arange3(torch: Any, n: int) -> Any:
    return torch.arange(n)[None].expand(3, -1)
