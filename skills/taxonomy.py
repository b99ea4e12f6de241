"""Loading the skill taxonomy from its committed JSONL file, validated and indexed."""

from __future__ import annotations

import json
from collections import defaultdict
from functools import cache
from pathlib import Path

from pydantic import ValidationError

from forge.errors import ConfigError, UnknownKeyError
from forge.models import Skill

DEFAULT_TAXONOMY = Path(__file__).resolve().parent.parent / "data" / "skills" / "taxonomy.jsonl"


class Taxonomy:
    """The skills by id and by category; a line that does not validate names its line number."""

    def __init__(self, skills: list[Skill]) -> None:
        self.skills = {s.id: s for s in skills}
        if len(self.skills) != len(skills):
            raise ConfigError("taxonomy has duplicate skill ids")
        by_category: dict[str, list[Skill]] = defaultdict(list)
        for skill in skills:
            by_category[skill.category].append(skill)
        self.by_category = {k: sorted(v, key=lambda s: s.id) for k, v in sorted(by_category.items())}

    def __len__(self) -> int:
        return len(self.skills)

    def get(self, skill_id: str) -> Skill:
        try:
            return self.skills[skill_id]
        except KeyError:
            prefix = skill_id.split(".")[0]
            near = sorted(s for s in self.skills if s.startswith(prefix))[:5]
            hint = f"; similar: {', '.join(near)}" if near else ""
            raise UnknownKeyError(f"unknown skill {skill_id!r}{hint} (see `forge skills list`)") from None


def load_taxonomy(path: Path | None = None) -> Taxonomy:
    return _load(path or DEFAULT_TAXONOMY)


@cache
def _load(path: Path) -> Taxonomy:
    if not path.is_file():
        raise ConfigError(f"skill taxonomy {path} does not exist")
    skills: list[Skill] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            skills.append(Skill.model_validate(json.loads(line)))
        except (ValueError, ValidationError) as exc:
            raise ConfigError(f"{path}:{number}: not a valid skill: {exc}") from exc
    return Taxonomy(skills)
