"""Forge's core contracts: every value that crosses a package boundary is one of these."""

from forge.models.episode import Annotation, Episode, FilterDecision, FinalTurn, Observation, Step, TeacherInfo, ToolCall, Usage
from forge.models.harness import EnvironmentSpec, HarnessConfig, ScaffoldConfig
from forge.models.results import CheckResult, GateResult, JudgeOutcome, RubricResult
from forge.models.skill import Skill
from forge.models.task import (
    Check,
    ReferenceSolution,
    ReferenceStep,
    Rubric,
    SetupStep,
    TaskBundle,
    TaskFile,
)

__all__ = [
    "Annotation", "FilterDecision", "FinalTurn",
    "Check", "CheckResult", "EnvironmentSpec", "Episode", "GateResult", "HarnessConfig", "JudgeOutcome",
    "Observation", "ReferenceSolution", "ReferenceStep", "Rubric", "RubricResult", "ScaffoldConfig",
    "SetupStep", "Skill", "Step", "TaskBundle", "TaskFile", "TeacherInfo", "ToolCall", "Usage",
]
