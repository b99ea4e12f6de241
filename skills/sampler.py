"""Seeded skill sampling, from the skills ready now (never one awaiting its environment).
`sample_skills`: categories take turns so no stratum crowds out the rest. `sample_mix` (the default
mix): per-skill weights planned so the batch lands on a target mix (the published one by default:
single vs multi-app, tasks with files, file references per task and their kinds), drawn by
systematic sampling over the skills ordered by single/multi-app, app, area and difficulty, so each
of those strata gets its planned count give or take one."""

from __future__ import annotations

import hashlib
import json
import math
import random
from collections.abc import Mapping
from pathlib import Path

from pydantic import BaseModel, ConfigDict, ValidationError

from forge.errors import ConfigError
from forge.models import Skill
from skills.builder import MIX_PLAN, PROFILES
from skills.mix import PUBLISHED_MIX, MixPlan, MixTarget, SkillProfile, plan_weights, predicted_mix, remember
from skills.taxonomy import DEFAULT_TAXONOMY, Taxonomy


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
    """Draw `n` samples, categories taking turns, from the skills ready now (none awaiting an
    environment). With `skill_ids`, cycle through exactly those (unknown ids raise)."""
    if skill_ids:
        pool = [taxonomy.get(s) for s in skill_ids]
        return [SkillSample(position=i, skill=pool[i % len(pool)], seed=derive_seed(seed, i)) for i in range(n)]
    rng = random.Random(seed)
    categories = list(taxonomy.ready_by_category)
    if not categories:
        raise ConfigError("the taxonomy has no skill ready to sample (all await an environment)")
    samples: list[SkillSample] = []
    while len(samples) < n:
        rng.shuffle(categories)
        for category in categories[: n - len(samples)]:
            skill = rng.choice(taxonomy.ready_by_category[category])
            position = len(samples)
            samples.append(SkillSample(position=position, skill=skill, seed=derive_seed(seed, position)))
    return samples


def load_profiles(folder: Path = DEFAULT_TAXONOMY) -> dict[str, SkillProfile]:
    """The skills' profiles the builder committed next to them (`profiles.json`); none if absent.
    The mix plan committed with them (`mix_plan.json`) is kept too: fitted to these profiles, it
    spares this process the fit; a stale one is never used (`MixPlan`)."""
    path = folder / PROFILES
    if not path.is_file():
        return {}
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        profiles = {key: SkillProfile.model_validate(value) for key, value in raw.items()}
        if (plan := folder / MIX_PLAN).is_file():
            path = plan
            remember(MixPlan.model_validate_json(plan.read_bytes()))
    except (ValueError, ValidationError) as exc:
        raise ConfigError(f"{path}: not a valid {path.stem.replace('_', ' ')} file ({exc}); "
                          "rebuild it with `forge skills build`") from exc
    return profiles


def mix_weights(taxonomy: Taxonomy, profiles: Mapping[str, SkillProfile],
                target: MixTarget = PUBLISHED_MIX, ceiling: float = 1.0) -> dict[str, float]:
    """Each ready skill's share of a batch (skills awaiting an environment get none): profiled
    skills fitted to `target`; a skill without a profile (a plugin's) gets an even share, since
    what its tasks reference is not known here."""
    ready = taxonomy.ready
    known = {s: profiles[s] for s in ready if s in profiles}
    unknown = [s for s in ready if s not in known]
    even = 1.0 / len(ready) if ready else 0.0
    fitted = plan_weights(known, target, ceiling=ceiling) if known else {}
    scale = 1.0 - even * len(unknown)
    return {**{s: w * scale for s, w in fitted.items()}, **{s: even for s in unknown}}


def stratum(skill: Skill) -> tuple[str, str, str, int]:
    """Where a skill sits: single vs multi-app, app, area, difficulty (what a batch is balanced over)."""
    return ("multi" if len(set(skill.apps)) > 1 else "single", skill.id.split(".", 1)[0], skill.category,
            skill.difficulty)


def quotas(weights: Mapping[str, float], n: int, rng: random.Random,
           strata: Mapping[str, tuple[object, ...]] | None = None) -> dict[str, int]:
    """`n` draws split by weight, by systematic sampling over the skills ordered by stratum (shuffled
    within one): n evenly spaced points, a random start, each skill taking the points that fall in its
    stretch of the cumulative weight. Every skill gets floor or ceil of n*w, and every stratum at any
    level (single/multi, app, area, difficulty: each a run of consecutive skills) its expected count
    give or take one, so the batch's mix is the plan's, not a random walk around it."""
    ids = sorted(weights)
    rng.shuffle(ids)
    if strata is not None:
        ids.sort(key=lambda s: strata[s])
    total = sum(weights.values())
    start = rng.random()
    counts: dict[str, int] = {}
    reached = 0.0
    for position, skill in enumerate(ids):
        high = float(n) if position == len(ids) - 1 else reached + n * weights[skill] / total
        counts[skill] = math.ceil(high - start) - math.ceil(reached - start)
        reached = high
    return counts


def sample_mix(taxonomy: Taxonomy, n: int, seed: int, *, target: MixTarget = PUBLISHED_MIX,
               profiles: Mapping[str, SkillProfile] | None = None, ceiling: float = 1.0) -> list[SkillSample]:
    """Draw `n` samples whose mix (single/multi-app, files, file kinds) is planned to `target`,
    stratified per skill, hence per app, area, difficulty and single vs multi-app, and shuffled
    by the seed. Same (taxonomy, n, seed) gives the same list. `ceiling`: the most of the batch one
    skill may take."""
    rng = random.Random(seed)
    weights = mix_weights(taxonomy, load_profiles() if profiles is None else profiles, target, ceiling)
    strata = {s: stratum(taxonomy.get(s)) for s in weights}
    drawn = [skill for skill, count in sorted(quotas(weights, n, rng, strata).items()) for _ in range(count)]
    rng.shuffle(drawn)
    return [SkillSample(position=i, skill=taxonomy.get(s), seed=derive_seed(seed, i)) for i, s in enumerate(drawn)]


def sample_profile_mix(drawn: list[SkillSample], profiles: Mapping[str, SkillProfile]) -> dict[str, float]:
    """The mix a drawn list has by its skills' profiles (skills without one are left out)."""
    counts: dict[str, float] = {}
    for sample in drawn:
        if sample.skill.id in profiles:
            counts[sample.skill.id] = counts.get(sample.skill.id, 0) + 1
    return {k: round(v, 4) for k, v in predicted_mix(counts, profiles).items()}


def value_cover(skills: list[Skill]) -> list[Skill]:
    """A few of `skills` that between them take every value of every param: a family's skills are
    mostly its axes' values crossed, so this proves every value a task can turn on at a fraction of
    the cost of the whole cross (bench/taxonomy_coverage.py runs every skill). Greedy, so
    deterministic: at each step the skill adding most uncovered values, ties to the lowest id."""
    pool = sorted(skills, key=lambda s: s.id)
    if not pool:
        return []
    values = {s.id: {(key, json.dumps(value, sort_keys=True)) for key, value in s.params.items()} for s in pool}
    chosen = [pool[0]]
    uncovered = set().union(*values.values()) - values[pool[0].id]
    while uncovered:
        best = max(pool, key=lambda s: len(values[s.id] & uncovered))
        chosen.append(best)
        uncovered -= values[best.id]
    return chosen


def coverage_sample(taxonomy: Taxonomy, n: int, seed: int) -> list[Skill]:
    """A seeded sample of the ready skills for coverage runs: one skill of every family first (a
    random one, not always the first by id, so reruns reach other variants), then strata (area and
    difficulty) taking turns until `n`. Never fewer than one per family; sorted by id."""
    rng = random.Random(seed)
    by_family: dict[str, list[Skill]] = {}
    for skill in sorted(taxonomy.ready.values(), key=lambda s: s.id):
        by_family.setdefault(skill.workflow, []).append(skill)
    chosen = {rng.choice(skills).id for _, skills in sorted(by_family.items())}
    by_stratum: dict[tuple[str, int], list[Skill]] = {}
    for skill in sorted(taxonomy.ready.values(), key=lambda s: s.id):
        if skill.id not in chosen:
            by_stratum.setdefault((skill.category, skill.difficulty), []).append(skill)
    for skills in by_stratum.values():
        rng.shuffle(skills)
    strata = sorted(by_stratum)
    while len(chosen) < n and strata:
        rng.shuffle(strata)
        for key in list(strata):
            if len(chosen) >= n:
                break
            chosen.add(by_stratum[key].pop().id)
            if not by_stratum[key]:
                strata.remove(key)
    return [taxonomy.get(s) for s in sorted(chosen)]
