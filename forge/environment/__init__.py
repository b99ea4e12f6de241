"""Task environments: a sandbox plus the task's files, set up and ready for a solver."""

from forge.environment.setup_steps import SETUP_STEPS, SetupError, apply_setup, setup_script
from forge.environment.snapshot import JobState
from forge.environment.task_env import TaskEnvironment

__all__ = ["JobState", "SETUP_STEPS", "SetupError", "TaskEnvironment", "apply_setup", "setup_script"]
