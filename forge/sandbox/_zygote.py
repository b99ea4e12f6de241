"""The warm python: a preloaded template, and per sandbox a server no other sandbox can reach.

A fresh `python3` that imports openpyxl spends ~200 ms before the script's first line. The
template imports the office libraries once (as root, with exactly the sandbox's clean
environment, BLAS single-threaded so no thread exists at fork) and then only ever talks to
the host process that started it, over a socketpair no sandbox can name. Per sandbox:

    host:     binds the sandbox's listening socket in a dir of that sandbox's own root
              (/run/forge-py/call), and hands it with a pidfd of the sandbox's init to
    template: -fork-> server (`_serve`), as root still: joins the init's cgroup, closes every
              descriptor but the listener and the init's pidfd (closed once inside),
              enters the sandbox (mnt/ipc/uts/net/cgroup namespaces, its root; its pid
              namespace for children only), drops every capability, becomes the sandbox's
              uid (last, so nothing of the host is left to take), no_new_privs, the sandbox's
              seccomp filter, and serves only that socket:
      -fork-> child per call (`_spawn`), born in the sandbox's pid namespace: takes the
              caller's rlimits (read from the kernel, never from the request), umask,
              affinity, stdio and cwd, closes the server's descriptors, and only then becomes
              dumpable and runs the program (`forge.sandbox._zygote_run`).

The server itself is outside the sandbox's pid namespace, so sandboxed code cannot name it
(no kill, ptrace or pidfd); it ends with the sandbox, before the sandbox's init can finish
exiting (`_watch`), so a sandbox reported gone has no server left. A call's child stays
non-dumpable (no ptrace, no /proc/PID/fd, no pidfd_getfd, even for its own uid) until it
holds nothing but the caller's own descriptors, and the filter denies ptrace and pidfd_getfd
besides. Whatever the server cannot reproduce exactly is answered "F" and the shim execs the
real interpreter instead.
Started by `forge.sandbox.zygote` as `python _zygote.py CONTROL_FD LIFELINE_FD SECCOMP_FD SHIM_DIR`;
stdlib only, no `from __future__` (compiled user code must not inherit future flags from this
file).
"""
# ruff: noqa: E402
import sys

_BARE = set(sys.modules)  # what every interpreter has loaded before it runs a program
import _zygote_plan  # these three are still found in this file's directory; then that leaves sys.path,
import _zygote_privs
import _zygote_run

del sys.path[0]  # as the warm interpreter must see what `python3` sees
import ctypes
import errno
import gc
import os
import resource
import selectors
import shutil
import signal
import socket
import struct
import time

_PRELOAD = ("openpyxl", "docx", "pptx", "pypdf", "pytest")  # pytest: a code task's every check and probe runs it
_SETTINGS = ("PYTHON", "LC_", "LANG", "TZ", "OPENBLAS", "OMP_", "MKL_")  # read at start-up only
_MAX_REQUEST = 8 << 20  # argv + environ; larger ones run cold
_MAX_FDS = 8  # listener, init pidfd, a cgroup join file per hierarchy
_MAX_CALLS = 16  # at once per sandbox; beyond: cold (a warm call is 2 processes of the uid, shim + child)
_REQUEST_TIMEOUT_S = 10.0
_SO_PEERPIDFD = 77  # Linux 6.5+: a pidfd for exactly the process that connected
_PR_SET_PDEATHSIG, _PR_SET_CHILD_SUBREAPER, _PR_SET_NAME, _PR_SET_DUMPABLE = 1, 36, 15, 4
_CLONE_NEW = {"mnt": 0x20000, "cgroup": 0x2000000, "uts": 0x4000000, "ipc": 0x8000000, "pid": 0x20000000,
              "net": 0x40000000}  # fmt: skip
_ENV0 = dict(os.environ)
_libc, _c = _zygote_privs.libc, _zygote_privs.check


def _preload() -> set[str]:
    """Import the office stack; return the top-level names a user's file must not shadow."""
    for name in (*_PRELOAD, *_pytest_plugins()):
        try:
            __import__(name)
        except Exception as exc:  # still worth it without one of them
            sys.stderr.write(f"forge zygote: cannot preload {name}: {exc!r}\n")
    import inspect  # a failing test's traceback asks inspect.getmodule, which maps every loaded module's
    inspect.getmodule(_preload.__code__)  # file (~900 realpaths, ~25 ms) on first use: once here, not per call
    gc.collect()
    gc.freeze()  # children's collections skip the preloaded heap (and copy fewer pages)
    return {n.partition(".")[0] for n in sys.modules} - {n.partition(".")[0] for n in _BARE}


def _pytest_plugins() -> list[str]:
    """pytest's built-in plugins, which each run imports (~10 ms of a 55 ms run of a small project's
    tests, measured): imported once here instead."""
    try:
        from _pytest.config import default_plugins, essential_plugins
    except Exception:  # noqa: BLE001 (no pytest, or another layout: the calls import what they need)
        return []
    return [f"_pytest.{name}" for name in (*essential_plugins, *default_plugins)]


# --- the template: host side, reachable by the host process only -----------------------------


def _template(control: socket.socket, lifeline: int, program: bytes) -> None:
    """Fork a server per request of the host, until the host process exits (the lifeline closes).

    A request is "UID GID" with descriptors: the sandbox's listening socket, a pidfd of its
    init, and the files through which a process joins the sandbox's cgroup (one per hierarchy,
    opened for writing by the host; none without a cgroup; `SandboxCgroup.self_join_paths`).
    Servers are reaped by the kernel (SIGCHLD ignored here).
    """
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)
    _c(_libc.prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0))  # a server's orphans come back here (`_watch`)
    with selectors.DefaultSelector() as selector:
        selector.register(control, selectors.EVENT_READ)
        selector.register(lifeline, selectors.EVENT_READ)
        while True:
            for key, _ in selector.select():
                if key.fileobj == lifeline:
                    return
                try:
                    data, fds, _, _ = socket.recv_fds(control, 64, _MAX_FDS)
                except OSError:
                    continue
                if not data:
                    return  # the host closed its end
                try:
                    if len(fds) >= 2:
                        uid, gid = (int(v) for v in data.split())
                        if uid > 0 and gid > 0 and os.fork() == 0:
                            _serve(fds[0], fds[1], fds[2:], uid, gid, program)  # never returns
                except Exception as exc:  # one sandbox's trouble, never the template's
                    sys.stderr.write(f"forge zygote: cannot start a server: {exc!r}\n")
                finally:
                    for fd in fds:
                        os.close(fd)


def _serve(listen_fd: int, init: int, cgroups: list[int], uid: int, gid: int, program: bytes) -> None:
    """In a fresh fork of the template: become the sandbox's server and serve it; never returns."""
    try:
        try:
            for procs in cgroups:  # what limits the sandbox as a whole then limits every warm call;
                os.write(procs, b"0")  # v1's `tasks` moves this thread: a fresh fork has no other
        except OSError as exc:  # out of the sandbox's cgroup it would escape its limits: no server
            if exc.errno not in (errno.ENODEV, errno.ENOENT):  # those: the sandbox closed meanwhile
                os.write(2, f"forge zygote: cannot join the sandbox's cgroup: {exc}\n".encode())
            os._exit(1)
        keep = sorted({listen_fd, init})
        for low, high in zip([-1, *keep], [*keep, 1 << 20]):  # the host's log pipe (2) among them
            os.closerange(low + 1, high)
        _c(_libc.setns(init, sum(_CLONE_NEW.values())))  # root and cwd become the sandbox's
        os.close(init)
        os.chroot(".")
        os.chdir("/")
        null = os.open("/dev/null", os.O_RDWR)  # the sandbox's own /dev/null
        for fd in range(3):
            if fd != null:
                os.dup2(null, fd)
        if null > 2:
            os.close(null)
        _c(_libc.prctl(_PR_SET_NAME, b"forge-python", 0, 0, 0))
        _zygote_privs.fresh_session_keyring()
        _zygote_privs.drop_privileges(uid, gid)
        _zygote_privs.load_filter(program)
        os.set_inheritable(listen_fd, False)  # received descriptors are inheritable: no exec may take it
        listener = socket.socket(fileno=listen_fd)
        _Server(listener, uid, gid).serve()
    finally:  # whatever went wrong, never back into the template's loop; the shims then run cold
        os._exit(0)


# --- the per-sandbox server: inside the sandbox but for its pid namespace ----------------------


class _Call:
    """One python3 call: its request, then its child, until the exit status is relayed.

    Everything here is non-blocking: a slow or hostile shim holds only its own call.
    """

    def __init__(self, conn: socket.socket, pid: int) -> None:
        self.conn, self.pid = conn, pid
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

        Length-prefixed NUL-joined ["ARGC UMASK", argv..., KEY=VALUE...], with fds 0, 1, 2
        and the cwd on the first bytes.
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

    def request(self) -> tuple[list[str], dict[str, str], int]:
        fields = bytes(self.data[4:]).split(b"\0")
        argc, umask = fields[0].split()
        argc = int(argc)
        env = dict(os.fsdecode(item).split("=", 1) for item in fields[1 + argc :] if b"=" in item)
        return [os.fsdecode(a) for a in fields[1 : 1 + argc]], env, int(umask, 8) & 0o777

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
    """What the child must take from the caller to run the call as it would; None: run it cold.

    Only this sandbox reaches the socket and the child can get no more than the caller has:
    the rlimits come from the kernel (a request could claim higher ones), the rest the caller
    could set for itself anyway.
    """
    argv, env, umask = call.request()
    plan = _zygote_plan.parse(argv[1:])
    settings = {k for k in (*env, *_ENV0) if k.startswith(_SETTINGS)}
    if plan is None or any(env.get(k) != _ENV0.get(k) for k in settings):
        return None
    limits = [(res, resource.prlimit(call.pid, res)) for res in _RLIMITS]
    cpus = os.sched_getaffinity(call.pid)
    signal.pidfd_send_signal(call.pidfd, 0)  # still the process that connected: all of the above is its
    return plan, argv, env, limits, umask, cpus


_RLIMITS = [getattr(resource, n) for n in dir(resource) if n.startswith("RLIMIT_")]


def _spawn(call: _Call, vetted: tuple, shadowed: set[str]) -> None:
    """Fork the child (born in the sandbox's pid namespace); it becomes the caller and runs the program."""
    plan, argv, env, limits, umask, cpus = vetted
    ready_r, ready_w = os.pipe()
    try:
        child = os.fork()
    except BaseException:
        os.close(ready_r)
        os.close(ready_w)
        raise
    if child == 0:
        try:
            os.close(ready_r)
            _set_command_line(argv)
            os.setsid()
            for res, limit in limits:
                resource.setrlimit(res, limit)
            os.umask(umask)
            os.sched_setaffinity(0, cpus)
            os.fchdir(call.fds[3])
            if not _zygote_plan.runnable(plan, call.fds[0], shadowed):
                os._exit(1)
            for target in range(3):
                os.dup2(call.fds[target], target)
            os.closerange(3, ready_w)
            os.closerange(ready_w + 1, 1 << 20)
            signal.signal(signal.SIGCHLD, signal.SIG_DFL)
            # Only now, holding nothing but the caller's own descriptors, may its uid inspect us,
            # as after the execve of a cold python.
            _c(_libc.prctl(_PR_SET_DUMPABLE, 1, 0, 0, 0))
            os.write(ready_w, str(os.getpid()).encode())  # our pid inside, for signal forwarding
            os.close(ready_w)
        except BaseException:
            os._exit(1)
        try:
            _zygote_run.run(plan, argv, env)
        finally:
            os._exit(1)  # run() exits with the program's status: never back into the server loop
    os.close(ready_w)
    call.child, call.ready_r = child, ready_r
    call.child_fd = os.pidfd_open(child)
    call.close_request_fds()  # the caller's pipes must not wait for us


class _Server:
    """One sandbox's loop: accepts its calls, forks their children, relays their exit statuses.

    Events:
    - the `_watch` process died: the sandbox is ending, and so are we;
    - listener: a new call (refused with a hang-up past `_MAX_CALLS` or from another uid);
    - a call's socket: more of its request; once it runs, the shim hanging up (kill the child);
    - a child's ready pipe: its pid inside ("P"), or nothing, if it could not become the caller ("F");
    - a child's pidfd: it exited; its status goes to the shim ("X" or "S").
    """

    def __init__(self, listener: socket.socket, uid: int, gid: int) -> None:
        self.listener, self.uid, self.gid = listener, uid, gid
        self.shadowed = _SHADOWED
        self.selector = selectors.DefaultSelector()
        self.calls: set[_Call] = set()
        listener.setblocking(False)
        self.selector.register(listener, selectors.EVENT_READ, (self._accept, None))

    def serve(self) -> None:
        """Until the sandbox ends (its `_watch` process dies); every child reaped on the way out."""
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)  # the template's SIG_IGN would reap our children
        watch_fd = _watch()
        self.selector.register(watch_fd, selectors.EVENT_READ, None)
        while True:
            pending = [c.deadline for c in self.calls if c.child == 0]
            timeout = max(0.0, min(pending) - time.monotonic()) if pending else None
            for key, _ in self.selector.select(timeout):
                if key.data is None:
                    for call in list(self.calls):
                        self._drop(call)
                    return  # unreaped, `watch` goes to the template when we exit, which reaps it
                handler, call = key.data
                try:
                    handler(call)
                except Exception:  # one call's trouble, never the server's; the shim runs cold
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
            if (uid, gid) != (self.uid, self.gid) or pid <= 0 or len(self.calls) >= _MAX_CALLS:
                conn.close()
                return
            call = _Call(conn, pid)
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
        _spawn(call, vetted, self.shadowed)
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


def _watch() -> int:
    """A pidfd of a process born in the sandbox's pid namespace that lives as long as we do.

    When the sandbox's init exits the kernel kills it, and the init cannot finish exiting (so the
    host, waiting on the init's pidfd, cannot see the sandbox gone) until it is reaped. We never
    reap it: we exit, and the kernel hands it to the template (a child subreaper that ignores
    SIGCHLD), which releases it in the same step as us. So a sandbox is never reported gone
    while its server still runs. It is `cat` from the sandbox's own /usr, under its filter, on a
    pipe only we write to: when we exit, it reads the end and exits too. Spawned (vfork and exec),
    not forked, so it does not copy our page tables to throw them away at its exec (~4 ms of CPU
    a sandbox, measured); it holds nothing else (every other descriptor of ours is close-on-exec).
    """
    lifeline, keep = os.pipe()  # `keep` stays open, unused, for as long as we live
    try:
        pid = os.posix_spawn("/usr/bin/cat", ["forge-python-watch"], {},
                             file_actions=[(os.POSIX_SPAWN_DUP2, lifeline, 0)])
    except OSError:  # no cat there: a forked child waits instead, and dies with us
        pid = os.fork()
        if pid == 0:
            try:
                os.closerange(0, 1 << 20)
                _c(_libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0))
            finally:  # never back into the server's loop
                while True:
                    signal.pause()
    finally:
        os.close(lifeline)
    return os.pidfd_open(pid)


_SHADOWED: set[str] = set()
_ARGV_AREA = (0, 0)  # where the kernel reads /proc/PID/cmdline from: this process's original argv strings


def _set_command_line(argv: list[str]) -> None:
    """Make /proc/PID/cmdline read `argv` (the whole arguments that fit, then NULs).

    Every server and call child is a fork of the template, whose own command line names host paths
    (this file's, the warm home in /tmp): sandboxed code must not read them there. A
    call child shows its caller's argv instead, as a cold python would, so far as the template's
    area holds it. The area is the template's C argv, which CPython copied at start and never
    reads again.
    """
    start, size = _ARGV_AREA
    if size <= 0:
        return
    line = b""
    for arg in argv:
        item = os.fsencode(arg) + b"\0"
        if len(line) + len(item) > size:
            break
        line += item
    ctypes.memset(start, 0, size)
    ctypes.memmove(start, line, len(line))


def main() -> None:
    global _SHADOWED, _ARGV_AREA
    control, lifeline = socket.socket(fileno=int(sys.argv[1])), int(sys.argv[2])
    with open("/proc/self/stat", "rb") as stat:  # fields 48 and 49: arg_start, arg_end
        start, end = (int(field) for field in stat.read().rpartition(b")")[2].split()[45:47])
    _ARGV_AREA = (start, end - start)
    _set_command_line(["forge-python"])
    with os.fdopen(int(sys.argv[3]), "rb") as source:
        program = source.read()
    _SHADOWED = _preload()
    _zygote_run.PRELOADED = frozenset(sys.modules)
    _template(control, lifeline, program)
    home = sys.argv[4]
    if os.path.basename(home).startswith("forge-py-"):  # the host died without cleaning up
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
