"""Workflows: skill-conditioned recipes that each write one task bundle per seed.

Built-ins register on import exactly as a plugin would, through `workflows.spec`.
"""

from workflows import spreadsheet  # noqa: F401  (built-ins register on import)
from workflows.spec import WORKFLOWS, Brief, Workflow, WorkflowContext, register_workflow

__all__ = ["WORKFLOWS", "Brief", "Workflow", "WorkflowContext", "register_workflow", "spreadsheet"]
