"""The flow's worker fork server, started as soon as a process knows it will run the flow.

Workers fork from a server that has imported the stages and loaded the plugins (seconds of CPU,
`flows.worker_preload`). Started by the pool at its first spawn, that import only began once this
process had imported the flow and Prefect had set up the run; started first thing by `forge
generate` and `forge serve`, it runs beside them, on the other core.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.forkserver

WORKER_PRELOAD = ["__main__", "flows.worker_preload"]


def start_fork_server() -> None:
    """Start this process's fork server (with the workers' preload) now, without waiting for it;
    the pool's first spawn finds it running. A no-op when it already runs."""
    multiprocessing.get_context("forkserver").set_forkserver_preload(WORKER_PRELOAD)
    multiprocessing.forkserver.ensure_running()
