"""A served deployment's next flow-run process, started and warmed before anyone asks for the run.

Prefect starts each run of a served deployment in a new process (spawned), which imports Prefect
and the flow and starts the workers' fork server, whose preload alone is ~4 s of CPU, before the
run's first task. `forge serve` keeps one such process in standby instead: spawned when serving
starts, it imports the flow, starts its fork server and the next run's workers
(`flows.warm_workers`), and waits. The next run Prefect starts is
handed to it (the run's pickled call, as Prefect would have spawned it with), so the run begins
warm; the next standby is spawned once that run has ended (its warm-up then takes no core from the
run), or at once when one is dropped.

A standby must not run older code than a fresh process would. When it is ready it reports where
its code and its fork server's came from (`Footprint`); a standby whose code changed on disk since
its spawn began (a workflow edited or added, a plugin installed) is dropped, and the run gets a fresh
process as Prefect starts it. A standby still warming up when a run comes was spawned seconds ago
and takes the run unchecked. With no standby (taken by a run still in flight, or gone) runs start
as Prefect starts them.

Private: Prefect 3.9 starts a deployment run with `multiprocessing.get_context("spawn").Process(
target=<its bootstrap>, ...)`, whose target `flows.fork_server.warm_deployment_runs` replaced with
`run_deployment_call`; that one call is diverted here (pyproject pins prefect to 3.9.x, and
tests/integration/test_run_standby.py runs flows through it).
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import multiprocessing.context
import os
import signal
import sys
import sysconfig
import threading
import time
from collections.abc import Callable, Iterator
from multiprocessing.connection import Connection
from typing import Any

from pydantic import BaseModel

from flows import warm_workers
from flows.fork_server import call_in_fork, run_deployment_call, start_fork_server
from forge.prefect_serve import descendants

logger = logging.getLogger("forge.run_standby")  # `forge serve` shows forge's INFO lines

PRELOAD = ("prefect.flow_engine", "flows.generate")
"""What a standby imports beside starting its fork server: what a run's call unpickles and runs."""
DISMISS_S = 10.0
"""Seconds a dismissed standby may take to finish its warm-up (~3-5 s of it) and exit."""


def standby_main(report: Connection, calls: Connection, preload: tuple[str, ...]) -> None:
    """A standby's life: warm up, start the next run's workers unless a run is already handed (it
    starts them itself as it begins), report what its code came from, then run the call it is handed
    (or exit when its server closes the pipe unused). A run may be handed before the report is read:
    the report is then dropped (its reader closed), and the call is read all the same. A warm-up
    that fails is reported instead (the standby is then not used); a call handed meanwhile still
    runs, and meets the failure as a fresh process would, through Prefect."""
    try:
        start_fork_server()
        for name in preload:
            __import__(name)
        forked = call_in_fork(Footprint.of_this_process)  # what the workers run: the plugins, loaded there
        ready: Footprint | str = Footprint.of_this_process().merged(forked)
    except KeyboardInterrupt:  # Ctrl-C reaches the serve's whole process group
        return
    except Exception as exc:  # noqa: BLE001 - reported to the serve, which then starts runs fresh
        ready = f"its warm-up failed ({type(exc).__name__}: {exc})"
    if not isinstance(ready, str) and not _waiting(calls):
        _start_workers()  # not for a run already handed: it starts its own as it begins, as a fresh one does
    try:
        with contextlib.suppress(OSError):
            report.send(ready)
        report.close()
        call = calls.recv()
    except (EOFError, OSError, KeyboardInterrupt):  # the server stopped
        warm_workers.discard()
        return
    finally:
        calls.close()
    try:
        run_deployment_call(*call)
    finally:  # workers the run did not take (it failed first): a process exits only once its children have
        warm_workers.discard()


def _waiting(calls: Connection) -> bool:
    try:
        return calls.poll()
    except (EOFError, OSError):  # the server stopped: nothing to start workers for
        return True


def _start_workers() -> None:
    """The next run's workers too (`flows.warm_workers`); with settings a run would reject (a bad
    FORGE_* value), none: the run then says what is wrong, as a fresh process would."""
    try:
        warm_workers.start_for_deployment_runs()
    except Exception as exc:  # noqa: BLE001
        logger.warning("the next run's workers were not started ahead: %s", exc)


class Footprint(BaseModel):
    """Where a process's code came from. Installed modules (the standard library, site-packages) are
    checked file by file, with the package folders (an install adds to them). The project's code (an
    editable checkout, a plugin's source tree) is checked whole, per top-level package: every file
    and folder in it, data read at import (prompts, library descriptions) included, so a file edited,
    added or removed there counts; a module outside any package counts with its folder's files."""

    files: set[str] = set()
    trees: dict[str, list[str]] = {}

    @classmethod
    def of_this_process(cls) -> Footprint:
        installed = tuple({os.path.join(p, "") for key in ("stdlib", "platstdlib", "purelib", "platlib")
                           if (p := sysconfig.get_paths().get(key))})
        files = {p for p in sys.path if p.startswith(installed) and os.path.isdir(p)}
        roots: set[str] = set()
        for module in list(sys.modules.values()):
            path = getattr(module, "__file__", None)
            if not isinstance(path, str) or not os.path.isfile(path := os.path.abspath(path)):
                continue  # built in, frozen, in an archive, or made up by its code
            if path.startswith(installed):
                files.add(path)
            else:
                roots.add(_package_root(os.path.dirname(path)))
        return cls(files=files, trees={root: _tree(root) for root in roots})

    def merged(self, other: Footprint) -> Footprint:
        return Footprint(files=self.files | other.files, trees={**self.trees, **other.trees})

    def first_change(self, when: float) -> str | None:
        """A path changed since `when` (edited, added, removed), or None."""
        for root, names in self.trees.items():
            try:
                if _tree(root) != names:
                    return root
            except OSError:
                return root
        for path in [*self.files, *(os.path.join(root, n) for root, names in self.trees.items() for n in names
                                    if not n.endswith("/"))]:
            try:
                if os.stat(path).st_mtime >= when:
                    return path
            except OSError:
                return path
        return None


def _package_root(folder: str) -> str:
    """The top-level package `folder` belongs to; a folder that is no package stands for itself."""
    while os.path.isfile(os.path.join(folder, "__init__.py")) and \
            os.path.isfile(os.path.join(os.path.dirname(folder), "__init__.py")):
        folder = os.path.dirname(folder)
    return folder


def _tree(root: str) -> list[str]:
    """A package's files and folders, relative, less the caches imports write (`__pycache__`) and
    hidden ones; a folder that is no package: its own files."""
    if not os.path.isfile(os.path.join(root, "__init__.py")):
        with os.scandir(root) as entries:
            return sorted(e.name for e in entries if e.is_file() and not e.name.startswith("."))
    names = []
    for folder, subfolders, files in os.walk(root):
        subfolders[:] = [d for d in subfolders if d != "__pycache__" and not d.startswith(".")]
        relative = os.path.relpath(folder, root)
        names += [os.path.normpath(os.path.join(relative, d)) + "/" for d in subfolders]
        names += [os.path.normpath(os.path.join(relative, f)) for f in files if not f.startswith(".")]
    return sorted(names)


class Standby:
    """One waiting process, our ends of its two pipes (its report in, the call out), and when its
    spawn began."""

    def __init__(self, preload: tuple[str, ...]) -> None:
        self.reports, report_end = multiprocessing.Pipe(duplex=False)
        call_end, self.calls = multiprocessing.Pipe(duplex=False)
        self.spawned_at = time.time()
        self.process = multiprocessing.context.SpawnProcess(
            target=standby_main, args=(report_end, call_end, preload), name="forge-run-standby")
        self.process.start()
        report_end.close()
        call_end.close()
        self.footprint: Footprint | None = None
        self.failed: str | None = None  # why its warm-up failed, as it reported

    def unfit(self) -> str | None:
        """Why it may not take a run (gone, its warm-up failed, or its code changed on disk since its
        spawn began), or None. Not yet ready: fit (it is still importing what is on disk now)."""
        if not self.process.is_alive():
            return f"it exited ({self.process.exitcode})"
        if self.footprint is None and self.failed is None and self.reports.poll():
            try:
                ready = self.reports.recv()
            except (EOFError, OSError):
                return "it stopped before it was ready"
            if isinstance(ready, str):
                self.failed = ready
            else:
                self.footprint = ready
        if self.failed is not None:
            return self.failed
        changed = self.footprint.first_change(self.spawned_at) if self.footprint is not None else None
        return f"{changed} changed since it started" if changed else None

    def hand(self, call: tuple[Any, ...]) -> None:
        self.calls.send(call)
        self._close_pipes()

    def dismiss(self) -> None:
        """Close its pipes: it exits once its warm-up is done. One that does not within
        `DISMISS_S` is killed with all it started (its fork server and that one's children)."""
        self._close_pipes()
        self.process.join(DISMISS_S)
        if self.process.exitcode is None:
            for pid in [*descendants(self.process.pid), self.process.pid]:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            self.process.join()

    def _close_pipes(self) -> None:
        self.calls.close()
        self.reports.close()


class _HandedRun:
    """What Prefect gets back for a run handed to a standby: the standby's process, started when the
    call is sent. Prefect reads its pid, joins it and kills it by pid, as it would its own."""

    def __init__(self, standby: Standby, call: tuple[Any, ...], ended: Callable[[], None]) -> None:
        self._standby, self._call, self._ended = standby, call, ended

    def start(self) -> None:
        self._standby.hand(self._call)

    def join(self, timeout: float | None = None) -> None:
        self._standby.process.join(timeout)
        if self._standby.process.exitcode is not None:
            self._ended()

    def __getattr__(self, name: str) -> Any:  # pid, exitcode, is_alive, sentinel, kill, ...
        return getattr(self._standby.process, name)


class RunStandby:
    """Keeps one standby ready for the served deployment's runs (`install`), until `close`."""

    def __init__(self, preload: tuple[str, ...] = PRELOAD) -> None:
        self.preload = preload
        self._lock = threading.Lock()
        self._ready: Standby | None = None
        self._closed = False
        self._spawn = multiprocessing.get_context("spawn")

    def install(self) -> None:
        """Spawn the first standby; from now on this process's spawns of a run go to a standby."""
        self._spawn.Process = self._process  # type: ignore[method-assign]  # the context is per process
        self._replenish()

    def close(self) -> None:
        """Stop the waiting standby; runs already handed over are Prefect's to end."""
        with self._lock:
            self._closed, standby, self._ready = True, self._ready, None
        del self._spawn.Process  # the class's own again
        if standby is not None:
            standby.dismiss()

    @property
    def waiting(self) -> Standby | None:
        return self._ready

    def _process(self, *args: Any, target: Any = None, **kwargs: Any) -> Any:
        """The spawn context's `Process`: a flow run's goes to the standby, when one is fit for it."""
        if target is run_deployment_call and not args:
            standby = self._take()
            if standby is not None:
                return _HandedRun(standby, tuple(kwargs.get("args", ())), self._replenish)
        return multiprocessing.context.SpawnProcess(*args, target=target, **kwargs)

    def _take(self) -> Standby | None:
        with self._lock:
            standby, self._ready = self._ready, None
        if standby is None:
            return None
        unfit = standby.unfit()
        if unfit is None:
            logger.info("run handed to the waiting process (pid %s, %s)", standby.process.pid,
                        "warm" if standby.footprint is not None else "still warming up")
            return standby
        logger.info("the waiting process (pid %s) is not used: %s; this run starts in a new one",
                    standby.process.pid, unfit)
        standby.dismiss()
        self._replenish()  # a fresh one for the run after this
        return None

    def _replenish(self) -> None:
        with self._lock:
            if self._closed or self._ready is not None:
                return
            self._ready = Standby(self.preload)


@contextlib.contextmanager
def run_standby(preload: tuple[str, ...] = PRELOAD) -> Iterator[RunStandby]:
    """A standby for each run of the deployment this process serves, while the block runs."""
    standby = RunStandby(preload)
    standby.install()
    try:
        yield standby
    finally:
        standby.close()

