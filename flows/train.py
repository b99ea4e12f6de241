"""The `forge-train` flow: the curriculum (SFT stages, then online RL) on exported shards.

Wires only: one task runs `forge.train.run.run` (what `forge train` calls). On GPUs, run the trainer
under `torchrun`/`accelerate launch` instead (see docs/export-and-train.md): distribution belongs to
the launcher, not to a flow.
"""

from __future__ import annotations

from prefect import flow, task
from prefect.cache_policies import NO_CACHE

from forge.train.config import TrainConfig


@task(name="train-curriculum", cache_policy=NO_CACHE, persist_result=False)
def train_curriculum(config: TrainConfig) -> dict:
    from forge.train.run import run

    return run(config).model_dump(mode="json")


@flow(name="forge-train", log_prints=False)
def train(config: TrainConfig) -> dict:
    return train_curriculum(config)
