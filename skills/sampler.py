"""Stratified, seeded skill sampling: categories take turns so no stratum crowds out the rest."""

from __future__ import annotations

import hashlib
import random

from pydantic import BaseModel, ConfigDict

from forge.models import Skill
from skills.taxonomy import Taxonomy


class SkillSample(BaseModel):
    """One draw: the skill and the seed its workflow gets (stable for (run seed, position))."""

    model_config = ConfigDict(frozen=True)

    position: int
    skill: Skill
    seed: int


def derive_seed(run_seed: int, position: int) -> int:
    digest = hashlib.sha256(f"{run_seed}:{position}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def sample_skills(
    taxonomy: Taxonomy, n: int, seed: int, *, skill_ids: list[str] | None = None
) -> list[SkillSample]:
    """Draw `n` samples. With `skill_ids`, cycle through exactly those (unknown ids raise)."""
    if skill_ids:
        pool = [taxonomy.get(s) for s in skill_ids]
        return [SkillSample(position=i, skill=pool[i % len(pool)], seed=derive_seed(seed, i)) for i in range(n)]
    rng = random.Random(seed)
    categories = list(taxonomy.by_category)
    samples: list[SkillSample] = []
    while len(samples) < n:
        rng.shuffle(categories)
        for category in categories[: n - len(samples)]:
            skill = rng.choice(taxonomy.by_category[category])
            position = len(samples)
            samples.append(SkillSample(position=position, skill=skill, seed=derive_seed(seed, position)))
    return samples
