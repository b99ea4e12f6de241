"""The default sandbox backend: bubblewrap around one persistent bash shell.

Inside: a read-only system (/usr, /etc, the current Python's prefixes), a private tmpfs /tmp,
fresh /proc and /dev, the job dir read-write at /job, and a read-only control dir at
/run/forge through which commands arrive as files. No network (an own, empty net namespace),
no host environment, rlimit bounds per process (set by the shell itself before it reads
any command, so they hold for everything it starts).

Why root is special: RLIMIT_NPROC is not enforced for uid 0, and a bwrap started by an
unprivileged uid cannot even reach a Python under a 0700 /root. So as root, bwrap sets up the
mounts with root's rights *without* a user namespace, and setpriv drops to a distinct
unprivileged uid per sandbox before bash starts. As any other user, bwrap runs with
`--unshare-all` (a user namespace) and the limits are applied inside it.

`python3` inside is a shim (`forge.sandbox.zygote`, mounted at /run/forge-py): as root it
has a preloaded interpreter fork the call into the sandbox, ~200 ms faster than a fresh one.
"""

from __future__ import annotations

import functools
import json
import logging
import os
import secrets
import select
import selectors
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import weakref
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import suppress
from pathlib import Path
from types import TracebackType
from typing import Self

from forge.errors import ConfigError, SandboxError, SandboxUnavailableError
from forge.sandbox import _limits, _paths, _seccomp, zygote
from forge.sandbox._stream import _Stream
from forge.sandbox.spec import SANDBOX_BACKENDS, CommandResult, SandboxLimits, SandboxTimeLimitError

logger = logging.getLogger(__name__)

INSTALL_HINT = "install it with `apt-get install bubblewrap` (Debian/Ubuntu) or `dnf install bubblewrap`"
_HINTS = {"bwrap": INSTALL_HINT, "bash": "install bash"}
_UTIL_HINT = "install util-linux (`apt-get install util-linux`)"
_NAMESPACE_HINT = (
    "bubblewrap needs user namespaces (sysctl kernel.unprivileged_userns_clone=1, "
    "user.max_user_namespaces>0) or, when run as root, CAP_SYS_ADMIN"
)
_MIB = 1024 * 1024
_CONTROL = "/run/forge"
_DEFAULT_PATH = ("/usr/local/bin", "/usr/bin", "/bin")
_SHELL_ENV = {
    "HOME": "/job",
    "LANG": "C.UTF-8",
    "TMPDIR": "/tmp",
    "PYTHONDONTWRITEBYTECODE": "1",
    "TERM": "dumb",
    # numpy: no BLAS threads (they eat RLIMIT_AS, and the warm python zygote must have none at fork)
    "OPENBLAS_NUM_THREADS": "1",
    "OMP_NUM_THREADS": "1",
}
_READ_CHUNK = 65536
_REAP_TIMEOUT_S = 5.0
_spawner: tuple[int, ThreadPoolExecutor] | None = None
_spawner_lock = threading.Lock()


def _popen(argv: list[str], *fds: int) -> subprocess.Popen[bytes]:
    """Start bwrap from one long-lived thread per process.

    --die-with-parent ties a sandbox to the *thread* that forked it (PR_SET_PDEATHSIG): a
    sandbox opened from a short-lived worker thread would die with that thread.
    """
    global _spawner
    with _spawner_lock:
        if _spawner is None or _spawner[0] != os.getpid():  # a forked child needs its own thread
            _spawner = (os.getpid(), ThreadPoolExecutor(1, thread_name_prefix="forge-sandbox-spawn"))
        pool = _spawner[1]
    pipe = subprocess.PIPE

    def spawn() -> subprocess.Popen[bytes]:
        return subprocess.Popen(
            argv, stdin=pipe, stdout=pipe, stderr=pipe, pass_fds=fds, start_new_session=True, env={}
        )

    return pool.submit(spawn).result()


def _ulimit(limits: SandboxLimits, *, per_process_memory: bool) -> str:
    """The shell's first command: hard and soft limits on itself, so on all it will start
    (one exec fewer per sandbox than a `prlimit` wrapper). Bash counts KiB for -v and -f.

    Memory is the cgroup's job (the whole sandbox); an address-space limit (-v) is set only
    without one: it would stop GUI apps, which reserve far more address space than they use.
    """
    memory = f" -v {limits.memory_mb * 1024}" if per_process_memory else ""
    return f"ulimit -HS{memory} -u {limits.max_processes} -t {limits.cpu_seconds} -f {limits.file_size_mb * 1024}"


_fallback_warned = False


def _aggregate_limits(limits: SandboxLimits) -> _limits.SandboxCgroup | None:
    """The sandbox's cgroup; None (warned once) only where `require_aggregate_limits` is off and none can be made."""
    global _fallback_warned
    try:
        return _limits.SandboxCgroup.create(limits.memory_mb, limits.max_processes, limits.cgroup_parent)
    except _limits.CgroupUnavailableError as exc:
        if limits.require_aggregate_limits:
            raise
        if not _fallback_warned:
            _fallback_warned = True
            logger.warning("sandboxes run with per-process rlimits only, no aggregate bound: %s", exc)
        return None


def _expire(ref: weakref.ref[BwrapSandbox]) -> None:
    """The watchdog's callback at a sandbox's wall-time deadline: kill everything in it."""
    box = ref()
    if box is None:
        return
    box._expired = True
    logger.info("sandbox over its wall time of %ss; killing it", box.limits.wall_time_s)
    shell = box._shell
    if shell is not None:
        shell.kill()
    if box.cgroup is not None:
        box.cgroup.kill_all()


def _reap(proc: subprocess.Popen[bytes], pidfd_box: list[int | None]) -> None:
    """Kill a sandbox's whole process tree and wait until its pid namespace is gone."""
    pidfd = pidfd_box[0]
    if proc.poll() is None:
        with suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
    if pidfd is not None:
        with suppress(OSError):
            signal.pidfd_send_signal(pidfd, signal.SIGKILL)
    proc.wait()
    if pidfd is not None:  # readable once the namespace's init, and so every process in it, exited
        select.select([pidfd], [], [], _REAP_TIMEOUT_S)
        os.close(pidfd)
    for pipe in (proc.stdin, proc.stdout, proc.stderr):
        if pipe is not None:
            with suppress(OSError):
                pipe.close()


class _Shell:
    """One running bwrap -> [setpriv] -> bash tree; `kill` is idempotent."""

    def __init__(self, proc: subprocess.Popen[bytes]) -> None:
        self.proc = proc
        self._pidfd: list[int | None] = [None]  # set once bwrap reports its init's pid
        self.kill = weakref.finalize(self, _reap, proc, self._pidfd)

    def watch_init(self, info_r: int, timeout_s: float) -> None:
        """Read bwrap's --info-fd JSON and keep a pidfd on the namespace's init process."""
        data = b""
        deadline = time.monotonic() + timeout_s
        try:
            while True:
                with suppress(ValueError):
                    self._pidfd[0] = os.pidfd_open(int(json.loads(data)["child-pid"]))
                    return
                remaining = deadline - time.monotonic()
                if remaining <= 0 or not select.select([info_r], [], [], remaining)[0]:
                    return
                chunk = os.read(info_r, 4096)
                if not chunk:
                    return
                data += chunk
        except (OSError, KeyError, TypeError) as exc:
            logger.debug("no pidfd for the sandbox init (%s); relying on the process group", exc)
        finally:
            os.close(info_r)

    def exchange(self, line: str, token: str, limit: int, timeout_s: float) -> tuple[_Stream, _Stream, str]:
        """Send one control line; read both pipes until both markers, EOF or the deadline.

        Returns (stdout, stderr, status), status "done", "eof" (the shell went away) or
        "timeout". Reading goes on past the limit so the shell never blocks on a full pipe.
        """
        out, err = _Stream(token, limit, with_code=True), _Stream(token, limit, with_code=False)
        assert self.proc.stdin and self.proc.stdout and self.proc.stderr
        with suppress(OSError):  # a dead shell: the pipes below report EOF and bwrap's complaint
            os.write(self.proc.stdin.fileno(), line.encode())
        deadline = time.monotonic() + timeout_s
        with selectors.DefaultSelector() as sel:
            sel.register(self.proc.stdout.fileno(), selectors.EVENT_READ, out)
            sel.register(self.proc.stderr.fileno(), selectors.EVENT_READ, err)
            while sel.get_map():
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    out.flush()
                    err.flush()
                    return out, err, "timeout"
                for key, _ in sel.select(remaining):
                    stream: _Stream = key.data
                    chunk = os.read(key.fd, _READ_CHUNK)
                    if chunk:
                        stream.feed(chunk)
                    else:
                        stream.flush()
                    if not chunk or stream.done:
                        sel.unregister(key.fd)
        return out, err, ("done" if out.done and err.done else "eof")


class BwrapSandbox:
    """A bubblewrap sandbox with one persistent shell; see `forge.sandbox.spec.Sandbox`.

    `run` holds a lock, so a `close` from another thread waits for the running command.
    """

    def __init__(self, backend: BwrapBackend, job_dir: Path, limits: SandboxLimits, uid: int | None) -> None:
        self.job_dir = job_dir
        self.limits = limits
        self.uid = uid
        self._backend = backend
        self._owner = (uid, uid) if uid is not None else None
        self._lock = threading.Lock()
        self._seq = 0
        self._closed = False
        self._shell: _Shell | None = None
        self._expired = False
        self.cgroup = _aggregate_limits(limits)
        """The sandbox's memory + pids cgroup (None only in the documented rlimit fallback)."""
        self._remove_cgroup = weakref.finalize(self, self.cgroup.close) if self.cgroup else None
        self._deadline = _limits.WATCHDOG.schedule(limits.wall_time_s, functools.partial(_expire, weakref.ref(self)))
        self._control = Path(tempfile.mkdtemp(prefix="forge-sbx-", dir=backend.control_root))
        self._remove_control = weakref.finalize(self, shutil.rmtree, self._control, True)
        try:
            self._control.chmod(0o755)
            if uid is not None:
                _paths.chown_tree(job_dir, uid, uid)
            self._shell = self._start()
        except BaseException:
            self.close()
            raise

    @property
    def pid(self) -> int | None:
        """Host pid of the current shell's outer bwrap process (None when no shell runs)."""
        return self._shell.proc.pid if self._shell is not None else None

    def _start(self) -> _Shell:
        info_r, info_w = os.pipe()
        seccomp_fd = _seccomp.program_fd()
        argv = self._backend.argv(self.job_dir, self._control, self.limits, self.uid, info_w, seccomp_fd)
        if self.cgroup is not None:
            argv = self.cgroup.wrap(argv)
        try:
            proc = _popen(argv, info_w, seccomp_fd)
        except OSError as exc:
            os.close(info_r)
            if isinstance(exc, FileNotFoundError):
                raise SandboxUnavailableError(f"cannot run {argv[0]}: {exc}; {INSTALL_HINT}") from exc
            raise SandboxError(f"cannot start bubblewrap ({argv[0]}): {exc}") from exc
        finally:
            os.close(info_w)
            os.close(seccomp_fd)
        shell = _Shell(proc)
        token = secrets.token_hex(16)
        hello = (
            f"{_ulimit(self.limits, per_process_memory=self.cgroup is None)} || exit 97; exec 98>&1 99>&2; "
            f"printf '\\n%s 0\\n' {token} >&98; printf '\\n%s\\n' {token} >&99\n"
        )
        out, err, status = shell.exchange(hello, token, 64_000, self._backend.start_timeout_s)
        if status != "done":
            shell.kill()
            os.close(info_r)
            detail = (err.text() or out.text()).strip() or f"exit status {proc.returncode}"
            raise SandboxError(
                f"bubblewrap could not start the sandbox ({status}): {detail}; {_NAMESPACE_HINT}"
            )
        shell.watch_init(info_r, self._backend.start_timeout_s)
        if self.uid is not None and shell._pidfd[0] is not None:  # this shell's own warm python server,
            procs = self.cgroup.procs_paths if self.cgroup is not None else ()  # in the sandbox's cgroup
            self._backend.serve_warm_python(shell._pidfd[0], self._control, self.uid, procs)
        logger.debug("sandbox shell up: pid %s, uid %s, job %s", proc.pid, self.uid, self.job_dir)
        return shell

    def run(self, command: str, timeout_s: float | None = None) -> CommandResult:
        """Run `command` in the persistent shell (stdin is /dev/null) and collect its output."""
        budget = self.limits.command_timeout_s if timeout_s is None else timeout_s
        if budget <= 0:
            raise ConfigError(f"timeout_s must be positive, got {timeout_s!r}")
        with self._lock:
            if self._closed:
                raise SandboxError("the sandbox is closed; open a new one")
            if self._expired:
                raise SandboxTimeLimitError(
                    f"the sandbox ran past its wall time of {self.limits.wall_time_s}s "
                    "(SandboxLimits.wall_time_s, FORGE_SANDBOX_WALL_TIME_S); every process in it was killed"
                )
            restarted = self._shell is None or self._shell.proc.poll() is not None
            if restarted:
                self._drop_shell()
                self._shell = self._start()
            assert self._shell is not None
            self._seq += 1
            script = self._control / f"cmd-{self._seq}.sh"
            script.write_bytes(command.encode("utf-8", errors="surrogateescape"))
            script.chmod(0o644)
            token = secrets.token_hex(16)  # fresh per command: output cannot forge the end marker
            line = (
                f". {_CONTROL}/{script.name} </dev/null; "
                f"printf '\\n%s %d\\n' {token} $? >&98; printf '\\n%s\\n' {token} >&99\n"
            )
            started = time.monotonic()
            try:
                out, err, status = self._shell.exchange(line, token, self.limits.output_limit_bytes, budget)
                exit_code = out.code if status == "done" and out.code is not None else 124
                if status == "eof":
                    exit_code = self._shell_exit_code(started + budget)
                    logger.info("sandbox shell exited with %d; it restarts on the next command", exit_code)
                elif status == "timeout":
                    logger.info("sandbox command timed out after %.1fs; killing the sandbox", budget)
                if status != "done":
                    self._drop_shell()
            finally:
                script.unlink(missing_ok=True)
            return CommandResult(
                command=command,
                stdout=out.text(),
                stderr=err.text(),
                exit_code=exit_code,
                timed_out=status == "timeout",
                truncated=out.truncated or err.truncated,
                duration_s=round(time.monotonic() - started, 6),
                shell_restarted=restarted,
            )

    def _shell_exit_code(self, deadline: float) -> int:
        """The status of a shell that hung up (`exit N`), or 124 if it will not die in time."""
        assert self._shell is not None
        try:
            code = self._shell.proc.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            return 124
        return code if code >= 0 else 128 - code

    def _drop_shell(self) -> None:
        if self._shell is not None:
            self._shell.kill()
            self._shell = None

    def put_file(self, rel_path: str, data: bytes) -> None:
        """Write `data` to `rel_path` under the job dir (parents created, owned by the sandbox user)."""
        _paths.write_in_job(self.job_dir, rel_path, data, self._owner)

    def get_file(self, rel_path: str) -> bytes:
        """Read `rel_path` from the job dir; symlinks, FIFOs and escapes are refused."""
        return _paths.read_in_job(self.job_dir, rel_path)

    def close(self) -> None:
        """Kill every process of the sandbox and remove its control dir; safe to call twice."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            _limits.WATCHDOG.cancel(self._deadline)
            self._drop_shell()
            if self._remove_cgroup is not None:
                self._remove_cgroup()  # SIGKILLs what is left (a joined helper); the dirs go in the background
            self._remove_control()
            if self.uid is not None:
                self._backend.release_uid(self.uid)

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


_BACKENDS: weakref.WeakSet[BwrapBackend] = weakref.WeakSet()


def _reseed_uids_after_fork() -> None:
    for backend in list(_BACKENDS):
        backend._reseed_uids()


os.register_at_fork(after_in_child=_reseed_uids_after_fork)


class BwrapBackend:
    """Makes bubblewrap sandboxes. Constructor args exist for tests and unusual hosts.

    As root, each open sandbox runs as its own uid from `uid_base` on (chosen at random
    within a 4M range so that several worker processes rarely collide; a forked worker draws
    its own start rather than repeating its parent's sequence), which gives each
    sandbox its own process budget. With `warm_python`, `python3` inside is forked from a
    preloaded interpreter when it can be (see `forge.sandbox.zygote`): ~10x faster to start.
    """

    name = "bwrap"
    _UID_SPAN = 1 << 22

    def __init__(
        self,
        bwrap_path: str = "bwrap",
        *,
        setpriv_path: str = "setpriv",
        python_prefixes: Sequence[str | Path] | None = None,
        uid_base: int = 200_000,
        control_root: Path | None = None,
        start_timeout_s: float = 10.0,
        warm_python: bool = True,
    ) -> None:
        self._tools = {"bwrap": bwrap_path, "setpriv": setpriv_path, "bash": "bash"}
        self._resolved: dict[str, str] | None = None
        if python_prefixes is None:  # the running interpreter, its venv last (its bin/ goes first)
            python_prefixes = [sys.base_prefix, sys.base_exec_prefix, sys.exec_prefix, sys.prefix]
        wanted = [os.path.abspath(p) for p in python_prefixes]
        self._prefixes = _paths.own_prefixes(wanted)
        bins = dict.fromkeys(os.path.join(p, "bin") for p in reversed(wanted))
        self._python_bins = [b for b in bins if os.path.isdir(b) and b not in _DEFAULT_PATH]
        self._uid_base = uid_base
        self._uid_next = secrets.randbelow(self._UID_SPAN)
        self._uids_used: set[int] = set()
        self._uid_lock = threading.Lock()
        _BACKENDS.add(self)
        self.control_root = control_root
        self.start_timeout_s = start_timeout_s
        self.warm_python = warm_python

    def check_available(self) -> None:
        """Raise SandboxUnavailableError, with the install command, if a needed tool is missing."""
        if self._resolved is not None:
            return
        resolved: dict[str, str] = {}
        for tool, path in self._tools.items():
            if tool == "setpriv" and os.geteuid() != 0:
                continue
            found = shutil.which(path)
            if found is None:
                hint = _HINTS.get(tool, _UTIL_HINT)
                raise SandboxUnavailableError(f"the sandbox needs {tool} but {path!r} was not found; {hint}")
            resolved[tool] = os.path.abspath(found)
        self._resolved = resolved

    def open(self, job_dir: Path, limits: SandboxLimits) -> BwrapSandbox:
        self.check_available()
        job_dir = Path(job_dir).absolute()
        if not job_dir.is_dir():
            raise ConfigError(f"job_dir {job_dir} is not a directory; create it before opening a sandbox")
        uid = self._acquire_uid() if os.geteuid() == 0 else None
        try:
            return BwrapSandbox(self, job_dir, limits, uid)
        except BaseException:
            if uid is not None:
                self.release_uid(uid)
            raise

    def _acquire_uid(self) -> int:
        with self._uid_lock:
            while True:
                uid = self._uid_base + self._uid_next % self._UID_SPAN
                self._uid_next += 1
                if uid not in self._uids_used:
                    self._uids_used.add(uid)
                    return uid

    def release_uid(self, uid: int) -> None:
        with self._uid_lock:
            self._uids_used.discard(uid)

    def _reseed_uids(self) -> None:
        """In a forked child: draw a new start, or parent and child hand out the same uids.

        The uids the parent holds stay marked used (they are still taken); the lock is new,
        since another thread may have held it at the fork.
        """
        self._uid_lock = threading.Lock()
        self._uid_next = secrets.randbelow(self._UID_SPAN)

    def _env(self, warm: bool) -> dict[str, str]:
        path = [zygote.BIN_DIR] if warm else []
        return {"PATH": ":".join([*path, *self._python_bins, *_DEFAULT_PATH]), **_SHELL_ENV}

    @functools.cached_property
    def warm_python_spec(self) -> zygote.WarmPythonSpec | None:
        """The warm python for these sandboxes (None: no python3 on their PATH)."""
        return zygote.spec_for([*self._python_bins, *_DEFAULT_PATH], self._env(True))

    def warm_python_dir(self) -> Path | None:
        """The shim dir to mount (as root the template is then running), or None: python3 runs cold."""
        spec = self.warm_python_spec if self.warm_python else None
        return zygote.warm_python(spec).ensure() if spec is not None else None

    def serve_warm_python(
        self, init_pidfd: int, control: Path, uid: int, cgroup_procs: Sequence[Path]
    ) -> None:
        """Start the warm python server of one sandbox shell (see `forge.sandbox.zygote`)."""
        spec = self.warm_python_spec if self.warm_python else None
        if spec is not None:
            zygote.warm_python(spec).serve(init_pidfd, uid, uid, zygote.call_dir(control), cgroup_procs)

    def argv(
        self,
        job_dir: Path,
        control: Path,
        limits: SandboxLimits,
        uid: int | None,
        info_fd: int,
        seccomp_fd: int,
    ) -> list[str]:
        """The full command line for one sandbox shell."""
        assert self._resolved is not None, "call check_available() first"
        tools = self._resolved
        args = [tools["bwrap"]]
        if uid is not None:  # root: no user namespace, so the uid drop below is a real host uid
            args += [f"--unshare-{ns}" for ns in ("ipc", "pid", "net", "uts", "cgroup-try")]
        else:
            args += ["--unshare-all"]
        args += ["--die-with-parent", "--new-session", "--hostname", "sandbox", "--ro-bind", "/usr", "/usr"]
        for top in _paths.SYSTEM_TOP:
            if os.path.islink(top):
                args += ["--symlink", os.readlink(top), top]
            elif os.path.isdir(top):
                args += ["--ro-bind", top, top]
        args += ["--ro-bind", "/etc", "/etc", "--proc", "/proc", "--dev", "/dev"]
        for tmp in ("/tmp", "/dev/shm"):  # private, size-capped (tmpfs pages escape RLIMIT_AS)
            args += ["--perms", "1777", "--size", str(limits.file_size_mb * _MIB), "--tmpfs", tmp]
        for prefix in self._prefixes:
            args += ["--ro-bind", prefix, prefix]
        for parent in _paths.parents_to_open(self._prefixes):
            args += ["--chmod", "0755", parent]
        args += ["--bind", str(job_dir), "/job", "--ro-bind", str(control), _CONTROL]
        warm = self.warm_python_dir()
        if warm is not None:
            calls = zygote.call_dir(control)  # this sandbox's server socket, in no other sandbox
            args += ["--ro-bind", str(warm / "bin"), zygote.BIN_DIR, "--ro-bind", str(calls), zygote.CALL_DIR]
            args += ["--chmod", "0755", zygote.MOUNT_POINT]  # bwrap makes the dirs it creates 0700
        args += ["--chmod", "0755", "/run", "--chdir", "/job", "--clearenv"]
        for key, value in self._env(warm is not None).items():
            args += ["--setenv", key, value]
        args += ["--seccomp", str(seccomp_fd), "--info-fd", str(info_fd), "--"]
        if uid is not None:
            args += [tools["setpriv"], f"--reuid={uid}", f"--regid={uid}", "--clear-groups"]
            args += ["--inh-caps=-all", "--bounding-set=-all", "--no-new-privs", "--"]
        return args + [tools["bash"], "--noprofile", "--norc"]


SANDBOX_BACKENDS.add("bwrap", BwrapBackend())
