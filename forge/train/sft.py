"""One SFT stage with transformers' Trainer: packed bins, checkpoints, resume, DDP under torchrun.

The Trainer owns the loop, optimizer, schedule, checkpointing (`checkpoint-N`, resumed from the
newest) and data-parallel distribution (torchrun/accelerate). Forge supplies the data: each
dataset item is one packed bin, collated with restarted positions. `TrainConfig.fsdp` takes
forge.train.fsdp instead (torch's FSDP2, the same on CPUs and GPUs).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from forge.train._deps import require
from forge.train.collate import PackedCollator
from forge.train.config import StageConfig, TrainConfig
from forge.train.data import PackedData, pack_rows, read_rows
from forge.train.tokenize import Processor

logger = logging.getLogger(__name__)


class StageResult(BaseModel):
    stage: str
    init_dir: Path
    final_dir: Path
    steps: int
    losses: list[float]
    eval_loss: float | None = None
    examples: int = 0
    bins: int = 0
    fill: float = 0.0
    refused: int = 0
    resumed_from: str | None = None
    train_seconds: float = 0.0
    world_size: int = 1
    tokens_per_bin: float = 0.0
    sharding: str | None = Field(default=None, description="`fsdp2` when the trained parameters were sharded DTensors.")
    local_param_fraction: float = Field(default=1.0, description="Share of the parameters this rank held: ~1/world "
                                        "size under FSDP, 1.0 when every rank holds the whole model.")


def load_model(path: Path) -> Any:
    transformers = require("transformers")
    try:
        return transformers.AutoModelForImageTextToText.from_pretrained(path, local_files_only=True)
    except ValueError:  # a text-only checkpoint
        return transformers.AutoModelForCausalLM.from_pretrained(path, local_files_only=True)


class _Bins:
    """A map-style dataset of packed bins (what the Trainer's DataLoader samples)."""

    def __init__(self, data: PackedData) -> None:
        self.bins = data.bins

    def __len__(self) -> int:
        return len(self.bins)

    def __getitem__(self, index: int) -> list:
        return self.bins[index]


def _log_callback(transformers: Any) -> Any:
    class LogToLogger(transformers.TrainerCallback):
        def on_log(self, args: Any, state: Any, control: Any, logs: dict | None = None, **kwargs: Any) -> None:
            logger.info("step %d: %s", state.global_step, logs)

    return LogToLogger()


def sharding_of(model: Any) -> tuple[str | None, float]:
    """How the trained model's parameters were laid out on this rank: FSDP2 (`fully_shard`) makes
    each a DTensor of which the rank holds one shard; plain and DDP training hold them whole."""
    from torch.distributed.tensor import DTensor

    sharded = [p for p in model.parameters() if isinstance(p, DTensor)]
    if not sharded:
        return None, 1.0
    local = sum(p.to_local().numel() for p in sharded) + sum(p.numel() for p in model.parameters()
                                                             if not isinstance(p, DTensor))
    return "fsdp2", round(local / sum(p.numel() for p in model.parameters()), 4)


def latest_checkpoint(folder: Path) -> str | None:
    found = sorted(folder.glob("checkpoint-*"), key=lambda p: int(p.name.split("-")[-1]))
    return str(found[-1]) if found else None


def run_sft(stage: StageConfig, config: TrainConfig, init: Path, out: Path) -> StageResult:
    if config.fsdp:  # torch's FSDP2 directly: accelerate would drop FSDP on CPU (see forge.train.fsdp)
        from forge.train.fsdp import run_sft_fsdp

        return run_sft_fsdp(stage, config, init, out)
    transformers = require("transformers")
    processor = Processor.from_pretrained(str(init))
    resume = latest_checkpoint(out)
    # Weights come from the checkpoint through from_pretrained, which maps saved key names to the model's
    # (the Trainer's own reload does not, in transformers 5); the Trainer restores optimizer, schedule, RNG.
    model = load_model(Path(resume) if resume else init)
    params = stage.sft
    train = pack_rows(read_rows(config.export_dir, list(stage.data), "train"), processor, params.bin_tokens)
    dev_rows = read_rows(config.export_dir, list(stage.data), "dev")
    dev = pack_rows(dev_rows, processor, params.bin_tokens) if dev_rows else None
    args = transformers.TrainingArguments(
        output_dir=str(out), max_steps=params.max_steps, num_train_epochs=params.epochs,
        learning_rate=params.learning_rate, per_device_train_batch_size=1, per_device_eval_batch_size=1,
        gradient_accumulation_steps=params.gradient_accumulation_steps, warmup_steps=params.warmup_ratio,
        weight_decay=params.weight_decay, save_steps=params.save_steps, logging_steps=1, report_to="none",
        bf16=params.bf16, gradient_checkpointing=params.gradient_checkpointing, remove_unused_columns=False,
        use_cpu=config.use_cpu, seed=config.seed, data_seed=config.seed, dataloader_num_workers=0, disable_tqdm=True,
        save_only_model=False,
    )
    trainer = transformers.Trainer(model=model, args=args, train_dataset=_Bins(train),
                                   eval_dataset=_Bins(dev) if dev and dev.bins else None,
                                   data_collator=PackedCollator(model))
    for printer in (transformers.PrinterCallback, transformers.ProgressCallback):
        trainer.remove_callback(printer)  # they print to stdout, which `--json` keeps for the result
    trainer.add_callback(_log_callback(transformers))
    if resume:
        logger.info("stage %s: resuming from %s", stage.name, resume)
    output = trainer.train(resume_from_checkpoint=resume)
    sharding, local_fraction = sharding_of(trainer.model_wrapped)
    eval_loss = trainer.evaluate()["eval_loss"] if dev and dev.bins else None
    final = out / "final"
    trainer.save_model(str(final))
    if trainer.is_world_process_zero():  # one writer under torchrun/accelerate
        processor.save_pretrained(str(final))
    losses = [float(e["loss"]) for e in trainer.state.log_history if "loss" in e]
    return StageResult(stage=stage.name, init_dir=init, final_dir=final, steps=trainer.state.global_step, losses=losses,
                       eval_loss=eval_loss, examples=train.examples, bins=len(train.bins), fill=train.fill,
                       refused=len(train.refused), resumed_from=resume,
                       train_seconds=float(output.metrics.get("train_runtime", 0.0)),
                       tokens_per_bin=train.tokens / max(1, len(train.bins)), world_size=args.world_size,
                       sharding=sharding, local_param_fraction=local_fraction)
