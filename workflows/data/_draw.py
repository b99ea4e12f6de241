"""Draw helpers shared by the data workflows: a yes/no option a skill may fix, and text retyped
the way hand-kept exports retype it (the messy variants)."""

from __future__ import annotations

import random
from typing import Any

from workflows.spec import WorkflowContext


def either(ctx: WorkflowContext, given: bool | None, share: float = 0.5) -> bool:
    """The skill's fixed value, or a seeded coin with `share` for True."""
    return given if given is not None else ctx.rng.random() < share


def retyped(rng: random.Random, value: str) -> str:
    """The same text in another case or with stray spacing (never equal to `value`)."""
    options = [value.upper(), value.lower(), value.lower().capitalize(), f"{value} ", f" {value}",
               value.replace(" ", "  ", 1)]
    return rng.choice([o for o in options if o.strip() != value and o != value] or [value.swapcase()])


def misleading_order(rng: random.Random, rows: list[list[Any]], keep: str) -> list[list[Any]]:
    """`rows` (key first, date last) shuffled until some key of three or more rows has its latest
    (`keep`: or earliest) row neither first nor last of its rows, so position never stands in for date."""
    while True:
        rng.shuffle(rows)
        picks: dict[Any, int] = {}
        for i, row in enumerate(rows):
            pick = picks.get(row[0])
            if pick is None or ((row[-1] > rows[pick][-1]) == (keep == "latest")):
                picks[row[0]] = i
        places = {k: [i for i, r in enumerate(rows) if r[0] == k] for k in picks}
        if any(len(p) > 2 and picks[k] not in (p[0], p[-1]) for k, p in places.items()):
            return rows
