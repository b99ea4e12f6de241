"""The flow's worker fork server, started as soon as a process knows it will run the flow.

Workers fork from a server that has imported the stages and loaded the plugins (seconds of CPU,
`flows.worker_preload`). Started by the pool at its first spawn, that import only began once this
process had imported the flow and Prefect had set up the run; started first thing (by `forge
generate`, and by each run of the served deployment: `warm_deployment_runs`), it runs beside them,
on the other core.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.context
import multiprocessing.forkserver
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")

WORKER_PRELOAD = ["__main__", "flows.worker_preload"]

_prefect_run_target: Callable[[bytes, dict[str, str] | None], bytes] | None = None
"""Prefect's own target for a deployment run's process, where this process replaced it."""


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


def call_in_fork(fn: Callable[..., T], *args: Any) -> T:
    """`fn(*args)` in a child of the fork server, where the plugins are loaded; its exception, if
    any, raised here. The flow's process reads the plugins only to sample (the taxonomy includes
    the plugins' skills): done there, this process never loads them (~3 s of its CPU and ~100 MB
    of its memory, measured), and the samples come from the plugins the workers build with."""
    with ProcessPoolExecutor(1, mp_context=worker_context()) as pool:
        return pool.submit(fn, *args).result()


def run_deployment_call(payload: bytes, startup_env: dict[str, str] | None = None) -> bytes:
    """The target of a served deployment's flow-run process: the workers' fork server first, then
    Prefect's own target, which unpickles the flow (importing it) and runs it."""
    start_fork_server()
    from prefect import flow_engine

    target = _prefect_run_target or flow_engine._run_serialized_call_with_control_bootstrap
    return target(payload, startup_env)


def warm_deployment_runs() -> None:
    """In the process that serves the deployment, before it starts serving: each flow run's process
    starts its workers' fork server first thing (`run_deployment_call`), not once it has imported
    the flow and Prefect has set up the run (~1.5 s of a 40 s run on 2 cores: docs/generate.md).

    Prefect 3.9 starts every deployment run in a new process whose target is
    `prefect.flow_engine._run_serialized_call_with_control_bootstrap`, read when the run starts;
    it is replaced here by `run_deployment_call`, which calls it. (Private: pyproject pins prefect
    to 3.9.x and tests/integration/test_worker_pool.py runs a flow through it.)"""
    global _prefect_run_target
    from prefect import flow_engine

    if _prefect_run_target is None:
        _prefect_run_target = flow_engine._run_serialized_call_with_control_bootstrap
        flow_engine._run_serialized_call_with_control_bootstrap = run_deployment_call  # type: ignore[assignment]
