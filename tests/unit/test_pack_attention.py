"""Packed bins train exactly like separate examples: no token attends across examples, positions
restart, and the loss over a bin equals the loss over its examples one by one. Spans become labels."""

from __future__ import annotations

from pathlib import Path

import pyarrow.dataset as ds
import pytest
import torch

from forge.export import ExportConfig, run
from forge.train.collate import PackedCollator
from forge.train.sft import load_model
from forge.train.tiny import build_tiny_model
from forge.train.tokenize import IGNORE, Processor
from tests.unit.test_export_episodes import gui_harnesses, mixed_run  # noqa: F401


@pytest.fixture
def exported(tmp_path: Path, gui_harnesses: None) -> dict[str, list[dict]]:  # noqa: F811
    run(ExportConfig(input_dir=mixed_run(tmp_path / "in", n_tasks=2), output_dir=tmp_path / "out", dev_fraction=0))
    return {stage: ds.dataset(tmp_path / "out" / stage, format="parquet").to_table().to_pylist()
            for stage in ("terminal_sft", "gui_sft", "gui_midtrain")}


@pytest.fixture
def tiny(tmp_path: Path, exported: dict[str, list[dict]]) -> Path:
    corpus = [r["target"] for rows in exported.values() for r in rows]
    return build_tiny_model(tmp_path / "tiny", corpus=corpus)


def _logits(model, batch: dict) -> torch.Tensor:
    with torch.no_grad():
        return model(**{k: v for k, v in batch.items() if k != "labels"}).logits[0]


def _loss_sum(logits: torch.Tensor, labels: torch.Tensor) -> tuple[torch.Tensor, int]:
    shift, target = logits[:-1], labels[1:]
    keep = target != IGNORE
    return torch.nn.functional.cross_entropy(shift[keep], target[keep], reduction="sum"), int(keep.sum())


def test_labels_supervise_all_but_the_think_body(tiny: Path, exported: dict[str, list[dict]]) -> None:
    processor = Processor.from_pretrained(str(tiny))
    row = next(r for r in exported["terminal_sft"] if r["step_index"] == 5)
    example = processor.encode(row)
    body = next(row["target"][s["start"]:s["end"]] for s in row["spans"] if s["label"] == "think_body")
    learned = processor.tokenizer.decode([t for t in example.labels if t != IGNORE])
    assert learned == row["target"].replace(body, "") + "<|im_end|>"
    prompt = processor.tokenizer.decode(example.input_ids[: example.labels.index(next(t for t in example.labels if t != IGNORE))])
    assert prompt.endswith("<|im_start|>assistant\n") and "Earlier steps, summarised:" in prompt
    assert '"name": "bash"' in prompt  # the harness's tool schema, rendered by the model's template


def test_images_expand_to_their_visual_tokens(tiny: Path, exported: dict[str, list[dict]]) -> None:
    processor = Processor.from_pretrained(str(tiny))
    row = next(r for r in exported["gui_sft"] if len(r["images"]) == 3)
    example = processor.encode(row)
    pads = sum(t == processor.image_token_id for t in example.input_ids)
    assert example.image_grid_thw.shape == (3, 3)
    assert pads == int(example.image_grid_thw.prod(dim=1).sum()) // 4 and pads > 0


def test_packed_bin_equals_examples_one_by_one(tiny: Path, exported: dict[str, list[dict]]) -> None:
    processor = Processor.from_pretrained(str(tiny))
    rows = [exported["gui_sft"][3], exported["terminal_sft"][4], exported["gui_midtrain"][0]]
    examples = [processor.encode(r) for r in rows]
    assert sum(e.image_grid_thw is not None for e in examples) == 2
    model = load_model(tiny).eval()
    collate = PackedCollator(model)
    packed = collate.pack(examples)
    assert packed["position_ids"].shape == (4, 1, sum(e.length for e in examples))
    assert packed["position_ids"][0, 0].tolist() == [p for e in examples for p in range(e.length)]
    packed_logits = _logits(model, packed)
    total, count, start = torch.tensor(0.0), 0, 0
    for example in examples:
        alone = collate.pack([example])
        alone_logits = _logits(model, alone)
        segment = packed_logits[start:start + example.length]
        torch.testing.assert_close(segment, alone_logits, rtol=1e-4, atol=1e-5)
        loss, n = _loss_sum(alone_logits, alone["labels"][0])
        total, count, start = total + loss, count + n, start + example.length
    packed_loss, packed_count = _loss_sum(packed_logits, packed["labels"][0])
    assert packed_count == count == sum(e.supervised_tokens for e in examples)
    torch.testing.assert_close(packed_loss, total, rtol=1e-5, atol=1e-4)
    with torch.no_grad():
        model_loss = model(**packed).loss  # the model's own mean over supervised tokens
    torch.testing.assert_close(model_loss, total / count, rtol=1e-5, atol=1e-5)


def test_no_token_attends_across_examples(tiny: Path, exported: dict[str, list[dict]]) -> None:
    processor = Processor.from_pretrained(str(tiny))
    examples = [processor.encode(r) for r in (exported["terminal_sft"][0], exported["terminal_sft"][7])]
    model = load_model(tiny).eval()
    model.set_attn_implementation("eager")
    batch = PackedCollator(model).pack(examples)
    with torch.no_grad():
        out = model(**{k: v for k, v in batch.items() if k != "labels"}, output_attentions=True)
    cut = examples[0].length
    for layer in out.attentions:  # (batch, heads, query, key) probabilities
        assert torch.all(layer[0, :, cut:, :cut] == 0), "the second example attends to the first"
        assert torch.all(layer[0, :, :cut, cut:] == 0), "the first example attends to the future"
        assert torch.allclose(layer[0].sum(-1), torch.ones_like(layer[0].sum(-1)))


def test_the_closing_turn_trains_on_its_answer_after_the_last_tool_response(tmp_path: Path) -> None:
    from tests.unit.test_export_episodes import write_episodes
    from tests.unit.test_export_final_turn import finished
    from tests.unit.test_models import bundle

    task = bundle(seed=3)
    src = write_episodes(tmp_path / "in", [(finished(task.id), task)])
    run(ExportConfig(input_dir=src, output_dir=tmp_path / "out", stages=["terminal_sft"], dev_fraction=0))
    rows = ds.dataset(tmp_path / "out" / "terminal_sft", format="parquet").to_table().to_pylist()
    (row,) = [r for r in rows if r["final"]]
    processor = Processor.from_pretrained(str(build_tiny_model(tmp_path / "tiny", corpus=[r["target"] for r in rows])))
    example = processor.encode(row)
    learned = processor.tokenizer.decode([t for t in example.labels if t != IGNORE])
    assert learned == "<think>\n\n</think>\nDone: out.xlsx is sorted.<|im_end|>"  # the reasoning is masked
    first = next(i for i, t in enumerate(example.labels) if t != IGNORE)
    prompt = processor.tokenizer.decode(example.input_ids[:first])
    assert prompt.endswith("</tool_response><|im_end|>\n<|im_start|>assistant\n")
