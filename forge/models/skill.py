"""The atomic skill: the unit the taxonomy samples and a workflow realises."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue

Channel = Literal["gui", "terminal", "hybrid"]

SKILL_ID_PATTERN = r"^[a-z0-9_]+(\.[a-z0-9_]+)+$"


class Skill(BaseModel):
    """One atomic desktop/web skill, e.g. `spreadsheet.formula.total_row.sum`."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=SKILL_ID_PATTERN, description="Dotted, stable identifier.")
    apps: list[str] = Field(min_length=1, description="Apps the skill touches.")
    category: str = Field(description="Stratum for sampling, e.g. `spreadsheet.formula`.")
    description: str
    workflow: str = Field(description="Name of the workflow family that realises the skill.")
    params: dict[str, JsonValue] = Field(default_factory=dict, description="Fixed workflow parameters.")
    channel_affinity: Channel = "hybrid"
    difficulty: int = Field(default=1, ge=1, le=5)
