"""The warm-python fork server ("zygote"): python3 calls in sandboxes skip interpreter start-up.

A fresh `python3` that imports openpyxl spends ~200 ms before the script's first line. This
process imports the office libraries once (as root, with exactly the sandbox's clean
environment, BLAS single-threaded so no thread exists at fork) and serves the shims of
`forge.sandbox._pyshim`. Per call, in one event loop (`_Server`), never blocking on a caller:

    zygote: reads the request, vets the peer (SO_PEERCRED, its namespaces, uid, seccomp,
            settings), opens its namespaces and root, reads its limits, and joins its pid
            namespace for children only, just for the fork, then returns to its own
      -fork-> child: joins the peer's ipc/uts/net/cgroup/mnt namespaces and root, takes
              its rlimits/umask/affinity, drops to its uid (no capabilities, no_new_privs),
              takes its stdio and cwd, and runs the program the way `python3` would
              (`forge.sandbox._zygote_run`).

One fork per call, not two: every fork of this large process, and every exit, costs
page-table copies and copy-on-write faults (~5 ms a call here). The child lives in the
sandbox's pid namespace, so it dies with the sandbox; the zygote relays its exit status and
kills it if the shim goes away. Whatever the zygote cannot reproduce exactly is answered "F"
and the shim execs the real interpreter instead.
Started by `forge.sandbox.zygote` as `python _zygote.py LISTEN_FD LIFELINE_FD`; stdlib only,
no `from __future__` (compiled user code must not inherit future flags from this file).
"""
# ruff: noqa: E402
import sys

_BARE = set(sys.modules)  # what every interpreter has loaded before it runs a program
import _zygote_run  # still found in this file's directory; then that leaves sys.path,

del sys.path[0]  # as the warm interpreter must see what `python3` sees
import ctypes
import gc
import os
import resource
import selectors
import shutil
import signal
import socket
import struct
import time

_PRELOAD = ("openpyxl", "docx", "pptx")
_NAMESPACES = ("user", "pid", "ipc", "uts", "net", "cgroup", "mnt")  # mnt last: it moves root and cwd
_RLIMITS = {  # /proc/PID/limits rows (prlimit(2) on another process needs CAP_SYS_RESOURCE)
    "Max cpu time": "CPU", "Max file size": "FSIZE", "Max data size": "DATA", "Max stack size": "STACK",
    "Max core file size": "CORE", "Max resident set": "RSS", "Max processes": "NPROC",
    "Max open files": "NOFILE", "Max locked memory": "MEMLOCK", "Max address space": "AS",
    "Max file locks": "LOCKS", "Max pending signals": "SIGPENDING", "Max msgqueue size": "MSGQUEUE",
    "Max nice priority": "NICE", "Max realtime priority": "RTPRIO", "Max realtime timeout": "RTTIME",
}  # fmt: skip
_SETTINGS = ("PYTHON", "LC_", "LANG", "TZ", "OPENBLAS", "OMP_", "MKL_")  # read at start-up only
_MAX_REQUEST = 8 << 20  # argv + environ; larger ones run cold
_MAX_CALLS_PER_UID = 16  # beyond: cold (a warm call is 2 processes of the uid, shim + child)
_REQUEST_TIMEOUT_S = 10.0
_SO_PEERPIDFD = 77  # Linux 6.5+: a pidfd for exactly the process that connected
_PR_SET_DUMPABLE, _PR_CAPBSET_DROP, _PR_SET_NO_NEW_PRIVS = 4, 24, 38
_ENV0 = dict(os.environ)
_libc = ctypes.CDLL(None, use_errno=True)


def _c(ret: int) -> None:
    if ret != 0:
        err = ctypes.get_errno()
        raise OSError(err, os.strerror(err))


def _preload() -> set[str]:
    """Import the office stack; return the top-level names a user's file must not shadow."""
    for name in _PRELOAD:
        try:
            __import__(name)
        except Exception as exc:  # still worth it without one of them
            sys.stderr.write(f"forge zygote: cannot preload {name}: {exc!r}\n")
    gc.collect()
    gc.freeze()  # children's collections skip the preloaded heap (and copy fewer pages)
    return {n.partition(".")[0] for n in sys.modules} - {n.partition(".")[0] for n in _BARE}


def _parse(args: list[str]) -> tuple[str, str, list[str], bool] | None:
    """(kind, target, rest, unbuffered) for `python3 ARGS`; None: the real one must handle it."""
    unbuffered = False
    for i, arg in enumerate(args):
        if arg == "-" or not arg.startswith("-"):
            return ("-" if arg == "-" else "script"), arg, args[i + 1 :], unbuffered
        if arg.startswith("--"):
            return None
        for j, ch in enumerate(arg[1:], 1):
            if ch in "cm":
                if arg[j + 1 :]:
                    return ch, arg[j + 1 :], args[i + 1 :], unbuffered
                return (ch, args[i + 1], args[i + 2 :], unbuffered) if i + 1 < len(args) else None
            if ch == "u":
                unbuffered = True
            elif ch != "B":  # -B: PYTHONDONTWRITEBYTECODE is set in every sandbox anyway
                return None
    return "-", "", [], unbuffered  # no program: read it from stdin


class _Call:
    """One python3 call: its request, then its child, until the exit status is relayed.

    Everything here is non-blocking: a slow or hostile shim holds only its own call.
    """

    def __init__(self, conn: socket.socket, pid: int, uid: int, gid: int) -> None:
        self.conn, self.pid, self.uid, self.gid = conn, pid, uid, gid
        try:
            self.pidfd = conn.getsockopt(socket.SOL_SOCKET, _SO_PEERPIDFD)
        except OSError:
            self.pidfd = os.pidfd_open(pid)  # older kernels; the uid check guards against pid reuse
        self.deadline = time.monotonic() + _REQUEST_TIMEOUT_S
        self.data = bytearray()
        self.fds: list[int] = []
        self.child = 0
        self.child_fd = self.ready_r = -1

    def read(self) -> bool:
        """Take what the shim sent so far; True once the whole request is in.

        Length-prefixed NUL-joined [argc, argv..., KEY=VALUE...], with fds 0, 1, 2 and the cwd
        on the first bytes.
        """
        if not self.fds:
            data, fds, _, _ = socket.recv_fds(self.conn, 1 << 16, 4)
            self.fds = fds
            if len(fds) != 4 or len(data) < 4:
                raise ValueError(f"bad request: {len(fds)} fds, {len(data)} bytes")
        else:
            data = self.conn.recv(1 << 16)
            if not data:
                raise EOFError("the shim hung up mid-request")
        self.data += data
        size = int.from_bytes(self.data[:4], "little")
        if size > _MAX_REQUEST:
            raise ValueError(f"bad request: {size} bytes")
        return len(self.data) - 4 >= size

    def request(self) -> tuple[list[str], dict[str, str]]:
        fields = bytes(self.data[4:]).split(b"\0")
        argc = int(fields[0])
        env = dict(os.fsdecode(item).split("=", 1) for item in fields[1 + argc :] if b"=" in item)
        return [os.fsdecode(a) for a in fields[1 : 1 + argc]], env

    def send(self, line: bytes) -> None:
        try:
            self.conn.send(line)  # a few bytes into an empty buffer: never partial
        except OSError:
            pass  # the shim was killed (a timeout, its sandbox closed): nobody waits for the answer

    def close_request_fds(self) -> None:
        for fd in (*self.fds, self.pidfd):
            if fd >= 0:
                os.close(fd)
        self.fds, self.pidfd = [], -1

    def close(self) -> None:
        """Let go of everything but a running child (the server reaps that one)."""
        self.close_request_fds()
        for fd in (self.ready_r, self.child_fd):
            if fd >= 0:
                os.close(fd)
        self.ready_r = self.child_fd = -1
        self.conn.close()


def _vet(call: _Call) -> tuple | None:
    """What the child must become to run this call as the caller would; None: run it cold."""
    argv, env = call.request()
    plan = _parse(argv[1:])
    ns = {}  # the peer's namespaces that differ from ours
    try:
        for name in _NAMESPACES:
            if os.path.exists(f"/proc/self/ns/{name}"):
                ns[name] = os.open(f"/proc/{call.pid}/ns/{name}", os.O_RDONLY)
                theirs, ours = os.fstat(ns[name]), os.stat(f"/proc/self/ns/{name}")
                if (theirs.st_dev, theirs.st_ino) == (ours.st_dev, ours.st_ino):
                    os.close(ns.pop(name))
        root = os.open(f"/proc/{call.pid}/root", os.O_PATH | os.O_DIRECTORY)
    except BaseException:
        for fd in ns.values():
            os.close(fd)
        raise
    try:
        limits = _limits(call.pid)
        with open(f"/proc/{call.pid}/status") as status:
            fields = {k: v.split() for k, _, v in (line.partition(":") for line in status)}
        cpus = os.sched_getaffinity(call.pid)
        signal.pidfd_send_signal(call.pidfd, 0)  # still the process that connected: all of the above is its
    except BaseException:
        for fd in (root, *ns.values()):
            os.close(fd)
        raise
    # Serve only sandboxed, unprivileged callers: not root, in our user namespace (so only root
    # can have given it its own pid and mount namespaces) and in a pid namespace of its own;
    # and none under a seccomp filter, which a child of ours would not inherit.
    sandboxed = "user" not in ns and {"pid", "mnt"} <= set(ns) and fields["Uid"] == [str(call.uid)] * 4
    sandboxed = sandboxed and fields.get("Seccomp", ["0"]) == ["0"]
    settings = {k for k in (*env, *_ENV0) if k.startswith(_SETTINGS)}
    if call.uid == 0 or not sandboxed or plan is None or any(env.get(k) != _ENV0.get(k) for k in settings):
        for fd in (root, *ns.values()):
            os.close(fd)
        return None
    return plan, argv, env, ns, root, limits, int(fields["Umask"][0], 8), cpus


def _spawn(call: _Call, vetted: tuple, shadowed: set[str], own_pid_ns: int) -> None:
    """Fork the child into the caller's pid namespace; it becomes the caller and runs the program."""
    plan, argv, env, ns, root, limits, umask, cpus = vetted
    pid_ns = ns.pop("pid")
    ready_r, ready_w = os.pipe()
    child = -1
    try:
        _c(_libc.setns(pid_ns, 0))  # only our children, not we, are born in the peer's pid namespace
        try:
            child = os.fork()
        finally:
            if child != 0 and _libc.setns(own_pid_ns, 0) != 0:  # or every later child is born there
                os.write(2, b"forge zygote: cannot return to its own pid namespace\n")
                os._exit(1)
    except BaseException:
        os.close(ready_r)
        raise
    finally:
        if child != 0:
            for fd in (ready_w, pid_ns, root, *ns.values()):
                os.close(fd)
    if child == 0:
        try:
            os.close(ready_r)
            _become(ns, root, limits, umask, cpus, call.uid, call.gid)
            os.fchdir(call.fds[3])
            if not _runnable(plan, call.fds[0], shadowed):
                os._exit(1)
            for target in range(3):
                os.dup2(call.fds[target], target)
            os.closerange(3, ready_w)
            os.closerange(ready_w + 1, 1 << 20)
            os.write(ready_w, str(os.getpid()).encode())  # our pid inside, for signal forwarding
            os.close(ready_w)
        except BaseException:
            os._exit(1)
        try:
            _zygote_run.run(plan, argv, env)
        finally:
            os._exit(1)  # run() exits with the program's status: never back into the server loop
    call.child, call.ready_r = child, ready_r
    call.child_fd = os.pidfd_open(child)
    call.close_request_fds()  # the caller's pipes must not wait for us


class _Server:
    """The zygote's loop: accepts calls, forks their children, relays their exit statuses.

    Each call is one fork of this preloaded process, which joins the caller's pid namespace
    for its children only while it forks. Events:

    - listener: a new call (refused with a hang-up past `_MAX_CALLS_PER_UID`: the shim runs cold);
    - a call's socket: more of its request; once it runs, the shim hanging up (kill the child);
    - a child's ready pipe: its pid inside ("P"), or nothing, if it could not become the caller ("F");
    - a child's pidfd: it exited; its status goes to the shim ("X" or "S").
    """

    def __init__(self, listener: socket.socket, lifeline: int, shadowed: set[str]) -> None:
        self.listener, self.lifeline, self.shadowed = listener, lifeline, shadowed
        self.own_pid_ns = os.open("/proc/self/ns/pid", os.O_RDONLY)
        self.selector = selectors.DefaultSelector()
        self.calls: set[_Call] = set()
        listener.setblocking(False)
        self.selector.register(listener, selectors.EVENT_READ, (self._accept, None))
        self.selector.register(lifeline, selectors.EVENT_READ, None)

    def serve(self) -> None:
        """Until the host process exits (the lifeline closes)."""
        while True:
            pending = [c.deadline for c in self.calls if c.child == 0]
            timeout = max(0.0, min(pending) - time.monotonic()) if pending else None
            for key, _ in self.selector.select(timeout):
                if key.data is None:
                    return
                handler, call = key.data
                try:
                    handler(call)
                except Exception as exc:  # one call's trouble, never the server's
                    sys.stderr.write(f"forge zygote: a call failed: {exc!r}\n")
                    if call is not None:
                        self._drop(call)
            now = time.monotonic()
            for call in [c for c in self.calls if c.child == 0 and c.deadline < now]:
                self._drop(call)  # too slow to send its request: the shim runs cold

    def _accept(self, _: None) -> None:
        try:
            conn, _ = self.listener.accept()
        except OSError:
            return
        try:
            conn.setblocking(False)
            pid, uid, gid = struct.unpack("3i", conn.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, 12))
            if sum(c.uid == uid for c in self.calls) >= _MAX_CALLS_PER_UID:
                conn.close()
                return
            call = _Call(conn, pid, uid, gid)
        except OSError:
            conn.close()
            return
        self.calls.add(call)
        self.selector.register(conn, selectors.EVENT_READ, (self._on_request, call))

    def _on_request(self, call: _Call) -> None:
        try:
            if not call.read():
                return
        except BlockingIOError:
            return
        self.selector.unregister(call.conn)
        vetted = _vet(call)
        if vetted is None:
            call.send(b"F\n")
            self._drop(call)
            return
        _spawn(call, vetted, self.shadowed, self.own_pid_ns)
        self.selector.register(call.ready_r, selectors.EVENT_READ, (self._on_ready, call))

    def _on_ready(self, call: _Call) -> None:
        hello = os.read(call.ready_r, 64)
        self.selector.unregister(call.ready_r)
        os.close(call.ready_r)
        call.ready_r = -1
        if not hello:  # the child could not become the caller: let the real interpreter run
            os.waitpid(call.child, 0)  # it has closed the pipe by exiting
            call.child = -1
            call.send(b"F\n")
            self._drop(call)
            return
        call.send(b"P " + hello + b"\n")
        self.selector.register(call.conn, selectors.EVENT_READ, (self._on_hangup, call))
        self.selector.register(call.child_fd, selectors.EVENT_READ, (self._on_exit, call))

    def _on_hangup(self, call: _Call) -> None:
        try:
            if call.conn.recv(64):
                return
        except BlockingIOError:
            return
        except OSError:
            pass
        self.selector.unregister(call.conn)  # the shim is gone (killed): so is the call
        os.kill(call.child, signal.SIGKILL)  # not reaped yet, so the pid is still this child's

    def _on_exit(self, call: _Call) -> None:
        code = os.waitstatus_to_exitcode(os.waitpid(call.child, 0)[1])
        call.child = -1
        call.send(b"S %d\n" % -code if code < 0 else b"X %d\n" % code)
        self._drop(call)

    def _drop(self, call: _Call) -> None:
        """Forget a call; a child still running is killed and reaped."""
        for fd in (call.conn, call.ready_r, call.child_fd):
            try:
                self.selector.unregister(fd)
            except (KeyError, ValueError):
                pass
        if call.child > 0:
            os.kill(call.child, signal.SIGKILL)
            os.waitpid(call.child, 0)
            call.child = -1
        call.close()
        self.calls.discard(call)


def _limits(pid: int) -> list[tuple[int, tuple[int, int]]]:
    limits = []
    with open(f"/proc/{pid}/limits") as table:
        for line in table:
            name, values = _RLIMITS.get(line[:26].strip()), line[26:].split()
            if name is not None and hasattr(resource, f"RLIMIT_{name}"):
                soft, hard = (resource.RLIM_INFINITY if v == "unlimited" else int(v) for v in values[:2])
                limits.append((getattr(resource, f"RLIMIT_{name}"), (soft, hard)))
    return limits


def _become(
    ns: dict[str, int], root: int, limits: list, umask: int, cpus: set[int], uid: int, gid: int
) -> None:
    """Become the peer, minus its process tree: namespaces, root, limits, and last its uid."""
    os.setsid()
    for name in sorted(ns, key=lambda n: n == "mnt"):
        _c(_libc.setns(ns[name], 0))
    os.fchdir(root)
    os.chroot(".")
    for res, limit in limits:
        resource.setrlimit(res, limit)  # fails (so: cold) if above ours: we lack CAP_SYS_RESOURCE
    os.umask(umask)
    os.sched_setaffinity(0, cpus)
    with open("/proc/sys/kernel/cap_last_cap") as last:
        for cap in range(int(last.read()) + 1):
            _c(_libc.prctl(_PR_CAPBSET_DROP, cap, 0, 0, 0))
    os.setgroups([])
    os.setresgid(gid, gid, gid)
    os.setresuid(uid, uid, uid)  # from root to a non-zero uid: every capability is gone
    _c(_libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
    _c(_libc.prctl(_PR_SET_DUMPABLE, 1, 0, 0, 0))  # as after the execve of a cold python


def _runnable(plan: tuple[str, str, list[str], bool], stdin: int, shadowed: set[str]) -> bool:
    """False where only the real interpreter behaves right: a user module named like a
    preloaded one, a .pyc, a terminal on stdin. Runs as the peer's uid, in its cwd."""
    kind, target, _, _ = plan
    if kind == "script" and target.endswith((".pyc", ".pyo")):
        return False
    if kind == "-" and not target and os.isatty(stdin):  # that would be the interactive prompt
        return False
    path0 = os.path.dirname(os.path.realpath(target)) if kind == "script" else "."
    try:
        return not any(entry.partition(".")[0] in shadowed for entry in os.listdir(path0))
    except OSError:
        return True


def main() -> None:
    listener, lifeline = socket.socket(fileno=int(sys.argv[1])), int(sys.argv[2])
    shadowed = _preload()
    _zygote_run.PRELOADED = frozenset(sys.modules)
    _Server(listener, lifeline, shadowed).serve()
    home = os.path.dirname(listener.getsockname())
    if os.path.basename(home).startswith("forge-py-"):  # the host died without cleaning up
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
