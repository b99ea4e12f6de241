"""A teacher run on one task: the raw trajectory plus how it was judged."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue

from forge.models.results import RubricResult

EpisodeStatus = Literal["completed", "failed", "error"]


class ToolCall(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    arguments: dict[str, JsonValue]


class Observation(BaseModel):
    """What the tool returned: terminal text, or a PNG screenshot for the GUI channel."""

    model_config = ConfigDict(frozen=True, extra="forbid", ser_json_bytes="base64", val_json_bytes="base64")

    text: str = ""
    exit_code: int | None = None
    timed_out: bool = False
    truncated: bool = False
    screenshot_png: bytes | None = None


class Usage(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    prompt_tokens: int = 0
    completion_tokens: int = 0

    @property
    def total_tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens


class Step(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    index: int = Field(ge=0)
    channel: Literal["gui", "terminal"]
    thought: str
    action: str = Field(description="One-line `Action:` summary.")
    tool_call: ToolCall
    observation: Observation
    usage: Usage = Usage()
    latency_s: float = 0.0


class TeacherInfo(BaseModel):
    """Who produced the steps. `reference-replay` means no model was involved."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["reference-replay", "model"]
    model: str | None = None


class Episode(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    task_id: str
    harness: str
    harness_version: str
    teacher: TeacherInfo
    judge: str = Field(description="Which judge scored it, e.g. `programmatic`.")
    steps: list[Step]
    rubric: RubricResult | None = None
    judge_verdict: dict[str, JsonValue] = Field(default_factory=dict)
    status: EpisodeStatus
    error: str | None = None
    duration_s: float = 0.0

    @property
    def passed(self) -> bool:
        return self.status == "completed" and self.rubric is not None and self.rubric.passed

    @property
    def usage(self) -> Usage:
        return Usage(
            prompt_tokens=sum(s.usage.prompt_tokens for s in self.steps),
            completion_tokens=sum(s.usage.completion_tokens for s in self.steps),
        )
