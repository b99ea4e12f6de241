"""The default sandbox backend: bubblewrap around one persistent bash shell.

Inside: a read-only system (/usr, the current Python's prefixes, an /etc of only what programs
need: `forge.sandbox._etc`), a private tmpfs /tmp, fresh /proc and /dev, the job dir
read-write at /job. Commands reach a trusted shell that runs no agent code over pipes no
sandbox process holds (`forge.sandbox._shell`); each runs in a subshell of it. No network (an
own, empty net namespace), no host environment, no host keyring (a fresh session keyring per
sandbox), rlimit bounds per process (set by the trusted shell on itself before it reads any
command, so they hold for everything it starts). bwrap reads its options from a memfd, so
no process inside can read host paths from its command line.

Why root is special: RLIMIT_NPROC is not enforced for uid 0, and a bwrap started by an
unprivileged uid cannot even reach a Python under a 0700 /root. So as root, bwrap sets up the
mounts with root's rights *without* a user namespace, and setpriv drops to a distinct
unprivileged uid per sandbox before bash starts. As any other user, bwrap runs with
`--unshare-all` (a user namespace) and the limits are applied inside it.

`python3` inside is a shim (`forge.sandbox.zygote`, copied to /run/forge-py/bin): as root it
has a preloaded interpreter fork the call into the sandbox, ~200 ms faster than a fresh one.
Nothing of the host is mounted but the system, the Python prefixes and /job; packages given to
`open` are copied into a read-only tmpfs on PYTHONPATH (`forge.sandbox.python_packages`).
"""

from __future__ import annotations

import functools
import logging
import os
import secrets
import shutil
import subprocess
import sys
import threading
import time
import weakref
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import TracebackType
from typing import Self

from forge.errors import ConfigError, SandboxError, SandboxUnavailableError
from forge.sandbox import _etc, _limits, _paths, _seccomp, _shell, python_packages, zygote
from forge.sandbox._shell import _Shell
from forge.sandbox.python_packages import PythonPackage
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
    # pytest: no plugins found by entry point (the host venv's faker/anyio plugins cost ~1 s a run;
    # a task's tests are plain, and `-p NAME` still loads one on purpose)
    "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1",
    # the packages `open` was given (none: no such dir); one value, so the warm template serves all
    "PYTHONPATH": python_packages.IMPORT_ROOT,
}
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
        _shell.join_fresh_session_keyring()  # this thread's creds are what the sandbox inherits
        return subprocess.Popen(
            argv, stdin=subprocess.DEVNULL, stdout=pipe, stderr=pipe, pass_fds=fds, start_new_session=True,
            env={},
        )  # fmt: skip

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


class BwrapSandbox:
    """A bubblewrap sandbox with one persistent shell; see `forge.sandbox.spec.Sandbox`.

    `run` holds a lock, so a `close` from another thread waits for the running command.
    """

    def __init__(self, backend: BwrapBackend, job_dir: Path, limits: SandboxLimits, uid: int | None,
                 packages: Sequence[PythonPackage] = ()) -> None:
        self.job_dir = job_dir
        self.limits = limits
        self._package_files = python_packages.layout(packages)
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
        self._deadline = _limits.WATCHDOG.schedule(
            limits.wall_time_s, functools.partial(_expire, weakref.ref(self))
        )
        try:
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
        spawn = _shell.SpawnFds.open(_etc.generated(self.uid))
        ulimit = _ulimit(self.limits, per_process_memory=self.cgroup is None)
        program = _shell.program(ulimit, spawn.ctl_r, spawn.status_w)
        info_r, info_w = os.pipe()
        passed = [info_w, *spawn.child_ends]  # bwrap's own copies; ours close once it has them
        argv = ["bwrap"]  # named in errors until the real command line is built
        try:
            seccomp_fd = _seccomp.program_fd()
            passed.append(seccomp_fd)
            shims = self._backend.warm_python_shims()
            passed += shims.values()
            package_args, package_fds = python_packages.mount(self._package_files)
            passed += package_fds
            argv = self._backend.argv(
                self.job_dir, self.limits, self.uid, info_w, seccomp_fd, spawn, len(program), shims, package_args
            )
            argv, args_fd = _shell.args_fd(argv)
            passed.append(args_fd)
            if self.cgroup is not None:
                argv = self.cgroup.wrap(argv)
            proc = _popen(argv, *passed)
        except BaseException as exc:
            os.close(info_r)
            spawn.close_host_ends()
            if isinstance(exc, FileNotFoundError):
                raise SandboxUnavailableError(f"cannot run {argv[0]}: {exc}; {INSTALL_HINT}") from exc
            if isinstance(exc, OSError):
                raise SandboxError(f"cannot start bubblewrap ({argv[0]}): {exc}") from exc
            raise
        finally:
            for fd in passed:
                os.close(fd)
        shell = _Shell(proc, spawn.ctl_w, spawn.status_r)
        hello = shell.exchange(program, 0, 64_000, self._backend.start_timeout_s)
        if hello.status != "done":
            shell.kill()
            os.close(info_r)
            detail = (hello.err.text() or hello.out.text()).strip() or f"exit status {proc.returncode}"
            raise SandboxError(
                f"bubblewrap could not start the sandbox ({hello.status}): {detail}; {_NAMESPACE_HINT}"
            )
        shell.watch_init(info_r, self._backend.start_timeout_s)
        if self.uid is not None and shell._pidfd[0] is not None:  # this shell's own warm python server,
            join = self.cgroup.self_join_paths if self.cgroup is not None else ()  # in the sandbox's cgroup
            self._backend.serve_warm_python(shell._pidfd[0], self.uid, join)
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
            started = time.monotonic()
            frame = _shell.frame(self._seq, command)
            reply = self._shell.exchange(frame, self._seq, self.limits.output_limit_bytes, budget)
            exit_code = reply.code if reply.status == "done" and reply.code is not None else 124
            if reply.status == "eof":
                exit_code = self._shell_exit_code(started + budget)
                logger.info("sandbox shell exited with %d; it restarts on the next command", exit_code)
            elif reply.status == "timeout":
                logger.info("sandbox command timed out after %.1fs; killing the sandbox", budget)
            if reply.status != "done":
                self._drop_shell()
            return CommandResult(
                command=command,
                stdout=reply.out.text(),
                stderr=reply.err.text(),
                exit_code=exit_code,
                timed_out=reply.status == "timeout",
                truncated=reply.out.truncated or reply.err.truncated,
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
        """Kill every process of the sandbox and free its uid; safe to call twice."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            _limits.WATCHDOG.cancel(self._deadline)
            self._drop_shell()
            if self._remove_cgroup is not None:
                self._remove_cgroup()  # SIGKILLs what is left (a joined helper); the dirs go in the background
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
        start_timeout_s: float = 10.0,
        warm_python: bool = True,
        etc_dir: Path = Path("/etc"),
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
        self.start_timeout_s = start_timeout_s
        self.warm_python = warm_python
        self._etc_dir = Path(etc_dir)
        """Where the kept /etc entries come from (`forge.sandbox._etc`); tests point it elsewhere."""

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

    def open(self, job_dir: Path, limits: SandboxLimits, packages: Sequence[PythonPackage] = ()) -> BwrapSandbox:
        self.check_available()
        job_dir = Path(job_dir).absolute()
        if not job_dir.is_dir():
            raise ConfigError(f"job_dir {job_dir} is not a directory; create it before opening a sandbox")
        uid = self._acquire_uid() if os.geteuid() == 0 else None
        try:
            return BwrapSandbox(self, job_dir, limits, uid, packages)
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

    def warm_python_shims(self) -> dict[str, int]:
        """Fds of the shims to copy in, by name (as root the template is then running); the
        caller passes them to bwrap and closes them. Empty: python3 runs cold."""
        spec = self.warm_python_spec if self.warm_python else None
        if spec is None:
            return {}
        manager = zygote.warm_python(spec)
        manager.ensure()
        return manager.shim_fds()

    def serve_warm_python(self, init_pidfd: int, uid: int, cgroup_join: Sequence[Path]) -> None:
        """Start the warm python server of one sandbox shell (see `forge.sandbox.zygote`)."""
        spec = self.warm_python_spec if self.warm_python else None
        if spec is not None:
            zygote.warm_python(spec).serve(init_pidfd, uid, uid, cgroup_join)

    def argv(
        self,
        job_dir: Path,
        limits: SandboxLimits,
        uid: int | None,
        info_fd: int,
        seccomp_fd: int,
        spawn: _shell.SpawnFds,
        program_size: int,
        shims: dict[str, int],
        packages: Sequence[str] = (),
    ) -> list[str]:
        """The full command line for one sandbox shell (its trusted shell: `forge.sandbox._shell`);
        `shims`: `warm_python_shims`; `packages`: `python_packages.mount`'s options."""
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
        args += _etc.bind_args(self._etc_dir)
        for name, fd in spawn.etc.items():
            args += ["--perms", "0444", "--file", str(fd), f"/etc/{name}"]
        args += ["--proc", "/proc", "--dev", "/dev", "--perms", "0755", "--dir", "/run"]
        for tmp in ("/tmp", "/dev/shm"):  # private, size-capped (tmpfs pages escape RLIMIT_AS)
            args += ["--perms", "1777", "--size", str(limits.file_size_mb * _MIB), "--tmpfs", tmp]
        for prefix in self._prefixes:
            args += ["--ro-bind", prefix, prefix]
        for parent in _paths.parents_to_open(self._prefixes):
            args += ["--chmod", "0755", parent]
        args += ["--bind", str(job_dir), "/job"]
        if shims:  # copies in bwrap's root tmpfs, and the socket's dir (`zygote.serve` binds it):
            for path in (zygote.MOUNT_POINT, zygote.BIN_DIR, zygote.CALL_DIR):  # no host dir, no mount
                args += ["--perms", "0755", "--dir", path]
            for name, fd in shims.items():
                args += ["--perms", "0555", "--file", str(fd), f"{zygote.BIN_DIR}/{name}"]
        args += packages  # a tmpfs of its own, filled from memfds, then remounted read-only
        args += ["--chmod", "0755", "/run", "--chdir", "/job", "--clearenv"]
        for key, value in self._env(bool(shims)).items():
            args += ["--setenv", key, value]
        args += ["--seccomp", str(seccomp_fd), "--info-fd", str(info_fd), "--"]
        if uid is not None:
            args += [tools["setpriv"], f"--reuid={uid}", f"--rgid={uid}", f"--egid={_shell.NONDUMP_EGID}"]
            args += ["--clear-groups"]
            args += ["--inh-caps=-all", "--bounding-set=-all", "--no-new-privs", "--"]
        return args + _shell.loader(tools["bash"], spawn.ctl_r, program_size)


SANDBOX_BACKENDS.add("bwrap", BwrapBackend())
