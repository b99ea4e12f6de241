"""The bundled trainer: tokenise exported examples, pack them, run the curriculum (SFT stages, GRPO).

Needs the `[train]` extra (torch, transformers, accelerate); importing this package does not load them.
"""

from forge.train.config import GRPOParams, SFTParams, StageConfig, TrainConfig, default_stages
from forge.train.packing import BIN_TOKENS, Packing, pack_best_fit_decreasing, pack_greedy

__all__ = [
    "BIN_TOKENS", "GRPOParams", "Packing", "SFTParams", "StageConfig", "TrainConfig", "default_stages",
    "pack_best_fit_decreasing", "pack_greedy",
]
