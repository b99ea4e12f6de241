"""A service log whose errors carry their traces, as Python (`logging.exception`) and Java (logback)
services write them: a timestamped line, then a Python traceback or a Java stack trace. ERROR entries
always carry one, some WARNING entries too (a retry logged with its cause); the rest are one line."""

from __future__ import annotations

import datetime as dt
import random

from faker import Faker

from preparers._corpora import corpus

PY_ERRORS = [("TimeoutError", "gateway did not answer in 30s"), ("ConnectionResetError", "[Errno 104] Connection "
             "reset by peer"), ("KeyError", "'customer_id'"), ("ValueError", "invalid literal for int() with base 10: "
             "'N/A'"), ("json.decoder.JSONDecodeError", "Expecting value: line 1 column 1 (char 0)")]
JAVA_ERRORS = [("java.net.SocketTimeoutException", "Read timed out"), ("java.lang.IllegalStateException",
               "Connection pool shut down"), ("java.lang.NumberFormatException", 'For input string: "N/A"'),
               ("java.sql.SQLTransientConnectionException", "HikariPool-1 - Connection is not available"),
               ("java.lang.NullPointerException", 'Cannot invoke "Order.getId()" because "order" is null')]
PY_FRAMES = [("billing/capture.py", "capture", "resp = client.post(url, json=payload)"),
             ("billing/client.py", "post", "return self._send(request)"),
             ("orders/export.py", "run", "rows = [parse(r) for r in batch]"),
             ("orders/parse.py", "parse", "qty = int(record[\"qty\"])"),
             ("common/db.py", "fetch", "return conn.execute(query).fetchall()")]
JAVA_FRAMES = ["com.acme.orders.OrderClient.fetch(OrderClient.java:{n})",
               "com.acme.orders.OrderService.sync(OrderService.java:{n})",
               "com.zaxxer.hikari.pool.HikariPool.getConnection(HikariPool.java:{n})",
               "java.base/java.lang.Thread.run(Thread.java:{n})"]
ERROR_MESSAGES = ["Payment capture failed for order {order}", "Export job {job} crashed",
                  "Request to /api/orders failed", "Nightly sync aborted", "Could not load customer {order}"]
WARNING_MESSAGES = ["Retrying request after an error (attempt {k} of 3)", "Cache refresh failed, serving stale data"]


def _trace(rng: random.Random, flavor: str, error: tuple[str, str]) -> list[str]:
    kind, message = error
    if flavor == "python":
        frames = rng.sample(PY_FRAMES, rng.randint(1, 3))
        return ["Traceback (most recent call last):",
                *[x for path, fn, code in frames for x in (f'  File "/srv/app/{path}", line {rng.randint(12, 240)}, '
                                                           f"in {fn}", f"    {code}")], f"{kind}: {message}"]
    frames = rng.sample(JAVA_FRAMES, rng.randint(2, 4))
    return [f"{kind}: {message}", *[f"\tat {f.format(n=rng.randint(20, 400))}" for f in frames]]


def make_trace_log(rng: random.Random, faker: Faker, flavor: str) -> tuple[str, str]:
    """(file name, log text): 35-60 entries of one day, 5-9 ERROR entries and 1-3 traced warnings."""
    data = corpus("logs")
    service = rng.choice(data["services"])
    day = dt.date(rng.choice([2024, 2025]), 1, 1) + dt.timedelta(days=rng.randrange(365))
    errors = PY_ERRORS if flavor == "python" else JAVA_ERRORS
    common = rng.sample(errors, 3)  # a few exception types recur, so counts differ
    n = rng.randint(35, 60)
    kinds = ["ERROR"] * rng.randint(5, 9) + ["TRACED_WARNING"] * rng.randint(1, 3)
    kinds += [rng.choices(["INFO", "WARNING", "DEBUG"], weights=[10, 3, 2])[0] for _ in range(n - len(kinds))]
    rng.shuffle(kinds)
    seconds = sorted(rng.sample(range(6 * 3600, 23 * 3600), n))
    lines = []
    for kind, second in zip(kinds, seconds, strict=True):
        stamp = dt.datetime.combine(day, dt.time()) + dt.timedelta(seconds=second, milliseconds=rng.randrange(1000))
        head = f"{stamp:%Y-%m-%d %H:%M:%S},{stamp.microsecond // 1000:03d}"
        fill = {"n": rng.randrange(2, 500), "order": rng.randrange(10000, 99999), "k": rng.randint(1, 2),
                "job": f"job-{rng.randrange(1000, 9999)}",
                "ms": rng.randrange(20, 9000), "user": faker.user_name(), "pct": rng.randrange(70, 99)}
        if kind in ("ERROR", "TRACED_WARNING"):
            error = rng.choice(common) if rng.random() < 0.8 else rng.choice(errors)
            level, pool = ("ERROR", ERROR_MESSAGES) if kind == "ERROR" else ("WARNING", WARNING_MESSAGES)
            lines += [f"{head} {level} [{service}] {rng.choice(pool).format(**fill)}", *_trace(rng, flavor, error)]
        else:
            message = rng.choice(data["messages"].get(kind, data["messages"]["INFO"])).format(**fill)
            lines.append(f"{head} {kind} [{service}] {message}")
    return f"{service}_{day.isoformat()}.log", "\n".join(lines) + "\n"
