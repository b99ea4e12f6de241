"""Exported examples to token ids and a loss mask, with the model's own chat template.

The context (every message but the last) is rendered by the tokenizer's chat template with a
generation prompt; the supervised turn is the exported `target` text (the student's `<think>` /
`Action:` / `<tool_call>` turn) followed by the end-of-turn token. Labels come from the export's
character spans through the tokenizer's offset mapping: a target token is supervised when it
overlaps a supervised span, so the `<think>` body is masked and the tags, the `Action:` line, the
tool call and the end-of-turn token are learned. Each image placeholder is expanded to the number
of visual tokens its grid makes (Qwen-VL style: grid t*h*w / merge_size**2).
"""

from __future__ import annotations

import io
import json
from typing import Any

from pydantic import BaseModel, ConfigDict

from forge.errors import ConfigError
from forge.export.student import MASKED
from forge.train._deps import require

IGNORE = -100


class TokenizedExample(BaseModel):
    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    example_id: str
    input_ids: list[int]
    labels: list[int]
    pixel_values: Any = None  # torch.Tensor (patches, dim) or None
    image_grid_thw: Any = None  # torch.Tensor (images, 3) or None

    @property
    def length(self) -> int:
        return len(self.input_ids)

    @property
    def supervised_tokens(self) -> int:
        return sum(1 for label in self.labels if label != IGNORE)


class Processor:
    """The model's tokenizer and (for images) image processor, loaded from a local folder."""

    def __init__(self, tokenizer: Any, image_processor: Any = None, image_token: str = "<|image_pad|>") -> None:
        if not getattr(tokenizer, "is_fast", False):
            raise ConfigError("the trainer needs a fast tokenizer (offset mappings map the export's spans to tokens)")
        if tokenizer.chat_template is None:
            raise ConfigError("the tokenizer has no chat template; save one with the model (tokenizer_config.json)")
        self.tokenizer, self.image_processor, self.image_token = tokenizer, image_processor, image_token
        self.image_token_id = tokenizer.convert_tokens_to_ids(image_token)
        self.end_text = tokenizer.eos_token

    @classmethod
    def from_pretrained(cls, path: str) -> Processor:
        transformers = require("transformers")
        tokenizer = transformers.AutoTokenizer.from_pretrained(path, local_files_only=True)
        try:
            image_processor = transformers.AutoImageProcessor.from_pretrained(path, local_files_only=True)
        except (OSError, ValueError):
            image_processor = None  # a text-only checkpoint
        return cls(tokenizer, image_processor)

    def save_pretrained(self, path: str) -> None:
        self.tokenizer.save_pretrained(path)
        if self.image_processor is not None:
            self.image_processor.save_pretrained(path)

    def encode(self, row: dict[str, Any]) -> TokenizedExample:
        """One exported example (a shard row) as ids and labels."""
        messages = row["messages"]
        if not messages or messages[-1]["role"] != "assistant":
            raise ConfigError(f"example {row['example_id']}: the last message must be the assistant turn")
        prompt_ids, pixel_values, grid = self.prompt(row["example_id"], messages[:-1], row["tools"],
                                                     [image["bytes"] for image in row.get("images") or []])
        target = row["target"] + self.end_text
        encoded = self.tokenizer(target, add_special_tokens=False, return_offsets_mapping=True)
        spans = [(s["start"], s["end"]) for s in row["spans"] if s["label"] not in MASKED]
        spans.append((len(row["target"]), len(target)))  # the end-of-turn token
        labels = [token if any(start < e and end > s for s, e in spans) else IGNORE
                  for token, (start, end) in zip(encoded["input_ids"], encoded["offset_mapping"], strict=True)]
        return TokenizedExample(example_id=row["example_id"], input_ids=prompt_ids + encoded["input_ids"],
                                labels=[IGNORE] * len(prompt_ids) + labels, pixel_values=pixel_values,
                                image_grid_thw=grid)

    def prompt(self, name: str, messages: list[dict[str, Any]], tools: str | None,
               images: list[bytes]) -> tuple[list[int], Any, Any]:
        """(ids, pixel values, image grid) of a context rendered with a generation prompt."""
        text = self.tokenizer.apply_chat_template(_template_messages(messages), tools=json.loads(tools) if tools else None,
                                                  tokenize=False, add_generation_prompt=True)
        pixel_values = grid = None
        if images:
            pixel_values, grid, text = self._images(name, images, text)
        return self.tokenizer(text, add_special_tokens=False)["input_ids"], pixel_values, grid

    def _images(self, name: str, pngs: list[bytes], prompt: str) -> tuple[Any, Any, str]:
        if self.image_processor is None:
            raise ConfigError(f"example {name} has images but the model folder has no image processor")
        pil = require("PIL.Image")
        images = [pil.open(io.BytesIO(png)).convert("RGB") for png in pngs]
        encoded = self.image_processor(images=images, return_tensors="pt")
        grid = encoded["image_grid_thw"]
        merge = getattr(self.image_processor, "merge_size", 1) ** 2
        pieces = prompt.split(self.image_token)
        if len(pieces) - 1 != len(images):
            raise ConfigError(f"example {name}: {len(images)} images but {len(pieces) - 1} placeholders "
                              "in the rendered prompt; does the chat template render image parts?")
        text = pieces[0]
        for count, piece in zip((int(g.prod()) // merge for g in grid), pieces[1:], strict=True):
            text += self.image_token * count + piece
        return encoded["pixel_values"], grid, text


def _template_messages(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Shard messages as chat templates expect them: no null keys, tool calls as plain dicts."""
    out = []
    for message in messages:
        item: dict[str, Any] = {"role": message["role"], "content": [
            {"type": "image"} if p["type"] == "image" else {"type": "text", "text": p["text"]}
            for p in message["content"] or []]}
        if message.get("tool_calls"):
            item["tool_calls"] = [{"type": "function", "id": c["id"], "function": {
                "name": c["function"]["name"], "arguments": json.loads(c["function"]["arguments"])}}
                for c in message["tool_calls"]]
        if message.get("tool_call_id"):
            item["tool_call_id"] = message["tool_call_id"]
        out.append(item)
    return out
