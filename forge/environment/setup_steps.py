"""Setup step handlers, dispatched by the step's `type` through a registry (never an if-chain)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from forge.errors import ForgeError, SandboxError
from forge.models import SetupStep
from forge.registry import Registry
from forge.sandbox import Sandbox

ParamsT = TypeVar("ParamsT", bound=BaseModel)


class SetupError(ForgeError):
    """Raised when a setup step fails; the message says which step (i/N, type) and why."""


@dataclass(frozen=True)
class SetupKind(Generic[ParamsT]):
    params: type[ParamsT]
    apply: Callable[[Sandbox, ParamsT], None]
    describe: Callable[[ParamsT], str]


SETUP_STEPS: Registry[SetupKind[Any]] = Registry("setup step")


class ExecuteParams(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    command: str
    timeout_s: float | None = None


def _execute(sandbox: Sandbox, params: ExecuteParams) -> None:
    result = sandbox.run(params.command, timeout_s=params.timeout_s)
    if result.exit_code != 0:
        detail = (result.stderr or result.stdout).strip()[-500:]
        raise SetupError(f"`{params.command}` exited {result.exit_code}: {detail}")


SETUP_STEPS.add("execute", SetupKind(ExecuteParams, _execute, lambda p: p.command))


def apply_setup(sandbox: Sandbox, steps: list[SetupStep]) -> None:
    """Run every step in order; the first failure raises SetupError naming the step."""
    for number, step in enumerate(steps, start=1):
        where = f"setup step {number}/{len(steps)} ({step.type})"
        try:
            kind = SETUP_STEPS.get(step.type)
            params = kind.params.model_validate(step.parameters)
            kind.apply(sandbox, params)
        except ValidationError as exc:
            raise SetupError(f"{where}: invalid parameters: {exc}") from exc
        except SandboxError:
            raise  # the sandbox failed, not the task's setup: let the caller retry
        except ForgeError as exc:
            raise SetupError(f"{where}: {exc}") from exc


def setup_script(steps: list[SetupStep]) -> str:
    """The setup as one readable shell script, for humans and for exports."""
    lines = ["#!/bin/sh", "set -e", "cd /job"]
    for step in steps:
        kind = SETUP_STEPS.get(step.type)
        lines.append(kind.describe(kind.params.model_validate(step.parameters)))
    return "\n".join(lines) + "\n"
