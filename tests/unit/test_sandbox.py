"""The sandbox keeps an agent's commands away from the network, the host's files and secrets,
and the host's resources, while behaving like one persistent shell."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from pydantic import ValidationError

from forge.errors import ConfigError, SandboxError, SandboxUnavailableError, UnknownKeyError
from forge.sandbox import (
    SANDBOX_BACKENDS,
    BwrapBackend,
    BwrapSandbox,
    Sandbox,
    SandboxBackend,
    SandboxLimits,
    SandboxPathError,
    open_sandbox,
)
from tests.conftest import require

PROJECT_ROOT = Path(__file__).resolve().parents[2]
_SANDBOX_TOPS = {"/usr", "/etc", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32",  # shown by design
                 "/proc", "/dev", "/tmp", "/run", "/job"}
needs_bwrap = require(shutil.which("bwrap") is not None, "bubblewrap is not installed")


@pytest.fixture
def job_dir(tmp_path: Path) -> Path:
    job = tmp_path / "job"
    job.mkdir()
    return job


@pytest.fixture
def box(job_dir: Path) -> Iterator[BwrapSandbox]:
    sandbox = open_sandbox(job_dir)
    assert isinstance(sandbox, BwrapSandbox)
    yield sandbox
    sandbox.close()


def _host_pids_where(predicate: Callable[[str], bool]) -> list[int]:
    pids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if predicate(entry):
                    pids.append(int(entry))
            except OSError:
                continue
    return pids


def _pids_with_cmdline(marker: str) -> list[int]:
    return _host_pids_where(lambda pid: marker.encode() in Path(f"/proc/{pid}/cmdline").read_bytes())


def _pids_of_uid(uid: int) -> list[int]:
    def owned(pid: str) -> bool:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("Uid:"):
                return int(line.split()[1]) == uid
        return False

    return _host_pids_where(owned)


def _comm(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return ""


def _wait_until_no_pids_of(uid: int, hang_guard_s: float = 120) -> None:
    """Wait for the uid's processes to be gone; the bound only stops a hang (not a speed test)."""
    deadline = time.monotonic() + hang_guard_s
    while left := _pids_of_uid(uid):
        assert time.monotonic() < deadline, [(pid, _comm(pid)) for pid in left]
        time.sleep(0.05)


# --- contract and configuration -------------------------------------------------------


def test_limits_reject_non_positive_values_naming_the_field() -> None:
    with pytest.raises(ValidationError, match="memory_mb"):
        SandboxLimits(memory_mb=0)
    with pytest.raises(ValidationError, match="command_timeout_s"):
        SandboxLimits(command_timeout_s=-1)
    assert SandboxLimits().max_processes == 512  # tasks of the whole sandbox (a pids cgroup)


def test_bwrap_is_the_registered_default_and_unknown_backends_list_it(job_dir: Path) -> None:
    assert "bwrap" in SANDBOX_BACKENDS
    assert isinstance(SANDBOX_BACKENDS.get("bwrap"), SandboxBackend)
    with pytest.raises(UnknownKeyError, match="bwrap"):
        open_sandbox(job_dir, backend="no-such-backend")


def test_missing_bwrap_says_how_to_install_it(job_dir: Path) -> None:
    backend = BwrapBackend(bwrap_path="/nonexistent/bin/bwrap")
    with pytest.raises(SandboxUnavailableError, match="apt-get install bubblewrap"):
        backend.check_available()
    with pytest.raises(SandboxUnavailableError, match="apt-get install bubblewrap"):
        backend.open(job_dir, SandboxLimits())


@needs_bwrap
def test_missing_job_dir_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="job_dir"):
        open_sandbox(tmp_path / "absent")


# --- the persistent shell ----------------------------------------------------------------


@needs_bwrap
def test_stdout_stderr_and_exit_codes_are_separate(box: BwrapSandbox) -> None:
    assert isinstance(box, Sandbox)
    result = box.run("echo out; echo err >&2; exit_code() { return 7; }; exit_code")
    assert (result.stdout, result.stderr, result.exit_code) == ("out\n", "err\n", 7)
    assert not result.timed_out and not result.truncated and not result.shell_restarted
    assert box.run("printf 'no newline'").stdout == "no newline"
    assert box.run("printf '\\377ok'").stdout == "\ufffdok"
    broken = box.run('echo "unterminated')
    assert broken.exit_code != 0 and "unexpected EOF" in broken.stderr
    assert box.run("echo fine").shell_restarted is False


@needs_bwrap
def test_shell_state_persists_between_commands(box: BwrapSandbox) -> None:
    box.run("mkdir -p sub/dir && cd sub/dir && export GREETING=hello && greet() { echo hi $1; }")
    result = box.run('pwd; echo "$GREETING"; greet there')
    assert result.stdout == "/job/sub/dir\nhello\nhi there\n"
    assert box.run("(exit 3)").exit_code == 3
    assert box.run("echo $?").stdout == "3\n"  # as in one shell


@needs_bwrap
def test_large_and_odd_commands_arrive_whole(box: BwrapSandbox) -> None:
    body = "x" * 200_000
    assert box.run(f"v='{body}'; echo ${{#v}}").stdout == "200000\n"
    assert box.run("printf 'a\x00b\\n'").stdout == "ab\n"  # bash cannot hold NUL: it is dropped
    assert box.run("printf '%s\\n' 'é ü'; echo 'no newline at the end'").stdout == "é ü\nno newline at the end\n"


@needs_bwrap
def test_output_is_truncated_but_fully_drained(job_dir: Path) -> None:
    with open_sandbox(job_dir, SandboxLimits(output_limit_bytes=1000)) as box:
        result = box.run("head -c 300000 /dev/zero | tr '\\0' a; echo tail >&2")
        assert result.exit_code == 0 and result.truncated
        assert result.stdout == "a" * 1000 and result.stderr == "tail\n"
        assert box.run("echo next").stdout == "next\n"


@needs_bwrap
def test_a_command_reading_stdin_does_not_hang(box: BwrapSandbox) -> None:
    result = box.run("cat; read line; echo rc=$?", timeout_s=120)  # a bound against a hang only
    assert result.stdout == "rc=1\n" and not result.timed_out and result.exit_code == 0


@needs_bwrap
def test_exit_ends_the_command_and_the_shell_state_carries_on(box: BwrapSandbox) -> None:
    box.run("export KEPT=1; cd /tmp; echo data > /job/kept.txt")
    exited = box.run("exit 3")
    assert exited.exit_code == 3 and not exited.timed_out and not exited.shell_restarted
    after = box.run('echo "${KEPT:-gone}"; cat /job/kept.txt; pwd')
    assert (after.stdout, after.exit_code, after.shell_restarted) == ("1\ndata\n/tmp\n", 0, False)


@needs_bwrap
def test_a_killed_shell_is_reported_and_restarts(box: BwrapSandbox) -> None:
    box.run("export KEPT=1; echo data > kept.txt")
    killed = box.run("echo before; kill -KILL $$; sleep 5; echo after")
    assert killed.exit_code != 0 and not killed.timed_out and not killed.shell_restarted
    assert killed.stdout == "before\n"
    after = box.run('echo "${KEPT:-gone}"; cat kept.txt; pwd')
    assert after.shell_restarted and after.exit_code == 0
    assert after.stdout == "gone\ndata\n/job\n"
    assert box.run("true").shell_restarted is False


@needs_bwrap
def test_a_command_is_killed_at_its_time_limit(job_dir: Path) -> None:
    marker = f"{900 + time.time_ns() % 97}.25"
    with open_sandbox(job_dir, SandboxLimits(command_timeout_s=1)) as box:
        result = box.run(f"echo before; sleep {marker} & sleep {marker}")
        assert result.timed_out and result.exit_code == 124
        assert result.stdout == "before\n"
        assert result.duration_s >= 1  # not before its limit (how long after depends on the machine's load)
        assert _pids_with_cmdline(f"sleep\x00{marker}") == []
        assert box.run("echo again", timeout_s=120).shell_restarted


# --- isolation ---------------------------------------------------------------------------


@needs_bwrap
def test_no_outside_network(box: BwrapSandbox) -> None:
    probe = "import socket; socket.create_connection(('1.1.1.1', 53), timeout=3)"
    result = box.run(f'python3 -c "{probe}"')
    assert result.exit_code != 0 and "unreachable" in result.stderr
    names = box.run("python3 -c 'import socket; print([n for _, n in socket.if_nameindex()])'")
    assert names.stdout.strip() == "['lo']"


@needs_bwrap
def test_cannot_reach_a_server_on_the_hosts_loopback(box: BwrapSandbox) -> None:
    with socket.socket() as server:  # connections complete in the backlog; no accept thread
        server.bind(("127.0.0.1", 0))
        server.listen(8)
        port = server.getsockname()[1]
        socket.create_connection(("127.0.0.1", port), timeout=3).close()  # the server is real
        probe = f"import socket; socket.create_connection(('127.0.0.1', {port}), timeout=3)"
        result = box.run(f'python3 -c "{probe}"')
        assert result.exit_code != 0 and "ConnectionRefusedError" in result.stderr
        server.setblocking(False)
        server.accept()[0].close()  # the host's own connection...
        with pytest.raises(BlockingIOError):
            server.accept()  # ...and nothing from the sandbox


@needs_bwrap
def test_host_environment_does_not_leak(job_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-host-secret")
    monkeypatch.setenv("FORGE_SECRET", "host-secret")
    with open_sandbox(job_dir) as box:
        env = box.run("env").stdout
    assert "OPENAI_API_KEY" not in env and "FORGE_SECRET" not in env and "host-secret" not in env
    assert "HOME=/job" in env.splitlines()


@needs_bwrap
def test_cannot_write_outside_the_job_dir(box: BwrapSandbox, job_dir: Path) -> None:
    targets = ["/x", "/usr/x", "/etc/x", "/run/forge/x", f"{sys.prefix}/x", f"{sys.base_prefix}/x"]
    for target in targets:
        assert box.run(f"touch {target}").exit_code != 0, target
    private = f"forge-probe-{uuid.uuid4().hex}"
    assert box.run(f"echo hi > /tmp/{private} && touch /job/inside.txt").exit_code == 0
    assert not (Path("/tmp") / private).exists()  # the sandbox's /tmp is its own tmpfs
    assert (job_dir / "inside.txt").exists()


@needs_bwrap
def test_host_files_are_hidden_except_the_python_prefixes(box: BwrapSandbox) -> None:
    prefixes = {sys.prefix, sys.base_prefix}

    def allowed(directory: str) -> set[str]:
        return {p[len(directory) + 1 :].split("/")[0] for p in prefixes if p.startswith(directory + "/")}

    assert len(set(os.listdir(PROJECT_ROOT)) - allowed(str(PROJECT_ROOT))) > 0  # there is something to hide
    host_dirs = {str(Path.home()), "/home", "/root", *(str(p) for p in PROJECT_ROOT.parents if p != Path("/"))}
    host_dirs |= {str(p) for p in Path("/").iterdir() if p.is_dir() and not p.is_symlink()} - _SANDBOX_TOPS
    for directory in sorted(host_dirs | {str(PROJECT_ROOT)}):
        listed = set(box.run(f"ls -A {directory} 2>/dev/null").stdout.split())
        assert listed <= allowed(directory), directory
    assert box.run(f"cat {__file__}").exit_code != 0


@needs_bwrap
def test_python_office_libraries_are_available(box: BwrapSandbox) -> None:
    result = box.run("python3 -c 'import openpyxl, docx, pptx; print(\"ok\")'")
    assert (result.stdout, result.exit_code) == ("ok\n", 0), result.stderr
    shm = box.run("python3 -c 'import multiprocessing; multiprocessing.Lock()'")  # needs /dev/shm
    assert shm.exit_code == 0, shm.stderr


# --- resource limits ----------------------------------------------------------------------


@needs_bwrap
def test_memory_limit_stops_a_2gb_allocation(box: BwrapSandbox) -> None:
    result = box.run("python3 -c 'b = bytearray(4 * 1024**3)'")
    assert result.exit_code == 128 + 9, result.stderr  # the memory cgroup's OOM kill (no RLIMIT_AS any more)
    assert box.cgroup is not None and box.cgroup.oom_kills() >= 1


@needs_bwrap
def test_process_limit_bounds_forking(job_dir: Path) -> None:
    script = (
        "import os, time\n"
        "pids = []\n"
        "try:\n"
        "    for _ in range(200):\n"
        "        pid = os.fork()\n"
        "        if pid == 0:\n"
        "            time.sleep(30); os._exit(0)\n"
        "        pids.append(pid)\n"
        "except OSError as exc:\n"
        "    print('refused', exc.errno)\n"
        "print(len(pids))\n"
        "for pid in pids: os.kill(pid, 9)\n"
    )
    with open_sandbox(job_dir, SandboxLimits(max_processes=32)) as box:
        box.put_file("forker.py", script.encode())
        result = box.run("python3 forker.py")
        lines = result.stdout.split()
        assert lines[:2] == ["refused", "11"], result.stderr  # EAGAIN
        assert int(lines[2]) < 32
        assert box.run("echo alive").stdout == "alive\n"


@needs_bwrap
def test_a_fork_bomb_is_contained_and_killed(job_dir: Path) -> None:
    with open_sandbox(job_dir, SandboxLimits(max_processes=48)) as box:
        assert isinstance(box, BwrapSandbox)
        uid = box.uid
        result = box.run("bomb() { bomb | bomb & }; bomb; sleep 30", timeout_s=2)
        assert result.timed_out
        assert subprocess.run(["true"], check=False).returncode == 0  # the host can still fork
        if uid is not None:  # the bomb went with the shell's pid namespace, before run() returned
            assert [pid for pid in _pids_of_uid(uid) if _comm(pid) == "bash"] == []
            _wait_until_no_pids_of(uid)  # the shell's warm python server follows it on its own
        assert box.run("echo alive").stdout == "alive\n"


@needs_bwrap
def test_cpu_and_file_size_limits(job_dir: Path) -> None:
    with open_sandbox(job_dir, SandboxLimits(cpu_seconds=1, file_size_mb=1)) as box:
        spin = box.run("python3 -c 'while True: pass'", timeout_s=120)  # ends by its CPU limit
        assert not spin.timed_out and spin.exit_code in (128 + 24, 128 + 9)  # SIGXCPU / SIGKILL
        big = box.run("head -c 2000000 /dev/zero > big.bin")
        assert big.exit_code != 0
        assert (job_dir / "big.bin").stat().st_size <= 1024 * 1024


# --- files in and out ---------------------------------------------------------------------


@needs_bwrap
def test_put_and_get_round_trip(box: BwrapSandbox, job_dir: Path) -> None:
    payload = bytes(range(256)) * 4
    box.put_file("in/nested/data.bin", payload)
    assert box.run("wc -c < in/nested/data.bin && echo more >> in/nested/data.bin").stdout == "1024\n"
    box.run("python3 -c \"open('out.txt', 'w', encoding='utf-8').write('h\\u00e9')\"")
    assert box.get_file("out.txt") == "hé".encode()
    assert box.get_file("/job/out.txt") == "hé".encode()
    assert box.get_file("in/nested/data.bin") == payload + b"more\n"
    box.put_file("out.txt", b"replaced")
    assert (job_dir / "out.txt").read_bytes() == b"replaced"


@needs_bwrap
def test_file_access_refuses_escapes_and_symlinks(box: BwrapSandbox, tmp_path: Path) -> None:
    passwd = Path("/etc/passwd").read_bytes()
    for bad in ["../evil", "in/../../evil", "/etc/passwd", "", "."]:
        with pytest.raises(SandboxPathError):
            box.put_file(bad, b"x")
        with pytest.raises(SandboxPathError):
            box.get_file(bad)
    assert not (tmp_path / "evil").exists()
    box.run(
        "ln -s /etc/passwd out.xlsx; ln -s /etc etc_link; mkfifo pipe; echo hi > real.txt; ln -s real.txt alias"
    )
    for linked in ["out.xlsx", "etc_link/passwd", "alias", "pipe"]:
        with pytest.raises(SandboxPathError):
            box.get_file(linked)
    for linked in ["out.xlsx", "etc_link/evil"]:
        with pytest.raises(SandboxPathError):
            box.put_file(linked, b"owned")
    assert Path("/etc/passwd").read_bytes() == passwd
    assert not Path("/etc/evil").exists()
    with pytest.raises(SandboxError, match="no file"):
        box.get_file("missing.txt")


# --- lifecycle ----------------------------------------------------------------------------


@needs_bwrap
def test_close_leaves_no_process_behind(job_dir: Path) -> None:
    marker = f"{800 + time.time_ns() % 97}.5"
    with open_sandbox(job_dir) as box:
        assert isinstance(box, BwrapSandbox)
        pid = box.pid
        assert pid is not None
        box.run(f"sleep {marker} &")
        deadline = time.monotonic() + 120  # a bound against a hang only
        while not _pids_with_cmdline(f"sleep\x00{marker}"):  # the background job may not have exec'd yet
            assert time.monotonic() < deadline, "the background sleep never started"
            time.sleep(0.01)
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)
    assert _pids_with_cmdline(f"sleep\x00{marker}") == []
    box.close()  # idempotent
    with pytest.raises(SandboxError, match="closed"):
        box.run("true")


@needs_bwrap
def test_a_sandbox_outlives_the_thread_that_opened_it(job_dir: Path) -> None:
    opened: list[Sandbox] = []
    worker = threading.Thread(target=lambda: opened.append(open_sandbox(job_dir)))
    worker.start()
    worker.join()
    with opened[0] as box:
        box.run("export STATE=kept")
        time.sleep(0.05)  # give a parent-death signal, if any, time to land
        result = box.run('echo "$STATE"')
    assert (result.stdout, result.shell_restarted) == ("kept\n", False)


def test_output_is_kept_up_to_the_limit_and_counted_past_it() -> None:
    from forge.sandbox._stream import _Stream

    stream = _Stream(5)
    for byte in b"hello world":
        stream.feed(bytes([byte]))
    assert (stream.text(), stream.truncated, stream.total) == ("hello", True, len("hello world"))
    assert not _Stream(11).truncated


@needs_bwrap
def test_timeout_argument_must_be_positive(box: BwrapSandbox) -> None:
    with pytest.raises(ConfigError, match="timeout_s"):
        box.run("true", timeout_s=0)
