"""Per-episode sandboxes: a persistent shell with no network, no host secrets, bounded resources.

Use `with open_sandbox(job_dir) as box:` then `box.run("cd sub && python3 make.py")`,
`box.put_file("in.csv", data)` and `box.get_file("out.xlsx")`; see `spec.Sandbox`.
"""

from forge.sandbox._paths import SandboxPathError
from forge.sandbox._limits import CgroupUnavailableError, SandboxCgroup
from forge.sandbox.bwrap import BwrapBackend, BwrapSandbox
from forge.sandbox.jobdir import DiskBoundUnavailableError, JobDir, JobDirRemovalError
from forge.sandbox.spec import (
    SANDBOX_BACKENDS,
    CommandResult,
    Sandbox,
    SandboxBackend,
    SandboxLimits,
    SandboxTimeLimitError,
    open_sandbox,
)

__all__ = [
    "SANDBOX_BACKENDS",
    "BwrapBackend",
    "BwrapSandbox",
    "CgroupUnavailableError",
    "CommandResult",
    "DiskBoundUnavailableError",
    "JobDir",
    "JobDirRemovalError",
    "Sandbox",
    "SandboxBackend",
    "SandboxCgroup",
    "SandboxLimits",
    "SandboxPathError",
    "SandboxTimeLimitError",
    "open_sandbox",
]
