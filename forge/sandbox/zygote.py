"""Host side of the warm python: a template zygote per host process and sandbox interpreter,
and per open sandbox a server that only that sandbox can reach.

A `python3` that imports openpyxl costs ~200 ms before the script's first line; the template
(`forge.sandbox._zygote`) pays that once. It listens to nothing a sandbox can name: this process
talks to it over a socketpair. When a sandbox's shell is up, `serve` binds a listening socket at
/run/forge-py/call in that sandbox's own root (bwrap's tmpfs, not a host dir: `_sandbox_root`)
and hands it, with a pidfd of the sandbox's init, to the template, which forks a server that
enters the sandbox, drops to its uid under its seccomp filter and forks a child per call.
No process serves two sandboxes, and none a sandbox can reach holds a descriptor of the host
or of another sandbox (see `forge.sandbox._zygote` for the order that guarantees it).

Sandboxes get copies of the shims, root-owned and read-only, at /run/forge-py/bin
(`forge.sandbox._pyshim`, first on PATH; `shim_fds`, copied in by bwrap's `--file`). Without
root there is no setns, so no server: the shims exec the real interpreter, as they do whenever
the socket is missing or the server refuses a call. A template restarted (`ensure`) serves the
sandboxes opened, or shells restarted, after it; those already open run python3 cold until then.

The shim is native where it can be: `_pyshim.c`, the same protocol as `_pyshim.py`, costs
~0.5 ms per call instead of ~12. It is compiled on first use (`cc`, the interpreter's path baked in) and
cached in ~/.cache/forge/pyshim by a hash of the source, the interpreter and the compiler; with
no compiler, or a build that fails, the shims are the Python ones (and one warning is logged).

The template starts lazily on the first sandbox, with exactly the sandbox's environment (no
host variables, no secrets), and holds a "lifeline" pipe: it exits (and removes the shim dir)
when this process does, however it dies. A server exits with its sandbox's init. A forked
child of this process gets its own template on first use.
"""

from __future__ import annotations

import atexit
import hashlib
import logging
import os
import re
import shutil
import signal
import socket
import stat
import subprocess
import tempfile
import threading
import time
from collections.abc import Mapping, Sequence
from contextlib import suppress
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from forge.errors import SandboxError
from forge.sandbox import _sandbox_root

logger = logging.getLogger(__name__)

MOUNT_POINT = "/run/forge-py"
BIN_DIR = f"{MOUNT_POINT}/bin"
CALL_DIR = f"{MOUNT_POINT}/call"
"""A dir in each sandbox's own root: its server's socket, and nothing else."""
SOCKET_NAME = "python.sock"
SOCKET_PATH = f"{CALL_DIR}/{SOCKET_NAME}"
"""What the shims connect to (a constant in `_pyshim.c` and `_pyshim.py`)."""
_SERVER = Path(__file__).with_name("_zygote.py")
_SHIM = Path(__file__).with_name("_pyshim.py")
_NATIVE_SOURCE = Path(__file__).with_name("_pyshim.c")
_CC_FLAGS = ("-O2", "-Wall", "-Werror")
_CC_TIMEOUT_S = 60.0
_MAX_NATIVE_BYTES = 4 << 20
_CACHE_MAX_AGE_S = 30 * 86400
_MAX_SHEBANG = 250  # Linux reads 256 bytes of a #! line
_QUICK_DEATH_S = 30.0
_MAX_QUICK_DEATHS = 3
_STOP_TIMEOUT_S = 5.0

SHIM_COMPILER: str | None = "cc"
"""The C compiler that `warm_python` managers build the native shim with; None: the Python shim."""


class WarmPythonSpec(BaseModel):
    """Which interpreter the zygote runs, and the sandbox environment it runs with."""

    model_config = ConfigDict(frozen=True)

    interpreter: str
    """Absolute path of the sandbox's `python3`; the same path on the host and inside."""
    env: tuple[tuple[str, str], ...]
    """The sandbox shell's whole environment, PATH included."""
    names: tuple[str, ...]
    """Command names that get a shim (those that resolve to `interpreter` on the sandbox PATH)."""


def spec_for(search_path: Sequence[str], env: Mapping[str, str]) -> WarmPythonSpec | None:
    """The spec for a sandbox whose PATH (without the shim dir) is `search_path`; None if it
    has no python3, or one whose path does not fit in a #! line."""
    path = os.pathsep.join(search_path)
    interpreter = shutil.which("python3", path=path)
    if interpreter is None or len(interpreter) + 6 > _MAX_SHEBANG:
        return None
    interpreter = os.path.abspath(interpreter)
    candidates = ["python3", "python"]
    versioned = os.path.basename(os.path.realpath(interpreter))
    if re.fullmatch(r"python3\.\d+", versioned):
        candidates.append(versioned)
    names = []
    for name in candidates:
        found = shutil.which(name, path=path)
        if found and os.path.dirname(os.path.abspath(found)) == os.path.dirname(interpreter):
            with suppress(OSError):
                if os.path.samefile(found, interpreter):
                    names.append(name)
    return WarmPythonSpec(interpreter=interpreter, env=tuple(sorted(env.items())), names=tuple(names))


class WarmPython:
    """The shim directory and template zygote for one spec in this process; thread-safe."""

    def __init__(self, spec: WarmPythonSpec, *, compiler: str | None = "cc") -> None:
        self.spec = spec
        self.compiler = compiler
        """The C compiler for the native shim (a name on PATH or a path); None: the Python shim."""
        self._kind: str | None = None
        self._lock = threading.Lock()
        self._dir: Path | None = None
        self._proc: subprocess.Popen[bytes] | None = None
        self._lifeline: int | None = None
        self._control: socket.socket | None = None  # our end of the socketpair to the template
        self._started = 0.0
        self._quick_deaths = 0  # in a row; a zygote that cannot start is not restarted forever

    @property
    def pid(self) -> int | None:
        """The zygote's pid while it runs."""
        proc = self._proc
        return proc.pid if proc is not None and proc.poll() is None else None

    @property
    def shim_kind(self) -> str | None:
        """The kind of shim in the dir, "c" (native) or "python"; None while there is no dir."""
        return self._kind if self._dir is not None else None

    def shim_dir(self) -> Path:
        """The host dir to mount at MOUNT_POINT, with the shims in `bin/` (made on first use)."""
        with self._lock:
            return self._shim_dir_locked()

    def ensure(self) -> Path:
        """`shim_dir`, and as root a running template (started, or restarted if it died, here)."""
        with self._lock:
            shims = self._shim_dir_locked()
            if os.geteuid() != 0 or (self._proc is not None and self._proc.poll() is None):
                return shims
            if self._proc is not None:
                logger.warning("the warm python zygote exited (%s); restarting it", self._proc.returncode)
                quick = time.monotonic() - self._started < _QUICK_DEATH_S
                self._quick_deaths = self._quick_deaths + 1 if quick else 0
                self._stop_locked()
            if self._quick_deaths < _MAX_QUICK_DEATHS:
                self._start()
            elif self._quick_deaths == _MAX_QUICK_DEATHS:
                self._quick_deaths += 1
                logger.warning("the warm python zygote keeps dying at start; python3 runs cold from now on")
            return shims

    def _shim_dir_locked(self) -> Path:
        if self._dir is None:
            self._dir = self._make_dir()
        return self._dir

    def _make_dir(self) -> Path:
        native = native_shim(self.spec.interpreter, self.compiler) if self.compiler else None
        try:
            root = Path(tempfile.mkdtemp(prefix="forge-py-"))
            root.chmod(0o755)  # sandbox users need to reach the shims and the socket
            (root / "bin").mkdir(mode=0o755)
            if native is None:
                native = f"#!{self.spec.interpreter} -IS\n{_SHIM.read_text(encoding='utf-8')}".encode()
                self._kind = "python"
            else:
                self._kind = "c"
            for name in self.spec.names:
                shim = root / "bin" / name
                shim.write_bytes(native)
                shim.chmod(0o755)
        except OSError as exc:
            where = tempfile.gettempdir()
            raise SandboxError(f"cannot prepare the warm python shims in {where}: {exc}") from exc
        logger.debug("warm python shims (%s) in %s for %s", self._kind, root, self.spec.interpreter)
        return root

    def _start(self) -> None:
        from forge.sandbox import _seccomp  # the program is built once per process

        assert self._dir is not None
        self._started = time.monotonic()
        program = _seccomp.program_fd()
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        life_r, life_w = os.pipe()
        log_r, log_w = os.pipe()
        passed = (theirs.fileno(), life_r, program)
        try:
            argv = [self.spec.interpreter, str(_SERVER), *map(str, passed), str(self._dir)]
            self._proc = subprocess.Popen(
                argv,
                pass_fds=passed,
                env=dict(self.spec.env),
                cwd="/",
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=log_w,
                start_new_session=True,
            )
        except OSError as exc:
            os.close(life_w)
            os.close(log_r)
            ours.close()
            raise SandboxError(
                f"cannot start the warm python zygote ({self.spec.interpreter}): {exc}; "
                "open the backend with warm_python=False to run python3 cold"
            ) from exc
        finally:
            theirs.close()
            os.close(life_r)
            os.close(log_w)
            os.close(program)
        ours.setblocking(False)  # a template that stops reading costs warm calls, never a hang
        self._control, self._lifeline = ours, life_w
        threading.Thread(target=_log_lines, args=(log_r,), name="forge-zygote-log", daemon=True).start()
        logger.debug("warm python template started: pid %s", self._proc.pid)

    def serve(self, init_pidfd: int, uid: int, gid: int, cgroup_join: Sequence[Path] = ()) -> bool:
        """Have the template start a server for one sandbox; False: its python3 runs cold.

        `init_pidfd` is a pidfd of the sandbox's init (bwrap's child, in all its namespaces);
        the socket is bound at SOCKET_PATH in that sandbox's own root (`_sandbox_root`), so
        neither its mount table nor the socket's name shows a host path. `cgroup_join` are
        the files through which the server, a single-threaded fresh fork, moves itself into the
        sandbox's cgroup (`SandboxCgroup.self_join_paths`, one per hierarchy) before anything
        else, so that it and every call it forks count against the
        sandbox's aggregate limits. Call it once the sandbox's shell is up and again for each
        new shell (each has a fresh root): a server lives exactly as long as the init it was
        given. Calls made before the server is ready wait in the socket's backlog.
        """
        if os.geteuid() != 0 or uid <= 0 or gid <= 0:
            return False
        with self._lock:
            if self._control is None or self._proc is None or self._proc.poll() is not None:
                return False
            procs: list[int] = []
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as listener:

                def bind() -> None:  # in the sandbox's root: C calls only, nothing imported there
                    listener.bind(SOCKET_PATH)
                    os.chown(SOCKET_PATH, uid, gid)
                    os.chmod(SOCKET_PATH, 0o600)  # the sandbox's uid only; the server checks it again

                try:
                    procs += [os.open(p, os.O_WRONLY | os.O_CLOEXEC) for p in cgroup_join]
                    _sandbox_root.run_in_root(init_pidfd, bind)
                    listener.listen(128)
                    fds = [listener.fileno(), init_pidfd, *procs]
                    socket.send_fds(self._control, [b"%d %d" % (uid, gid)], fds)
                except OSError as exc:  # a full or broken channel, a gone init: cold python3 (a
                    # socket left bound refuses connections, and the shim then runs the real one)
                    logger.warning("cannot start a sandbox's warm python (%s); its python3 runs cold", exc)
                    return False
                finally:
                    for fd in procs:
                        os.close(fd)
        return True

    def shim_fds(self) -> dict[str, int]:
        """Fresh read-only fds of the shims, by command name, for bwrap to copy into a sandbox's
        BIN_DIR (`--file`): a copy, not a bind of our dir, so its mount table names no host path."""
        with self._lock:
            shims = self._shim_dir_locked() / "bin"
        return _sandbox_root.open_files(shims / name for name in self.spec.names)

    def stop(self) -> None:
        """Stop the template and every server it forked (their calls in flight end); the shims of
        open sandboxes then run cold, and `ensure` starts a new template for new sandboxes."""
        with self._lock:
            self._stop_locked()

    def _stop_locked(self) -> None:
        if self._proc is not None:  # killed first: on a closed lifeline it would remove our dir
            # its group: the template and its servers (calls have their own)
            with suppress(ProcessLookupError):
                os.killpg(self._proc.pid, signal.SIGKILL)
            with suppress(subprocess.TimeoutExpired):
                self._proc.wait(_STOP_TIMEOUT_S)
            self._proc = None
        if self._lifeline is not None:
            os.close(self._lifeline)
            self._lifeline = None
        if self._control is not None:
            self._control.close()
            self._control = None

    def close(self) -> None:
        """Stop the zygote and remove the shim dir."""
        with self._lock:
            self._stop_locked()
            if self._dir is not None:
                shutil.rmtree(self._dir, ignore_errors=True)
                self._dir = None

    def _abandon(self) -> None:
        """In a forked child: let go of the parent's zygote without touching it."""
        if self._lifeline is not None:  # a raw fd: no lock that a thread of the parent may hold
            with suppress(OSError):
                os.close(self._lifeline)
        if self._control is not None:
            with suppress(OSError):
                self._control.close()
        self._lifeline, self._proc, self._dir, self._control = None, None, None, None


def _log_lines(fd: int) -> None:
    """The zygote's stderr (it writes only when something is wrong) into our log, until EOF."""
    pending = b""
    with suppress(OSError):
        while chunk := os.read(fd, 65536):
            *lines, pending = (pending + chunk).split(b"\n")
            for line in lines:
                logger.warning("warm python zygote: %s", line.decode(errors="replace"))
    with suppress(OSError):
        os.close(fd)


_natives: dict[tuple[str, str], bytes | None] = {}  # (compiler, interpreter) -> the shim; None: none
_natives_lock = threading.Lock()


def native_shim(interpreter: str, compiler: str = "cc") -> bytes | None:
    """The native shim's executable for `interpreter`, or None (then a warning was logged, once
    per process): built on first use, else taken from the on-disk cache. Never raises."""
    with _natives_lock:
        key = (compiler, interpreter)
        if key not in _natives:
            try:
                _natives[key] = _native_shim(interpreter, compiler)
            except Exception as exc:  # correctness never depends on the native shim
                logger.warning("cannot build the native python shim (%r); using the Python one", exc)
                _natives[key] = None
        return _natives[key]


def _native_shim(interpreter: str, compiler: str) -> bytes | None:
    cc = shutil.which(compiler)
    if cc is None:
        logger.warning("no C compiler %r for the native python shim; using the Python one", compiler)
        return None
    cc = os.path.abspath(cc)
    source = _NATIVE_SOURCE.read_bytes()
    flags = [*_CC_FLAGS, "-DREAL_PYTHON=" + _c_string(interpreter)]
    key = [source, os.fsencode(cc), os.uname().machine.encode(), *map(os.fsencode, flags)]
    digest = hashlib.sha256(b"\0".join(key)).hexdigest()
    cache = _cache_dir()
    cached = cache / f"pyshim-{digest[:32]}" if cache is not None else None
    if cached is not None and (data := _read_own(cached)) is not None and _works(cached) is None:
        return data
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="build-", dir=cache) as build:
        src, out = Path(build, "pyshim.c"), Path(build, "python3")
        src.write_bytes(source)  # exactly what was hashed
        path = os.pathsep.join([os.path.dirname(cc), "/usr/local/bin", "/usr/bin", "/bin"])
        env = {"PATH": path, "LC_ALL": "C", "TMPDIR": build}  # nothing of ours reaches the compiler
        code, output = _run([cc, *flags, "-o", str(out), str(src)], env, build)
        if code != 0 or not out.is_file():
            logger.warning(
                "%s could not build the native python shim (%s): %s; using the Python one",
                cc, "timed out" if code is None else f"exit {code}", output[-2000:],
            )  # fmt: skip
            return None
        if (failure := _works(out)) is not None:
            logger.warning("the native python shim does not work (%s); using the Python one", failure)
            return None
        out.chmod(0o755)
        data = out.read_bytes()
        if cached is not None:
            with suppress(OSError):
                os.replace(out, cached)  # atomic: a concurrent reader never sees half a file
            _prune(cache, keep=cached)
    elapsed_ms = (time.monotonic() - started) * 1000
    logger.info("built the native python shim for %s in %.0f ms", interpreter, elapsed_ms)
    return data


def _prune(cache: Path, keep: Path) -> None:
    """Drop builds untouched for a month (of an older source, or an interpreter gone)."""
    stale = time.time() - _CACHE_MAX_AGE_S
    with suppress(OSError):
        for entry in cache.iterdir():
            info = entry.lstat()
            if entry == keep or not entry.name.startswith(("pyshim-", "build-")) or info.st_mtime > stale:
                continue
            if stat.S_ISDIR(info.st_mode):
                shutil.rmtree(entry, ignore_errors=True)
            else:
                entry.unlink()


def _works(shim: Path) -> str | None:
    """None if `shim` runs the real interpreter right (no zygote to ask here), else what it did."""
    code, output = _run([str(shim), "-c", "import sys; print(sys.argv[1:])", "ok"], {})
    return None if code == 0 and output == "['ok']" else f"exit {code}: {output[-500:]}"


def _run(argv: list[str], env: dict[str, str], cwd: str = "/") -> tuple[int | None, str]:
    """(exit status or None on timeout, output) of a helper; its whole group dies on timeout."""
    try:
        proc = subprocess.Popen(
            argv, env=env, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
    except OSError as exc:  # not executable, not for this machine
        return 127, str(exc)
    try:
        output, _ = proc.communicate(timeout=_CC_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        with suppress(OSError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        return None, ""
    return proc.returncode, output.decode(errors="replace").strip()


def _c_string(text: str) -> str:
    """A C string literal of `text`'s bytes, safe whatever they are (octal escapes)."""
    keep = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+"
    return '"' + "".join(chr(b) if b in keep else f"\\{b:03o}" for b in os.fsencode(text)) + '"'


def _cache_dir() -> Path | None:
    """Our build cache, or None (build in a temporary dir): a 0700 dir of ours on a path that
    nobody but us and root can change."""
    try:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
        path = base / "forge" / "pyshim"
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
        path = path.resolve(strict=True)
        infos = [os.lstat(part) for part in (path, *path.parents)]
    except (OSError, RuntimeError):
        return None
    for info in infos:
        if info.st_uid not in (0, os.geteuid()) or info.st_mode & 0o022 and not info.st_mode & stat.S_ISVTX:
            return None
    private = stat.S_ISDIR(infos[0].st_mode) and infos[0].st_uid == os.geteuid()
    return path if private and not infos[0].st_mode & 0o077 else None


def _read_own(path: Path) -> bytes | None:
    """The file's bytes if it is a regular file we own that nobody else can write, else None."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError:
        return None
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_uid != os.geteuid() or info.st_mode & 0o022:
            return None
        data = handle.read(_MAX_NATIVE_BYTES + 1)
    return data if 0 < len(data) <= _MAX_NATIVE_BYTES and data.startswith(b"\x7fELF") else None


_registry: dict[WarmPythonSpec, WarmPython] = {}
_registry_lock = threading.Lock()


def warm_python(spec: WarmPythonSpec) -> WarmPython:
    """This process's manager for `spec` (look it up per use: a forked child gets a new one)."""
    with _registry_lock:
        manager = _registry.get(spec)
        if manager is None:
            manager = _registry[spec] = WarmPython(spec, compiler=SHIM_COMPILER)
        return manager


def close_all() -> None:
    """Stop every zygote of this process and remove their dirs (also run at exit)."""
    with _registry_lock:
        managers = list(_registry.values())
        _registry.clear()
    for manager in managers:
        manager.close()


def _after_fork_in_child() -> None:
    global _registry_lock, _natives_lock
    _registry_lock = threading.Lock()
    _natives_lock = threading.Lock()
    for manager in _registry.values():
        manager._lock = threading.Lock()
        manager._abandon()
    _registry.clear()


os.register_at_fork(after_in_child=_after_fork_in_child)
atexit.register(close_all)
