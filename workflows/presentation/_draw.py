"""Drawing a family's yes/no choices: the skill fixes one (a matrix axis) or the seed decides."""

from __future__ import annotations

from workflows.spec import WorkflowContext


def pick(ctx: WorkflowContext, name: str) -> bool:
    """The skill's fixed value of the bool option `name`, else a seeded coin toss."""
    fixed = getattr(ctx.options, name, None)
    return ctx.rng.random() < 0.5 if fixed is None else bool(fixed)
