"""The warm python (`forge.sandbox.zygote`): a python3 call served by the zygote behaves like a
real one where it matters, is isolated exactly like one, and never is the only way to run.
The sandbox tests run with each shim, the native one (`_pyshim.c`) and the Python one."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

import pytest

from forge.sandbox import BwrapBackend, BwrapSandbox, SandboxLimits, _paths, zygote
from tests.conftest import require
from tests.support.warm_python import children_of as _children_of
from tests.support.warm_python import pids_of_uid as _pids_of_uid
from tests.support.warm_python import server_of as _server_of
from tests.support.warm_python import socket_of

needs_root_bwrap = require(shutil.which("bwrap") is not None and os.geteuid() == 0, "the zygote needs bubblewrap and root")
needs_cc = require(shutil.which("cc") is not None, "no C compiler for the native shim")
WHO = "python3 -c 'import os; print(os.getppid())'"  # 0: the parent is outside the sandbox's pid ns
ELF = b"\x7fELF"


def _backend(warm: bool) -> BwrapBackend:
    return BwrapBackend(warm_python=warm)


def _zygote_of(backend: BwrapBackend) -> zygote.WarmPython:
    assert backend.warm_python_spec is not None
    return zygote.warm_python(backend.warm_python_spec)


def _open(tmp_path: Path, name: str, warm: bool = True, **limits: float) -> BwrapSandbox:
    job = tmp_path / name
    job.mkdir()
    return _backend(warm).open(job, SandboxLimits(**limits))


@contextmanager
def _shims_built_with(compiler: str | None) -> Iterator[None]:
    """Sandboxes opened inside get shims built with `compiler` (None: the Python shim)."""
    saved = zygote.SHIM_COMPILER
    zygote.SHIM_COMPILER = compiler
    zygote.close_all()  # the next sandbox makes a new manager, so a new shim dir
    try:
        yield
    finally:
        zygote.SHIM_COMPILER = saved
        zygote.close_all()


@pytest.fixture(scope="module", params=["c", "python"])
def shim(request: pytest.FixtureRequest) -> Iterator[str]:
    """The kind of python3 shim in the sandboxes: a test that asks for it runs with each."""
    if request.param == "c" and shutil.which("cc") is None:
        pytest.fail("no C compiler: the native shim cannot be built; run `bash scripts/dev.sh test`", pytrace=False)
    with _shims_built_with("cc" if request.param == "c" else None):
        yield request.param


def _check_kind(shim: str) -> None:
    assert _zygote_of(_backend(True)).shim_kind == shim


@pytest.fixture
def box(tmp_path: Path, shim: str) -> Iterator[BwrapSandbox]:
    with _open(tmp_path, "warm") as sandbox:
        _check_kind(shim)
        yield sandbox


@pytest.fixture
def pair(tmp_path: Path, shim: str) -> Iterator[tuple[BwrapSandbox, BwrapSandbox]]:
    with _open(tmp_path, "warm") as warm, _open(tmp_path, "cold", warm=False) as cold:
        _check_kind(shim)
        yield warm, cold


# --- served warm, and the same as cold ------------------------------------------------------


@needs_root_bwrap
def test_python3_python_and_the_versioned_name_are_served_by_the_zygote(pair: tuple) -> None:
    warm, cold = pair
    for name in ("python3", "python", f"python3.{sys.version_info.minor}"):
        assert warm.run(WHO.replace("python3", name, 1)).stdout == "0\n", name
    assert cold.run(WHO).stdout.strip() not in ("", "0")
    assert "/run/forge-py/bin" not in cold.run("echo $PATH").stdout


# beside files a program cannot import (a project's pytest.ini, notes named like a module), warm;
# beside a module, package or extension named like a preloaded one, cold: only the real
# interpreter imports the user's own
@needs_root_bwrap
@pytest.mark.parametrize(("files", "served"), [
    (["pytest.ini", "openpyxl.txt", "json.d/"], True),
    (["pytest.py"], False),
    (["openpyxl/"], False),
    ([f"json{importlib.machinery.EXTENSION_SUFFIXES[0]}"], False),
    (["pypdf.pyc"], False),
])
def test_only_an_importable_name_of_a_preloaded_module_makes_a_call_cold(
        box: BwrapSandbox, files: list[str], served: bool) -> None:
    for name in files:
        path = box.job_dir / name
        path.mkdir() if name.endswith("/") else path.write_text("")
    assert (box.run(WHO).stdout == "0\n") is served


@needs_root_bwrap
def test_pytests_own_plugins_come_preloaded(box: BwrapSandbox) -> None:
    """A code task's every check runs pytest: its built-in plugins are imported once, by the template."""
    names = ("_pytest.junitxml", "_pytest.unittest", "_pytest.warnings")
    probe = f"import sys; print([m in sys.modules for m in {names!r}])"
    assert box.run(f'python3 -c "{probe}"').stdout == "[True, True, True]\n"


_EXECVE = """import ctypes, os, shutil
def array(items):
    return (ctypes.c_char_p * (len(items) + 1))(*items, None)
path = shutil.which("python3").encode()
code = b"import os; print(os.environ.get('A'), os.environ.get(''), 'B' in os.environ)"
env = [k + b"=" + v for k, v in os.environb.items()] + [b"A=1", b"A=2", %s]
ctypes.CDLL(None).execve(path, array([path, b"-c", code]), array(env))"""  # what bash never passes

SAME_AS_COLD = [
    "python3 -c 'import sys; print(sys.argv, repr(sys.path[0]), sorted(globals()), __loader__)' a b",
    "python3 -c '1/0'",
    "python3 -c 'def ('",
    "python3 -c 'import sys; sys.exit(3)'",
    "python3 -c 'import sys; sys.exit(\"bye\")'",
    "python3 -c 'raise KeyboardInterrupt'; echo rc=$?",
    "python3 - a b <<'PY'\nimport sys\nprint(sys.argv, repr(sys.path[0]), __file__, sorted(globals()))\nPY",
    "echo 'print(42)' | python3",
    "echo 'print(input())' | python3 -c 'print(input().upper())'",
    "echo hi | python3 -c 'import sys; print(sys.stdin.read())'",
    "printf 'import sys\\nprint(sys.argv, sys.path[0], __file__, __name__, __loader__)\\n"
    "raise ValueError(1)\\n' > s.py; mkdir -p sub; cp s.py sub/t.py;"
    " python3 s.py a b; python3 ./sub/t.py; (cd sub && python3 t.py; python3 ../sub/t.py)",
    "echo '{\"a\": [1, 2]}' | python3 -m json.tool",
    "python3 -m nosuchmod",
    "python3 missing.py",
    "mkdir -p app && echo 'import sys; print(sys.argv, sys.path[0])' > app/__main__.py && python3 ./app",
    "python3 -m zipapp app -p '/usr/bin/env python3' -o app.pyz && python3 app.pyz x && ./app.pyz y",
    "python3 -u -c 'import sys; print(sys.stdout.write_through, sys.stdout.line_buffering)'",
    "python3 -Bc 'import sys; print(sys.dont_write_bytecode)'",
    "python3 -c 'import sys; s = sys.stdout; print(s.encoding, s.errors, sys.stdin.errors, sys.stderr.errors,"
    " s.line_buffering, sys.stderr.line_buffering, sys.stdin.name, s.buffer.raw.name, sys.executable)'",
    "mkdir -p d/e && (cd d/e && python3 -c 'import os; print(os.getcwd())')",
    "python3 -c 'import os; print(sorted(kv for kv in os.environ.items()"
    " if kv[0] not in (\"PATH\", \"_\")))'",
    "export FOO=bar; python3 -c 'import os; print(os.environ[\"FOO\"])'",
    "python3 -c 'f = open(\"unclosed.txt\", \"w\"); f.write(\"kept\")'; cat unclosed.txt",
    # a file left open in a module the program imported is flushed at exit, even when the
    # program removed the newest entry of sys.modules (the warm child then scans them all)
    *("echo 'f = open(\"mod.txt\", \"w\"); f.write(\"from a module\")' > keep.py;"
      f" python3 -c '{pre}import keep'; cat mod.txt; rm keep.py mod.txt"
      for pre in ("", "import sys; sys.modules.pop(next(reversed(sys.modules))); ")),
    "python3 -c 'import atexit; atexit.register(print, \"bye\"); print(\"hi\")'",
    "python3 -c 'import threading as t, time;"
    " t.Thread(target=lambda: (time.sleep(0.2), print(\"t\"))).start()'",
    "python3 -c 'print(\"x\" * 100000)' | head -c 3; echo \" ${PIPESTATUS[@]}\"",
    "python3 -c 'import os, signal; os.kill(os.getpid(), signal.SIGTERM)'; echo rc=$?",
    "(umask 077; python3 -c 'import os; print(oct(os.umask(0)))')",
    "python3 -c 'import resource as r;"
    " print([r.getrlimit(getattr(r, n)) for n in dir(r) if n[:7] == \"RLIMIT_\"])'",
    "python3 -c 'import subprocess as s;"
    " print(s.run([\"python3\", \"-c\", \"print(7)\"], capture_output=True))'",
    "timeout 1 python3 -c 'import time; time.sleep(5)'; echo rc=$?",
    "python3 -c 'import sys; print(sys.orig_argv, sys.flags.dont_write_bytecode)'",
    "python3 -c 'import socket; print([n for _, n in socket.if_nameindex()], socket.gethostname())'",
    "echo 'print(\"user json\")' > json.py; python3 -c 'import json'; rm json.py",
    "python3 -V; python3 -I -c 'print(1)'",
    # what the shims screen and pass on
    "python3 -c 'import sys; print(sys.stdin, sys.stdout.name)' <&-",
    "python3 -c 'import sys; print(sys.stdout); print(2, file=sys.stderr)' >&-; echo rc=$?",
    "python3 -c 'import sys; print(sys.argv)' '' $'\\xff' 'a b' -c",
    "export X=$'\\xff' Y=; python3 -c 'import os; print(os.environb[b\"X\"], repr(os.environ[\"Y\"]))'",
    *(f"python3 - <<'PY'\n{_EXECVE % extra}\nPY" for extra in ('b"B"', 'b"B", b"=x"')),
    "python3 -c 'import signal, sys, time; signal.signal(signal.SIGTERM, lambda *a: sys.exit(5));"
    " open(\"ready\", \"w\").close(); time.sleep(30)' &"
    " until [ -e ready ]; do sleep 0.01; done; kill -TERM $!; wait $!; echo rc=$?; rm ready",
    "python3 -c 'import time; open(\"ready\", \"w\").close(); time.sleep(30)' &"
    " until [ -e ready ]; do sleep 0.01; done; kill -USR1 $!; wait $!; echo rc=$?; rm ready",
]


def _scrub(text: str, box: BwrapSandbox) -> str:
    """Object addresses differ from run to run, and so do the pids in bash's job messages (a warm
    call's helpers take pids in the sandbox too, sometimes before the job's own)."""
    text = re.sub(r"(line \d+: +)\d+ ", r"\1PID ", text.replace(str(box.job_dir), "JOB"))
    return re.sub(r"0x[0-9a-f]+", "0x..", text)


@needs_root_bwrap
@pytest.mark.parametrize("command", SAME_AS_COLD)
def test_a_warm_call_behaves_like_a_cold_one(pair: tuple, command: str) -> None:
    warm, cold = pair

    def outcome(box: BwrapSandbox) -> tuple[int, str, str]:
        result = box.run(command, timeout_s=20)
        return result.exit_code, _scrub(result.stdout, box), _scrub(result.stderr, box)

    assert outcome(warm) == outcome(cold)


@needs_root_bwrap
def test_exit_statuses_and_tracebacks(box: BwrapSandbox) -> None:
    assert box.run(WHO).stdout == "0\n"
    assert box.run("python3 -c 'import sys; sys.exit(3)'").exit_code == 3
    crash = box.run("python3 -c 'import os; print(os.getppid()); 1/0'")
    assert (crash.exit_code, crash.stdout) == (1, "0\n")
    assert crash.stderr == (
        'Traceback (most recent call last):\n  File "<string>", line 1, in <module>\n'
        "ZeroDivisionError: division by zero\n"
    )
    assert box.run("python3 -c 'raise KeyboardInterrupt'").exit_code == 130
    assert box.run("python3 -c 'import os; os.kill(os.getpid(), 9)'").exit_code == 137


# --- isolated exactly like a cold call ------------------------------------------------------


@needs_root_bwrap
def test_runs_as_the_sandbox_uid_without_any_capability(box: BwrapSandbox) -> None:
    probe = "import os; print(os.getppid(), os.getuid()); print(open('/proc/self/status').read())"
    first, status = box.run(f'python3 -c "{probe}"').stdout.split("\n", 1)
    assert first == f"0 {box.uid}"
    fields = dict(line.split(":\t", 1) for line in status.splitlines() if ":\t" in line)
    assert fields["Uid"].split() == [str(box.uid)] * 4 and fields["Gid"].split() == [str(box.uid)] * 4
    assert fields["Groups"].strip() == ""
    for cap in ("CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb"):
        assert int(fields[cap], 16) == 0, cap
    assert fields["NoNewPrivs"] == "1"


@needs_root_bwrap
def test_cannot_reach_the_network_or_a_server_on_the_hosts_loopback(box: BwrapSandbox) -> None:
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen(8)
        port = server.getsockname()[1]
        socket.create_connection(("127.0.0.1", port), timeout=3).close()  # the server is real
        probe = f"import os, socket; print(os.getppid()); socket.create_connection(('127.0.0.1', {port}), 3)"
        result = box.run(f'python3 -c "{probe}"')
        assert result.stdout == "0\n" and "ConnectionRefusedError" in result.stderr
        outside = box.run("python3 -c \"import socket; socket.create_connection(('1.1.1.1', 53), 3)\"")
        assert outside.exit_code != 0 and "unreachable" in outside.stderr
        server.setblocking(False)
        server.accept()[0].close()  # the host's own connection, and nothing from the sandbox
        with pytest.raises(BlockingIOError):
            server.accept()


@needs_root_bwrap
def test_no_host_variable_reaches_the_zygote_or_its_children(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, shim: str
) -> None:
    monkeypatch.setenv("FORGE_FAKE_SECRET", "sk-fake-host-secret")
    zygote.close_all()  # the next sandbox starts a zygote while the secret is in our environment
    with _open(tmp_path, "warm") as box:
        probe = "import os; print(os.getppid(), dict(os.environ)); print(open('/proc/self/environ').read())"
        result = box.run(f'python3 -c "{probe}"')
        zygote_pid = _zygote_of(_backend(True)).pid
    assert result.exit_code == 0 and result.stdout.startswith("0 "), result.stderr
    assert "FORGE_FAKE_SECRET" not in result.stdout and "sk-fake" not in result.stdout
    assert zygote_pid is not None
    assert b"sk-fake" not in Path(f"/proc/{zygote_pid}/environ").read_bytes()


def _host_view(backend: BwrapBackend) -> dict[str, list[str]]:
    """What the sandbox should list in each dir bwrap makes on the way to a mounted Python
    prefix: only the entries that lead to a prefix (none of these dirs exist when Python lives
    under /usr, as Debian's does)."""
    prefixes = backend._prefixes
    view: dict[str, set[str]] = {}
    for parent in _paths.parents_to_open(prefixes):
        view[parent] = {Path(p).relative_to(parent).parts[0] for p in prefixes if p.startswith(parent + "/")}
    return {k: sorted(v) for k, v in view.items()}


@needs_root_bwrap
def test_cannot_read_host_files_or_write_outside_the_job_dir(box: BwrapSandbox, tmp_path: Path) -> None:
    secret = tmp_path / "host-secret.txt"  # a host file beside the job dir, not under it
    secret.write_text("host only")
    expected = _host_view(_backend(True))
    script = (
        "import json, os, sys\n"
        f"seen = {{d: sorted(os.listdir(d)) for d in {sorted(expected)!r}}}\n"
        "print(os.getppid(), json.dumps(seen, sort_keys=True))\n"
        f"for path in ['/x', '/usr/x', '/etc/x', '/run/forge-py/x', '/run/forge-py/bin/python3',"
        f" '/run/forge-py/call/x', '{sys.prefix}/x', {str(tmp_path / 'x')!r}]:\n"
        "    try:\n"
        "        open(path, 'w').close(); print('WROTE', path)\n"
        "    except OSError as exc:\n"
        "        print(type(exc).__name__)\n"
        f"for path in [{__file__!r}, {str(secret)!r}]:\n"
        "    try:\n"
        "        open(path).read(); print('READ', path)\n"
        "    except OSError as exc:\n"
        "        print(type(exc).__name__)\n"
        "open('/job/inside.txt', 'w').write('ok')\n"
    )
    box.put_file("probe.py", script.encode())
    result = box.run("python3 probe.py")
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == f"0 {json.dumps(expected, sort_keys=True)}"
    assert "WROTE" not in result.stdout and "READ" not in result.stdout and "host only" not in result.stdout
    assert (box.job_dir / "inside.txt").read_text() == "ok"
    assert not (tmp_path / "x").exists() and secret.read_text() == "host only"


@needs_root_bwrap
def test_the_sandbox_limits_apply(tmp_path: Path, shim: str) -> None:
    with _open(tmp_path, "warm", memory_mb=700, max_processes=40, cpu_seconds=7, file_size_mb=3) as box:
        kinds = "r.RLIMIT_AS, r.RLIMIT_NPROC, r.RLIMIT_CPU, r.RLIMIT_FSIZE"
        probe = f"import os, resource as r; print(os.getppid(), [r.getrlimit(x) for x in ({kinds})])"
        result = box.run(f'python3 -c "{probe}"')
        cold = box.run(f'{sys.executable} -c "{probe}"')  # the real interpreter, as the shell starts it
        mib = 1024 * 1024
        assert result.stdout.endswith(f", (40, 40), (7, 7), ({3 * mib}, {3 * mib})]\n")
        assert result.stdout.partition(" ")[::2] == ("0", cold.stdout.partition(" ")[2]), (result, cold)
        big = box.run("python3 -c 'b = b\"x\" * (2 * 1024**3)'")  # memory, per process or per sandbox
        assert big.exit_code != 0 and ("MemoryError" in big.stderr or big.exit_code == 137)
        disk = box.run("python3 -c 'open(\"big.bin\", \"wb\").write(bytes(4 * 1024 * 1024))'")
        assert disk.exit_code != 0 and (box.job_dir / "big.bin").stat().st_size <= 3 * mib


@needs_root_bwrap
def test_a_timed_out_call_is_killed_and_nothing_is_left_behind(tmp_path: Path, shim: str) -> None:
    box = _open(tmp_path, "warm", command_timeout_s=1)
    uid = box.uid
    zygote_pid = _zygote_of(_backend(True)).pid
    assert uid is not None and zygote_pid is not None
    assert box.run(WHO).stdout == "0\n"
    result = box.run("python3 -c 'import time; time.sleep(60)'")
    assert result.timed_out and result.exit_code == 124
    box.close()
    deadline = time.monotonic() + 120  # a bound against a hang only
    while _pids_of_uid(uid) or _children_of(zygote_pid):
        assert time.monotonic() < deadline, (_pids_of_uid(uid), _children_of(zygote_pid))
        time.sleep(0.05)


@needs_root_bwrap
def test_killing_the_shim_kills_the_call(box: BwrapSandbox) -> None:
    """A warm call's child dies with its shim. Each count waits (5 s at most) for what it expects.
    A call may run cold (the design's fallback: the shim execs the real interpreter, and there is
    no child to kill); twice in full CI runs (stops 35, 36) the first call's child never showed up,
    never reproduced alone. So a cold call is named and the check retried on a new call, up to 3."""
    # a warm call's child: its caller's command line, forked by a server outside (parent pid 0 inside)
    count = ("for p in /proc/[0-9]*; do grep -qs 'sleep(3[0])' $p/cmdline && "
             "grep -qs '^PPid:[[:space:]]*0$' $p/status && echo; done | wc -l")
    until = "for _ in $(seq 100); do [ \"$({count})\" = {n} ] && break; sleep 0.05; done"
    command = f"""for attempt in 1 2 3; do
  python3 -c 'import time; time.sleep(30)' & {until.format(count=count, n=1)}
  if [ "$({count})" = 1 ]; then kill -9 $!; {until.format(count=count, n=0)}; echo "warm $({count})"; break; fi
  echo "cold: $(tr '\\0' ' ' < /proc/$!/cmdline); socket: $(ls /run/forge-py/call)"; kill -9 $!; wait $!
done 2>&1"""
    lines = box.run(command).stdout.splitlines()
    assert lines[-1:] == ["warm 0"], lines


@needs_root_bwrap
def test_two_sandboxes_in_parallel_do_not_interfere(tmp_path: Path, shim: str) -> None:
    errors: list[str] = []

    def work(name: str) -> None:
        probe = "import os; print(os.getppid(), os.getuid(), open('me.txt').read())"
        with _open(tmp_path, name) as box:
            box.put_file("me.txt", name.encode())
            for _ in range(8):
                out = box.run(f'python3 -c "{probe}"')
                if out.stdout != f"0 {box.uid} {name}\n":
                    errors.append(f"{name}: {out}")

    threads = [threading.Thread(target=work, args=(f"box{i}",)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []


@needs_root_bwrap
def test_the_zygote_is_single_threaded_and_refuses_unsandboxed_callers(box: BwrapSandbox) -> None:
    manager = _zygote_of(_backend(True))
    assert box.run(WHO).stdout == "0\n" and manager.pid is not None
    server = _server_of(box)
    for pid in (manager.pid, server):
        assert os.listdir(f"/proc/{pid}/task") == [str(pid)]
    body = b"\0".join([b"3 22", b"python3", b"-c", b"print(1)", b"LANG=C.UTF-8"])
    fds = [os.open("/dev/null", os.O_RDWR) for _ in range(3)] + [os.open("/", os.O_PATH)]
    try:
        with socket.socket(socket.AF_UNIX) as conn:  # this test runs as root on the host: not its sandbox's uid
            conn.connect(str(socket_of(box)))
            with suppress(OSError):
                socket.send_fds(conn, [len(body).to_bytes(4, "little") + body], fds)
            try:
                reply = conn.recv(64)
            except ConnectionResetError:  # closed with our request unread
                reply = b""
            assert reply == b""  # hung up on, unserved
    finally:
        for fd in fds:
            os.close(fd)


def _settled(fds: Callable[[], list[str]], calls: Callable[[], list[int]]) -> list[str]:
    """The server's descriptors once no call is left: the same on three reads in a row, no child.
    (A call's shim returns when its status arrives; the server closes that call's descriptors
    just after, so one read right away may still see them.)"""
    seen: list[list[str]] = []
    deadline = time.monotonic() + 60  # a bound against a hang only
    while len(seen) < 3 or any(s != seen[-1] for s in seen[-3:]) or calls():
        assert time.monotonic() < deadline, (seen[-3:], calls())
        seen.append(fds())
        time.sleep(0.05)
    return seen[-1]


@needs_root_bwrap
def test_a_stalled_caller_holds_up_no_other_call_and_every_call_is_cleaned_up(box: BwrapSandbox) -> None:
    assert box.run(WHO).stdout == "0\n"
    pid = _server_of(box)
    path = str(socket_of(box))
    assert box.uid is not None

    def fds() -> list[str]:
        return sorted(os.listdir(f"/proc/{pid}/fd"))

    def calls() -> list[int]:  # the server's children but its `forge-python-watch`, which lives as long as it
        found = []
        for child in _children_of(pid):
            with suppress(OSError):
                if not Path(f"/proc/{child}/cmdline").read_bytes().startswith(b"forge-python-watch"):
                    found.append(child)
        return found

    before = _settled(fds, calls)  # the server sends a call's status, then closes its descriptors
    fds_sent = [os.open("/dev/null", os.O_RDWR) for _ in range(3)] + [os.open("/", os.O_PATH)]
    try:
        os.setegid(box.uid)  # connect as the sandbox's uid: the only one its server listens to
        os.seteuid(box.uid)
        try:
            silent, cut_short = socket.socket(socket.AF_UNIX), socket.socket(socket.AF_UNIX)
            silent.connect(path)  # says nothing at all
            cut_short.connect(path)  # says it will send 1000 bytes, sends 2
        finally:
            os.seteuid(0)
            os.setegid(0)
        with silent, cut_short:
            socket.send_fds(cut_short, [(1000).to_bytes(4, "little") + b"3\0"], fds_sent)
            for _ in range(3):  # served warm meanwhile (a zygote waiting on them would time these out)
                assert box.run(WHO, timeout_s=120).stdout == "0\n"
            killed = "python3 -c 'import time; time.sleep(30)' & sleep 0.3; kill -9 $!; wait $!; echo rc=$?"
            assert box.run(killed, timeout_s=120).stdout == "rc=137\n"
            assert box.run("python3 -c 'import sys; sys.exit(4)'; echo rc=$?").stdout == "rc=4\n"
    finally:
        for fd in fds_sent:
            os.close(fd)
    deadline = time.monotonic() + 120  # a bound against a hang only
    while fds() != before or calls():  # every call's sockets, pipes and pidfds closed, children reaped
        assert time.monotonic() < deadline, (before, fds(), calls())
        time.sleep(0.05)
    # it is outside the sandbox's pid namespace (nothing inside can name it); its children are inside
    shell_ns = {os.readlink(f"/proc/{p}/ns/pid") for p in _pids_of_uid(box.uid) if p != pid}
    assert {os.readlink(f"/proc/{pid}/ns/pid_for_children")} == shell_ns
    assert os.readlink(f"/proc/{pid}/ns/pid") not in shell_ns


# --- never the only way to run ---------------------------------------------------------------


@needs_root_bwrap
def test_without_a_zygote_the_shim_runs_the_real_interpreter_and_a_new_sandbox_restarts_it(
    tmp_path: Path, shim: str
) -> None:
    with _open(tmp_path, "first") as box:
        manager = _zygote_of(_backend(True))
        old, server = manager.pid, _server_of(box)
        manager.stop()  # the template and the sandbox's server
        deadline = time.monotonic() + 120  # a bound against a hang only
        while _alive(server):  # SIGKILLed: gone soon, or a zombie until whoever inherited it reaps it
            assert time.monotonic() < deadline, f"the server {server} outlived stop()"
            time.sleep(0.02)
        result = box.run("python3 -c 'import os, openpyxl; print(os.getppid())'")
        assert result.exit_code == 0 and result.stdout.strip() not in ("", "0"), result.stderr
    with _open(tmp_path, "second") as box:
        assert box.run(WHO).stdout == "0\n"
        assert manager.pid not in (None, old)


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0] not in "ZX"
    except OSError:
        return False


def _spec() -> zygote.WarmPythonSpec:
    spec = zygote.spec_for([str(Path(sys.executable).parent), "/usr/bin", "/bin"], {"LANG": "C.UTF-8"})
    assert spec is not None and "python3" in spec.names
    return spec


def _run_shim(shims: Path, cwd: Path) -> tuple[int, str, str]:
    (cwd / "s.py").write_text("import os, sys; print(os.getppid() == int(sys.argv[1]), sys.argv[2:])\n")
    result = subprocess.run(
        [str(shims / "python3"), "s.py", str(os.getpid()), "a b", ""],
        cwd=cwd, capture_output=True, text=True, timeout=30, check=False,
    )  # fmt: skip
    return result.returncode, result.stdout, result.stderr


@pytest.mark.parametrize("compiler", [pytest.param("cc", marks=needs_cc), None], ids=["c", "python"])
def test_the_shim_alone_falls_back_to_the_real_interpreter(tmp_path: Path, compiler: str | None) -> None:
    spec = _spec()
    manager = zygote.WarmPython(spec, compiler=compiler)
    shims = manager.shim_dir() / "bin"
    assert manager.shim_kind == ("c" if compiler else "python")
    assert _run_shim(shims, tmp_path) == (0, "True ['a b', '']\n", "")
    for name in spec.names:
        head = (shims / name).read_bytes()
        assert head.startswith(ELF) if compiler else head.startswith(f"#!{spec.interpreter} -IS\n".encode())
    manager.close()
    assert not shims.exists()


@needs_cc
def test_the_native_shim_is_built_once_and_cached_where_only_we_can_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    counting = tmp_path / "cc"  # a new compiler path: a new cache key, so a fresh build
    counting.write_text(f'#!/bin/sh\necho run >> {tmp_path}/runs\nexec {shutil.which("cc")} "$@"\n')
    counting.chmod(0o755)
    first = zygote.native_shim(sys.executable, str(counting))
    assert first is not None and first.startswith(ELF)
    (cached,) = (tmp_path / "cache" / "forge" / "pyshim").glob("pyshim-*")
    assert cached.parent.stat().st_mode & 0o777 == 0o700 and cached.read_bytes() == first
    zygote._natives.pop((str(counting), sys.executable))  # as a new process would
    assert zygote.native_shim(sys.executable, str(counting)) == first
    assert (tmp_path / "runs").read_text() == "run\n"
    cached.chmod(0o777)  # writable by others: not trusted, rebuilt
    zygote._natives.pop((str(counting), sys.executable))
    assert zygote.native_shim(sys.executable, str(counting)) == first
    assert (tmp_path / "runs").read_text() == "run\nrun\n"
    assert cached.stat().st_mode & 0o777 == 0o755


@pytest.mark.parametrize("broken", ["missing", "failing"])
def test_without_a_working_compiler_the_python_shim_is_used_with_one_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, broken: str
) -> None:
    compiler = tmp_path / "cc"
    if broken == "failing":
        compiler.write_text("#!/bin/sh\necho 'cc: error: no' >&2\nexit 1\n")
        compiler.chmod(0o755)
    managers = [zygote.WarmPython(_spec(), compiler=str(compiler)) for _ in range(2)]
    with caplog.at_level("WARNING", logger="forge.sandbox.zygote"):
        shims = [manager.shim_dir() / "bin" for manager in managers]
    warnings = [r.getMessage() for r in caplog.records if r.levelname == "WARNING"]
    assert len(warnings) == 1 and "using the Python one" in warnings[0], warnings
    for manager, bin_dir in zip(managers, shims, strict=True):
        assert manager.shim_kind == "python"
        assert (bin_dir / "python3").read_bytes().startswith(b"#!")
        assert _run_shim(bin_dir, tmp_path) == (0, "True ['a b', '']\n", "")
        manager.close()


@needs_root_bwrap
@pytest.mark.parametrize("compiler", [pytest.param("cc", marks=needs_cc), "no-such-cc"], ids=["c", "no_cc"])
def test_the_python3_on_the_sandbox_path_is_the_native_shim_if_it_could_be_built(
    tmp_path: Path, compiler: str
) -> None:
    kind, magic = ("c", "7f45") if compiler == "cc" else ("python", "2321")  # \x7fE or #!
    with _shims_built_with(compiler), _open(tmp_path, "box") as box:
        found = box.run("command -v python3 python; od -An -tx1 -N2 $(command -v python3) | tr -d ' '")
        assert found.stdout == f"/run/forge-py/bin/python3\n/run/forge-py/bin/python\n{magic}\n"
        assert box.run(WHO).stdout == "0\n"  # served warm either way
        assert _zygote_of(_backend(True)).shim_kind == kind


@needs_root_bwrap
def test_a_forked_process_gets_its_own_zygote(tmp_path: Path, shim: str) -> None:
    with _open(tmp_path, "parent") as box:
        assert box.run(WHO).stdout == "0\n"
    parent_zygote = _zygote_of(_backend(True)).pid
    read, write = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - reported through the pipe
        try:
            with _open(tmp_path, "child") as box:
                served = box.run(WHO).stdout == "0\n"
                ok = served and _zygote_of(_backend(True)).pid not in (None, parent_zygote)
            zygote.close_all()
            os.write(write, b"ok" if ok else b"bad")
        finally:
            os._exit(0)
    os.close(write)
    report = os.read(read, 16)
    os.close(read)
    os.waitpid(child, 0)
    assert report == b"ok"
    assert _zygote_of(_backend(True)).pid == parent_zygote  # the parent's is untouched
    with _open(tmp_path, "again") as box:
        assert box.run(WHO).stdout == "0\n"


def test_the_python_shim_sends_nothing_more_once_its_request_is_out() -> None:
    """A fast call can be served and hung up on before the shim's next line runs: a send of
    nothing then fails with EPIPE, and the shim would run the program again, cold."""
    spec = importlib.util.spec_from_file_location("pyshim_under_test", Path(zygote.__file__).with_name("_pyshim.py"))
    assert spec is not None and spec.loader is not None
    shim = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(shim)
    ours, zygote_end = socket.socketpair()

    class ServedAtOnce:  # the zygote reads the whole request, runs it and hangs up, all at once
        def sendmsg(self, *args: object) -> int:
            sent = ours.sendmsg(*args)  # type: ignore[arg-type]
            zygote_end.close()
            return sent

        def sendall(self, data: bytes) -> None:
            ours.sendall(data)

    shim.send_request(ServedAtOnce())  # no BrokenPipeError
    ours.close()


def _signal_state(pid: int) -> str:
    """A process's state and its pending, blocked, ignored and caught signal masks, from /proc."""
    try:
        lines = Path(f"/proc/{pid}/status").read_text().splitlines()
    except OSError as exc:
        return f"(gone: {exc})"
    keep = ("State", "SigPnd", "ShdPnd", "SigBlk", "SigIgn", "SigCgt")
    return ", ".join(line.replace("\t", " ") for line in lines if line.startswith(keep))


@needs_cc
@pytest.mark.parametrize("kind", ["c", "python"])
def test_a_signal_sent_before_the_shim_knows_the_child_reaches_the_child(tmp_path: Path, kind: str) -> None:
    """The child can be running the program before its pid reaches the shim: a SIGTERM sent to
    the shim then must wait for the forwarder, not end the shim and orphan the call."""
    path = tmp_path / "z.sock"
    source = Path(zygote.__file__).with_name("_pyshim.c" if kind == "c" else "_pyshim.py")
    shim = tmp_path / "python3"
    if kind == "c":
        defines = [f'-DREAL_PYTHON="{sys.executable}"', f'-DSOCKET_PATH="{path}"']
        subprocess.run(["cc", *zygote._CC_FLAGS, *defines, "-o", str(shim), str(source)], check=True)
        argv = [str(shim), "-c", "pass"]
    else:
        shim.write_text(source.read_text().replace(repr(zygote.SOCKET_PATH).replace("'", '"'), repr(str(path))))
        argv = [sys.executable, "-IS", str(shim), "-c", "pass"]
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(str(path))
        server.listen(1)
        caller = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        conn, _ = server.accept()
        data, fds, _, _ = socket.recv_fds(conn, 1 << 16, 4)
        while len(data) < 4 + int.from_bytes(data[:4], "little"):
            data += conn.recv(1 << 16)
        for fd in fds:
            os.close(fd)
        handler = "import signal, sys, time; signal.signal(signal.SIGTERM, lambda *a: sys.exit(5)); print(1, flush=True)"
        child = subprocess.Popen([sys.executable, "-c", handler + "; time.sleep(30)"], stdout=subprocess.PIPE)
        assert child.stdout is not None and child.stdout.readline() == b"1\n"  # "the program" runs
        caller.send_signal(signal.SIGTERM)  # the shim has sent its request and waits for the child's pid
        conn.sendall(b"P %d\n" % child.pid)
        try:
            code = child.wait(timeout=10)
        except subprocess.TimeoutExpired:  # seen once in a full CI run, never alone: say what the shim held
            shim, ours = _signal_state(caller.pid), _signal_state(os.getpid())
            child.kill()
            caller.kill()
            pytest.fail(f"the held SIGTERM never reached the child; shim {shim}, exit {caller.wait()}, stderr "
                        f"{caller.stderr.read()[-500:] if caller.stderr else b''!r}; this process {ours}")
        assert code == 5  # the SIGTERM was held, then forwarded
        conn.sendall(b"X 5\n")
        assert caller.wait(timeout=10) == 5
        conn.close()
