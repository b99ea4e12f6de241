"""Serve a flow as a Prefect deployment: in the foreground, or detached until it is ready; stop it cleanly.

Prefect's `Flow.serve` pauses its deployments on shutdown and, when its server is gone, retries that
for minutes before dying with a traceback; Ctrl-C and SIGTERM also take different paths. Here both
signals take one path: stop polling, cancel runs in flight, exit 0. A stop that has not finished
within `STOP_GRACE_S` (a server that does not answer) kills the flow-run processes and exits anyway.

State lives beside the local server's, so `forge server stop` finds what it must stop first::

    <data_dir>/prefect/
        serve.json    pid, API URL and deployment of the running `forge serve`
        serve.log     output of a detached `forge serve`
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from forge.errors import ForgeError
from forge.prefect_server import alive, terminate

if TYPE_CHECKING:
    from prefect import Flow

logger = logging.getLogger(__name__)

DEPLOYMENT_NAME = "generate"
DEPLOYMENT = f"forge/{DEPLOYMENT_NAME}"
"""The served flow is named `forge` (flows.generate); Prefect names deployments `<flow>/<name>`."""
STOP_GRACE_S = 15.0
"""Seconds a stop may take (cancelling runs, closing clients) before the process gives up and exits."""
POLL_S = 2.0
"""Seconds between the runner's queries for runs to start. Prefect's default (10 s) made a triggered
run wait 0-10 s (5 on average) before its process started. A query costs the local server ~20-25 ms
of CPU (measured: polling every second added 75-99 CPU ticks to its 96 idle ones a 40 s): every 2 s,
~1% of a core while serving."""


def poll_seconds() -> float | None:
    """`POLL_S`, unless PREFECT_RUNNER_POLL_FREQUENCY is set (environment or Prefect profile): then
    None, and the runner reads that setting itself."""
    from prefect.settings import get_current_settings

    return None if "poll_frequency" in get_current_settings().runner.model_fields_set else POLL_S


class ServeInfo(BaseModel):
    pid: int
    api_url: str
    deployment: str


class _StopRequested(BaseException):
    """A stop signal that came before the runner's loop ran; unwinds start-up like KeyboardInterrupt."""


class ServedDeployment:
    """The one `forge serve` process of a data dir: its record, its start in the background, its stop."""

    def __init__(self, data_dir: Path) -> None:
        self.home = (data_dir / "prefect").resolve()
        self.state_file = self.home / "serve.json"
        self.log_file = self.home / "serve.log"

    def info(self) -> ServeInfo | None:
        """The recorded serve process, if it is still alive."""
        if not self.state_file.is_file():
            return None
        info = ServeInfo.model_validate_json(self.state_file.read_text())
        return info if alive(info.pid, b"forge") else None

    def serve(self, flow: Flow, api_url: str, limit: int) -> None:
        """Serve `flow` as `<flow>/generate` until SIGTERM or SIGINT; then return (the caller exits 0)."""
        from prefect.runner import Runner

        running = self.info()
        if running is not None and running.pid != os.getpid():
            raise ForgeError(f"`forge serve` already runs (pid {running.pid}) for this data dir, on {running.api_url}; "
                             "stop it first with `forge serve stop`")

        class _Runner(Runner):
            def handle_sigterm(self, signum: int = signal.SIGTERM, frame: Any = None) -> None:
                """SIGTERM and SIGINT alike: stop polling and cancel runs in flight, within STOP_GRACE_S."""
                _stop_requested(signal.Signals(signum).name, again=self.stopping)
                self.stopping = True
                if not self.started or self._loop is None:  # still registering the deployment
                    raise _StopRequested
                self.execute_in_background(self.astop)

        runner = _Runner(name=DEPLOYMENT_NAME, pause_on_shutdown=False, limit=limit,
                         query_seconds=poll_seconds())
        for handler in logging.getLogger().handlers:  # Prefect's console handler
            handler.addFilter(_connection_errors_in_one_line)
        signal.signal(signal.SIGTERM, runner.handle_sigterm)
        signal.signal(signal.SIGINT, runner.handle_sigterm)
        self.home.mkdir(parents=True, exist_ok=True)
        info = ServeInfo(pid=os.getpid(), api_url=api_url, deployment=f"{flow.name}/{DEPLOYMENT_NAME}")
        _write_atomic(self.state_file, info.model_dump_json())
        try:
            runner.add_flow(flow, name=DEPLOYMENT_NAME)
            logger.info("serving deployment %s on %s", info.deployment, api_url)
            asyncio.run(runner.start())
        except _StopRequested:
            pass
        except Exception as exc:
            if not runner.stopping:
                raise ForgeError(f"serving {info.deployment} on {api_url} failed: {exc}") from exc
            logger.warning("stopped; the Prefect server did not take the last updates (%s)", exc)
        finally:
            self._forget(os.getpid())
        logger.info("stopped serving %s", info.deployment)

    def _forget(self, pid: int) -> None:
        """Remove the record if it is `pid`'s (never another serve's)."""
        try:
            if ServeInfo.model_validate_json(self.state_file.read_text()).pid == pid:
                self.state_file.unlink(missing_ok=True)
        except (OSError, ValueError):
            pass

    def start_detached(self, command: list[str], api_url: str, deployment: str = DEPLOYMENT,
                       timeout_s: float = 120.0) -> ServeInfo:
        """Run `command` (a foreground `forge serve`) in the background; return once it polls for runs.

        Ready means the deployment exists on the server and has been polled since this call began,
        so a run created from now on is picked up. A serve already running on the same server is
        returned as it is.
        """
        running = self.info()
        if running is not None:
            if running.api_url != api_url:
                raise ForgeError(f"`forge serve` already runs (pid {running.pid}) for this data dir on "
                                 f"{running.api_url}; stop it first with `forge serve stop`")
            return running
        polled_before = deployment_last_polled(api_url, deployment)
        self.home.mkdir(parents=True, exist_ok=True)
        env = {**os.environ, "PREFECT_API_URL": api_url}
        with open(self.log_file, "ab") as log:
            proc = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env,
                                    start_new_session=True)
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                raise ForgeError(f"`forge serve` exited with {proc.returncode} before serving {deployment}:\n"
                                 f"{_tail(self.log_file)}")
            polled = deployment_last_polled(api_url, deployment)
            recorded = self.info()
            if polled is not None and polled != polled_before and recorded is not None and recorded.pid == proc.pid:
                return recorded
            time.sleep(0.25)
        terminate(proc.pid)
        raise ForgeError(f"`forge serve` did not serve {deployment} within {timeout_s:.0f}s; see {self.log_file}")

    def stop(self, grace_s: float = STOP_GRACE_S + 5) -> ServeInfo | None:
        """Stop the recorded serve process (SIGTERM, then SIGKILL after `grace_s`); return what was stopped."""
        info = self.info()
        if info is None:
            self.state_file.unlink(missing_ok=True)
            return None
        leads_group = _leads_group(info.pid)
        terminate(info.pid, grace_s=grace_s, group=False)  # it cancels its own flow runs
        if leads_group:  # a detached serve: nothing it started may outlive it
            terminate(info.pid, grace_s=1.0, group=True)
        self.state_file.unlink(missing_ok=True)
        return info


def _connection_errors_in_one_line(record: logging.LogRecord) -> bool:
    """A server that went away is news, not a bug: log its error as one line, not a traceback."""
    import httpx
    import websockets.exceptions

    exc = record.exc_info[1] if record.exc_info else None
    if isinstance(exc, (OSError, httpx.TransportError, websockets.exceptions.ConnectionClosed)):
        record.msg = f"{record.getMessage()} ({type(exc).__name__}: {exc})"
        record.args, record.exc_info, record.exc_text = None, None, None
    return True


def _leads_group(pid: int) -> bool:
    try:
        return os.getpgid(pid) == pid
    except ProcessLookupError:
        return False


def _stop_requested(signal_name: str, again: bool) -> None:
    """The first stop signal arms a watchdog; a second one exits at once."""
    if again:
        logger.warning("%s again: exiting now", signal_name)
        _exit_now()
    logger.info("%s received: stopping (cancelling runs in flight; at most %.0fs)", signal_name, STOP_GRACE_S)
    watchdog = threading.Timer(STOP_GRACE_S, _give_up)
    watchdog.daemon = True
    watchdog.start()


def _give_up() -> None:
    logger.warning("stop did not finish within %.0fs (is the Prefect server reachable?); exiting", STOP_GRACE_S)
    _exit_now()


def _exit_now() -> None:
    """Kill this process's flow runs and exit 0: the stop was asked for and is done."""
    for pid in descendants(os.getpid()):
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    logging.shutdown()
    os._exit(0)


def descendants(root: int) -> list[int]:
    """Every process below `root`, children first (read from /proc)."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, todo = [], [root]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def deployment_last_polled(api_url: str, deployment: str) -> str | None:
    """When a runner last polled for `deployment`'s runs (None: no such deployment, or never polled)."""
    url = f"{api_url}/deployments/name/{urllib.parse.quote(deployment)}"
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return json.loads(response.read()).get("last_polled")
    except (urllib.error.URLError, OSError, ValueError):
        return None


def _write_atomic(path: Path, text: str) -> None:
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    tmp.write_text(text)
    os.replace(tmp, path)


def _tail(path: Path, lines: int = 20) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return f"(no log at {path})"


def python_command(*args: str) -> list[str]:
    """This interpreter running the `forge` CLI: what a detached serve runs."""
    return [sys.executable, "-m", "forge.cli", *args]
