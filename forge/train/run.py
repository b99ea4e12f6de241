"""`run(config) -> TrainResult`: the curriculum, stage by stage, each from the previous stage's final.

    <output_dir>/
        gui_midtrain/checkpoint-N/   the Trainer's checkpoints (resume picks the newest)
        gui_midtrain/final/          weights + tokenizer + image processor: the next stage's start
        ...
        online_rl/final/
        _train.json                  the results so far (written atomically after each stage)

A stage whose `final/` exists is done and skipped on a rerun, so a killed run resumes where it stopped.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

from pydantic import BaseModel

from forge.dataset import atomic_write
from forge.models import TaskBundle
from forge.train.config import TrainConfig
from forge.train.fsdp import leave_process_group
from forge.train.sft import StageResult, run_sft

logger = logging.getLogger(__name__)


class TrainResult(BaseModel):
    output_dir: Path
    stages: list[StageResult]
    skipped: list[str]
    final_dir: Path


def _tasks(config: TrainConfig) -> list[TaskBundle]:
    from forge.store import open_store

    if not config.db_url:
        return []
    store = open_store(config.db_url)
    return [t for t in (store.get_task(i) for i in store.list_tasks(status="accepted")) if t is not None]


def _is_main_process() -> bool:
    import torch.distributed as dist

    return not dist.is_initialized() or dist.get_rank() == 0


def run(config: TrainConfig, tasks: list[TaskBundle] | None = None, scratch_root: Path | None = None) -> TrainResult:
    from forge.train.rl import run_grpo

    config.output_dir.mkdir(parents=True, exist_ok=True)
    current, results, skipped = config.model_path, [], []
    for stage in config.stages:
        out = config.output_dir / stage.name
        final = out / "final"
        if (config.only and stage.name not in config.only) or (final / "config.json").is_file():
            skipped.append(stage.name)
            current = final if (final / "config.json").is_file() else current
            continue
        logger.info("stage %s (%s) from %s", stage.name, stage.kind, current)
        if stage.kind == "sft":
            result = run_sft(stage, config, current, out)
        else:
            result = run_grpo(stage, config, current, out, tasks if tasks is not None else _tasks(config),
                              scratch_root or config.output_dir / "_scratch")
        results.append(result)
        current = result.final_dir
        if _is_main_process():
            text = json.dumps([r.model_dump(mode="json") for r in results], indent=2)
            atomic_write(config.output_dir / "_train.json", lambda tmp, text=text: tmp.write_text(text))
    leave_process_group()
    return TrainResult(output_dir=config.output_dir, stages=results, skipped=skipped, final_dir=current)
