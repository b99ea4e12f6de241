"""One error tree for Forge, so callers can catch by kind and reports can count by kind.

    ForgeError
    ├── ConfigError          bad settings or arguments (names the setting and the fix)
    ├── RegistryError        unknown or duplicate registry key
    │   ├── UnknownKeyError
    │   └── DuplicateKeyError
    ├── StoreError           database problems (schema too new, bad URL)
    ├── SandboxError         the sandbox could not start or run a command
    │   └── SandboxUnavailableError   a backend's tool is missing (says how to install it)
    ├── PreparerError        a preparer could not write or read a file
    ├── WorkflowError        a workflow could not build a bundle
    │   ├── WorkflowSpecError      a workflow's declaration is inconsistent (found at registration)
    │   ├── SkillParamsError       a skill's params do not fit its workflow (misspelt, wrong value)
    │   └── WorkflowCrashedError   a workflow's own code raised something that is not a ForgeError
    ├── PluginError          a plugin failed to load or clashes with another (reported, skipped)
    ├── CheckError           a check could not run (not: a check that failed)
    ├── HarnessError         the teacher harness could not run an episode
    └── ModelError           a model endpoint call failed (translated from `openai` at one boundary)
        ├── ModelUnavailableError   transient failures outlasted the retries (429, 5xx, timeouts)
        ├── ModelRequestError       the endpoint refused the request (auth, bad request, unknown model)
        └── ModelOutputError        the reply did not validate, even after one repair attempt
"""

from __future__ import annotations


class ForgeError(Exception):
    """Root of every error Forge raises on purpose."""


class ConfigError(ForgeError):
    """Raised when a setting or argument is invalid; the message names it and the fix."""


class RegistryError(ForgeError):
    """Raised when a registry lookup or registration goes wrong."""


class UnknownKeyError(RegistryError, KeyError):
    """Raised when a name is not registered; the message lists the known names."""

    def __str__(self) -> str:  # KeyError quotes its argument; keep the message readable
        return str(self.args[0]) if self.args else ""


class DuplicateKeyError(RegistryError):
    """Raised when two things register under the same name."""


class StoreError(ForgeError):
    """Raised when the store cannot be opened or its schema does not match."""


class SandboxError(ForgeError):
    """Raised when a sandbox cannot start, or a command cannot be delivered to it."""


class SandboxUnavailableError(SandboxError):
    """Raised when a sandbox backend's tool is missing; the message says how to install it."""


class PreparerError(ForgeError):
    """Raised when a preparer cannot produce or read a file."""


class WorkflowError(ForgeError):
    """Raised when a workflow cannot build a task bundle."""


class WorkflowSpecError(WorkflowError):
    """Raised when a workflow's spec does not hold together (unknown check, unbound option, ...)."""


class SkillParamsError(WorkflowError):
    """Raised when a skill's params do not validate against its workflow's skill-params model."""


class WorkflowCrashedError(WorkflowError):
    """Raised when a workflow's draw, files or reference raised an unexpected exception."""


class PluginError(ForgeError):
    """Raised when a plugin cannot be loaded or registers a name another plugin holds."""


class CheckError(ForgeError):
    """Raised when a check cannot run at all (a failed check is a result, not an error)."""


class HarnessError(ForgeError):
    """Raised when the teacher harness cannot run an episode."""


class ModelError(ForgeError):
    """Raised when a model endpoint call fails; the message never holds an API key."""


class ModelUnavailableError(ModelError):
    """Raised when rate limits, server errors or timeouts outlast the retries."""


class ModelRequestError(ModelError):
    """Raised when the endpoint refuses the request itself (auth, bad request, unknown model)."""


class ModelOutputError(ModelError):
    """Raised when a structured reply does not validate, even after one repair attempt."""

    def __init__(self, message: str, raw: str = "") -> None:
        super().__init__(message)
        self.raw = raw
