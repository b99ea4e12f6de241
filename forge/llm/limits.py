"""Per-endpoint concurrency and rate limits, in process.

Why not Prefect global concurrency limits: they need a Prefect API round trip per acquisition and a
limit created on the server first, and they do nothing outside a flow without a server; a model call
happens in flows, in the CLI and in tests alike. So each process holds one limiter per endpoint: a
semaphore bounds requests in flight and a token bucket bounds requests per minute. Across machines
the endpoint's own 429s, retried with backoff by the client, are the global bound.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager


class EndpointLimiter:
    """At most `max_concurrency` requests in flight and `requests_per_minute` started per minute."""

    def __init__(self, max_concurrency: int, requests_per_minute: float | None = None, *,
                 clock: Callable[[], float] = time.monotonic, sleep: Callable[[float], None] = time.sleep) -> None:
        self.max_concurrency = max_concurrency
        self.requests_per_minute = requests_per_minute
        self._clock, self._sleep = clock, sleep  # injectable so the bucket's arithmetic is testable without waiting
        self._slots = threading.BoundedSemaphore(max_concurrency)
        self._lock = threading.Lock()
        self._tokens = 1.0 if requests_per_minute else 0.0
        self._stamp = clock()

    def _take_token(self) -> None:
        if not self.requests_per_minute:
            return
        rate = self.requests_per_minute / 60.0
        burst = max(1.0, min(self.requests_per_minute / 60.0, float(self.max_concurrency)))
        while True:
            with self._lock:
                now = self._clock()
                self._tokens = min(burst, self._tokens + (now - self._stamp) * rate)
                self._stamp = now
                if self._tokens >= 1.0:
                    self._tokens -= 1.0
                    return
                wait = (1.0 - self._tokens) / rate
            self._sleep(wait)

    @contextmanager
    def slot(self) -> Iterator[None]:
        with self._slots:
            self._take_token()
            yield


_LIMITERS: dict[tuple[str, int, float | None], EndpointLimiter] = {}
_LIMITERS_LOCK = threading.Lock()


def limiter_for(base_url: str, max_concurrency: int, requests_per_minute: float | None) -> EndpointLimiter:
    """One limiter per endpoint and limits in this process, shared by every role that uses it."""
    key = (base_url, max_concurrency, requests_per_minute)
    with _LIMITERS_LOCK:
        if key not in _LIMITERS:
            _LIMITERS[key] = EndpointLimiter(max_concurrency, requests_per_minute)
        return _LIMITERS[key]
