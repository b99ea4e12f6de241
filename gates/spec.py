"""The gate contract: a gate takes a bundle and returns a GateResult with a reason code.

Gates run in order, cheapest first; the first rejection stops the rest. Each reason code is a
stable, machine-readable string so reports can count rejections by kind.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field, JsonValue

from forge.environment import TaskEnvironment
from forge.harness import LoopResult
from forge.models import GateResult, HarnessConfig, RubricResult, TaskBundle
from forge.registry import Registry
from forge.sandbox import SandboxLimits


class RoundTripVerdict(Protocol):
    ok: bool
    message: str


@runtime_checkable
class DuplicateIndex(Protocol):
    """The accepted tasks a near-duplicate gate compares against (gates.duplicates: a run's
    `StoredIndex`, or an in-memory `NearDuplicateIndex`)."""

    threshold: float

    def find(self, bundle: TaskBundle) -> tuple[str, float] | None: ...


class GateContext(BaseModel):
    """Where and how gates may run sandboxes, and the bounds they enforce."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    scratch_root: Path
    limits: SandboxLimits = Field(default_factory=SandboxLimits)
    backend: str = "bwrap"
    max_file_bytes: int = Field(default=20 * 1024 * 1024, description="Largest input file accepted.")
    min_instruction_chars: int = 40
    max_instruction_chars: int = 4000
    roundtrip: Callable[[bytes, str], RoundTripVerdict | None] | None = Field(
        default=None, description="LibreOffice round trip per file (None: off); returns None for types it skips.")
    duplicates: DuplicateIndex | None = Field(default=None, description="Accepted tasks to compare with (None: off).")
    on_oracle_run: Callable[[TaskEnvironment, HarnessConfig, LoopResult, RubricResult, float], None] | None = Field(
        default=None, description="Given the package gate's oracle run once it passed: its still-open environment, "
        "harness, loop, checks' result and start (forge.harness.OracleReplay.keep keeps it as the replay teacher's episode).")


class Rejection(Exception):
    """Raised inside a gate to reject the bundle; becomes a failed GateResult, never escapes."""

    def __init__(self, reason: str, message: str, **details: JsonValue) -> None:
        super().__init__(message)
        self.reason = reason
        self.message = message
        self.details = details


class Gate(Protocol):
    name: str

    def check(self, bundle: TaskBundle, ctx: GateContext) -> dict[str, JsonValue]:
        """Return details when the bundle passes; raise Rejection when it does not."""
        ...


GATES: Registry[Gate] = Registry("gate")
GATE_ORDER: list[str] = []


def register_gate(name: str) -> Callable[[type], type]:
    def add(cls: type) -> type:
        GATES.add(name, cls())
        GATE_ORDER.append(name)
        return cls

    return add


def run_gate(name: str, bundle: TaskBundle, ctx: GateContext) -> GateResult:
    gate = GATES.get(name)
    started = time.perf_counter()
    try:
        details = gate.check(bundle, ctx)
    except Rejection as rej:
        return GateResult(gate=name, passed=False, reason=rej.reason, message=rej.message, details=rej.details,
                          duration_s=round(time.perf_counter() - started, 4))
    return GateResult(gate=name, passed=True, details=details, duration_s=round(time.perf_counter() - started, 4))


def run_gates(bundle: TaskBundle, ctx: GateContext) -> list[GateResult]:
    """Run every gate in order, cheapest first; stop at the first rejection."""
    results: list[GateResult] = []
    for name in GATE_ORDER:
        results.append(run_gate(name, bundle, ctx))
        if not results[-1].passed:
            break
    return results
