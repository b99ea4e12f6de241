"""The sandbox contract: limits, command results, and the protocol every backend implements.

A sandbox is one episode's private machine: a persistent shell whose working directory is
the episode's job dir (seen inside as `/job`), with no network, no host secrets and bounded
resources. `bwrap` is the default backend; a Docker backend can plug in later by
implementing `SandboxBackend` and registering itself in `SANDBOX_BACKENDS`.
"""

from __future__ import annotations

from pathlib import Path
from types import TracebackType
from typing import Protocol, Self, runtime_checkable

from pydantic import BaseModel, ConfigDict, ValidationInfo, field_validator

from forge.registry import Registry


class SandboxLimits(BaseModel):
    """Resource bounds for one sandbox; every value must be positive."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    memory_mb: int = 1024
    """Address-space limit per process (RLIMIT_AS), MiB."""
    max_processes: int = 128
    """Processes the sandbox user may hold at once (RLIMIT_NPROC)."""
    cpu_seconds: int = 60
    """CPU seconds per process (RLIMIT_CPU); the kernel kills a spinning process."""
    file_size_mb: int = 256
    """Largest file a process may write (RLIMIT_FSIZE), MiB; also caps the /tmp tmpfs."""
    command_timeout_s: float = 30.0
    """Wall-clock limit per command; on expiry the sandbox is killed and restarted lazily."""
    output_limit_bytes: int = 64_000
    """Bytes kept per stream (stdout, stderr) per command; the rest is read and dropped."""

    @field_validator("*")
    @classmethod
    def _positive(cls, value: float, info: ValidationInfo) -> float:
        if value <= 0:
            raise ValueError(f"SandboxLimits.{info.field_name} must be positive, got {value!r}")
        return value


class CommandResult(BaseModel):
    """What one shell command produced; outputs are utf-8 decoded with replacement."""

    model_config = ConfigDict(frozen=True)

    command: str
    stdout: str
    stderr: str
    exit_code: int
    """The command's status; 124 on timeout; the shell's status if the command exited it."""
    timed_out: bool
    truncated: bool
    """True when either stream exceeded `output_limit_bytes` and was cut."""
    duration_s: float
    shell_restarted: bool
    """True when the shell was restarted before this command (shell state like cwd and
    exported variables was lost; files in the job dir persist)."""


@runtime_checkable
class Sandbox(Protocol):
    """A running sandbox. The extension contract a Docker backend will implement later.

    `job_dir` is the host path of the sandbox's only writable host directory, seen inside
    as `/job` (also the shell's start directory and HOME). `run` executes `command` in a
    persistent shell, so `cd` and `export` carry over between calls. File helpers take
    paths relative to the job dir (or `/job/...`) and refuse `..`, other absolute paths,
    symlinks anywhere on the path, and non-regular files.
    Not thread-safe for concurrent `run` calls on one sandbox.
    """

    job_dir: Path

    def run(self, command: str, timeout_s: float | None = None) -> CommandResult: ...

    def put_file(self, rel_path: str, data: bytes) -> None: ...

    def get_file(self, rel_path: str) -> bytes: ...

    def close(self) -> None: ...

    def __enter__(self) -> Self: ...

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None: ...


@runtime_checkable
class SandboxBackend(Protocol):
    """A way to make sandboxes (bubblewrap today, Docker later)."""

    name: str

    def check_available(self) -> None:
        """Raise SandboxUnavailableError, naming the install command, if the tool is missing."""
        ...

    def open(self, job_dir: Path, limits: SandboxLimits) -> Sandbox: ...


SANDBOX_BACKENDS: Registry[SandboxBackend] = Registry("sandbox backend")


def open_sandbox(
    job_dir: Path | str,
    limits: SandboxLimits | None = None,
    backend: str = "bwrap",
) -> Sandbox:
    """Open a sandbox over `job_dir` with the named backend (default: bubblewrap)."""
    chosen = SANDBOX_BACKENDS.get(backend)
    chosen.check_available()
    return chosen.open(Path(job_dir), limits or SandboxLimits())
