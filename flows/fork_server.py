"""The flow's worker fork server, started as soon as a process knows it will run the flow.

Workers fork from a server that has imported the stages and loaded the plugins (seconds of CPU,
`flows.worker_preload`). Started by the pool at its first spawn, that import only began once this
process had imported the flow and Prefect had set up the run; started first thing by `forge
generate` and `forge serve`, it runs beside them, on the other core.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.context
import multiprocessing.forkserver

WORKER_PRELOAD = ["__main__", "flows.worker_preload"]


def worker_context() -> multiprocessing.context.ForkServerContext:
    """The context the flow's pool (and the benches') fork workers from: the fork server, with the
    workers' preload (read when the server starts: once per process)."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(WORKER_PRELOAD)
    return context


def start_fork_server() -> None:
    """Start this process's fork server (with the workers' preload) now, without waiting for it;
    the pool's first spawn finds it running. A no-op when it already runs."""
    worker_context()
    multiprocessing.forkserver.ensure_running()
