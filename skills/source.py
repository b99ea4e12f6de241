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

Beside rows, a file may hold `[[matrix]]` blocks (`MatrixBlock`): the cross product of named axes,
each combination one skill, so a family's real variants are written once instead of row by row
(docs/skills.md, "Matrix blocks"). A block expands to the same rows a person would have written.
"""

from __future__ import annotations

import itertools
import re
import tomllib
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, JsonValue, model_validator

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
    rows: list[Any] = Field(description="Raw `[[skill]]` rows; each validated (and reported) on its own.")
    matrices: list[Any] = Field(default_factory=list, description="Raw `[[matrix]]` blocks, likewise.")


def read_source(path: Path) -> SourceFile:
    """Parse one source file; TOML or shape errors raise ValueError naming the file."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ValueError(f"{path}: not readable TOML: {exc}") from exc
    rows, matrices = data.pop("skill", []), data.pop("matrix", [])
    unknown = sorted(set(data) - {"app", "areas"})
    if unknown:
        raise ValueError(f"{path}: unknown top-level keys {unknown}; allowed: app, areas, [[skill]], [[matrix]]")
    try:
        return SourceFile(path=str(path), app=data.get("app", ""), areas=data.get("areas", {}), rows=rows,
                          matrices=matrices)
    except ValueError as exc:  # a pydantic ValidationError: e.g. `skill` is not an array of tables ([[skill]])
        raise ValueError(f"{path}: {exc}") from exc


_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")


class MatrixValue(BaseModel):
    """One value of an axis: its id (joined into the skill id), its words in the description, and
    what it adds to the skill: params, difficulty (added to the block's base) and a channel override."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=NAME)
    text: str = Field(description="May be empty: a value that adds no words (e.g. `plain` beside `gift-wrapped`).")
    params: dict[str, JsonValue] = Field(default_factory=dict)
    difficulty: int = Field(default=0, description="Added to the block's base; the sum is clamped to 1..5.")
    channel: Channel | None = None


class MatrixAxis(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(pattern=NAME)
    values: list[MatrixValue] = Field(min_length=1)

    @model_validator(mode="before")
    @classmethod
    def _misplaced(cls, data: Any) -> Any:
        for key in ("exclude", "description", "params", "workflow"):
            if isinstance(data, dict) and key in data:
                raise ValueError(f"`{key}` is written after a [[matrix.axis]] table, so TOML puts it inside that axis: "
                                 "move it above the block's first [[matrix.axis]]")
        return data

    @model_validator(mode="after")
    def _unique_ids(self) -> MatrixAxis:
        ids = [v.id for v in self.values]
        twice = sorted({i for i in ids if ids.count(i) > 1})
        if twice:
            raise ValueError(f"axis {self.name!r}: value ids {twice} appear more than once")
        return self


class Combination(BaseModel):
    """One combination of a block: the row it makes, or why it makes none."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    label: str = Field(description="`axis=value id, ...` in axis order, for messages.")
    variant: str
    row: dict[str, Any] | None = None
    problem: str | None = None


class MatrixBlock(BaseModel):
    """A `[[matrix]]` block: shared fields of a `[[skill]]` row plus the axes and exclusions."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    area: str = Field(pattern=NAME)
    operation: str = Field(pattern=NAME)
    workflow: str
    channel: Channel
    difficulty: int = Field(ge=1, le=5, description="The base; each chosen value may add to it.")
    params: dict[str, JsonValue] = Field(default_factory=dict)
    apps: list[str] | None = Field(default=None, min_length=1)
    environment: str | None = None
    description: str = Field(min_length=10, description="Template: `{axis}` becomes the chosen value's text.")
    exclude: list[dict[str, str]] = Field(default_factory=list, description="Combinations left out, by value id.")
    axis: list[MatrixAxis] = Field(min_length=1)

    @model_validator(mode="after")
    def _consistent(self) -> MatrixBlock:
        names = [a.name for a in self.axis]
        if len(set(names)) != len(names):
            raise ValueError(f"axis names {names} repeat one")
        used = _PLACEHOLDER.findall(self.description)
        if unknown := sorted(set(used) - set(names)):
            raise ValueError(f"description names {unknown}, which are not axes (axes: {names})")
        if missing := [n for n in names if n not in used]:
            raise ValueError(f"axes {missing} do not appear in the description as {{name}}: their skills would read alike")
        values = {a.name: {v.id for v in a.values} for a in self.axis}
        for number, rule in enumerate(self.exclude, start=1):
            for name, value in rule.items():
                if name not in values:
                    raise ValueError(f"exclude {number}: {name!r} is not an axis (axes: {names})")
                if value not in values[name]:
                    raise ValueError(f"exclude {number}: axis {name!r} has no value {value!r} (values: {sorted(values[name])})")
        return self

    def expand(self) -> list[Combination]:
        """Every combination not excluded, in axis order (the first axis varies slowest)."""
        combinations = []
        for chosen in itertools.product(*(a.values for a in self.axis)):
            picked = {a.name: v.id for a, v in zip(self.axis, chosen, strict=True)}
            if any(all(picked[k] == v for k, v in rule.items()) for rule in self.exclude):
                continue
            label = ", ".join(f"{k}={v}" for k, v in picked.items())
            variant = "_".join(picked.values())
            problem, row = self._row(chosen, variant)
            combinations.append(Combination(label=label, variant=variant, row=row, problem=problem))
        return combinations

    def _row(self, chosen: tuple[MatrixValue, ...], variant: str) -> tuple[str | None, dict[str, Any] | None]:
        params, setter = dict(self.params), dict.fromkeys(self.params, "the block")
        for axis, value in zip(self.axis, chosen, strict=True):
            for key, item in value.params.items():
                if key in params and params[key] != item:
                    return (f"param {key!r} is {params[key]!r} from {setter[key]} but {item!r} from "
                            f"{axis.name}={value.id}"), None
                params[key], setter[key] = item, f"{axis.name}={value.id}"
        channels = {v.channel for v in chosen if v.channel}
        if len(channels) > 1:
            return f"values override the channel differently: {sorted(channels)}", None
        words = {a.name: v.text for a, v in zip(self.axis, chosen, strict=True)}
        row = {"area": self.area, "operation": self.operation, "variant": variant, "workflow": self.workflow,
               "params": params, "channel": channels.pop() if channels else self.channel,
               "difficulty": min(5, max(1, self.difficulty + sum(v.difficulty for v in chosen))),
               "description": _PLACEHOLDER.sub(lambda m: words[m.group(1)], self.description)}
        if self.apps:
            row["apps"] = list(self.apps)
        if self.environment:
            row["environment"] = self.environment
        return None, row
