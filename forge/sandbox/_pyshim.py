"""`python3` in a Forge sandbox: let the warm zygote run the call, else exec the real interpreter.

Installed by `forge.sandbox.zygote` as /run/forge-py/bin/python3 (and python) behind the
shebang `#!<real python> -IS`, so it starts in ~10 ms on builtin modules alone, where the native
twin `_pyshim.c` (same protocol, ~0.5 ms; keep the two in step) cannot be built. It hands this
sandbox's own warm python server its stdin/stdout/stderr, cwd, argv, umask and environ,
forwards signals to the child and exits the way the child did. Anything going wrong before the
child starts (no socket, a refusal, an option the server does not support) execs the real
interpreter with the same arguments, so correctness never depends on the warm python.
"""

import os
import sys

import _signal
import _socket

SOCKET = "/run/forge-py/call/python.sock"  # this sandbox's own server; no other can see it
FORWARDED = (1, 2, 3, 10, 12, 14, 15)  # HUP INT QUIT USR1 USR2 ALRM TERM


_caller_mask: set[int] | None = None  # the forwarded signals are held until the child's pid is known


def real_python() -> None:
    if _caller_mask is not None:  # one held meanwhile acts now, as on a real interpreter
        _signal.pthread_sigmask(_signal.SIG_SETMASK, _caller_mask)
    os.execv(sys.executable, [sys.executable, *sys.argv[1:]])


def send_request(sock: _socket.socket) -> None:
    argv = [os.fsencode(a) for a in [os.path.basename(sys.argv[0]), *sys.argv[1:]]]
    env = [key + b"=" + value for key, value in os.environb.items()]
    mask = os.umask(0)  # the server cannot read it: it is not in our pid namespace
    os.umask(mask)
    body = b"\0".join([b"%d %o" % (len(argv), mask), *argv, *env])
    data = len(body).to_bytes(4, "little") + body
    cwd = os.open(".", os.O_PATH | os.O_DIRECTORY)
    fds = (0, 1, 2, cwd)
    rights = b"".join(fd.to_bytes(4, sys.byteorder) for fd in fds)
    sent = sock.sendmsg([data], [(_socket.SOL_SOCKET, _socket.SCM_RIGHTS, rights)])
    if sent < len(data):  # never a send of nothing: the zygote may have run the call and hung up by now
        sock.sendall(data[sent:])
    os.close(cwd)


def replies(sock: _socket.socket):  # a generator of reply lines
    buffer = b""
    while True:
        chunk = sock.recv(256)
        if not chunk:
            return
        buffer += chunk
        while b"\n" in buffer:
            line, buffer = buffer.split(b"\n", 1)
            yield line


def die_like(signum: int) -> None:
    """End with the child's signal so the shell reports 128+N, without a second core file."""
    import resource

    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    if signum in FORWARDED:
        _signal.signal(signum, _signal.SIG_DFL)
    os.kill(os.getpid(), signum)
    os._exit(128 + signum)


def main() -> None:
    global _caller_mask
    if _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler:
        _signal.signal(_signal.SIGINT, _signal.SIG_DFL)  # no KeyboardInterrupt traceback from the shim
    # The child may run the program before its pid reaches us: a signal sent meanwhile waits
    # for the forwarder instead of ending the shim and orphaning the call.
    _caller_mask = _signal.pthread_sigmask(_signal.SIG_BLOCK, FORWARDED)
    try:
        for fd in (0, 1, 2):  # closed: the real interpreter knows what to do (before the socket takes it)
            os.fstat(fd)
        if b"" in os.environb:  # "=VALUE": the zygote cannot set that variable in the child
            real_python()
        sock = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
        sock.connect(SOCKET)
        send_request(sock)
        lines = replies(sock)
        first = next(lines, b"F")
    except OSError:
        real_python()
    if not first.startswith(b"P "):
        real_python()
    child = int(first[2:])

    def forward(signum: int, frame: object) -> None:
        try:
            os.kill(child, signum)
        except OSError:
            pass

    for signum in FORWARDED:
        if _signal.getsignal(signum) != _signal.SIG_IGN:  # what our caller ignores stays ignored
            _signal.signal(signum, forward)
    _signal.pthread_sigmask(_signal.SIG_SETMASK, _caller_mask)  # what was held goes to the child now
    try:
        for line in lines:
            kind, _, value = line.partition(b" ")
            if kind == b"X":
                os._exit(int(value))
            if kind == b"S":
                die_like(int(value))
    except OSError:
        pass
    os.write(2, b"python: the warm interpreter went away before the program ended\n")
    os._exit(1)


if __name__ == "__main__":
    main()
