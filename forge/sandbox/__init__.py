"""Per-episode sandboxes: a persistent shell with no network, no host secrets, bounded resources.

Use `with open_sandbox(job_dir) as box:` then `box.run("cd sub && python3 make.py")`,
`box.put_file("in.csv", data)` and `box.get_file("out.xlsx")`; see `spec.Sandbox`.
"""

from forge.sandbox._paths import SandboxPathError
from forge.sandbox.bwrap import BwrapBackend, BwrapSandbox
from forge.sandbox.spec import (
    SANDBOX_BACKENDS,
    CommandResult,
    Sandbox,
    SandboxBackend,
    SandboxLimits,
    open_sandbox,
)

__all__ = [
    "SANDBOX_BACKENDS",
    "BwrapBackend",
    "BwrapSandbox",
    "CommandResult",
    "Sandbox",
    "SandboxBackend",
    "SandboxLimits",
    "SandboxPathError",
    "open_sandbox",
]
