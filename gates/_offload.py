"""The LibreOffice round trips of a process run on a few long-lived threads of their own.

A round trip waits on soffice (another process), so the package gate starts the round trip of
the oracle's outputs and runs its mutation probes meanwhile. Each thread keeps its own
LibreOffice profile and soffice (`gates.libreoffice.profile_for_worker` is per thread), and the
threads live as long as the process, so their soffices stay warm; the file gate's round trips
go through the same threads, so a worker that gates one task at a time keeps one soffice.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TypeVar

T = TypeVar("T")
MAX_THREADS = 4  # only as many start as round trips overlap: one, for a worker gating one task at a time
_pool: tuple[int, ThreadPoolExecutor] | None = None
_lock = threading.Lock()


def _forget_after_fork() -> None:
    global _pool, _lock
    _pool, _lock = None, threading.Lock()  # the parent's threads do not exist in a forked child


os.register_at_fork(after_in_child=_forget_after_fork)


def submit(fn: Callable[..., T], *args: object) -> Future[T]:
    """Run `fn(*args)` on this process's round-trip threads."""
    global _pool
    with _lock:
        if _pool is None:
            _pool = (os.getpid(), ThreadPoolExecutor(MAX_THREADS, thread_name_prefix="forge-libreoffice"))
        return _pool[1].submit(fn, *args)
