"""LibreOffice over UNO for the file gate's round trip: one soffice kept running per profile.

Starting soffice costs ~0.4 s a file; a kept one converts a small file in ~30 ms. UNO's Python
bindings exist only for the system Python (python3-uno on Debian), so they run in a helper
process, `_uno_bridge.py`, under that Python; this module starts one per LibreOffice profile
(so per worker thread), talks JSON lines to it, kills its process group (the bridge, oosplash,
soffice.bin) on a timeout and replaces it when it dies. Bridges stop when this process exits.

    reply = convert(soffice, profile_dir, {"src": ..., "out": ..., "infilter": ..., "filter": ...,
                                           "options": ...}, deadline)   # None: timed out, killed
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import json
import os
import secrets
import select
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from pathlib import Path

from forge.office_profile import write_profile

_BRIDGE = Path(__file__).with_name("_uno_bridge.py")
# A kept soffice grows with the files it has opened, fast at first, then levelling off: over 1,406
# input files of the generate job's mix (pptx, xlsx, docx), from ~140 MB RSS after its first file
# to ~225 at 300 and ~250-275 from ~500 on. Replaced after this many, one peaks at ~240 MB (1,000:
# 259-276; 150: 237), so a long run's soffices hold what a short run's do. The 1,406 files took
# 126-171 s through one profile at caps from 150 to 1,000, with no trend (300: 126 and 127 s; 1,000:
# 152 and 143): the restarts' cost is within that spread (bench/kept_office.py's method, one sitting).
MAX_FILES_PER_OFFICE = 300
_UNO_PYTHONS = ("/usr/bin/python3", "/usr/local/bin/python3")


def clean_env(home: Path, soffice: str) -> dict[str, str]:
    """Nothing of ours leaks in (no DISPLAY, no user config); HOME is a throwaway directory."""
    path = os.pathsep.join(dict.fromkeys([str(Path(soffice).parent), "/usr/bin", "/bin"]))
    return {"HOME": str(home), "PATH": path, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TMPDIR": str(home)}


@functools.lru_cache(maxsize=1)
def uno_python() -> str | None:
    """A Python that can `import uno` (LibreOffice's UNO bindings: python3-uno on Debian), or None."""
    for python in _UNO_PYTHONS:
        if os.access(python, os.X_OK):
            with contextlib.suppress(OSError, subprocess.TimeoutExpired):
                probe = subprocess.run([python, "-c", "import uno"], env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"},
                                       stdin=subprocess.DEVNULL, capture_output=True, timeout=30, check=False)
                if probe.returncode == 0:
                    return python
    return None


def close_all() -> None:
    """Stop this process's bridges and their soffices now, waiting for them (also done at exit)."""
    _bridges.close_all()


class BridgeUnavailable(Exception):
    """No Python with `uno`, or a bridge that would not start: use `soffice --convert-to` instead."""


def convert(soffice: str, profile_dir: Path, request: dict[str, str], deadline: float) -> dict[str, object] | None:
    """The bridge's reply for one file (see `_uno_bridge.py`); None: no reply by `deadline`, and
    the bridge was killed. Callers serialise calls per profile."""
    return _bridges.convert(soffice, profile_dir, request, deadline)


class _Bridge:
    """This process's handle on one `_uno_bridge.py`: one soffice kept running on one profile."""

    def __init__(self, python: str, soffice: str, profile_dir: Path, deadline: float) -> None:
        self.home = Path(tempfile.mkdtemp(prefix="forge-lo-home-"))
        self.owner = threading.current_thread()  # profiles are per thread: its bridge goes when it does
        self.pipe = f"forge-lo-{secrets.token_hex(16)}"  # soffice's UNO pipe; see _uno_bridge.py
        self.files = 0  # converted so far (MAX_FILES_PER_OFFICE)
        self._pending = b""
        write_profile(profile_dir, soffice)  # else every start runs LibreOffice's graphics self-tests
        try:
            with (self.home / "bridge.log").open("wb") as log:
                self.proc = subprocess.Popen(
                    [python, str(_BRIDGE), soffice, str(profile_dir), self.pipe], stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE, stderr=log, env=clean_env(self.home, soffice), cwd=self.home,
                    start_new_session=True,
                )
        except OSError as exc:
            shutil.rmtree(self.home, ignore_errors=True)
            raise BridgeUnavailable(f"cannot run {python}: {exc}") from exc
        try:
            ready = self._reply(deadline)
        except EOFError:
            ready = {"error": (self.home / "bridge.log").read_bytes().decode("utf-8", "replace")[-300:]}
        if ready != {"ready": True}:
            self.kill()
            if ready is None:
                raise TimeoutError
            raise BridgeUnavailable(f"the bridge did not start: {ready}")

    def convert(self, request: dict[str, str], deadline: float) -> dict[str, object] | None:
        """LibreOffice's reply; None: no reply by the deadline (the caller kills the bridge)."""
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write(json.dumps(request).encode() + b"\n")
            self.proc.stdin.flush()
        except OSError as exc:
            raise EOFError(str(exc)) from exc
        return self._reply(deadline)

    def _reply(self, deadline: float) -> dict[str, object] | None:
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        while b"\n" not in self._pending:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not select.select([fd], [], [], remaining)[0]:
                return None
            chunk = os.read(fd, 65536)
            if not chunk:
                raise EOFError("the bridge exited")
            self._pending += chunk
        line, _, self._pending = self._pending.partition(b"\n")
        return json.loads(line)

    def close(self) -> None:
        """Let the bridge stop its soffice; kill whatever is left of its group after 15 s."""
        with contextlib.suppress(OSError):
            assert self.proc.stdin is not None
            self.proc.stdin.close()
        with contextlib.suppress(OSError):  # wait for its exit without reaping it: see kill()
            exited = os.pidfd_open(self.proc.pid)
            try:
                select.select([exited], [], [], 15)
            finally:
                os.close(exited)
        self.kill()

    def kill(self) -> None:
        """Kill the bridge's group (the bridge, oosplash, soffice.bin), then reap the bridge: while
        it is unreaped its pid, so its group id, cannot be another process's."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait()
        for pipe in (self.proc.stdin, self.proc.stdout):
            with contextlib.suppress(OSError):
                if pipe is not None:
                    pipe.close()
        shutil.rmtree(self.home, ignore_errors=True)
        with contextlib.suppress(OSError):  # a killed soffice leaves its pipe's socket behind
            os.unlink(f"/tmp/OSL_PIPE_{os.getuid()}_{self.pipe}")

    def forget(self) -> None:
        """In a forked child: drop our copies of the parent's pipes, leaving its bridge alone."""
        for pipe in (self.proc.stdin, self.proc.stdout):
            with contextlib.suppress(OSError):
                if pipe is not None:
                    pipe.close()  # this process's copy only


class _Bridges:
    """One bridge per profile in this process, started on first use, replaced when it dies, and
    stopped once the thread that used it has ended (a long-lived worker runs many thread pools)
    or has moved to another profile: a thread keeps one soffice, so a long-lived round-trip
    thread that serves one profile root after another (a test session, a worker given a new
    scratch root) does not leave a soffice running for each."""

    def __init__(self) -> None:
        self._by_profile: dict[Path, _Bridge] = {}
        self._cannot_start: dict[str, str] = {}  # python -> why: not retried for every file
        self._guard = threading.Lock()  # the profile lock serialises use; this guards the dicts

    def convert(self, soffice: str, profile_dir: Path, request: dict[str, str],
                deadline: float) -> dict[str, object] | None:
        python = uno_python()
        if python is None:
            raise BridgeUnavailable("no Python with the uno module (apt-get install python3-uno)")
        if python in self._cannot_start:
            raise BridgeUnavailable(self._cannot_start[python])
        with self._guard:
            bridge = self._by_profile.pop(profile_dir, None)
        for _ in range(2):  # a bridge whose soffice died since its last file gets one replacement
            if bridge is None:
                self._stop_orphans()
                try:
                    bridge = _Bridge(python, soffice, profile_dir, deadline)
                except TimeoutError:
                    return None
                except BridgeUnavailable as exc:
                    self._cannot_start[python] = str(exc)
                    raise
            try:
                reply = bridge.convert(request, deadline)
            except (EOFError, ValueError):  # it exited, or wrote something not ours: a new one
                bridge.kill()
                bridge = None
                continue
            if reply is None:
                bridge.kill()
                return None
            bridge.files += 1
            if bridge.files >= MAX_FILES_PER_OFFICE:
                bridge.close()  # retired: the next file starts a fresh soffice
            else:
                with self._guard:
                    self._by_profile[profile_dir] = bridge
            return reply
        raise BridgeUnavailable("the bridge exited twice in a row")

    def _stop_orphans(self) -> None:
        """Stop the bridges of ended threads, and this thread's own (it is starting another)."""
        me = threading.current_thread()
        with self._guard:
            orphans = [p for p, b in self._by_profile.items() if b.owner is me or not b.owner.is_alive()]
            stopping = [self._by_profile.pop(p) for p in orphans]
        for bridge in stopping:
            bridge.close()

    def close_all(self) -> None:
        with self._guard:
            bridges, self._by_profile = list(self._by_profile.values()), {}
        for bridge in bridges:
            bridge.close()

    def forget_all(self) -> None:
        for bridge in self._by_profile.values():
            bridge.forget()
        self._by_profile = {}
        self._guard = threading.Lock()


_bridges = _Bridges()
atexit.register(_bridges.close_all)
os.register_at_fork(after_in_child=_bridges.forget_all)
