"""The gates' own threads (gates._offload): round trips and probes each get a pool of their own,
of their own size, so a probe never queues behind round trips that wait on soffice."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future

from gates import _offload as offload

HANG_S = 60  # a bound against a hang only: every wait here ends as soon as the threads run


def occupy(submit: Callable[..., Future[str]], tasks: int, running: int) -> tuple[list[Future[str]], threading.Event]:
    """`tasks` jobs that block until released; returns once `running` of them run at once."""
    release, started = threading.Event(), threading.Semaphore(0)

    def job() -> str:
        started.release()
        assert release.wait(HANG_S)
        return threading.current_thread().name

    futures = [submit(job) for _ in range(tasks)]
    for _ in range(running):
        assert started.acquire(timeout=HANG_S)
    return futures, release


def test_each_pool_runs_as_many_jobs_at_once_as_its_size() -> None:
    """One round trip at a time per process (one soffice: each thread keeps its own, ~200 MB) and two
    probes; the sizes are written here as literals, so a pool grown or shrunk fails."""
    for submit, size in ((offload.submit, 1), (offload.probe, 2)):
        futures, release = occupy(submit, size + 1, size)  # one more than fits waits for a thread
        release.set()
        names = {f.result(timeout=HANG_S) for f in futures}
        assert len(names) == size, names


def test_a_probe_runs_while_every_round_trip_thread_is_busy() -> None:
    futures, release = occupy(offload.submit, offload.MAX_THREADS, offload.MAX_THREADS)
    try:
        name = offload.probe(lambda: threading.current_thread().name).result(timeout=HANG_S)
        assert name.startswith("forge-probe") and all(not f.done() for f in futures)
    finally:
        release.set()
    assert all(f.result(timeout=HANG_S).startswith("forge-libreoffice") for f in futures)
