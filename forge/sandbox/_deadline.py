"""A wall-clock deadline per sandbox: one watchdog thread per process calls each callback on time.

`SandboxLimits.wall_time_s` is enforced here: `forge.sandbox.bwrap` schedules a callback that kills
everything in the sandbox at its deadline, and cancels it at close.
"""

from __future__ import annotations

import heapq
import itertools
import logging
import os
import threading
import time
from collections.abc import Callable

logger = logging.getLogger(__name__)


class Watchdog:
    """One thread per process that calls each scheduled callback at its deadline.

    A thread per sandbox would be hundreds of threads on a busy worker; here a heap holds the
    deadlines. Callbacks run on the watchdog thread and must be quick and never raise.

    A cancelled deadline stays in the heap until it would fall due (an hour by default), so the
    heap is rebuilt without them once they are most of it: a worker closes thousands of sandboxes
    an hour, and held each one's entry that long (measured: 2.6 entries a task, a worker's
    memory growing with the run's length until the first of them fell due).
    """

    COMPACT_AFTER = 64  # cancelled entries tolerated before a rebuild is considered

    def __init__(self) -> None:
        self._heap: list[tuple[float, int, Callable[[], None]]] = []
        self._cancelled: set[int] = set()
        self._ids = itertools.count()
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None

    def schedule(self, delay_s: float, callback: Callable[[], None]) -> int:
        """Call `callback` in `delay_s` seconds unless `cancel`led; returns the handle."""
        with self._cond:
            if self._thread is None:
                self._heap, self._cancelled = [], set()
                self._thread = threading.Thread(target=self._loop, name="forge-sandbox-watchdog", daemon=True)
                self._thread.start()
            handle = next(self._ids)
            heapq.heappush(self._heap, (time.monotonic() + delay_s, handle, callback))
            self._cond.notify()
            return handle

    def cancel(self, handle: int) -> None:
        with self._cond:
            self._cancelled.add(handle)
            if len(self._cancelled) > self.COMPACT_AFTER and 2 * len(self._cancelled) > len(self._heap):
                self._heap = [entry for entry in self._heap if entry[1] not in self._cancelled]
                heapq.heapify(self._heap)
                self._cancelled.clear()  # none is left in the heap (a handle that had already run, too)

    def held(self) -> int:
        """Deadlines the heap holds, cancelled ones not yet dropped included."""
        with self._cond:
            return len(self._heap)

    def _loop(self) -> None:
        while True:
            with self._cond:
                while not self._heap or self._heap[0][0] > time.monotonic():
                    self._cond.wait(None if not self._heap else self._heap[0][0] - time.monotonic())
                _, handle, callback = heapq.heappop(self._heap)
                if handle in self._cancelled:
                    self._cancelled.discard(handle)
                    continue
            try:
                callback()
            except Exception:  # a watchdog that dies would leave every later sandbox unbounded
                logger.exception("sandbox wall-time callback failed")


    def _after_fork(self) -> None:
        """In a forked child: the parent's thread is gone and its lock may be held; start over."""
        self._cond = threading.Condition()
        self._thread = None


WATCHDOG = Watchdog()
os.register_at_fork(after_in_child=WATCHDOG._after_fork)
