"""TRL's SFTTrainer reads and trains on an exported stage: `messages` with `tool_calls`, `tools` as JSON text.

The image stages train too, through a Qwen2-VL processor without its video half: transformers'
video processors need torchvision, which has no CPU build that installs here (PyPI's wheel loads
only beside a CUDA torch). The shards themselves go to TRL untouched.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import datasets
import pytest
import torch
from transformers import AutoImageProcessor, AutoTokenizer, Qwen2VLForConditionalGeneration, Qwen2VLProcessor
from transformers.processing_utils import ProcessorMixin
from trl import SFTConfig, SFTTrainer
from trl.data_utils import apply_chat_template, is_conversational

from forge.export import ExportConfig, run
from forge.train.tiny import build_tiny_model
from tests.unit.test_export_episodes import episode, gui_harnesses, mixed_run, terminal_step, write_episodes  # noqa: F401
from tests.unit.test_models import bundle


def test_trl_sft_trainer_trains_on_the_terminal_stage(tmp_path: Path) -> None:
    tasks = [bundle(seed=i) for i in (1, 2, 3)]
    pairs = [(episode(t.id, "terminal", [terminal_step(0, "I look first."), terminal_step(1)]), t) for t in tasks]
    run(ExportConfig(input_dir=write_episodes(tmp_path / "in", pairs), output_dir=tmp_path / "out", dev_fraction=0))
    data = datasets.load_dataset("parquet", data_dir=str(tmp_path / "out" / "terminal_sft"), split="train",
                                 cache_dir=str(tmp_path / "hf"))
    assert len(data) == 6 and is_conversational(data[0])
    tiny = build_tiny_model(tmp_path / "tiny", corpus=[row["target"] for row in data])
    tokenizer = AutoTokenizer.from_pretrained(tiny)
    # TRL takes any `images` column for vision data; a text stage's is always empty, so it is dropped
    trainer = SFTTrainer(model=Qwen2VLForConditionalGeneration.from_pretrained(tiny), processing_class=tokenizer,
                         train_dataset=data.remove_columns(["images"]),
                         args=SFTConfig(output_dir=str(tmp_path / "trl"), max_steps=2, per_device_train_batch_size=2,
                                        report_to=[], use_cpu=True, save_strategy="no", max_length=4096))
    result = trainer.train()
    assert result.global_step == 2 and math.isfinite(result.training_loss)
    text = tokenizer.decode(trainer.train_dataset[0]["input_ids"])
    assert '"name": "bash"' in text and "<tool_call>" in text and "</think>" in text
    assert '{"name": "bash", "arguments": {"command": "ls -0"}}' in text  # JSON-text arguments, not a quoted string
    assert "# Tools" in text  # the `tools` column (JSON text) reached the chat template


def test_trl_renders_a_gui_example_with_its_tools_and_screenshots(tmp_path: Path, gui_harnesses: None) -> None:  # noqa: F811
    run(ExportConfig(input_dir=mixed_run(tmp_path / "in", n_tasks=2), output_dir=tmp_path / "out", dev_fraction=0))
    gui = datasets.load_dataset("parquet", data_files=str(tmp_path / "out/gui_sft/train/*.parquet"), split="train",
                                cache_dir=str(tmp_path / "hf"))
    example = next(e for e in gui if len(e["images"]) == 3)
    tiny = build_tiny_model(tmp_path / "tiny")
    rendered = apply_chat_template({"messages": example["messages"]}, AutoTokenizer.from_pretrained(tiny),
                                   tools=json.loads(example["tools"]))["text"]
    assert rendered.count("<|image_pad|>") == 3  # one placeholder per screenshot kept by the context policy
    assert '"name": "computer_use"' in rendered and rendered.rstrip().endswith("<|im_end|>")


class ImageOnlyQwen2VLProcessor(Qwen2VLProcessor):
    """Qwen2-VL's processor with images and text only (its video processor needs torchvision)."""

    def __init__(self, image_processor=None, tokenizer=None, chat_template=None, **kwargs) -> None:  # noqa: ANN001
        self.image_token, self.video_token = "<|image_pad|>", "<|video_pad|>"
        self.image_token_id = tokenizer.convert_tokens_to_ids(self.image_token)
        self.video_token_id = tokenizer.convert_tokens_to_ids(self.video_token)
        ProcessorMixin.__init__(self, image_processor, tokenizer, chat_template=chat_template)


@pytest.mark.parametrize("stage", ["gui_sft", "hybrid_sft", "gui_midtrain"])
def test_trl_sft_trainer_trains_on_an_image_stage_as_exported(tmp_path: Path, gui_harnesses: None,  # noqa: F811
                                                               stage: str) -> None:
    run(ExportConfig(input_dir=mixed_run(tmp_path / "in", n_tasks=2), output_dir=tmp_path / "out", dev_fraction=0))
    data = datasets.load_dataset("parquet", data_files=str(tmp_path / f"out/{stage}/train/*.parquet"), split="train",
                                 cache_dir=str(tmp_path / "hf"))
    # the fixture's first GUI step has no screenshot yet (a real episode's first observation is one)
    data = data.filter(lambda row: len(row["images"]) >= 1)
    assert len(data) >= 2
    tiny = build_tiny_model(tmp_path / "tiny", corpus=[row["target"] for row in data])
    tokenizer = AutoTokenizer.from_pretrained(tiny)
    processor = ImageOnlyQwen2VLProcessor(AutoImageProcessor.from_pretrained(tiny), tokenizer,
                                          chat_template=tokenizer.chat_template)
    trainer = SFTTrainer(model=Qwen2VLForConditionalGeneration.from_pretrained(tiny), processing_class=processor,
                         train_dataset=data,
                         args=SFTConfig(output_dir=str(tmp_path / "trl"), max_steps=2, per_device_train_batch_size=2,
                                        report_to=[], use_cpu=True, save_strategy="no", max_length=None, seed=0))
    batch = next(iter(trainer.get_train_dataloader()))
    grids = batch["image_grid_thw"]
    assert grids.shape[0] >= 2  # every row of the batch brought its screenshots
    placeholders = int((batch["input_ids"] == processor.image_token_id).sum())
    assert placeholders == int(grids.prod(dim=1).sum()) // 4  # each image's patches (2x2 merged) fill its slots
    # TRL's default supervises the whole conversation, screenshot slots included; the export's own
    # loss masks (`spans`) are what forge's trainer applies (tests/unit/test_pack_attention.py)
    assert (batch["labels"] != -100).any()
    result = trainer.train()
    assert result.global_step == 2 and math.isfinite(result.training_loss)
    assert torch.isfinite(torch.stack([p.detach().sum() for p in trainer.model.parameters()])).all()
