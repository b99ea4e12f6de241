"""The trainer's config: a curriculum of stages, each SFT on export stages or online RL (GRPO).

The default is the published five-stage curriculum from a general multimodal checkpoint: GUI
mid-training (grounding), GUI agent SFT, coding/terminal SFT, hybrid SFT, online RL. Each stage
starts from the previous stage's final checkpoint.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from forge.errors import ConfigError
from forge.export.config import StageName
from forge.train.packing import BIN_TOKENS


class SFTParams(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    learning_rate: float = Field(default=1e-5, gt=0)
    max_steps: int = Field(default=-1, description="Optimizer steps; -1: `epochs` over the data.")
    epochs: float = Field(default=1.0, gt=0)
    bin_tokens: int = Field(default=BIN_TOKENS, ge=16, description="Tokens per packed bin (one bin per device step).")
    gradient_accumulation_steps: int = Field(default=1, ge=1)
    warmup_ratio: float = Field(default=0.03, ge=0, lt=1, description="Share of steps warming the rate up.")
    weight_decay: float = Field(default=0.0, ge=0)
    save_steps: int = Field(default=500, ge=1, description="Checkpoint every N steps (resume picks the latest).")
    bf16: bool = Field(default=False, description="bfloat16 mixed precision (GPUs).")
    gradient_checkpointing: bool = False


class GRPOParams(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    steps: int = Field(default=100, ge=1, description="Policy updates.")
    tasks_per_step: int = Field(default=8, ge=1)
    group_size: int = Field(default=8, ge=2, description="Rollouts per task; advantages are relative within a group.")
    learning_rate: float = Field(default=1e-6, gt=0)
    weight_decay: float = Field(default=0.0, ge=0)
    max_policy_lag: int = Field(default=3, ge=0, description="Oldest policy version a rollout may come from.")
    importance_cap: float = Field(default=2.0, gt=0, description="Truncated importance sampling weight cap.")
    target_success: float = Field(default=0.5, gt=0, lt=1, description="Frontier sampling peaks at this EMA success.")
    sampling_floor: float = Field(default=0.05, gt=0, le=1, description="Least sampling weight, so no task starves.")
    ema_decay: float = Field(default=0.1, gt=0, le=1, description="Weight of the newest outcome in a task's EMA.")
    max_episode_steps: int = Field(default=50, ge=1)
    max_new_tokens: int = Field(default=512, ge=1)
    temperature: float = Field(default=1.0, gt=0)
    rollout_workers: int = Field(default=2, ge=1, description="Threads producing rollouts ahead of the learner.")
    harness: str = Field(default="terminal", description="Harness the rollouts run through (its tools and prompt).")
    save_steps: int = Field(default=10, ge=1, description="Checkpoint every N updates.")


class StageConfig(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(pattern=r"^[a-z0-9_]+$")
    kind: Literal["sft", "grpo"]
    data: list[StageName] = Field(default_factory=list, description="Export stages an SFT stage trains on.")
    sft: SFTParams = SFTParams()
    grpo: GRPOParams = GRPOParams()

    @model_validator(mode="after")
    def _data(self) -> StageConfig:
        if self.kind == "sft" and not self.data:
            raise ConfigError(f"stage {self.name!r} is SFT but names no export data; set data: [gui_sft, ...]")
        return self


def default_stages() -> list[StageConfig]:
    return [
        StageConfig(name="gui_midtrain", kind="sft", data=["gui_midtrain"], sft=SFTParams(learning_rate=2e-5)),
        StageConfig(name="gui_sft", kind="sft", data=["gui_sft"]),
        StageConfig(name="terminal_sft", kind="sft", data=["terminal_sft"]),
        StageConfig(name="hybrid_sft", kind="sft", data=["hybrid_sft"]),
        StageConfig(name="online_rl", kind="grpo"),
    ]


class TrainConfig(BaseModel):
    """`forge train`: a model folder in, a checkpoint per stage out."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    model_path: Path = Field(description="Local folder of the starting checkpoint (config, weights, tokenizer).")
    export_dir: Path = Field(description="Folder `forge export` wrote.")
    output_dir: Path = Field(description="Checkpoints: <output_dir>/<stage>/checkpoint-N and <stage>/final.")
    stages: list[StageConfig] = Field(default_factory=default_stages, min_length=1)
    only: list[str] = Field(default_factory=list, description="Run only these stages (their inputs must exist).")
    seed: int = 0
    use_cpu: bool = Field(default=False, description="Train on CPU even where a GPU is present.")
    fsdp: bool = Field(default=False, description="Shard SFT stages with torch's FSDP2 (forge.train.fsdp) under "
                       "torchrun, one process per device (gloo on CPU, NCCL on GPU).")
    db_url: str | None = Field(default=None, description="Store with the tasks online RL samples from.")

    @model_validator(mode="after")
    def _names(self) -> TrainConfig:
        names = [s.name for s in self.stages]
        if len(set(names)) != len(names):
            raise ConfigError(f"stage names repeat: {names}; give each stage its own name")
        unknown = sorted(set(self.only) - set(names))
        if unknown:
            raise ConfigError(f"--stage {unknown} is not in the curriculum; known: {', '.join(names)}")
        return self
