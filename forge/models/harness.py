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
    max_malformed: int = Field(default=3, ge=1, description="Malformed tool calls in a row that end the episode.")
    temperature: float | None = Field(default=None, ge=0, le=2, description="Sampling temperature; None = the server's.")
    max_tokens: int | None = Field(default=None, ge=1, description="Completion tokens per turn; None = the server's.")
    observation_chars: int = Field(default=8000, ge=200, description="Characters of a tool's output the model sees per step (head and tail).")


class DomainLibraryRef(BaseModel):
    """A Forge domain library (`forge.harness.domain_libraries`) pinned by the digest of its content."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(pattern=r"^[a-z][a-z0-9_]*$", description="Its name; importable inside as `forgelib.<name>`.")
    digest: str = Field(pattern=r"^[0-9a-f]{12}$", description="12 hex of sha256 over its files, as evaluated.")


class EnvironmentSpec(BaseModel):
    """E: what the episode's environment provides."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    terminal: bool = True
    desktop: bool = False
    accessibility_tree: bool = Field(default=False, description=(
        "With a desktop: each computer_use observation also carries the accessibility tree of the app in front "
        "(the browser page's ARIA snapshot), as text beside the screenshot."))
    python_libraries: list[str] = Field(default_factory=lambda: ["openpyxl", "python-docx", "python-pptx"],
                                        description="Distributions of the sandbox's python3 the prompt names.")
    domain_libraries: list[DomainLibraryRef] = Field(default_factory=list, description=(
        "Forge's helper packages the sandbox mounts read-only (and only these), documented in the prompt."))


class HarnessConfig(BaseModel):
    """One harness version; the model's weights stay fixed while this evolves."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    version: str
    scaffold: ScaffoldConfig = ScaffoldConfig()
    tools: list[ToolName] = Field(min_length=1)
    system_prompt: str = Field(description="A jinja2 template: `tools`, `libraries`, `max_steps`, `harness`.")
    environment: EnvironmentSpec = EnvironmentSpec()
