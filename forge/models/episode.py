"""A teacher run on one task: the raw trajectory plus how it was judged."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue

from forge.models.results import RubricResult

EpisodeStatus = Literal["completed", "failed", "error"]
EndReason = Literal["finished", "step_limit", "malformed_calls", "model_error", "task_error"]
ThoughtSource = Literal["reference", "teacher", "annotator"]


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
    cached_tokens: int = Field(default=0, description="Input tokens the provider served from its prompt cache.")

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
    error: str | None = Field(default=None, description="Why the call was malformed (bad JSON, unknown tool, bad "
                              "arguments); the observation tells the model the same.")
    thought_source: ThoughtSource | None = Field(default=None, description="Who wrote `thought` and `action`.")


class FinalTurn(BaseModel):
    """The assistant's last turn, with no tool call: its `done`, or its answer."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    content: str = ""
    thought: str = ""
    usage: Usage = Usage()


class Annotation(BaseModel):
    """Reasoning written after the fact by a smaller model for steps whose teacher returned none."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    model: str
    steps_annotated: int = 0
    error: str | None = Field(default=None, description="Why annotation failed; the episode is then not kept.")


class FilterDecision(BaseModel):
    """The trajectory filter's call on an episode: keep it for training or not, a score, and why."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    keep: bool
    score: float = Field(ge=0, le=1, description="Share of rubric items (checks and criteria) passed.")
    reason: str


class TeacherInfo(BaseModel):
    """Who produced the steps. `reference-replay` means no model was involved."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["reference-replay", "model"]
    model: str | None = None


class ScreenSize(BaseModel):
    """The desktop's size in pixels: what a step's [0, 999] coordinates and screenshots are relative to."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    width: int = Field(gt=0)
    height: int = Field(gt=0)


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
    end_reason: EndReason | None = Field(default=None, description="Why the loop stopped.")
    final_turn: FinalTurn | None = Field(default=None, description="The teacher's closing turn (model teachers).")
    annotation: Annotation | None = None
    filter: FilterDecision | None = Field(default=None, description="The trajectory filter's decision.")
    screen: ScreenSize | None = Field(default=None, description="The desktop's size (episodes with one).")

    @property
    def passed(self) -> bool:
        annotated = self.annotation is None or self.annotation.error is None
        return self.status == "completed" and self.rubric is not None and self.rubric.passed and annotated

    @property
    def usage(self) -> Usage:
        """The teacher's tokens over every step and the closing turn."""
        usages = [s.usage for s in self.steps] + ([self.final_turn.usage] if self.final_turn else [])
        return Usage(
            prompt_tokens=sum(u.prompt_tokens for u in usages),
            completion_tokens=sum(u.completion_tokens for u in usages),
            cached_tokens=sum(u.cached_tokens for u in usages),
        )
