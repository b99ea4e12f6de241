"""The sandboxes' wall-time watchdog: a deadline fires on time unless cancelled, and cancelled
deadlines do not pile up (a worker opens and closes thousands of sandboxes an hour, each
cancelling an hour-long deadline)."""

from __future__ import annotations

import threading

from forge.sandbox._deadline import Watchdog

HOUR = 3600.0


def test_cancelled_deadlines_are_dropped_not_held_until_due() -> None:
    watchdog = Watchdog()
    for _ in range(1000):  # as sandboxes do: open (schedule), close (cancel)
        watchdog.cancel(watchdog.schedule(HOUR, lambda: None))
        assert watchdog.held() <= Watchdog.COMPACT_AFTER + 1
    handles = [watchdog.schedule(HOUR, lambda: None) for _ in range(1000)]  # many open at once
    assert watchdog.held() >= 1000
    for handle in handles:
        watchdog.cancel(handle)
    assert watchdog.held() <= 2 * Watchdog.COMPACT_AFTER


def test_a_live_deadline_survives_the_rebuild_and_a_cancelled_one_never_fires() -> None:
    watchdog = Watchdog()
    fired, cancelled_fired = threading.Event(), threading.Event()
    watchdog.schedule(0.3, fired.set)
    doomed = watchdog.schedule(0.2, cancelled_fired.set)
    watchdog.cancel(doomed)
    for _ in range(5 * Watchdog.COMPACT_AFTER):  # several rebuilds while both are pending
        watchdog.cancel(watchdog.schedule(HOUR, lambda: None))
    assert watchdog.held() < 2 * Watchdog.COMPACT_AFTER
    assert fired.wait(10)
    assert not cancelled_fired.wait(0.5)
