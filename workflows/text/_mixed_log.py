"""A combined log of four services (every container of a compose stack, or an app log never rotated):
`YYYY-MM-DD HH:MM:SS LEVEL [service] message` entries over one day or several, every level and
service present, ERROR entries optionally carrying a Python traceback. The log families split and
summarise it."""

from __future__ import annotations

import datetime as dt
import random

from faker import Faker

from preparers._corpora import corpus
from workflows.text._tracebacks import PY_ERRORS, PY_FRAMES

LEVELS = ["DEBUG", "INFO", "WARNING", "ERROR"]


def mixed_log(rng: random.Random, faker: Faker, *, days: int, traces: bool) -> tuple[list[str], list[str], list[str]]:
    """(log lines, its four services A to Z, its days in order): 10-16 entries a day, every level,
    service and day present; ERROR entries carry a Python traceback when `traces`."""
    data = corpus("logs")
    services = sorted(rng.sample(data["services"], 4))
    first = dt.date(rng.choice([2024, 2025]), 1, 1) + dt.timedelta(days=rng.randrange(360))
    dates = [first + dt.timedelta(days=k) for k in range(days)]
    per_day = [rng.randint(10, 16) if days > 1 else rng.randint(40, 60) for _ in dates]
    n = sum(per_day)
    levels = rng.choices(LEVELS, weights=[2, 10, 3, 2], k=n)
    tags = [rng.choice(services) for _ in range(n)]
    for k, i in enumerate(rng.sample(range(n), 8)):  # every level and every service at least once
        (levels if k < 4 else tags)[i] = (LEVELS + services)[k]
    lines, i = [], 0
    for day, count in zip(dates, per_day, strict=True):
        for second in sorted(rng.sample(range(6 * 3600, 23 * 3600), count)):
            stamp = dt.datetime.combine(day, dt.time()) + dt.timedelta(seconds=second)
            message = rng.choice(data["messages"][levels[i]]).format(
                ms=rng.randrange(20, 9000), user=faker.user_name(), job=f"job-{rng.randrange(1000, 9999)}",
                n=rng.randrange(2, 500), pct=rng.randrange(70, 99))
            lines.append(f"{stamp:%Y-%m-%d %H:%M:%S} {levels[i]} [{tags[i]}] {message}")
            if traces and levels[i] == "ERROR":
                kind, text = rng.choice(PY_ERRORS)
                frames = rng.sample(PY_FRAMES, rng.randint(1, 3))
                lines.append("Traceback (most recent call last):")
                for path, fn, code in frames:
                    lines += [f'  File "/srv/app/{path}", line {rng.randint(12, 240)}, in {fn}', f"    {code}"]
                lines.append(f"{kind}: {text}")
            i += 1
    return lines, services, [d.isoformat() for d in dates]
