"""The taxonomy's readable source: one TOML file per app under `data/skills/spec/`.

Each file names its app, titles its areas, and lists one `[[skill]]` table per thing a user asks
for; the builder (`skills.builder`) turns the rows into `Skill`s. A row that does not parse is
reported by file and row number, never dropped silently.

    app = "spreadsheet"

    [areas.formula]
    title = "Formulas: summary rows and calculated columns"

    [[skill]]
    area = "formula"
    operation = "total_row"
    variant = "sum"                       # optional: id is app.area.operation[.variant]
    workflow = "spreadsheet.total_row"
    params = { aggregate = "sum" }        # validated against the family's strict skill params
    channel = "hybrid"                    # gui | terminal | hybrid (either channel)
    difficulty = 1                        # 1..5
    description = "Append a total row that sums numeric columns."
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, JsonValue

from forge.models.skill import Channel

NAME = r"^[a-z0-9_]+$"


class AreaInfo(BaseModel):
    """One area of an app, as a person would find it in the app's menus or manual."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    title: str = Field(min_length=3)


class SkillRow(BaseModel):
    """One `[[skill]]` row of a source file, before it becomes a `Skill`."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    area: str = Field(pattern=NAME)
    operation: str = Field(pattern=NAME)
    variant: str | None = Field(default=None, pattern=NAME)
    apps: list[str] | None = Field(default=None, min_length=1, description="Default: the file's app.")
    workflow: str
    params: dict[str, JsonValue] = Field(default_factory=dict)
    channel: Channel
    difficulty: int = Field(ge=1, le=5)
    description: str = Field(min_length=10)
    environment: str | None = Field(default=None, description=(
        "An environment the skill needs that does not exist yet (e.g. `web`): built, but reported as awaiting it."))

    def skill_id(self, app: str) -> str:
        return ".".join(p for p in (app, self.area, self.operation, self.variant) if p)


class SourceFile(BaseModel):
    """A parsed source file: its app, areas and raw rows (validated one by one by the builder)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    path: str
    app: str = Field(pattern=NAME)
    areas: dict[str, AreaInfo]
    rows: list[dict[str, Any]]


def read_source(path: Path) -> SourceFile:
    """Parse one source file; TOML or shape errors raise ValueError naming the file."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ValueError(f"{path}: not readable TOML: {exc}") from exc
    rows = data.pop("skill", [])
    unknown = sorted(set(data) - {"app", "areas"})
    if unknown:
        raise ValueError(f"{path}: unknown top-level keys {unknown}; allowed: app, areas, [[skill]]")
    try:
        return SourceFile(path=str(path), app=data.get("app", ""), areas=data.get("areas", {}), rows=rows)
    except ValueError as exc:  # a pydantic ValidationError: e.g. `skill` is not an array of tables ([[skill]])
        raise ValueError(f"{path}: {exc}") from exc
