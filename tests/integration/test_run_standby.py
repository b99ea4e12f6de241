"""`forge serve` keeps the next run's process warm: a run is handed to a standby that imported the flow
and started its fork server before the run was asked for; a stale or dead standby is never used."""

from __future__ import annotations

import json
import logging
import multiprocessing.forkserver
import os
import signal
import sys
import time
import types
from pathlib import Path

import pytest
from prefect import flow
from prefect.settings import PREFECT_API_URL, temporary_settings

from flows import fork_server
from flows.fork_server import warm_deployment_runs
from flows.run_standby import PRELOAD, Footprint, RunStandby, Standby, run_standby
from forge.prefect_serve import descendants
from forge.prefect_server import ServerInfo
from forge.settings import Settings
from tests.support.processes import running_below


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
def serving_process(monkeypatch, tmp_path: Path):
    """This process as `forge serve` sets itself up, undone after the test; its standbys start the
    next run's workers (one) under the test's own data dir."""
    from prefect import flow_engine

    monkeypatch.setenv("FORGE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("FORGE_CONCURRENCY", "1")  # a worker and a soffice per standby: lighter on a busy CI

    monkeypatch.setattr(flow_engine, "_run_serialized_call_with_control_bootstrap",
                        flow_engine._run_serialized_call_with_control_bootstrap)
    monkeypatch.setattr(fork_server, "_prefect_run_target", None)
    warm_deployment_runs()


def _ready(standby: Standby, timeout_s: float = 120) -> Standby:
    deadline = time.monotonic() + timeout_s
    while standby.footprint is None:
        assert standby.unfit() is None and time.monotonic() < deadline, "the standby never reported ready"
        time.sleep(0.1)
    return standby


def _below(pid: int, command: str, expected: int, timeout_s: float = 120) -> list[int]:
    """The processes under `pid` running `command`, once `expected` of them are (or at the time-out)."""
    deadline = time.monotonic() + timeout_s
    while len(found := running_below(pid, command)) < expected and time.monotonic() < deadline:
        time.sleep(0.2)
    return found


def _run(server: ServerInfo, out: Path) -> dict:
    """A run started as Prefect's runner starts a served deployment's."""
    from prefect import flow_engine

    with temporary_settings(updates={PREFECT_API_URL: server.url}):
        process = flow_engine.run_flow_in_subprocess(run_facts, parameters={"out": str(out)})
    process.join(300)
    assert process.exitcode == 0
    return json.loads(out.read_text())


def test_runs_are_handed_to_the_standby_warming_or_warm_and_another_waits_after_each(
        prefect_server: ServerInfo, serving_process, tmp_path: Path, caplog) -> None:
    caplog.set_level(logging.INFO, logger="forge.run_standby")
    with run_standby() as standby:
        warming = standby.waiting
        facts = _run(prefect_server, tmp_path / "at-once.json")  # as the README's block does, at once
        assert warming.footprint is None  # never read: the run came first
        assert facts["pid"] == warming.process.pid
        handed = f"run handed to the waiting process (pid {warming.process.pid}, still warming up)"
        assert handed in caplog.text

        warm = _ready(standby.waiting)
        assert warm is not warming
        offices = _below(warm.process.pid, "soffice.bin", Settings().concurrency)
        assert len(offices) == Settings().concurrency  # it started the next run's workers, their offices up
        asked = _uptime()
        facts = _run(prefect_server, tmp_path / "warm.json")
        assert facts["pid"] == warm.process.pid
        assert f"run handed to the waiting process (pid {warm.process.pid}, warm)" in caplog.text
        assert facts["started"] < asked - 0.5  # its process was there before the run was asked for
        assert facts["fork_server"] is not None  # started while it waited
        after = standby.waiting
        assert after is not None and after is not warm and after.process.is_alive()
        deadline = time.monotonic() + 60  # its fork server starts first thing in its warm-up (later on a busy CI)
        while not (below := descendants(after.process.pid)) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert below
    assert after.process.exitcode is not None  # closing stops the waiting one, and all it started
    deadline = time.monotonic() + 10
    while any(Path(f"/proc/{pid}").exists() for pid in below) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [pid for pid in below if Path(f"/proc/{pid}").exists()]
    assert "Process" not in vars(multiprocessing.get_context("spawn"))  # the spawn context is its own again


def test_a_stale_or_dead_standby_is_dropped_and_the_run_starts_fresh(
        prefect_server: ServerInfo, serving_process, tmp_path: Path, monkeypatch, caplog) -> None:
    caplog.set_level(logging.INFO, logger="forge.run_standby")
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
        assert f"(pid {stale.process.pid}) is not used: {module} changed since it started" in caplog.text
        stale.process.join(10)
        assert stale.process.exitcode is not None

        dead = _ready(standby.waiting)  # spawned when the stale one was dropped; killed once warm (a kill
        assert dead is not stale  # in its warm-up orphans the fork server's child it is talking to)
        below = descendants(dead.process.pid)  # its fork server, and the next run's workers it started
        assert len(below) > Settings().concurrency
        os.kill(dead.process.pid, signal.SIGKILL)
        dead.process.join(10)
        deadline = time.monotonic() + 30  # its workers do not wait forever for a run that cannot come
        while any(Path(f"/proc/{pid}").exists() for pid in below) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [pid for pid in below if Path(f"/proc/{pid}").exists()]
        facts = _run(prefect_server, tmp_path / "dead.json")
        assert facts["pid"] != dead.process.pid
        assert f"(pid {dead.process.pid}) is not used: it exited (-9)" in caplog.text
        assert standby.waiting is not None and standby.waiting.process.is_alive()
    finally:
        standby.close()


def test_a_standby_whose_warm_up_failed_says_why_and_is_not_used(
        prefect_server: ServerInfo, serving_process, tmp_path: Path, monkeypatch, caplog) -> None:
    caplog.set_level(logging.INFO, logger="forge.run_standby")
    code = tmp_path / "code"
    code.mkdir()
    (code / "standby_broken_plugin.py").write_text("raise RuntimeError('broken plugin')\n")
    monkeypatch.syspath_prepend(str(code))
    standby = RunStandby(preload=(*PRELOAD, "standby_broken_plugin"))
    standby.install()
    try:
        broken = standby.waiting
        deadline = time.monotonic() + 120
        while (why := broken.unfit()) is None and time.monotonic() < deadline:
            time.sleep(0.1)
        assert why == "its warm-up failed (RuntimeError: broken plugin)"
        assert broken.unfit() == why and broken.process.is_alive()  # it says so again, and still waits
        facts = _run(prefect_server, tmp_path / "run.json")
        assert facts["pid"] != broken.process.pid
        assert f"(pid {broken.process.pid}) is not used: {why}" in caplog.text
    finally:
        standby.close()
    assert broken.process.exitcode is not None


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
    for name, file in [("standby_relative", "relative.py"), ("standby_zipped", f"{tmp_path}/a.zip/mod.py")]:
        monkeypatch.setitem(sys.modules, name, types.SimpleNamespace(__file__=file))  # no file of its own
    footprint = Footprint.of_this_process()
    package, loose = str(project / "standby_pkg"), str(project)
    assert footprint.trees[package] == ["__init__.py", "prompts/", "prompts/terminal.j2", "sub/",
                                        "sub/__init__.py", "sub/mod.py"]  # the whole package, data too
    assert footprint.trees[loose] == ["loose_module.py", "notes.txt"]  # a folder that is no package
    assert str(project / "standby_pkg" / "sub") not in footprint.trees
    assert json.__file__ in footprint.files  # an installed module: its own file
    since = time.time()
    assert footprint.first_change(since) is None

    (project / "standby_pkg" / "sub" / "__pycache__").mkdir(exist_ok=True)  # written by imports: not code
    (project / "standby_pkg" / "sub" / "__pycache__" / "later.cpython-311.pyc").write_bytes(b"")
    assert footprint.first_change(since) is None
    prompt, notes = project / "standby_pkg/prompts/terminal.j2", project / "notes.txt"  # data, read at import
    earlier = (since - 9, since - 9)
    package_dir = project / "standby_pkg"
    for change, undo, expected in [(lambda: (package_dir / "sub/new.py").write_text(""),  # added
                                    lambda: (package_dir / "sub/new.py").unlink(), package_dir),
                                   (lambda: (package_dir / "more").mkdir(),  # a package added
                                    lambda: (package_dir / "more").rmdir(), package_dir),
                                   (lambda: os.utime(prompt), lambda: os.utime(prompt, earlier), prompt),
                                   (lambda: os.utime(notes), lambda: os.utime(notes, earlier), notes)]:
        change()
        assert footprint.first_change(since) == str(expected)
        undo()
        assert footprint.first_change(since) is None
    gone = str(tmp_path / "uninstalled.py")
    assert Footprint(files={gone}).first_change(0) == gone  # removed
