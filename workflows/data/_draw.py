"""Draw helpers shared by the data workflows: a yes/no option a skill may fix, and text retyped
the way hand-kept exports retype it (the messy variants)."""

from __future__ import annotations

import random

from workflows.spec import WorkflowContext


def either(ctx: WorkflowContext, given: bool | None, share: float = 0.5) -> bool:
    """The skill's fixed value, or a seeded coin with `share` for True."""
    return given if given is not None else ctx.rng.random() < share


def retyped(rng: random.Random, value: str) -> str:
    """The same text in another case or with stray spacing (never equal to `value`)."""
    options = [value.upper(), value.lower(), value.lower().capitalize(), f"{value} ", f" {value}",
               value.replace(" ", "  ", 1)]
    return rng.choice([o for o in options if o.strip() != value and o != value] or [value.swapcase()])
