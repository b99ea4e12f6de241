"""`forge serve` keeps the next run's process warm: a run is handed to a standby that imported the flow
and started its fork server before the run was asked for; a stale or dead standby is never used."""

from __future__ import annotations

import json
import multiprocessing.forkserver
import os
import signal
import time
from pathlib import Path

import pytest
from prefect import flow
from prefect.settings import PREFECT_API_URL, temporary_settings

from flows import fork_server
from flows.fork_server import warm_deployment_runs
from flows.run_standby import PRELOAD, Footprint, RunStandby, Standby, run_standby
from forge.prefect_server import ServerInfo
from forge.prefect_serve import descendants


@flow
def run_facts(out: str) -> None:
    Path(out).write_text(json.dumps({
        "pid": os.getpid(), "started": _started(os.getpid()), "at": _uptime(),
        "fork_server": multiprocessing.forkserver._forkserver._forkserver_pid}))  # type: ignore[attr-defined]


def _started(pid: int) -> float:
    """Seconds after boot at which `pid` started."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[19]) / os.sysconf("SC_CLK_TCK")


def _uptime() -> float:
    return float(Path("/proc/uptime").read_text().split()[0])


@pytest.fixture
def serving_process(monkeypatch):
    """This process as `forge serve` sets itself up, undone after the test."""
    from prefect import flow_engine

    monkeypatch.setattr(flow_engine, "_run_serialized_call_with_control_bootstrap",
                        flow_engine._run_serialized_call_with_control_bootstrap)
    monkeypatch.setattr(fork_server, "_prefect_run_target", None)
    warm_deployment_runs()


def _ready(standby: Standby, timeout_s: float = 120) -> Standby:
    deadline = time.monotonic() + timeout_s
    while standby.footprint is None:
        assert not standby.stale() and time.monotonic() < deadline, "the standby never reported ready"
        time.sleep(0.1)
    return standby


def _run(server: ServerInfo, out: Path) -> dict:
    """A run started as Prefect's runner starts a served deployment's."""
    from prefect import flow_engine

    with temporary_settings(updates={PREFECT_API_URL: server.url}):
        process = flow_engine.run_flow_in_subprocess(run_facts, parameters={"out": str(out)})
    process.join(300)
    assert process.exitcode == 0
    return json.loads(out.read_text())


def test_runs_are_handed_to_the_standby_warming_or_warm_and_another_waits_after_each(
        prefect_server: ServerInfo, serving_process, tmp_path: Path) -> None:
    with run_standby() as standby:
        warming = standby.waiting
        facts = _run(prefect_server, tmp_path / "at-once.json")  # as the README's block does, at once
        assert warming.footprint is None  # never read: the run came first
        assert facts["pid"] == warming.process.pid

        warm = _ready(standby.waiting)
        assert warm is not warming
        asked = _uptime()
        facts = _run(prefect_server, tmp_path / "warm.json")
        assert facts["pid"] == warm.process.pid
        assert facts["started"] < asked - 0.5  # its process was there before the run was asked for
        assert facts["fork_server"] is not None  # started while it waited
        after = standby.waiting
        assert after is not None and after is not warm and after.process.is_alive()
        time.sleep(1)  # part-way into its warm-up: its fork server runs
        below = descendants(after.process.pid)
        assert below
    assert after.process.exitcode is not None  # closing stops the waiting one, and all it started
    deadline = time.monotonic() + 10
    while any(Path(f"/proc/{pid}").exists() for pid in below) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [pid for pid in below if Path(f"/proc/{pid}").exists()]
    assert "Process" not in vars(multiprocessing.get_context("spawn"))  # the spawn context is its own again


def test_a_stale_or_dead_standby_is_dropped_and_the_run_starts_fresh(
        prefect_server: ServerInfo, serving_process, tmp_path: Path, monkeypatch) -> None:
    code = tmp_path / "code"
    code.mkdir()
    module = code / "standby_probe_module.py"
    module.write_text("VALUE = 1\n")
    monkeypatch.syspath_prepend(str(code))  # the standby's spawn copies this process's sys.path
    standby = RunStandby(preload=(*PRELOAD, "standby_probe_module"))
    standby.install()
    try:
        stale = _ready(standby.waiting)
        assert stale.footprint.trees[str(code)] == [module.name]
        os.utime(module)  # edited after the standby imported it
        facts = _run(prefect_server, tmp_path / "stale.json")
        assert facts["pid"] != stale.process.pid
        stale.process.join(10)
        assert stale.process.exitcode is not None

        dead = _ready(standby.waiting)  # spawned when the stale one was dropped; killed once warm (a kill
        assert dead is not stale  # in its warm-up orphans the fork server's child it is talking to)
        os.kill(dead.process.pid, signal.SIGKILL)
        dead.process.join(10)
        facts = _run(prefect_server, tmp_path / "dead.json")
        assert facts["pid"] != dead.process.pid
        assert standby.waiting is not None and standby.waiting.process.is_alive()
    finally:
        standby.close()


def test_a_footprint_sees_code_and_its_data_edited_added_or_removed(tmp_path: Path, monkeypatch) -> None:
    project = tmp_path / "project"
    (project / "standby_pkg" / "sub").mkdir(parents=True)
    (project / "standby_pkg" / "prompts").mkdir()
    for name in ("standby_pkg/__init__.py", "standby_pkg/sub/__init__.py", "standby_pkg/sub/mod.py",
                 "standby_pkg/prompts/terminal.j2", "loose_module.py", "notes.txt"):
        (project / name).write_text("")
    monkeypatch.syspath_prepend(str(project))
    __import__("standby_pkg.sub.mod")
    __import__("loose_module")
    footprint = Footprint.of_this_process()
    package, loose = str(project / "standby_pkg"), str(project)
    assert footprint.trees[package] == ["__init__.py", "prompts/", "prompts/terminal.j2", "sub/",
                                        "sub/__init__.py", "sub/mod.py"]  # the whole package, data too
    assert footprint.trees[loose] == ["loose_module.py", "notes.txt"]  # a folder that is no package
    assert str(project / "standby_pkg" / "sub") not in footprint.trees
    assert json.__file__ in footprint.files  # an installed module: its own file
    since = time.time()
    assert not footprint.changed_since(since)

    (project / "standby_pkg" / "sub" / "__pycache__").mkdir(exist_ok=True)  # written by imports: not code
    (project / "standby_pkg" / "sub" / "__pycache__" / "later.cpython-311.pyc").write_bytes(b"")
    assert not footprint.changed_since(since)
    for change, undo in [(lambda: (project / "standby_pkg/sub/new.py").write_text(""),  # added
                          lambda: (project / "standby_pkg/sub/new.py").unlink()),
                         (lambda: (project / "standby_pkg/more").mkdir(),  # a package added
                          lambda: (project / "standby_pkg/more").rmdir()),
                         (lambda: os.utime(project / "standby_pkg/prompts/terminal.j2"),  # data edited
                          lambda: os.utime(project / "standby_pkg/prompts/terminal.j2", (since - 9, since - 9))),
                         (lambda: os.utime(project / "notes.txt"),
                          lambda: os.utime(project / "notes.txt", (since - 9, since - 9)))]:
        change()
        assert footprint.changed_since(since)
        undo()
        assert not footprint.changed_since(since)
    assert Footprint(files={str(tmp_path / "uninstalled.py")}).changed_since(0)  # removed
