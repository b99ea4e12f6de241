"""The flow's worker pool: workers fork from one preloaded fork server, which outlives a run (a
later run in the same process starts warm), yet each run's workers see that run's environment."""

from __future__ import annotations

import gc
import multiprocessing.forkserver
import os
import sys
from pathlib import Path

from prefect import flow, task
from prefect.cache_policies import NO_CACHE
from prefect.settings import PREFECT_API_URL, temporary_settings

from flows import batches
from flows.fork_server import start_fork_server
from flows.generate import _ProcessPool
from forge.prefect_server import ServerInfo
from forge.sandbox import SandboxLimits

PROBE = "FORGE_TEST_POOL_PROBE"


@task(cache_policy=NO_CACHE, persist_result=False)
def worker_facts() -> dict:
    return {"parent": os.getppid(), "pid": os.getpid(), "probe": os.environ.get(PROBE),
            "preloaded": "flows.worker_preload" in sys.modules, "collecting": gc.isenabled(),
            "frozen": gc.get_freeze_count()}


@flow
def one_pool(scratch: str) -> dict:
    runner = _ProcessPool(max_workers=1, initializer=batches.warm_worker,
                          initargs=(Path(scratch), SandboxLimits(), "bwrap", dict(os.environ)))
    with runner:
        return runner.submit(worker_facts, {}).result()


def test_workers_fork_from_one_preloaded_server_and_see_their_runs_environment(
        prefect_server: ServerInfo, tmp_path: Path, monkeypatch) -> None:
    # a fork server started now copies the probe; a later run that has unset it must not see it
    multiprocessing.forkserver._forkserver._stop()  # type: ignore[attr-defined]
    monkeypatch.setenv(PROBE, "set in the first run")
    with temporary_settings(updates={PREFECT_API_URL: prefect_server.url}):
        first = one_pool(str(tmp_path))
        monkeypatch.delenv(PROBE)
        second = one_pool(str(tmp_path))
    assert first["probe"] == "set in the first run"
    assert second["probe"] is None
    assert first["preloaded"] and second["preloaded"]
    # the preloaded heap is frozen (no worker's collection walks it), the collector itself is on
    assert first["collecting"] and second["collecting"]
    assert min(first["frozen"], second["frozen"]) > 100_000
    assert first["parent"] == second["parent"] != os.getpid()  # one fork server, not this process
    assert first["pid"] != second["pid"]  # a fresh worker per run


def test_a_fork_server_started_ahead_is_the_one_the_pool_forks_from(
        prefect_server: ServerInfo, tmp_path: Path) -> None:
    """`forge generate` starts it before importing the flow; the run's pool must use that one,
    preloaded, not start another."""
    multiprocessing.forkserver._forkserver._stop()  # type: ignore[attr-defined]
    start_fork_server()
    server = multiprocessing.forkserver._forkserver._forkserver_pid  # type: ignore[attr-defined]
    assert server is not None and os.waitpid(server, os.WNOHANG) == (0, 0)  # started, not waited for
    with temporary_settings(updates={PREFECT_API_URL: prefect_server.url}):
        facts = one_pool(str(tmp_path))
    assert facts["parent"] == server
    assert facts["preloaded"]
