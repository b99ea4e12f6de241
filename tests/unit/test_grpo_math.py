"""GRPO maths against values worked out by hand on small independent examples."""

from __future__ import annotations

import math
import random

import pytest
import torch

from forge.train.grpo import FrontierSampler, Rollout, RolloutBuffer, group_advantages, truncated_is_loss


def test_group_advantages_by_hand() -> None:
    # rewards 1, 0, 0, 1: mean 0.5, population std 0.5 -> +1, -1, -1, +1
    assert group_advantages([1, 0, 0, 1], eps=0) == [1.0, -1.0, -1.0, 1.0]
    # 3, 1, 2: mean 2, std sqrt(2/3)
    s = math.sqrt(2 / 3)
    assert group_advantages([3, 1, 2], eps=0) == pytest.approx([1 / s, -1 / s, 0.0])
    assert group_advantages([0, 0, 0]) == [0.0, 0.0, 0.0]  # all alike: no signal, no division by zero


def test_truncated_importance_weights_by_hand() -> None:
    # sequence 0: tokens with ratio e^0.5 (~1.65, kept) and e^1.5 (~4.48, capped at 2); advantage +1
    # sequence 1: one token with ratio e^-1 (~0.37); advantage -2; its second token is padding
    new = torch.tensor([[-1.0, -0.5], [-2.0, -9.0]], requires_grad=True)
    behaviour = torch.tensor([[-1.5, -2.0], [-1.0, -3.0]])
    advantages = torch.tensor([1.0, -2.0])
    mask = torch.tensor([[1, 1], [1, 0]])
    loss = truncated_is_loss(new, behaviour, advantages, mask, cap=2.0)
    w = [math.exp(0.5), 2.0, math.exp(-1.0)]
    expected = (-w[0] * 1 * -1.0 - w[1] * 1 * -0.5 - w[2] * -2 * -2.0) / 3
    assert loss.item() == pytest.approx(expected, rel=1e-6)
    loss.backward()  # d loss / d logp_new = -w * A / n_tokens, with the weight held constant
    assert new.grad.flatten().tolist() == pytest.approx([-w[0] / 3, -w[1] / 3, w[2] * 2 / 3, 0.0], rel=1e-6)


def test_on_policy_loss_is_the_plain_policy_gradient() -> None:
    logp = torch.tensor([[-0.3, -0.7]])
    loss = truncated_is_loss(logp, logp.clone(), torch.tensor([0.5]), torch.ones(1, 2), cap=2.0)
    assert loss.item() == pytest.approx(-0.5 * (-0.3 - 0.7) / 2)


def test_frontier_weight_peaks_at_the_target_and_keeps_a_floor() -> None:
    sampler = FrontierSampler(target=0.5, floor=0.05, decay=0.5, prior=0.5)
    assert sampler.weight("new") == 1.0
    assert sampler.update("a", 1.0) == 0.75 and sampler.update("a", 1.0) == 0.875
    assert sampler.weight("a") == pytest.approx(1 - 0.375 / 0.5)  # 0.25
    sampler.ema["solved"], sampler.ema["hopeless"] = 1.0, 0.0
    assert sampler.weight("solved") == sampler.weight("hopeless") == 0.05
    skewed = FrontierSampler(target=0.2, floor=0.1, ema={"x": 0.6})
    assert skewed.weight("x") == pytest.approx(1 - 0.4 / 0.8)  # the far side spans 1 - target


def test_frontier_sampling_prefers_the_frontier_but_starves_nothing() -> None:
    sampler = FrontierSampler(ema={"frontier": 0.5, "solved": 1.0, "hopeless": 0.0})
    draws = sampler.sample(["frontier", "solved", "hopeless"], 11000, random.Random(3))
    share = {t: draws.count(t) / len(draws) for t in ("frontier", "solved", "hopeless")}
    assert share["frontier"] == pytest.approx(1 / 1.1, abs=0.02)
    assert share["solved"] > 0.02 and share["hopeless"] > 0.02


def test_buffer_drops_rollouts_older_than_the_lag() -> None:
    buffer = RolloutBuffer(max_lag=3)
    for version in (1, 2, 5, 6):
        buffer.put(Rollout(task_id="t", policy_version=version, reward=0.0))
    assert [r.policy_version for r in buffer.take(current_version=5)] == [2, 5, 6]
    assert buffer.dropped_stale == 1 and buffer.take(5) == []
