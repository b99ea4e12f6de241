"""GRPO's pieces, each small enough to check by hand.

- Group-relative advantages: rewards of one task's rollouts, minus the group mean, over the group
  standard deviation (population, + eps); a group whose rollouts all scored alike teaches nothing (0).
- Truncated importance sampling: rollouts come from a policy up to `max_policy_lag` updates old (the
  behaviour policy); each token's weight min(pi_new / pi_behaviour, cap), held constant, scales the
  policy-gradient term, so stale rollouts cannot blow up an update.
- Frontier sampling: each task's success rate as an EMA; tasks are drawn with a weight peaked at a
  target rate (0.5: neither solved nor hopeless), never below a floor so none starves.
- A rollout buffer that drops rollouts older than the allowed lag (counted, not silent).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from forge.train._deps import require


def group_advantages(rewards: Sequence[float], eps: float = 1e-6) -> list[float]:
    mean = sum(rewards) / len(rewards)
    std = math.sqrt(sum((r - mean) ** 2 for r in rewards) / len(rewards))
    return [(r - mean) / (std + eps) for r in rewards]


def truncated_is_loss(logp_new: Any, logp_behaviour: Any, advantages: Any, mask: Any, cap: float = 2.0) -> Any:
    """Token-level policy-gradient loss with truncated importance weights.

    Args: tensors of shape (sequences, tokens) except `advantages` (sequences,); `mask` marks
    generated tokens. Returns the mean over generated tokens of -min(rho, cap) * A * log pi_new,
    with rho = exp(log pi_new - log pi_behaviour) detached (its gradient flows through log pi_new).
    """
    torch = require("torch")
    weight = torch.clamp(torch.exp(logp_new.detach() - logp_behaviour), max=cap)
    per_token = -weight * advantages[:, None] * logp_new
    mask = mask.to(per_token.dtype)
    return (per_token * mask).sum() / mask.sum().clamp(min=1)


class FrontierSampler(BaseModel):
    """EMA success per task, and a draw weighted toward the frontier of what the policy can do."""

    model_config = ConfigDict(extra="forbid")

    target: float = Field(default=0.5, gt=0, lt=1)
    floor: float = Field(default=0.05, gt=0, le=1)
    decay: float = Field(default=0.1, gt=0, le=1)
    prior: float = Field(default=0.5, ge=0, le=1, description="EMA of a task never tried.")
    ema: dict[str, float] = Field(default_factory=dict)

    def update(self, task_id: str, success: float) -> float:
        old = self.ema.get(task_id, self.prior)
        self.ema[task_id] = (1 - self.decay) * old + self.decay * success
        return self.ema[task_id]

    def weight(self, task_id: str) -> float:
        """1 at the target rate, falling linearly to the floor at 0 and at 1 success."""
        p = self.ema.get(task_id, self.prior)
        width = self.target if p <= self.target else 1 - self.target
        return max(self.floor, 1 - abs(p - self.target) / width)

    def sample(self, task_ids: Sequence[str], k: int, rng: random.Random) -> list[str]:
        return rng.choices(list(task_ids), weights=[self.weight(t) for t in task_ids], k=k)


class Rollout(BaseModel):
    """One episode of the policy on a task: its turns' tokens, behaviour log-probs and reward."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    task_id: str
    policy_version: int
    reward: float
    turns: list[tuple[list[int], list[int], list[float]]] = Field(
        default_factory=list, description="(prompt ids, generated ids, behaviour log-prob per generated id).")
    episode_status: str = ""
    end_reason: str | None = None
    step_errors: list[str] = Field(default_factory=list, description="Malformed turns, as the policy was told.")


class RolloutBuffer:
    """Rollouts waiting for the learner; those more than `max_lag` versions old are dropped."""

    def __init__(self, max_lag: int) -> None:
        self.max_lag = max_lag
        self.items: list[Rollout] = []
        self.dropped_stale = 0

    def put(self, rollout: Rollout) -> None:
        self.items.append(rollout)

    def take(self, current_version: int) -> list[Rollout]:
        fresh = [r for r in self.items if current_version - r.policy_version <= self.max_lag]
        self.dropped_stale += len(self.items) - len(fresh)
        self.items = []
        return fresh
