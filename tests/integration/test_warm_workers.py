"""Workers started before their run (`flows.warm_workers`, a served deployment's standby starts them):
the run's pool is theirs only when its arguments and environment are what they were started with."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest
from prefect import flow, task
from prefect.cache_policies import NO_CACHE
from prefect.settings import PREFECT_API_URL, temporary_settings

from flows import batches, warm_workers
from flows.generate import _ProcessPool
from forge.prefect_server import ServerInfo
from forge.sandbox import SandboxLimits
from gates.libreoffice import libreoffice_available

PROBE = "FORGE_TEST_WARM_PROBE"


@task(cache_policy=NO_CACHE, persist_result=False)
def worker_facts() -> dict:
    from gates import _offload, libreoffice_uno

    round_trips = _offload.submit(threading.get_ident).result()  # the thread the gates' round trips run on
    return {"pid": os.getpid(), "probe": os.environ.get(PROBE), "thread": round_trips,
            "offices": [str(p) for p in libreoffice_uno._bridges._by_profile]}


@flow
def pooled(scratch: str, workers: int = 1) -> dict:
    """A pool made as the generate flow makes its own: the kept workers if they fit."""
    arguments = (Path(scratch), SandboxLimits(), "bwrap", dict(os.environ))
    started, note = warm_workers.take(workers, arguments)
    with _ProcessPool(max_workers=workers, initializer=batches.warm_worker, initargs=arguments,
                      started=started) as runner:
        return {"note": note, **runner.submit(worker_facts, {}).result()}


def _kept_pids() -> list[int]:
    assert warm_workers._kept is not None
    executor = warm_workers._kept[0]
    deadline = time.monotonic() + 60
    while len(executor._processes) < warm_workers._kept[1] and time.monotonic() < deadline:
        time.sleep(0.05)
    return sorted(executor._processes)


def _gone(pids: list[int], timeout_s: float = 30) -> bool:
    deadline = time.monotonic() + timeout_s
    while any(Path(f"/proc/{pid}").exists() for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    return not any(Path(f"/proc/{pid}").exists() for pid in pids)


def test_a_run_whose_pool_matches_takes_the_kept_workers_with_their_office_up(
        prefect_server: ServerInfo, tmp_path: Path, monkeypatch) -> None:
    assert libreoffice_available(), "run `bash scripts/dev.sh test`, which installs LibreOffice"
    monkeypatch.delenv(PROBE, raising=False)
    warm_workers.start(1, (tmp_path, SandboxLimits(), "bwrap", dict(os.environ)), office=True)
    kept = _kept_pids()
    monkeypatch.setenv(PROBE, "added by the run")  # the run's environment may add to theirs
    with temporary_settings(updates={PREFECT_API_URL: prefect_server.url}):
        facts = pooled(str(tmp_path))
    assert facts["pid"] in kept
    assert facts["note"] == f"this run's 1 worker processes were started before it (pids {kept[0]})"
    assert facts["probe"] == "added by the run"
    # its soffice was started before the run, on the profile the gates' round trips use
    profile = f"lo-profile-{facts['pid']}-{facts['thread']}"
    assert facts["offices"] == [str(tmp_path / "libreoffice" / profile)]
    assert warm_workers._kept is None  # taken once
    assert _gone(kept)  # the run's pool ended them with it


@pytest.mark.parametrize("change", ["scratch root", "environment", "workers"])
def test_a_run_whose_pool_differs_starts_its_own_and_the_kept_workers_stop(
        change: str, prefect_server: ServerInfo, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv(PROBE, "the server's")
    warm_workers.start(1, (tmp_path / "kept", SandboxLimits(), "bwrap", dict(os.environ)), office=False)
    kept = _kept_pids()
    scratch, workers = tmp_path / "kept", 1
    if change == "scratch root":
        scratch = tmp_path / "other"
    elif change == "environment":
        monkeypatch.setenv(PROBE, "the run's")
    else:
        workers = 2
    with temporary_settings(updates={PREFECT_API_URL: prefect_server.url}):
        facts = pooled(str(scratch), workers)
    reason = {"scratch root": "the run's scratch root differs",
              "environment": f"the run's environment lacks or changes {PROBE}",
              "workers": "the run asks for 2 workers, not 1"}[change]
    assert facts["note"] == (f"the worker processes started before this run are not used: {reason}; "
                             "it starts its own")
    assert facts["pid"] not in kept
    assert facts["probe"] == ("the run's" if change == "environment" else "the server's")
    assert _gone(kept)


def test_kept_workers_are_stopped_when_discarded(tmp_path: Path) -> None:
    warm_workers.start(1, (tmp_path, SandboxLimits(), "bwrap", dict(os.environ)), office=True)
    kept = _kept_pids()
    warm_workers.discard()
    assert warm_workers._kept is None
    assert _gone(kept)
