"""The warm-python fork server ("zygote"): python3 calls in sandboxes skip interpreter start-up.

A fresh `python3` that imports openpyxl spends ~200 ms before the script's first line. This
process imports the office libraries once (as root, with exactly the sandbox's clean
environment, BLAS single-threaded so no thread exists at fork) and serves the shims of
`forge.sandbox._pyshim`. Per call:

    zygote -fork-> middle (root, host namespaces): vets the peer (SO_PEERCRED), opens its
                   namespaces and root, reads its limits, joins its pid ns (for children only)
           -fork-> child: joins the peer's ipc/uts/net/cgroup/mnt namespaces and root, takes
                   its rlimits/umask/affinity, drops to its uid (no capabilities, no_new_privs),
                   takes its stdio and cwd, and runs the program the way `python3` would
                   (`forge.sandbox._zygote_run`).

The child lives in the sandbox's pid namespace, so it dies with the sandbox; the middle
process relays its exit status and kills it if the shim goes away. Whatever the zygote cannot
reproduce exactly is answered "F" and the shim execs the real interpreter instead.
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
import select
import shutil
import signal
import socket
import struct

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


def _read_request(conn: socket.socket) -> tuple[list[str], dict[str, str], list[int]]:
    """Length-prefixed NUL-joined [argc, argv..., KEY=VALUE...] with fds 0, 1, 2 and the cwd."""
    data, fds, _, _ = socket.recv_fds(conn, 1 << 16, 4)
    size = int.from_bytes(data[:4], "little")
    if len(fds) != 4 or len(data) < 4 or size > _MAX_REQUEST:
        raise ValueError(f"bad request: {len(fds)} fds, {len(data)} bytes, size {size}")
    buf = bytearray(data[4:])
    while len(buf) < size:
        chunk = conn.recv(1 << 16)
        if not chunk:
            raise EOFError("the shim hung up mid-request")
        buf += chunk
    fields = bytes(buf).split(b"\0")
    argc = int(fields[0])
    env = dict(os.fsdecode(item).split("=", 1) for item in fields[1 + argc :] if b"=" in item)
    return [os.fsdecode(a) for a in fields[1 : 1 + argc]], env, fds


def _serve(conn: socket.socket, shadowed: set[str]) -> None:
    """The middle process: vet the peer, fork the child into its namespaces, relay its status."""
    pid, uid, gid = struct.unpack("3i", conn.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, 12))
    try:
        pidfd = conn.getsockopt(socket.SOL_SOCKET, _SO_PEERPIDFD)
    except OSError:
        pidfd = os.pidfd_open(pid)  # older kernels; the uid check below guards against pid reuse
    conn.settimeout(_REQUEST_TIMEOUT_S)
    argv, env, fds = _read_request(conn)
    conn.settimeout(None)
    plan = _parse(argv[1:])
    ns = {}  # the peer's namespaces that differ from ours
    for name in _NAMESPACES:
        if os.path.exists(f"/proc/self/ns/{name}"):
            ns[name] = os.open(f"/proc/{pid}/ns/{name}", os.O_RDONLY)
            theirs, ours = os.fstat(ns[name]), os.stat(f"/proc/self/ns/{name}")
            if (theirs.st_dev, theirs.st_ino) == (ours.st_dev, ours.st_ino):
                os.close(ns.pop(name))
    root = os.open(f"/proc/{pid}/root", os.O_PATH | os.O_DIRECTORY)
    limits = _limits(pid)
    with open(f"/proc/{pid}/status") as status:
        fields = {k: v.split() for k, _, v in (line.partition(":") for line in status)}
    cpus = os.sched_getaffinity(pid)
    signal.pidfd_send_signal(pidfd, 0)  # still the process that connected: all of the above is its
    # Serve only sandboxed, unprivileged callers: not root, in our user namespace (so only root
    # can have given it its own pid and mount namespaces) and in a pid namespace of its own;
    # and none under a seccomp filter, which a child of ours would not inherit.
    sandboxed = "user" not in ns and {"pid", "mnt"} <= set(ns) and fields["Uid"] == [str(uid)] * 4
    sandboxed = sandboxed and fields.get("Seccomp", ["0"]) == ["0"]
    settings = {k for k in (*env, *_ENV0) if k.startswith(_SETTINGS)}
    if uid == 0 or not sandboxed or plan is None or any(env.get(k) != _ENV0.get(k) for k in settings):
        conn.sendall(b"F\n")
        return
    _c(_libc.setns(ns.pop("pid"), 0))  # our children, not we, are born in the peer's pid namespace
    ready_r, ready_w = os.pipe()
    child = os.fork()
    if child == 0:
        try:
            os.close(ready_r)
            _become(ns, root, limits, int(fields["Umask"][0], 8), cpus, uid, gid)
            os.fchdir(fds[3])
            if not _runnable(plan, fds[0], shadowed):
                os._exit(1)
            for target in range(3):
                os.dup2(fds[target], target)
            conn.detach()
            os.closerange(3, ready_w)
            os.closerange(ready_w + 1, 1 << 20)
            os.write(ready_w, str(os.getpid()).encode())  # our pid inside, for signal forwarding
            os.close(ready_w)
        except BaseException:
            os._exit(1)
        _zygote_run.run(plan, argv, env)
    for fd in (ready_w, root, *ns.values(), *fds):  # the caller's pipes must not wait for us
        os.close(fd)
    hello = os.read(ready_r, 64)
    if not hello:  # the child could not become the caller: let the real interpreter run
        os.waitpid(child, 0)
        conn.sendall(b"F\n")
        return
    conn.sendall(b"P " + hello + b"\n")
    child_fd = os.pidfd_open(child)
    while child_fd not in select.select([child_fd, conn], [], [])[0]:
        if not conn.recv(64):  # the shim is gone (killed): so is the call
            os.kill(child, signal.SIGKILL)
            break
    code = os.waitstatus_to_exitcode(os.waitpid(child, 0)[1])
    try:
        conn.sendall(b"S %d\n" % -code if code < 0 else b"X %d\n" % code)
    except OSError:
        pass  # the shim was killed (a timeout, its sandbox closed): nobody waits for the status


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
    calls: dict[int, int] = {}  # middle pid -> caller uid

    def reap(*_: object) -> None:
        while True:
            try:
                pid, _status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            calls.pop(pid, None)

    signal.signal(signal.SIGCHLD, reap)
    shadowed = _preload()
    _zygote_run.PRELOADED = frozenset(sys.modules)
    while lifeline not in select.select([listener, lifeline], [], [])[0]:  # until the host exits
        try:
            conn, _ = listener.accept()
            uid = struct.unpack("3i", conn.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, 12))[1]
        except OSError:
            continue
        if sum(u == uid for u in calls.values()) >= _MAX_CALLS_PER_UID:
            conn.close()  # the shim sees a hang-up and execs the real interpreter
            continue
        signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGCHLD])  # no reap before we record it
        try:
            pid = os.fork()
        except OSError:
            pid = -1
        if pid == 0:
            status = 0
            try:
                signal.signal(signal.SIGCHLD, signal.SIG_DFL)
                signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGCHLD])
                listener.close()
                os.close(lifeline)
                _serve(conn, shadowed)
            except BaseException as exc:
                status = 1
                sys.stderr.write(f"forge zygote: a call failed: {exc!r}\n")
            os._exit(status)
        if pid > 0:
            calls[pid] = uid
        conn.close()
        signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGCHLD])
    home = os.path.dirname(listener.getsockname())
    if os.path.basename(home).startswith("forge-py-"):  # the host died without cleaning up
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
