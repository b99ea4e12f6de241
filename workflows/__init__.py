"""Workflows: skill-conditioned recipes that each write one task bundle per seed.

Each family registers with `@register_workflow` (`workflows.spec`) when its app's plugin loads
(`forge.plugins`); the built-ins are plugins too, so nothing is imported here.
"""

from workflows.spec import (
    WORKFLOWS,
    Brief,
    CheckTemplate,
    FileSlot,
    SkillParams,
    Workflow,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
    validate_skills,
)

__all__ = ["WORKFLOWS", "Brief", "CheckTemplate", "FileSlot", "SkillParams", "Workflow", "WorkflowContext",
           "WorkflowSpec", "register_workflow", "validate_skills"]
