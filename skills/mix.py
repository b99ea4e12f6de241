"""The task mix a batch should have, and the per-skill weights that give it.

The published run's shares (`PUBLISHED_MIX`) are the default target: single vs multi-app tasks,
tasks with files, file references per task, and the file-reference mix by kind. Each skill's
profile (multi-app or not, the file types its tasks reference) is linear in the weights, so
`plan_weights` fits them by projected gradient descent on the squared share errors, with a floor
so every skill is still drawn and a small pull towards even weights so the fit is unique.
Vectorised with numpy; still, 4,000 steps over five thousand skills take about 2 s of CPU, which
every process that samples would pay (the flow's before its first batch): `forge skills build`
commits the default fit as a `MixPlan` beside the profiles, and a process that loads it refits nothing.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from forge.stats import FILE_KINDS, file_kind


class SkillProfile(BaseModel):
    """What a skill's tasks look like from outside: used to plan the sampler's mix."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    multi_app: bool
    file_types: list[str]


class MixTarget(BaseModel):
    """Shares to aim for (fractions); `file_mix` is over file references, by `forge.stats.file_kind`."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    multi_app: float = Field(ge=0, le=1)
    with_files: float = Field(ge=0, le=1)
    references_per_task: float = Field(ge=0)
    file_mix: dict[str, float]


# References per task is a mean, not a share, and today's families reference at most 3 files: fitting it
# hard drags the file-kind shares towards 3-file families, so it only breaks ties.
REFERENCES_WEIGHT = 0.02

PUBLISHED_MIX = MixTarget(
    multi_app=0.3824, with_files=0.905, references_per_task=2.99,
    file_mix={"code": 0.156, "spreadsheet": 0.155, "text": 0.153, "presentation": 0.107, "document": 0.084,
              "pdf": 0.062, "other": 0.284},
)


def _rows(profiles: list[SkillProfile], target: MixTarget) -> list[tuple[list[float], float, float]]:
    """(coefficients, goal, importance) per share; each is linear in the weights."""
    refs = [float(len(p.file_types)) for p in profiles]
    rows = [([float(p.multi_app) for p in profiles], target.multi_app, 1.0),
            ([float(bool(p.file_types)) for p in profiles], target.with_files, 1.0),
            ([r / 3 for r in refs], target.references_per_task / 3, REFERENCES_WEIGHT)]
    for kind in FILE_KINDS:
        share = target.file_mix.get(kind, 0.0)
        counts = [sum(file_kind(t) == kind for t in p.file_types) for p in profiles]
        # sum w*count_k / sum w*refs = share  <=>  sum w*(count_k - share*refs) = 0 (scaled to a share)
        rows.append(([(c - share * r) / 3 for c, r in zip(counts, refs, strict=True)], 0.0, 1.0))
    return rows


_PLANS: dict[str, dict[str, float]] = {}  # the last few fits, by a digest of their inputs
_KEPT_PLANS = 8
FLOOR, CEILING, EVENNESS, STEPS = 0.2, 1.0, 0.02, 4000


class MixPlan(BaseModel):
    """A fit and the digest of what it was fitted to (profiles, target, settings): a plan read from
    disk is used only for exactly those inputs, so a stale one is refitted, never trusted."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str
    weights: dict[str, float]


def plan_key(profiles: Mapping[str, SkillProfile], target: MixTarget = PUBLISHED_MIX, *, floor: float = FLOOR,
             ceiling: float = CEILING, evenness: float = EVENNESS, steps: int = STEPS) -> str:
    return hashlib.sha256(json.dumps([sorted((k, v.model_dump()) for k, v in profiles.items()), target.model_dump(),
                                      floor, ceiling, evenness, steps], sort_keys=True).encode()).hexdigest()


def remember(plan: MixPlan) -> None:
    """Keep a plan fitted elsewhere (the committed one) as if this process had fitted it."""
    _keep(plan.key, plan.weights)


def default_plan(profiles: Mapping[str, SkillProfile]) -> MixPlan:
    """The plan the sampler's defaults ask for over these (ready) skills' profiles, fitted afresh
    (never a remembered one: the build's test compares it with the committed plan)."""
    return MixPlan(key=plan_key(profiles), weights=_fit(profiles, PUBLISHED_MIX, FLOOR, CEILING, EVENNESS, STEPS))


def plan_weights(profiles: Mapping[str, SkillProfile], target: MixTarget = PUBLISHED_MIX, *,
                 floor: float = FLOOR, ceiling: float = CEILING, evenness: float = EVENNESS,
                 steps: int = STEPS) -> dict[str, float]:
    """Weights (summing to 1) whose mix comes closest to `target`; every skill keeps at least
    `floor` of an even share, so none disappears from the batch, and at most `ceiling` of the batch,
    so few skills cannot crowd it (at the cost of the mix: more tasks of one skill, more near twins).
    The same inputs give the same fit, so the last few (and any `remember`ed) are kept."""
    key = plan_key(profiles, target, floor=floor, ceiling=ceiling, evenness=evenness, steps=steps)
    if key not in _PLANS:
        _keep(key, _fit(profiles, target, floor, ceiling, evenness, steps))
    return dict(_PLANS[key])


def _keep(key: str, weights: dict[str, float]) -> None:
    if key not in _PLANS and len(_PLANS) >= _KEPT_PLANS:
        _PLANS.pop(next(iter(_PLANS)))
    _PLANS[key] = dict(weights)


def _fit(profiles: Mapping[str, SkillProfile], target: MixTarget, floor: float, ceiling: float, evenness: float,
         steps: int) -> dict[str, float]:
    ids = sorted(profiles)
    n = len(ids)
    if n == 0:
        return {}
    rows = _rows([profiles[i] for i in ids], target)
    matrix = np.array([coefficients for coefficients, _, _ in rows])
    goals = np.array([goal for _, goal, _ in rows])
    importance = np.array([weight for _, _, weight in rows])
    low, high = floor / n, max(ceiling, 1.0 / n)
    # step 1/L, L bounding the gradient's Lipschitz constant; Nesterov momentum (FISTA) to converge fast
    rate = 1.0 / (2 * (evenness + float((importance[:, None] * matrix * matrix).sum())))
    even = np.full(n, 1.0 / n)
    weights = previous = even
    momentum = 1.0
    for _ in range(steps):
        following = (1 + (1 + 4 * momentum * momentum) ** 0.5) / 2
        point = weights + (momentum - 1) / following * (weights - previous)
        momentum = following
        grad = 2 * evenness * (point - even) + 2 * matrix.T @ (importance * (matrix @ point - goals))
        previous, weights = weights, _project(point - rate * grad, low, high)
        if float(np.abs(weights - previous).max()) < 1e-12:  # converged
            break
    return dict(zip(ids, weights.tolist(), strict=True))


def _project(values: np.ndarray, low: float, high: float = 1.0) -> np.ndarray:
    """Euclidean projection onto {low <= w <= high, sum w = 1}: clip(v - t) for the shift t that
    sums to 1. The sum is piecewise linear and falls as t grows, with a kink wherever an element
    reaches a bound (t = v - high or v - low): evaluated at every kink at once from prefix sums of
    the sorted values, t lies on the segment that crosses 1, found exactly by interpolation (a
    bisection took 120 numpy calls a step, and the fit takes thousands of steps)."""
    ordered = np.sort(values)
    prefix = np.concatenate(([0.0], np.cumsum(ordered)))
    n = len(ordered)
    kinks = np.sort(np.concatenate((ordered - high, ordered - low)))
    at_low = np.searchsorted(ordered, kinks + low, side="right")  # v <= t + low: held at low
    below_high = np.searchsorted(ordered, kinks + high, side="left")  # v < t + high: not yet at high
    inside = below_high - at_low
    totals = low * at_low + (prefix[below_high] - prefix[at_low]) - kinks * inside + high * (n - below_high)
    k = int(np.clip(np.searchsorted(-totals, -1.0, side="right") - 1, 0, 2 * n - 2))  # last kink summing >= 1
    drop = totals[k] - totals[k + 1]
    shift = kinks[k] if drop <= 0 else kinks[k] + (totals[k] - 1.0) / drop * (kinks[k + 1] - kinks[k])
    return np.clip(values - shift, low, high)


def predicted_mix(weights: Mapping[str, float], profiles: Mapping[str, SkillProfile]) -> dict[str, float]:
    """The shares a batch drawn with `weights` has in expectation (same keys as `forge.stats` reports)."""
    total = sum(weights.values()) or 1.0
    refs = sum(w * len(profiles[s].file_types) for s, w in weights.items())
    mix = {"multi_app": sum(w for s, w in weights.items() if profiles[s].multi_app) / total,
           "with_files": sum(w for s, w in weights.items() if profiles[s].file_types) / total,
           "references_per_task": refs / total}
    for kind in FILE_KINDS:
        count = sum(w * sum(file_kind(t) == kind for t in profiles[s].file_types) for s, w in weights.items())
        mix[f"files.{kind}"] = count / refs if refs else 0.0
    return mix
