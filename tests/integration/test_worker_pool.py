"""The flow's worker pool: workers fork from one preloaded fork server, which outlives a run (a
later run in the same process starts warm), yet each run's workers see that run's environment."""

from __future__ import annotations

import gc
import json
import multiprocessing.forkserver
import os
import sys
from pathlib import Path

from prefect import flow, task
from prefect.cache_policies import NO_CACHE
from prefect.context import SettingsContext
from prefect.settings import PREFECT_API_URL, PREFECT_TASK_DEFAULT_RETRIES, get_current_settings, temporary_settings

from flows import batches, fork_server
from flows.fork_server import start_fork_server, warm_deployment_runs
from flows.generate import _ProcessPool, ship_settings
from forge.prefect_server import ServerInfo
from forge.sandbox import SandboxLimits

PROBE = "FORGE_TEST_POOL_PROBE"


@task(cache_policy=NO_CACHE, persist_result=False)
def worker_facts() -> dict:
    from prefect.client.orchestration import SyncPrefectClient

    tls = {id(SyncPrefectClient("http://127.0.0.1:9/api")._client._transport._pool._ssl_context)  # type: ignore[attr-defined]
           for _ in range(2)}
    settings = get_current_settings()
    return {"parent": os.getppid(), "pid": os.getpid(), "probe": os.environ.get(PROBE),
            "api_url": settings.api.url, "retries": settings.tasks.default_retries,
            "preloaded": "flows.worker_preload" in sys.modules, "collecting": gc.isenabled(),
            "frozen": gc.get_freeze_count(), "tls_contexts": len(tls)}


@flow
def one_pool(scratch: str, retries: int | None = None) -> dict:
    """`retries`: a setting changed after the pool started, before the task run."""
    runner = _ProcessPool(max_workers=1, initializer=batches.warm_worker,
                          initargs=(Path(scratch), SandboxLimits(), "bwrap", dict(os.environ)))
    with runner:
        if retries is None:
            return runner.submit(worker_facts, {}).result()
        with temporary_settings(updates={PREFECT_TASK_DEFAULT_RETRIES: retries}):
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
    assert first["tls_contexts"] == second["tls_contexts"] == 1  # Prefect's clients share one (flows.prefect_tls)
    # the preloaded heap is frozen (no worker's collection walks it), the collector itself is on
    assert first["collecting"] and second["collecting"]
    assert min(first["frozen"], second["frozen"]) > 100_000
    assert first["parent"] == second["parent"] != os.getpid()  # one fork server, not this process
    assert first["pid"] != second["pid"]  # a fresh worker per run


def test_a_task_run_gets_the_flows_settings_as_they_are_when_it_is_submitted(
        prefect_server: ServerInfo, tmp_path: Path) -> None:
    with temporary_settings(updates={PREFECT_API_URL: prefect_server.url, PREFECT_TASK_DEFAULT_RETRIES: 3}):
        kept = one_pool(str(tmp_path))  # the settings the pool started with: shipped as they are
        changed = one_pool(str(tmp_path), retries=5)  # changed since: their dump, as Prefect sends it
    assert (kept["api_url"], kept["retries"]) == (prefect_server.url, 3)
    assert (changed["api_url"], changed["retries"]) == (prefect_server.url, 5)


def test_only_the_settings_a_pool_started_with_are_shipped_as_objects() -> None:
    entered = SettingsContext.get()
    assert entered is not None
    dump = entered.serialize()
    context = {"flow_run_context": {"x": 1}, "settings_context": entered.serialize()}
    shipped = ship_settings(context, entered, dump)
    assert shipped["settings_context"]["settings"] is entered.settings
    assert shipped["settings_context"]["profile"] is entered.profile and shipped["flow_run_context"] == {"x": 1}
    assert SettingsContext(**shipped["settings_context"]).settings == SettingsContext(**dump).settings
    with temporary_settings(updates={PREFECT_TASK_DEFAULT_RETRIES: 7}):
        other = {"settings_context": SettingsContext.get().serialize()}  # type: ignore[union-attr]
    assert ship_settings(other, entered, dump) is other  # another dump goes as it is
    assert ship_settings({"settings_context": {}}, None, None) == {"settings_context": {}}


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


@flow
def fork_server_at_start(out: str) -> None:
    running = multiprocessing.forkserver._forkserver._forkserver_pid  # type: ignore[attr-defined]
    Path(out).write_text(json.dumps({"fork_server": running, "pid": os.getpid()}))


def test_a_deployment_runs_process_starts_its_fork_server_before_it_loads_the_flow(
        prefect_server: ServerInfo, tmp_path: Path, monkeypatch) -> None:
    """`forge serve` calls warm_deployment_runs: each run's process (Prefect spawns one per run) starts
    its workers' fork server first, so their preload runs beside the process's import of the flow."""
    from prefect import flow_engine

    # both restored after the test: this process is not serving anything
    monkeypatch.setattr(flow_engine, "_run_serialized_call_with_control_bootstrap",
                        flow_engine._run_serialized_call_with_control_bootstrap)
    monkeypatch.setattr(fork_server, "_prefect_run_target", None)

    def run_as_a_deployment_would(name: str) -> dict:
        out = tmp_path / f"{name}.json"
        with temporary_settings(updates={PREFECT_API_URL: prefect_server.url}):
            process = flow_engine.run_flow_in_subprocess(fork_server_at_start, parameters={"out": str(out)})
        process.join(300)
        assert process.exitcode == 0
        return json.loads(out.read_text())

    prefects_own = run_as_a_deployment_would("prefects-own")
    warm_deployment_runs()
    warm_deployment_runs()  # twice is once: the wrapper never wraps itself
    warmed = run_as_a_deployment_would("warmed")
    assert prefects_own["fork_server"] is None
    assert warmed["fork_server"] is not None and warmed["fork_server"] != warmed["pid"]
    assert fork_server._prefect_run_target is not fork_server.run_deployment_call
