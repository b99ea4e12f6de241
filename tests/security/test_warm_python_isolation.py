"""No sandbox reaches another through the warm python (`forge.sandbox.zygote`).

Two sandboxes, A (the attacker) and B (the victim), are open at once. Each test is one thing
A's commands try against the warm python: its socket, its server, a call's child in the
window before it lets go of the server's descriptors, signals, /proc, ptrace. After each, B's
`python3` must still run B's own program, warm, and print B's own secret; A must have learnt
nothing of B; the host's log must have no line from the warm python; and a sandbox opened
afterwards must still be served.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import secrets
import shutil
import signal
import socket
import stat
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from forge.sandbox import BwrapBackend, BwrapSandbox, SandboxLimits, zygote
from tests.conftest import require
from tests.support.warm_python import children_of, server_of, socket_of, status, template_pid

pytestmark = require(
    shutil.which("bwrap") is not None and os.geteuid() == 0, "the warm python needs bubblewrap and root"
)
COLD = sys.executable  # the real interpreter, bound read-only inside: A's tools never go through a server
_PTRACE_NRS = {"x86_64": (101, 310), "aarch64": (117, 270)}  # ptrace, process_vm_readv
WARM_PPID = "python3 -c 'import os; print(os.getppid())'"  # 0: forked by a server outside the pid namespace


class Pair:
    """Sandboxes A and B, B with a secret and a program that prints it."""

    def __init__(self, a: BwrapSandbox, b: BwrapSandbox, secret: str) -> None:
        self.a, self.b, self.secret = a, b, secret

    def attack(self, script: str, timeout_s: float = 60) -> str:
        """Run `script` in A with the real interpreter; its stdout (what A could learn)."""
        self.a.put_file("attack.py", script.encode())
        result = self.a.run(f"{COLD} attack.py", timeout_s=timeout_s)
        assert result.exit_code == 0, result.stderr
        return result.stdout

    def b_is_intact(self) -> None:
        """B's python3 runs B's program, warm, with B's files, and nothing of A's."""
        for _ in range(3):
            result = self.b.run("python3 prog.py")
            assert (result.exit_code, result.stdout, result.stderr) == (0, f"0 {self.secret}\n", "")


@pytest.fixture
def pair(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> Iterator[Pair]:
    secret = secrets.token_hex(16)
    boxes = []
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        boxes.append(BwrapBackend().open(tmp_path / name, SandboxLimits()))
    a, b = boxes
    b.put_file("secret.txt", secret.encode())
    b.put_file("prog.py", b"import os\nprint(os.getppid(), open('secret.txt').read())\n")
    with caplog.at_level(logging.DEBUG, logger="forge.sandbox.zygote"):
        try:
            assert a.run(WARM_PPID).stdout == "0\n"
            pair = Pair(a, b, secret)
            pair.b_is_intact()
            yield pair
            pair.b_is_intact()
        finally:
            a.close()
            b.close()
    leaked = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert leaked == [], "the host's log got lines from the warm python"
    (tmp_path / "later").mkdir()
    with BwrapBackend().open(tmp_path / "later", SandboxLimits()) as later:  # still served afterwards
        assert later.run(WARM_PPID).stdout == "0\n"


def test_each_sandbox_has_its_own_server_socket_and_no_other(pair: Pair) -> None:
    probe = "stat -c '%d %i %u %a' /run/forge-py/call/python.sock; ls -A /run/forge-py/call"
    seen_a, seen_b = pair.a.run(probe).stdout, pair.b.run(probe).stdout
    assert seen_a.splitlines()[1:] == seen_b.splitlines()[1:] == ["python.sock"]
    assert seen_a.split()[:2] != seen_b.split()[:2]  # not the same socket
    assert seen_a.split()[2:4] == [str(pair.a.uid), "600"]
    sockets = pair.a.run("find / -xdev -type s 2>/dev/null; find /run /tmp /dev/shm -type s 2>/dev/null").stdout
    assert set(sockets.split()) == {"/run/forge-py/call/python.sock"}


def _descriptors_at_rest(server: int, timeout_s: float = 120.0) -> dict[str, str]:  # bound: a hang only
    """The server's fds (fd -> link) once no call is open: it sends a call's exit status and then
    closes the call's connection, so just after a command returns (on a busy machine) it may still
    hold that connection. One held longer than the bound is returned as it is, and fails the test."""
    deadline = time.monotonic() + timeout_s
    while True:
        links = {}
        for fd in os.listdir(f"/proc/{server}/fd"):
            with contextlib.suppress(FileNotFoundError):  # closed meanwhile
                links[fd] = os.readlink(f"/proc/{server}/fd/{fd}")
        if sum(target.startswith("socket:") for target in links.values()) <= 1 or time.monotonic() > deadline:
            return links
        time.sleep(0.02)


def test_a_server_holds_only_its_sandbox_socket_and_runs_unprivileged(pair: Pair) -> None:
    for box in (pair.a, pair.b):
        server = server_of(box)
        fields = status(server)
        assert fields["Uid"].split() == [str(box.uid)] * 4 and fields["Groups"] == ""
        assert all(int(fields[c], 16) == 0 for c in ("CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb"))
        assert (fields["NoNewPrivs"], fields["Seccomp"], fields["Seccomp_filters"]) == ("1", "2", "1")
        links = _descriptors_at_rest(server)
        assert [links[fd] for fd in ("0", "1", "2")] == ["/dev/null"] * 3  # not the host's log pipe
        sockets = [target for target in links.values() if target.startswith("socket:")]
        assert len(sockets) == 1  # its listener; no channel to the template or the host
        pipes = [target for target in links.values() if target.startswith("pipe:")]
        watchers = _watchers_of(server)
        assert len(pipes) == 1 and len(watchers) == 1, (links, watchers)  # the lifeline of its watcher, and
        assert os.readlink(f"/proc/{watchers[0]}/fd/0") == pipes[0]  # the watcher reads its other end
        assert sorted(os.listdir(f"/proc/{watchers[0]}/fd")) == ["0", "1", "2"]  # and holds nothing else
        others = {t for t in links.values() if not t.startswith(("socket:", "pipe:"))} - {"/dev/null"}
        assert others <= {"anon_inode:[pidfd]", "anon_inode:[eventpoll]"}, links
        assert _listener_path(sockets[0]) == zygote.SOCKET_PATH  # the name inside; no host path


def test_the_template_listens_on_nothing_a_sandbox_can_name(pair: Pair) -> None:
    template = template_pid()
    targets = [os.readlink(f"/proc/{template}/fd/{fd}") for fd in os.listdir(f"/proc/{template}/fd")]
    assert [_listener_path(t) for t in targets if t.startswith("socket:")] == [""]  # one socketpair end


def test_no_server_or_template_is_visible_or_signalable_from_a_sandbox(pair: Pair) -> None:
    servers = {server_of(pair.a), server_of(pair.b), template_pid()}
    seen = pair.attack(
        "import json, os, signal\n"
        "comms = {p: open(f'/proc/{p}/comm').read().strip() for p in os.listdir('/proc') if p.isdigit()}\n"
        "hits = []\n"
        f"for pid in {sorted(servers)!r}:\n"
        "    for sig in (signal.SIGSTOP, signal.SIGKILL):\n"
        "        try:\n"
        "            os.kill(pid, sig); hits.append(pid)\n"
        "        except OSError as exc:\n"
        "            pass\n"
        "print(json.dumps([sorted(set(comms.values())), hits]))\n"
    )
    comms, hits = json.loads(seen)
    assert "forge-python" not in comms and hits == []
    for pid in servers:
        assert status(pid)["State"][0] in "SR"  # neither stopped nor dead


def test_stopping_warm_children_and_taking_their_descriptors_gets_nothing(pair: Pair) -> None:
    """The attack of the report: catch a call's child before it lets go of the server's
    descriptors, stop it, and copy them with pidfd_getfd or read them under /proc/PID/fd."""
    seen = pair.attack(
        "import ctypes, json, os, signal, subprocess\n"
        "libc = ctypes.CDLL(None, use_errno=True)\n"
        "stolen, listed, denied, stopped = [], [], set(), 0\n"
        "calls = [subprocess.Popen(['python3', '-c', 'import time; time.sleep(0.2)']) for _ in range(24)]\n"
        "mine = {os.getpid(), *(c.pid for c in calls)}\n"
        "done = set()\n"
        "while any(c.poll() is None for c in calls):\n"
        "    for p in os.listdir('/proc'):\n"
        "        if not p.isdigit() or int(p) in mine or int(p) in done:\n"
        "            continue\n"
        "        pid = int(p)\n"
        "        try:\n"
        "            if open(f'/proc/{pid}/stat').read().rpartition(')')[2].split()[1] != '0':\n"
        "                continue  # a warm child's parent is outside: ppid 0\n"
        "        except OSError:\n"
        "            continue\n"
        "        done.add(pid)\n"
        "        try:\n"
        "            os.kill(pid, signal.SIGSTOP)\n"
        "        except OSError:\n"
        "            continue  # the sandbox's init (root)\n"
        "        stopped += 1\n"
        "        try:\n"
        "            listed += [os.readlink(f'/proc/{pid}/fd/{fd}') for fd in os.listdir(f'/proc/{pid}/fd')]\n"
        "        except OSError as exc:\n"
        "            denied.add(exc.errno)\n"
        "        try:\n"
        "            pidfd = os.pidfd_open(pid)\n"
        "            for fd in range(64):\n"
        "                got = libc.syscall(438, pidfd, fd, 0)\n"
        "                if got >= 0:\n"
        "                    stolen.append(os.readlink(f'/proc/self/fd/{got}'))\n"
        "                else:\n"
        "                    denied.add(ctypes.get_errno())\n"
        "            os.close(pidfd)\n"
        "        except OSError as exc:\n"
        "            denied.add(exc.errno)\n"
        "        os.kill(pid, signal.SIGCONT)\n"
        "print(json.dumps({'children': stopped, 'stolen': stolen, 'listed': listed, 'denied': sorted(denied)}))\n"
    )
    report = json.loads(seen)
    assert report["children"] > 0, report  # the attack met warm children
    assert report["stolen"] == [], report
    assert not [t for t in report["listed"] if t.startswith("socket:")], report  # only the caller's pipes, ever


def test_ptrace_and_memory_reads_of_a_warm_child_are_refused(pair: Pair) -> None:
    seen = pair.attack(
        "import ctypes, json, os, subprocess, time\n"
        "libc = ctypes.CDLL(None, use_errno=True)\n"
        "child = subprocess.Popen(['python3', '-c', 'import os, time; print(os.getppid(), flush=True); time.sleep(5)'],"
        " stdout=subprocess.PIPE)\n"
        "assert child.stdout.readline() == b'0\\n'\n"
        "warm = [int(p) for p in os.listdir('/proc') if p.isdigit() and int(p) != child.pid"
        " and open(f'/proc/{p}/stat').read().rpartition(')')[2].split()[1] == '0']\n"
        "errors = []\n"
        f"ptrace, vm_readv = {_PTRACE_NRS[os.uname().machine]}\n"
        "for pid in warm:\n"
        "    for nr, args in ((ptrace, (16, pid, 0, 0)), (ptrace, (0x4206, pid, 0, 0)), (vm_readv, (pid, 0, 0, 0, 0, 0))):\n"
        "        ctypes.set_errno(0)\n"
        "        r = libc.syscall(nr, *args)\n"
        "        errors.append(ctypes.get_errno() if r < 0 else 0)\n"
        "    try:\n"
        "        open(f'/proc/{pid}/mem', 'rb').read(1); errors.append(0)\n"
        "    except OSError as exc:\n"
        "        errors.append(exc.errno)\n"
        "child.kill()\n"
        "print(json.dumps([len(warm), errors]))\n"
    )
    count, errors = json.loads(seen)
    assert count >= 1 and errors and 0 not in errors, (count, errors)


def test_another_sandboxs_files_are_out_of_reach_through_proc_and_host_paths(pair: Pair) -> None:
    seen = pair.attack(
        "import os\n"
        f"paths = [{str(pair.b.job_dir / 'secret.txt')!r}, '/job/../../{pair.b.job_dir.name}/secret.txt']\n"
        "for p in os.listdir('/proc'):\n"
        "    if p.isdigit():\n"
        "        paths += [f'/proc/{p}/cwd/secret.txt', f'/proc/{p}/root/job/secret.txt']\n"
        "        try:\n"
        "            paths += [f'/proc/{p}/fd/{fd}' for fd in os.listdir(f'/proc/{p}/fd')]\n"
        "        except OSError:\n"
        "            pass\n"
        "for path in paths:\n"
        "    try:\n"
        "        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)  # pipes among them: never wait\n"
        "    except OSError:\n"
        "        continue\n"
        "    try:\n"
        "        print(os.read(fd, 4096).hex())\n"
        "    except OSError:\n"
        "        pass\n"
        "    os.close(fd)\n"
    )
    assert pair.secret.encode().hex() not in seen


def test_a_sandbox_cannot_replace_its_shims_or_socket_to_answer_others(pair: Pair) -> None:
    seen = pair.attack(
        "import os, socket\n"
        "for path in ('/run/forge-py/call/python.sock', '/run/forge-py/call/x.sock', '/run/forge-py/bin/python3'):\n"
        "    try:\n"
        "        os.unlink(path); print('UNLINKED', path)\n"
        "    except OSError as exc:\n"
        "        print(exc.errno)\n"
        "    try:\n"
        "        socket.socket(socket.AF_UNIX).bind(path); print('BOUND', path)\n"
        "    except OSError as exc:\n"
        "        print(exc.errno)\n"
    )
    assert "UNLINKED" not in seen and "BOUND" not in seen
    assert stat.S_ISSOCK(os.stat(socket_of(pair.b)).st_mode)


def test_a_flood_of_calls_in_one_sandbox_never_reaches_another(pair: Pair) -> None:
    pair.a.put_file("flood.py", b"import socket, time\nhold = []\n"
                    b"for _ in range(200):\n"
                    b"    s = socket.socket(socket.AF_UNIX); s.connect('/run/forge-py/call/python.sock'); hold.append(s)\n"
                    b"print('held', flush=True)\ntime.sleep(30)\n")  # fmt: skip
    result = pair.a.run(f"{COLD} flood.py & until [ -e /proc/$!/fd/200 ]; do sleep 0.05; done; echo up")
    assert result.stdout.endswith("up\n"), result
    pair.b_is_intact()  # served warm by B's own server throughout


def test_a_sandboxs_server_ends_with_it_and_a_dead_server_only_makes_its_python3_cold(pair: Pair) -> None:
    a_server, b_server = server_of(pair.a), server_of(pair.b)
    (b_watcher,) = _watchers_of(b_server)
    os.kill(b_server, signal.SIGKILL)  # as if it crashed: B runs cold, correctly, and A is untouched
    deadline = time.monotonic() + 120  # a bound against a hang only
    while Path(f"/proc/{b_watcher}").exists():  # its watcher ends with it (the pipe it reads is closed)
        assert time.monotonic() < deadline, "B's watcher outlived B's server"
        time.sleep(0.05)
    cold = pair.b.run("python3 prog.py")
    assert cold.exit_code == 0 and cold.stdout.split()[1] == pair.secret and cold.stdout.split()[0] != "0"
    assert pair.a.run(WARM_PPID).stdout == "0\n"
    pair.a.close()
    deadline = time.monotonic() + 120  # a bound against a hang only
    while a_server in children_of(template_pid()):
        assert time.monotonic() < deadline, "A's server outlived A"
        time.sleep(0.05)
    assert pair.b.pid is not None
    os.kill(pair.b.pid, signal.SIGKILL)  # B's shell dies: a later command starts a new one. Its
    # bash lives on until the kill reaches it through bwrap (under load, for a few commands), so
    # wait for the command that reports the restart; the old namespace is gone by then
    deadline = time.monotonic() + 120  # a bound against a hang only
    while not pair.b.run("true").shell_restarted:
        assert time.monotonic() < deadline, "B's killed shell was never replaced"
    pair.b_is_intact()


def test_a_call_from_another_uid_is_refused(pair: Pair, tmp_path: Path) -> None:
    """A's uid connecting to B's socket (were it ever reachable) is hung up on, unserved."""
    assert pair.a.uid is not None
    pid = os.fork()
    if pid == 0:  # pragma: no cover - reported through the exit status
        code = 1
        try:
            os.setgid(pair.a.uid)
            os.setuid(pair.a.uid)
            with socket.socket(socket.AF_UNIX) as conn:
                conn.connect(str(socket_of(pair.b)))
        except PermissionError:
            code = 0  # the socket is B's uid's only (0600)
        finally:
            os._exit(code)
    assert os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) == 0


def _watchers_of(server: int) -> list[int]:
    """The server's `forge-python-watch` children (it keeps one in its sandbox's pid namespace)."""
    return [child for child in children_of(server)
            if Path(f"/proc/{child}/cmdline").read_bytes() == b"forge-python-watch\0"]


def _listener_path(target: str) -> str:
    """The path a unix socket (`socket:[INODE]`) is bound to, "" if none."""
    inode = target[len("socket:[") : -1]
    for line in Path("/proc/net/unix").read_text().splitlines()[1:]:
        fields = line.split()
        if fields[6] == inode:
            return fields[7] if len(fields) > 7 else ""
    return ""
