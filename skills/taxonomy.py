"""Loading the skill taxonomy: one JSONL file per app (`data/skills/<app>.jsonl`) plus the skills
files installed plugins declare (`FORGE_SKILLS`), validated and indexed.

Skills awaiting an environment (the builder's manifest lists them, e.g. web sites not built yet)
are loaded and counted but kept out of `ready`, which is what samplers draw from."""

from __future__ import annotations

import json
from collections import defaultdict
from functools import cache
from pathlib import Path

from pydantic import ValidationError

from forge.errors import ConfigError, UnknownKeyError
from forge.models import Skill

DEFAULT_TAXONOMY = Path(__file__).resolve().parent.parent / "data" / "skills"  # one <app>.jsonl per app


class Taxonomy:
    """The skills by id and by category; a line that does not validate names its line number."""

    def __init__(self, skills: list[Skill], awaiting: dict[str, str] | None = None) -> None:
        self.skills = {s.id: s for s in skills}
        self.awaiting = {k: v for k, v in (awaiting or {}).items() if k in self.skills}
        if len(self.skills) != len(skills):
            seen: set[str] = set()
            twice = sorted({s.id for s in skills if s.id in seen or seen.add(s.id)})  # type: ignore[func-returns-value]
            raise ConfigError(f"taxonomy has duplicate skill ids: {twice[:5]}")
        by_category: dict[str, list[Skill]] = defaultdict(list)
        for skill in skills:
            by_category[skill.category].append(skill)
        self.by_category = {k: sorted(v, key=lambda s: s.id) for k, v in sorted(by_category.items())}
        ready = {k: [s for s in v if s.id not in self.awaiting] for k, v in self.by_category.items()}
        self.ready_by_category = {k: v for k, v in ready.items() if v}

    @property
    def ready(self) -> dict[str, Skill]:
        """The skills that yield tasks now: all but those awaiting an environment."""
        return {k: s for k, s in self.skills.items() if k not in self.awaiting}

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


def skill_files(path: Path | None = None) -> list[Path]:
    """The JSONL files of a taxonomy: `path` itself (a file), its `*.jsonl` (a folder), or by
    default every app's file under `data/skills/` and every loaded plugin's `FORGE_SKILLS`."""
    if path is not None and path.is_file():
        return [path]
    folder = path or DEFAULT_TAXONOMY
    if not folder.is_dir():
        raise ConfigError(f"skill taxonomy {folder} does not exist")
    files = sorted(folder.glob("*.jsonl"))
    if path is None:
        from forge.plugins import skills_files

        files += [f for f in skills_files() if f.resolve() not in {g.resolve() for g in files}]
    return files


def load_taxonomy(path: Path | None = None) -> Taxonomy:
    return _load(tuple(skill_files(path)))


def awaiting_environment(folder: Path) -> dict[str, str]:
    """skill id -> environment, from the builder's `manifest.json` in `folder` (none without one)."""
    manifest = folder / "manifest.json"
    if not manifest.is_file():
        return {}
    try:
        awaiting = json.loads(manifest.read_text(encoding="utf-8")).get("awaiting_environment", {})
    except (OSError, ValueError, AttributeError) as exc:
        raise ConfigError(f"{manifest}: unreadable ({exc}); rebuild it with `forge skills build`") from exc
    if not isinstance(awaiting, dict):
        raise ConfigError(f"{manifest}: awaiting_environment is not a mapping; rebuild it with `forge skills build`")
    return {str(k): str(v) for k, v in awaiting.items()}


@cache
def _load(paths: tuple[Path, ...]) -> Taxonomy:
    skills: list[Skill] = []
    awaiting: dict[str, str] = {}
    for folder in dict.fromkeys(p.parent for p in paths):
        awaiting.update(awaiting_environment(folder))
    for path in paths:
        if not path.is_file():
            raise ConfigError(f"skill taxonomy {path} does not exist")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if not line.strip():
                continue
            try:
                skills.append(Skill.model_validate(json.loads(line)))
            except (ValueError, ValidationError) as exc:
                raise ConfigError(f"{path}:{number}: not a valid skill: {exc}") from exc
    return Taxonomy(skills, awaiting)
