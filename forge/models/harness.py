"""The teacher harness H = (F scaffold, T tools, P prompt, E environment), as versioned data."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

ToolName = Literal["bash", "computer_use"]


class ScaffoldConfig(BaseModel):
    """F: how the loop runs and what context the teacher sees each turn."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    max_steps: int = Field(default=50, ge=1)
    keep_screenshots: int = Field(default=3, ge=0, description="Last N screenshots kept in context.")
    keep_full_responses: int = Field(default=4, ge=0, description="Last N full responses kept; older fold to `Action:` lines.")


class EnvironmentSpec(BaseModel):
    """E: what the episode's environment provides."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    terminal: bool = True
    desktop: bool = False
    python_libraries: list[str] = Field(default_factory=lambda: ["openpyxl", "python-docx", "python-pptx"])


class HarnessConfig(BaseModel):
    """One harness version; the model's weights stay fixed while this evolves."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    version: str
    scaffold: ScaffoldConfig = ScaffoldConfig()
    tools: list[ToolName] = Field(min_length=1)
    system_prompt: str
    environment: EnvironmentSpec = EnvironmentSpec()
