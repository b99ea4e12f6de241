"""Work a gate overlaps with its own: LibreOffice round trips, and probes that wait on a sandbox.

A round trip waits on soffice (another process), so the package gate starts the round trip of
the oracle's outputs and runs its mutation probes meanwhile, and the file gate starts every
input's round trip before it inspects them. Each round-trip thread keeps its own LibreOffice
profile and soffice (`gates.libreoffice.profile_for_worker` is per thread; ~200 MB each), and
the thread lives as long as the process, so its soffice stays warm. One thread per process: a
task's several inputs queue for it rather than start a soffice each (four threads held four
soffices per worker, 1.9 GB of a 2-worker run's 3.4 GB), and on a busy machine they would only
have shared the same cores.

Probes (`probe`) run on threads of their own, never on a round-trip thread: the do-nothing probe
reads its host-side copy while the oracle runs in the sandbox (a code task's do-nothing probe
waits on its own sandboxed test run), and a probe never queues behind a round trip.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TypeVar

T = TypeVar("T")
MAX_THREADS = 1  # round-trip threads, so soffices, per process
MAX_PROBE_THREADS = 2


class _Threads:
    """A thread pool started on first use, forgotten in a forked child (the parent's threads do
    not exist there)."""

    def __init__(self, size: int, name: str) -> None:
        self.size, self.name = size, name
        self._pool: ThreadPoolExecutor | None = None
        self._lock = threading.Lock()

    def submit(self, fn: Callable[..., T], *args: object) -> Future[T]:
        with self._lock:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(self.size, thread_name_prefix=self.name)
            return self._pool.submit(fn, *args)

    def forget(self) -> None:
        self._pool, self._lock = None, threading.Lock()


_round_trips = _Threads(MAX_THREADS, "forge-libreoffice")
_probes = _Threads(MAX_PROBE_THREADS, "forge-probe")
os.register_at_fork(after_in_child=lambda: (_round_trips.forget(), _probes.forget()))


def submit(fn: Callable[..., T], *args: object) -> Future[T]:
    """Run `fn(*args)` on this process's round-trip threads."""
    return _round_trips.submit(fn, *args)


def probe(fn: Callable[..., T], *args: object) -> Future[T]:
    """Run `fn(*args)` on this process's probe threads (never a round-trip thread)."""
    return _probes.submit(fn, *args)
