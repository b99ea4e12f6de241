"""The skill taxonomy: loading it and sampling from it."""

from skills.sampler import SkillSample, derive_seed, sample_skills
from skills.taxonomy import DEFAULT_TAXONOMY, Taxonomy, load_taxonomy

__all__ = ["DEFAULT_TAXONOMY", "SkillSample", "Taxonomy", "derive_seed", "load_taxonomy", "sample_skills"]
