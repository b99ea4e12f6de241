"""Context around a request: who needs it, when or why, an opener and a sign-off.

Real requests come with context ("Finance is waiting on this before the weekly review"), and a
skill's tasks differ mostly in their data, not their wording: without context, the same phrasing
over the same file names is a near twin, and a skill runs out of distinct tasks long before the
50 each should yield. The words come from `data/corpora/requests.json`, per app, and hold no
digits and nothing about how to do the task, so framing never states a constraint or an answer.
"""

from __future__ import annotations

import random
import re

from preparers._corpora import corpus


def _pool(pools: dict[str, list[str]], app: str) -> list[str]:
    return [*pools["any"], *pools.get(app, [])]


def reason(rng: random.Random, app: str) -> str:
    """Who needs it and when ("Legal is waiting on this before lunch."), or why."""
    words = corpus("requests")
    if rng.random() < 0.5:
        return rng.choice(_pool(words["situations"], app))
    return f"{rng.choice(_pool(words['audiences'], app))} {rng.choice(words['needs'])} {rng.choice(words['whens'])}."


# a phrasing that greets or thanks already keeps its own: no second "Hello!" or "Thanks!"
_GREETS = re.compile(r"^(hi|hello|hey|morning|good (morning|afternoon)|afternoon|dear)\b", re.IGNORECASE)
_THANKS = re.compile(r"\b(thanks|thank you|cheers|appreciated?)\b[^.!?]*[.!?]?\W*$", re.IGNORECASE)


def frame(instruction: str, apps: list[str], seed: int) -> str:
    """`instruction` with an opener, a reason before or after it and a sign-off, drawn from the
    seed apart from the workflow's own draws (framing never changes a task's data)."""
    rng = random.Random(f"{seed}:framing")
    words = corpus("requests")
    app = apps[0] if len(set(apps)) == 1 else "multi"
    opener, why, closer = rng.choice(words["openers"]), reason(rng, app), rng.choice(words["closers"])
    text = instruction.strip()
    opener = "" if _GREETS.match(text) else opener
    closer = "" if _THANKS.search(text) else closer
    before = [opener, why] if rng.random() < 0.5 else [opener]
    after = [closer] if len(before) == 2 else [why, closer]
    tail = " ".join(w for w in after if w)
    joint = "\n\n" if "\n" in text else " "  # a request ending in a list gets its own line
    return " ".join([*(w for w in before if w), text]) + (joint + tail if tail else "")
