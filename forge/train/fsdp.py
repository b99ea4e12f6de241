"""One SFT stage sharded with FSDP2: torch's `fully_shard` per transformer block and at the root.

Why not the Trainer here: accelerate turns FSDP on only for accelerator devices (its multi-CPU
state drops the FSDP plugin), so `fsdp: true` through the Trainer would train unsharded on CPU
without a word. This path uses torch's own FSDP2 and distributed checkpoint
(`torch.distributed.checkpoint`), which run the same under gloo on CPUs and NCCL on GPUs, so
the CPU test runs the very code that shards a 4B model over GPUs:

    torchrun --nproc-per-node N -m forge.cli train --config cfg.json   # cfg: {"fsdp": true, ...}

Data and loss are the Trainer path's: packed bins, restarted positions, the model's own loss.
Each rank takes every N-th bin of a seeded per-epoch shuffle (ranks run equally many steps, as
FSDP's collectives need). Checkpoints (`checkpoint-N/`: sharded model + optimizer by DCP, then
`trainer_state.json` with the step, losses and schedule, written last so an interrupted save is
never resumed from) are taken every `save_steps`; a rerun resumes from the newest complete one.
`final/` is a full, unsharded Hugging Face checkpoint, written by rank 0 through a temporary name.
"""

from __future__ import annotations

import json
import logging
import math
import os
import shutil
import time
from pathlib import Path
from typing import Any

from forge.dataset import atomic_write
from forge.errors import ConfigError
from forge.train._deps import require
from forge.train.collate import PackedCollator
from forge.train.config import StageConfig, TrainConfig
from forge.train.data import PackedData, pack_rows, read_rows
from forge.train.sft import StageResult, load_model, sharding_of
from forge.train.tokenize import Processor

logger = logging.getLogger(__name__)

STATE = "trainer_state.json"
MAX_GRAD_NORM = 1.0


_joined = False
"""Whether this process joined the launcher's process group here (`leave_process_group` ends it)."""


def _process_group(torch: Any, use_cpu: bool) -> tuple[int, int, Any]:
    """(rank, world size, device), joining the launcher's process group (gloo on CPU, NCCL on GPU)."""
    global _joined
    dist = torch.distributed
    cuda = torch.cuda.is_available() and not use_cpu
    if not dist.is_initialized():
        if "RANK" not in os.environ:
            raise ConfigError("fsdp: true trains under a launcher, one process per device: "
                              "torchrun --nproc-per-node N -m forge.cli train ... (or accelerate launch)")
        dist.init_process_group(backend="nccl" if cuda else "gloo")
        _joined = True
    local = int(os.environ.get("LOCAL_RANK", "0"))
    if cuda:
        torch.cuda.set_device(local)
    return dist.get_rank(), dist.get_world_size(), torch.device("cuda", local) if cuda else torch.device("cpu")


def leave_process_group() -> None:
    """End the process group joined here, once the whole curriculum is done. Left to the interpreter's
    exit, a gloo group can abort a rank that finished its work (SIGABRT: "terminate called without an
    active exception", as its threads are torn down after Python's), failing the launch. Only after
    success: a rank that ends it while another is still in a collective would hang that one."""
    global _joined
    if not _joined:
        return
    import torch.distributed as dist

    if dist.is_initialized():
        dist.destroy_process_group()
    _joined = False


def shard(model: Any, torch: Any, device_type: str, world: int, bf16: bool) -> int:
    """fully_shard each block the model declares unsplittable (`_no_split_modules`), then the root."""
    from torch.distributed.device_mesh import init_device_mesh
    from torch.distributed.fsdp import MixedPrecisionPolicy, fully_shard

    mesh = init_device_mesh(device_type, (world,))
    policy = MixedPrecisionPolicy(param_dtype=torch.bfloat16, reduce_dtype=torch.float32) if bf16 else MixedPrecisionPolicy()
    names = set(getattr(model, "_no_split_modules", None) or [])
    blocks = [m for m in model.modules() if type(m).__name__ in names]
    for block in blocks:
        fully_shard(block, mesh=mesh, mp_policy=policy)
    fully_shard(model, mesh=mesh, mp_policy=policy)
    return len(blocks)


def latest_complete(folder: Path) -> Path | None:
    done = [p for p in folder.glob("checkpoint-*") if (p / STATE).is_file()]
    return max(done, key=lambda p: int(p.name.split("-")[-1])) if done else None


class _Schedule:
    """Which bin each rank trains on at each micro-step: a seeded shuffle per epoch, dealt round-robin."""

    def __init__(self, torch: Any, bins: int, rank: int, world: int, seed: int) -> None:
        self.torch, self.bins, self.rank, self.world, self.seed = torch, bins, rank, world, seed
        self.per_rank = bins // world

    def index(self, micro: int) -> int:
        epoch, position = divmod(micro, self.per_rank)
        order = self.torch.randperm(self.bins, generator=self.torch.Generator().manual_seed(self.seed + epoch))
        return int(order[position * self.world + self.rank])


def _to(batch: dict[str, Any], device: Any) -> dict[str, Any]:
    return {k: v.to(device) if hasattr(v, "to") else v for k, v in batch.items()}


def _mean_over_ranks(torch: Any, value: float, device: Any) -> float:
    tensor = torch.tensor([value], dtype=torch.float64, device=device)
    torch.distributed.all_reduce(tensor)
    return float(tensor.item()) / torch.distributed.get_world_size()


def run_sft_fsdp(stage: StageConfig, config: TrainConfig, init: Path, out: Path) -> StageResult:
    torch = require("torch")
    transformers = require("transformers")
    import torch.distributed.checkpoint as dcp
    from torch.distributed.checkpoint import DefaultLoadPlanner
    from torch.distributed.checkpoint.state_dict import (
        StateDictOptions,
        get_model_state_dict,
        get_state_dict,
        set_state_dict,
    )

    rank, world, device = _process_group(torch, config.use_cpu)
    params = stage.sft
    processor = Processor.from_pretrained(str(init))
    train = pack_rows(read_rows(config.export_dir, list(stage.data), "train"), processor, params.bin_tokens)
    if len(train.bins) < world:
        raise ConfigError(f"stage {stage.name}: {len(train.bins)} packed bins for {world} ranks; every rank needs "
                          "at least one: export more data, lower bin_tokens, or use fewer processes")
    dev_rows = read_rows(config.export_dir, list(stage.data), "dev")
    dev = pack_rows(dev_rows, processor, params.bin_tokens) if dev_rows else None
    torch.manual_seed(config.seed)
    model = load_model(init)
    if params.gradient_checkpointing:
        model.gradient_checkpointing_enable()
    model.to(device)
    collator = PackedCollator(model)  # before sharding: it keeps the model's rope-index function
    blocks = shard(model, torch, device.type, world, params.bf16)
    optimizer = torch.optim.AdamW(model.parameters(), lr=params.learning_rate, weight_decay=params.weight_decay)
    schedule = _Schedule(torch, len(train.bins), rank, world, config.seed)
    per_epoch = max(1, schedule.per_rank // params.gradient_accumulation_steps)
    total = params.max_steps if params.max_steps > 0 else math.ceil(params.epochs * per_epoch)
    scheduler = transformers.get_scheduler("linear", optimizer, num_warmup_steps=math.ceil(params.warmup_ratio * total),
                                           num_training_steps=total)
    start, losses, resumed = 0, [], latest_complete(out)
    if resumed is not None:
        model_state, optim_state = get_state_dict(model, optimizer)
        dcp.load({"model": model_state}, checkpoint_id=str(resumed))  # strict: every weight is in the checkpoint
        # partial: a parameter no step reached yet (a vision tower on text-only bins) had no optimizer state
        # to save, and keeps the fresh one, which is what it had
        dcp.load({"optim": optim_state}, checkpoint_id=str(resumed), planner=DefaultLoadPlanner(allow_partial_load=True))
        set_state_dict(model, optimizer, model_state_dict=model_state, optim_state_dict=optim_state)
        saved = json.loads((resumed / STATE).read_text())
        start, losses = saved["step"], saved["losses"]
        scheduler.load_state_dict(saved["scheduler"])
        logger.info("stage %s: resuming from %s (step %d)", stage.name, resumed, start)
    logger.info("stage %s: FSDP2 over %d ranks, %d blocks sharded, %d steps", stage.name, world, blocks, total)
    started = time.perf_counter()
    model.train()
    accumulation = params.gradient_accumulation_steps
    for step in range(start, total):
        step_loss = 0.0
        for micro in range(accumulation):
            bin_ = train.bins[schedule.index(step * accumulation + micro)]
            loss = model(**_to(collator.pack(bin_), device)).loss / accumulation
            loss.backward()
            step_loss += float(loss.detach())
        torch.nn.utils.clip_grad_norm_(model.parameters(), MAX_GRAD_NORM)
        optimizer.step()
        scheduler.step()
        optimizer.zero_grad(set_to_none=True)
        losses.append(_mean_over_ranks(torch, step_loss, device))
        if rank == 0:
            logger.info("stage %s step %d/%d: loss %.4f", stage.name, step + 1, total, losses[-1])
        if (step + 1) % params.save_steps == 0 or step + 1 == total:
            folder = out / f"checkpoint-{step + 1}"
            model_state, optim_state = get_state_dict(model, optimizer)
            dcp.save({"model": model_state, "optim": optim_state}, checkpoint_id=str(folder))
            torch.distributed.barrier()
            if rank == 0:  # last, so a checkpoint without it was interrupted and is not resumed from
                text = json.dumps({"step": step + 1, "losses": losses, "scheduler": scheduler.state_dict()})
                atomic_write(folder / STATE, lambda tmp, text=text: tmp.write_text(text))
    seconds = time.perf_counter() - started
    sharding, local_fraction = sharding_of(model)
    eval_loss = _evaluate(torch, model, collator, dev, rank, world, device)
    final = _save_final(model, init, out, rank, processor, get_model_state_dict(
        model, options=StateDictOptions(full_state_dict=True, cpu_offload=True)))
    torch.distributed.barrier()
    return StageResult(stage=stage.name, init_dir=init, final_dir=final, steps=total, losses=losses, eval_loss=eval_loss,
                       examples=train.examples, bins=len(train.bins), fill=train.fill, refused=len(train.refused),
                       resumed_from=str(resumed) if resumed else None, train_seconds=round(seconds, 4),
                       world_size=world, tokens_per_bin=train.tokens / len(train.bins), sharding=sharding,
                       local_param_fraction=local_fraction)


def _evaluate(torch: Any, model: Any, collator: PackedCollator, dev: PackedData | None, rank: int, world: int,
              device: Any) -> float | None:
    """Mean loss over the dev bins, each rank taking an equal share (None with fewer bins than ranks)."""
    if dev is None or len(dev.bins) < world:
        return None
    model.eval()
    per_rank = len(dev.bins) // world
    total = 0.0
    with torch.no_grad():
        for i in range(per_rank):
            total += float(model(**_to(collator.pack(dev.bins[i * world + rank]), device)).loss)
    model.train()
    return _mean_over_ranks(torch, total / per_rank, device)


def _save_final(model: Any, init: Path, out: Path, rank: int, processor: Processor, state: dict[str, Any]) -> Path:
    """The gathered weights as a plain Hugging Face checkpoint (rank 0), renamed into place when whole."""
    final = out / "final"
    if rank != 0:
        return final
    staging = out / ".final-tmp"
    shutil.rmtree(staging, ignore_errors=True)
    plain = load_model(init)  # an unsharded twin to save through: the same classes, config and file layout
    plain.load_state_dict(state)
    plain.save_pretrained(str(staging))
    processor.save_pretrained(str(staging))
    shutil.rmtree(final, ignore_errors=True)
    os.replace(staging, final)
    return final
