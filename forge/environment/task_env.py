"""A task's environment: a fresh sandbox whose job dir holds the task's files as setup left them."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType

from forge.checks import FinalState
from forge.environment.setup_steps import apply_setup
from forge.models import TaskBundle
from forge.paths import resolve_inside
from forge.sandbox import CommandResult, JobDir, Sandbox, SandboxLimits, open_sandbox
from forge.sandbox.python_packages import PythonPackage

logger = logging.getLogger(__name__)


class TaskEnvironment:
    """One bundle in one fresh sandbox. Use as a context manager; the job dir is removed on exit.

    A job dir made here is its own tmpfs of `limits.disk_mb` (`forge.sandbox.JobDir`), removed
    at close whatever the sandbox left in it; a `job_dir` passed in (the CLI's materialize and
    solve, which run the task's own setup and reference on a folder the user keeps) is the
    caller's, neither bounded nor removed. `packages` (a harness's domain libraries) are importable
    in the sandbox, read-only; nothing else is added to it.

    Folder layout (host side)::

        <scratch_root>/job-<random>/  the job dir, `/job` inside the sandbox
            inputs/...                the task's input files
            outputs/...               where the solution writes
    """

    def __init__(
        self,
        bundle: TaskBundle,
        scratch_root: Path,
        *,
        limits: SandboxLimits | None = None,
        backend: str = "bwrap",
        job_dir: Path | None = None,
        packages: Sequence[PythonPackage] = (),
    ) -> None:
        self.bundle = bundle
        self._owned: JobDir | None = None
        if job_dir is None:
            self._owned = JobDir.create(scratch_root, limits or SandboxLimits())
            job_dir = self._owned.path
        self.job_dir = job_dir
        self._limits = limits
        self._backend = backend
        self._packages = tuple(packages)
        self._sandbox: Sandbox | None = None

    @property
    def sandbox(self) -> Sandbox:
        if self._sandbox is None:
            self._sandbox = open_sandbox(self.job_dir, self._limits, backend=self._backend, packages=self._packages)
        return self._sandbox

    def materialize(self) -> None:
        """Write the input files, then run the setup steps inside the sandbox."""
        for spec in self.bundle.inputs():
            target = resolve_inside(self.job_dir, spec.path)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(spec.content or b"")
        apply_setup(self.sandbox, self.bundle.setup)

    def run(self, command: str, timeout_s: float | None = None) -> CommandResult:
        return self.sandbox.run(command, timeout_s=timeout_s)

    def final_state(self) -> FinalState:
        """The job dir as the run left it. Stops the sandbox first: no background job of the run
        may change (or swap a symlink into) what the checks are about to read."""
        self._stop_sandbox()
        originals = {f.path: f.content or b"" for f in self.bundle.inputs()}
        return FinalState(self.job_dir, originals)

    def _stop_sandbox(self) -> None:
        if self._sandbox is not None:
            self._sandbox.close()
            self._sandbox = None

    def close(self) -> None:
        """Stop the sandbox, then remove the job dir if this environment made it (at any depth,
        whatever modes or special files the sandbox left)."""
        try:
            self._stop_sandbox()
        finally:
            if self._owned is not None:
                self._owned.remove()

    def __enter__(self) -> TaskEnvironment:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.close()
