"""The sandbox contract: limits, command results, and the protocol every backend implements.

A sandbox is one episode's private machine: a persistent shell whose working directory is
the episode's job dir (seen inside as `/job`), with no network, no host secrets and bounded
resources. `bwrap` is the default backend; a Docker backend can plug in later by
implementing `SandboxBackend` and registering itself in `SANDBOX_BACKENDS`.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Protocol, Self, runtime_checkable

from pydantic import BaseModel, ConfigDict, ValidationInfo, field_validator

from forge.errors import ForgeError
from forge.registry import Registry

if TYPE_CHECKING:
    from forge.sandbox.python_packages import PythonPackage


class SandboxLimits(BaseModel):
    """Resource bounds for one sandbox; every number must be positive.

    `memory_mb`, `max_processes`, `disk_mb` and `wall_time_s` hold for the sandbox as a whole
    (a cgroup, a size-bounded job dir, a deadline): see `forge.sandbox._limits` and the threat
    model in docs/architecture.md. The rest are per process or per command.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    memory_mb: int = 2048
    """Memory of the whole sandbox (every process, plus what it writes to /tmp and /dev/shm), MiB;
    a memory cgroup. Over it the kernel kills the sandbox's largest process."""
    max_processes: int = 512
    """Tasks (processes and threads) the whole sandbox may hold at once; a pids cgroup, and
    RLIMIT_NPROC for the sandbox's uid. Room for a browser's threads, not for a fork bomb."""
    disk_mb: int = 1024
    """Bytes the job dir may hold, MiB: a job dir made by `TaskEnvironment` is its own tmpfs of
    this size, so a write past it fails with ENOSPC."""
    wall_time_s: float = 3600.0
    """Wall-clock life of the whole sandbox: past it, every process in it is killed (a background
    job sleeping forever included) and `run` raises SandboxTimeLimitError."""
    cpu_seconds: int = 60
    """CPU seconds per process (RLIMIT_CPU); the kernel kills a spinning process."""
    file_size_mb: int = 256
    """Largest file a process may write (RLIMIT_FSIZE), MiB; also caps /tmp and /dev/shm (tmpfs each)."""
    command_timeout_s: float = 30.0
    """Wall-clock limit per command; on expiry the sandbox is killed and restarted lazily."""
    output_limit_bytes: int = 64_000
    """Bytes kept per stream (stdout, stderr) per command; the rest is read and dropped."""
    require_aggregate_limits: bool = True
    """Refuse to open a sandbox (or make a job dir) whose memory, processes or disk cannot be
    bounded in aggregate (no writable cgroup, no right to mount: not root). False falls back to
    per-process rlimits (RLIMIT_AS = `memory_mb` per process) and an unbounded job dir, logged
    as a warning once per process."""
    cgroup_parent: str | None = None
    """The cgroup (a path such as `/forge`, in every hierarchy) under which sandbox cgroups are
    made; None: the host process's own cgroup, so limits the host runs under still apply."""

    @field_validator("memory_mb", "max_processes", "disk_mb", "wall_time_s", "cpu_seconds", "file_size_mb",
                     "command_timeout_s", "output_limit_bytes")
    @classmethod
    def _positive(cls, value: float, info: ValidationInfo) -> float:
        if value <= 0:
            raise ValueError(f"SandboxLimits.{info.field_name} must be positive, got {value!r}")
        return value


class SandboxTimeLimitError(ForgeError):
    """Raised by `run` once the sandbox's `wall_time_s` ran out (its processes were killed).

    Not a SandboxError: the host is fine, the episode used up its time, and is recorded as such
    rather than retried.
    """


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

    def open(self, job_dir: Path, limits: SandboxLimits, packages: Sequence[PythonPackage] = ()) -> Sandbox:
        """A sandbox over `job_dir`; `packages` importable inside, read-only (`forge.sandbox.python_packages`)."""
        ...


SANDBOX_BACKENDS: Registry[SandboxBackend] = Registry("sandbox backend")


def open_sandbox(
    job_dir: Path | str,
    limits: SandboxLimits | None = None,
    backend: str = "bwrap",
    packages: Sequence[PythonPackage] = (),
) -> Sandbox:
    """Open a sandbox over `job_dir` with the named backend (default: bubblewrap); `packages`
    (a harness's domain libraries) are importable in it, read-only, and nothing else is added."""
    chosen = SANDBOX_BACKENDS.get(backend)
    chosen.check_available()
    return chosen.open(Path(job_dir), limits or SandboxLimits(), packages)
