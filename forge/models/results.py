"""Outcomes of checks, rubrics and gates. Failures are data: they carry a kind and a message."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, JsonValue


class CheckResult(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    func: str
    passed: bool
    message: str = ""
    error: bool = Field(default=False, description="True when the check could not run at all.")


class RubricResult(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    checks: list[CheckResult]

    @property
    def passed(self) -> bool:
        return bool(self.checks) and all(c.passed for c in self.checks)

    def failures(self) -> list[CheckResult]:
        return [c for c in self.checks if not c.passed]


class GateResult(BaseModel):
    """One gate's verdict on one bundle, with a machine-readable reason code when it rejects."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    gate: str
    passed: bool
    reason: str | None = Field(default=None, description="Reason code, e.g. `rubric_passes_untouched`.")
    message: str = ""
    details: dict[str, JsonValue] = Field(default_factory=dict)
    duration_s: float = 0.0


class JudgeOutcome(BaseModel):
    """A judge's score of one episode: the rubric's check results plus the verdict it recorded."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    rubric: RubricResult
    verdict: dict[str, JsonValue] = Field(default_factory=dict)
