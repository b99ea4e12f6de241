"""Start and stop a local Prefect server for Forge, so users need no other tool.

State lives under the data dir::

    <data_dir>/prefect/
        server.json     pid, url, port of the running server
        server.log      its output
        (PREFECT_HOME)  the server's own database
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from pydantic import BaseModel

from forge.errors import ConfigError, ForgeError

# Prefect's temporary server (a run with no API URL) gets 20 s to start by default; on a busy 2-core
# machine it can take longer, and the run then fails before its first task. A user's setting wins.
PREFECT_ENV = {"PREFECT_SERVER_ANALYTICS_ENABLED": "false", "PREFECT_SERVER_UI_ENABLED": "false",
               "PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS": "120"}


class ServerInfo(BaseModel):
    pid: int
    port: int
    url: str
    home: str


class LocalServer:
    def __init__(self, data_dir: Path) -> None:
        self.home = (data_dir / "prefect").resolve()
        self.state_file = self.home / "server.json"
        self.log_file = self.home / "server.log"

    def info(self) -> ServerInfo | None:
        """The recorded server, if its process is still alive."""
        if not self.state_file.is_file():
            return None
        info = ServerInfo.model_validate_json(self.state_file.read_text())
        return info if alive(info.pid, b"prefect") else None

    def start(self, port: int = 4200, timeout_s: float = 90.0) -> ServerInfo:
        running = self.info()
        if running is not None:
            return running
        self.home.mkdir(parents=True, exist_ok=True)
        env = {**os.environ, **PREFECT_ENV, "PREFECT_HOME": str(self.home)}
        env.pop("PREFECT_API_URL", None)
        with open(self.log_file, "ab") as log:
            proc = subprocess.Popen(
                [sys.executable, "-m", "prefect", "server", "start", "--host", "127.0.0.1", "--port", str(port)],
                stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env, start_new_session=True,
            )
        info = ServerInfo(pid=proc.pid, port=port, url=f"http://127.0.0.1:{port}/api", home=str(self.home))
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                raise ForgeError(f"Prefect server exited with {proc.returncode}; see {self.log_file} "
                                 f"(is port {port} taken? pick another with --port or FORGE_SERVER_PORT)")
            if healthy(info.url):
                self.state_file.write_text(info.model_dump_json())
                return info
            time.sleep(0.25)
        terminate(proc.pid)
        raise ForgeError(f"Prefect server did not answer within {timeout_s:.0f}s; see {self.log_file}")

    def stop(self) -> bool:
        info = self.info()
        self.state_file.unlink(missing_ok=True)
        if info is None:
            return False
        terminate(info.pid)
        return True


def healthy(api_url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{api_url}/health", timeout=2) as response:
            return response.status == 200
    except (urllib.error.URLError, OSError):
        return False


def alive(pid: int, marker: bytes) -> bool:
    """Whether `pid` runs and is still ours: its command line names `marker` (a reused pid would not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    cmdline = Path(f"/proc/{pid}/cmdline")
    return not cmdline.exists() or marker in cmdline.read_bytes()


def terminate(pid: int, grace_s: float = 10.0, group: bool = True) -> None:
    """Stop a process, politely first: SIGTERM, then SIGKILL after `grace_s`.

    With `group`, both go to its process group (the server's uvicorn and its services), and this
    returns only once every process of the group is gone, so nothing it started outlives a stop.
    """
    send = os.killpg if group else os.kill
    for sig, wait_s in ((signal.SIGTERM, grace_s), (signal.SIGKILL, 5.0)):
        try:
            send(pid, sig)
        except ProcessLookupError:
            return
        deadline = time.monotonic() + wait_s
        while time.monotonic() < deadline:
            try:
                os.waitpid(pid, os.WNOHANG)  # our child (a server this process started): reap it
            except ChildProcessError:
                pass
            try:
                send(pid, 0)
            except ProcessLookupError:
                return
            time.sleep(0.1)


def api_url_or_none(data_dir: Path) -> str | None:
    info = LocalServer(data_dir).info()
    return info.url if info else None


def require_port(port: int) -> int:
    if not 1 <= port <= 65535:
        raise ConfigError(f"--port {port} is not a TCP port (1-65535)")
    return port
